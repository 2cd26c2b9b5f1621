import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { masterDataEntryInputSchema, masterDataLists, type MasterDataList } from '../../../domain/team/master-data';
import type { MasterDataEntryView } from '../../../domain/team/team.views';
import { can } from '../../lib/access';
import { useAuth } from '../../lib/auth';
import { describeError, formWideError, validateInput } from '../../lib/error-messages';
import { useSchemaForm } from '../../lib/use-schema-form';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Dialog, DialogActions } from '../../ui/dialog';
import { Form, FormError } from '../../ui/form';
import { Link } from '../../ui/link';
import { useNotify } from '../../ui/notification-bar';
import { Spinner } from '../../ui/spinner';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/tabs';
import { TextField } from '../../ui/text-field';
import { useChangeMasterData, useMasterData } from './api/team-profile';
import './team-profile.css';

/** team/master-data: the company's lists other screens pick from, one tab each. */
export function MasterDataScreen() {
  const { t } = useTranslation();
  const { session } = useAuth();
  const mayWrite = can(session, 'write');
  return (
    <div className="page">
      <div className="page-header">
        <h1>{t('screens.masterData.title')}</h1>
        <Link href="/team">{t('team.rights.backToTeam')}</Link>
      </div>
      <p>{t('team.masterData.intro')}</p>
      <Tabs>
        <TabList aria-label={t('team.masterData.tabs')}>
          {masterDataLists.map((list) => (
            <Tab key={list} id={list}>
              {t(`team.masterData.lists.${list}`)}
            </Tab>
          ))}
        </TabList>
        {masterDataLists.map((list) => (
          <TabPanel key={list} id={list}>
            <MasterDataListPanel list={list} mayWrite={mayWrite} />
          </TabPanel>
        ))}
      </Tabs>
    </div>
  );
}

const checkName = (draft: { name: string }) => validateInput(masterDataEntryInputSchema, draft);

function MasterDataListPanel({ list, mayWrite }: { list: MasterDataList; mayWrite: boolean }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const entries = useMasterData(list);
  const changeList = useChangeMasterData(list);
  const [renaming, setRenaming] = useState<MasterDataEntryView | null>(null);
  const [deleting, setDeleting] = useState<MasterDataEntryView | null>(null);
  const addForm = useSchemaForm({ initial: () => ({ name: '' }), check: checkName });
  const listName = t(`team.masterData.lists.${list}`);

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = addForm.submit();
    if (!checked) return;
    changeList.mutate(
      { kind: 'add', input: checked },
      {
        onSuccess: () => {
          addForm.reset({ name: '' });
          notify({ severity: 'success', message: t('team.masterData.added', { name: checked.name }) });
        },
        onError: (error) => {
          addForm.showServerProblems(error);
          notify({ severity: 'error', message: t('team.masterData.failed', { reason: describeError(t, error) }) });
        },
      },
    );
  };

  const toggleRetired = (entry: MasterDataEntryView) =>
    changeList.mutate(
      { kind: entry.status === 'active' ? 'retire' : 'reinstate', entryId: entry.id },
      {
        onSuccess: () =>
          notify({
            severity: 'success',
            message: t(entry.status === 'active' ? 'team.masterData.retired' : 'team.masterData.reinstated', { name: entry.name }),
          }),
        onError: (error) => notify({ severity: 'error', message: t('team.masterData.failed', { reason: describeError(t, error) }) }),
      },
    );

  return (
    <div className="team-tab">
      {mayWrite ? (
        <div id={addForm.scopeId}>
          <Form className="team-inline-form" onSubmit={add} aria-label={t('team.masterData.addTo', { list: listName })}>
            <TextField label={t('team.masterData.newName')} isRequired {...addForm.field('name')} />
            <Button type="submit" isDisabled={changeList.isPending}>
              {t('team.masterData.add')}
            </Button>
          </Form>
        </div>
      ) : null}
      {entries.isPending ? (
        <Spinner aria-label={t('team.masterData.loading')} />
      ) : entries.isError ? (
        <FormError error={entries.error} />
      ) : entries.data.length === 0 ? (
        <p>{t('team.masterData.empty')}</p>
      ) : (
        <table className="team-table">
          <caption>{listName}</caption>
          <thead>
            <tr>
              <th scope="col">{t('team.masterData.name')}</th>
              <th scope="col">{t('team.masterData.status')}</th>
              <th scope="col">{t('team.masterData.usage')}</th>
              {mayWrite ? <th scope="col">{t('team.masterData.actions')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {entries.data.map((entry) => (
              <tr key={entry.id}>
                <th scope="row">{entry.name}</th>
                <td>
                  <Badge tone={entry.status === 'active' ? 'positive' : 'neutral'}>{t(`team.masterData.statuses.${entry.status}`)}</Badge>
                </td>
                <td>{entry.usageCount}</td>
                {mayWrite ? (
                  <td className="team-row-actions">
                    <Button variant="secondary" aria-label={t('team.masterData.renameNamed', { name: entry.name })} onPress={() => setRenaming(entry)}>
                      {t('team.masterData.rename')}
                    </Button>
                    <Button
                      variant="secondary"
                      isDisabled={changeList.isPending}
                      aria-label={t(entry.status === 'active' ? 'team.masterData.retireNamed' : 'team.masterData.reinstateNamed', { name: entry.name })}
                      onPress={() => toggleRetired(entry)}
                    >
                      {t(entry.status === 'active' ? 'team.masterData.retire' : 'team.masterData.reinstate')}
                    </Button>
                    <Button variant="danger" aria-label={t('team.masterData.deleteNamed', { name: entry.name })} onPress={() => setDeleting(entry)}>
                      {t('team.masterData.delete')}
                    </Button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {renaming ? <RenameDialog key={renaming.id} list={list} entry={renaming} onClose={() => setRenaming(null)} /> : null}
      {deleting ? <DeleteDialog key={deleting.id} list={list} entry={deleting} onClose={() => setDeleting(null)} /> : null}
    </div>
  );
}

function RenameDialog({ list, entry, onClose }: { list: MasterDataList; entry: MasterDataEntryView; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const form = useSchemaForm({ initial: () => ({ name: entry.name }), check: checkName });
  const changeList = useChangeMasterData(list);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = form.submit();
    if (!checked) return;
    changeList.mutate(
      { kind: 'rename', entryId: entry.id, input: checked },
      {
        onSuccess: () => {
          notify({ severity: 'success', message: t('team.masterData.renamed', { name: checked.name }) });
          onClose();
        },
        onError: (error) => form.showServerProblems(error),
      },
    );
  };

  return (
    <Dialog title={t('team.masterData.renameTitle', { name: entry.name })} isOpen onOpenChange={(open) => !open && onClose()}>
      <div id={form.scopeId}>
        <Form onSubmit={submit}>
          <FormError error={formWideError(changeList.error)} />
          <TextField label={t('team.masterData.name')} isRequired autoFocus {...form.field('name')} />
          <DialogActions>
            <Button variant="secondary" onPress={onClose}>
              {t('common.actions.cancel')}
            </Button>
            <Button type="submit" isDisabled={changeList.isPending}>
              {t('team.masterData.rename')}
            </Button>
          </DialogActions>
        </Form>
      </div>
    </Dialog>
  );
}

function DeleteDialog({ list, entry, onClose }: { list: MasterDataList; entry: MasterDataEntryView; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const changeList = useChangeMasterData(list);
  const remove = () =>
    changeList.mutate(
      { kind: 'delete', entryId: entry.id },
      {
        onSuccess: () => {
          notify({ severity: 'success', message: t('team.masterData.deleted', { name: entry.name }) });
          onClose();
        },
      },
    );
  return (
    <Dialog title={t('team.masterData.deleteTitle', { name: entry.name })} isOpen onOpenChange={(open) => !open && onClose()} role="alertdialog">
      <p>{t('team.masterData.deleteText')}</p>
      {changeList.error ? <FormError error={changeList.error} /> : null}
      <DialogActions>
        <Button variant="secondary" onPress={onClose}>
          {t('common.actions.cancel')}
        </Button>
        <Button variant="danger" onPress={remove} isDisabled={changeList.isPending}>
          {t('team.masterData.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
