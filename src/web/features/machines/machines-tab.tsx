import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { brokerSettingsSchema } from '../../../domain/machines/machines.schema';
import type { MachineBrokerView, MachineLinkView } from '../../../domain/machines/machines.views';
import { describeError, formWideError, validateInput } from '../../lib/error-messages';
import { defaultPaging } from '../../lib/paging';
import { useSchemaForm } from '../../lib/use-schema-form';
import { Button } from '../../ui/button';
import { Dialog, DialogActions } from '../../ui/dialog';
import { EmptyState } from '../../ui/empty-state';
import { FormError } from '../../ui/form';
import { useNotify } from '../../ui/notification-bar';
import { PlainTable } from '../../ui/plain-table';
import type { DataTableColumn } from '../../ui/table-parts';
import { TextField } from '../../ui/text-field';
import { useMachineSettings, useRemoveBroker, useRemoveMachineLink, useSaveBroker } from './api/machines';
import { MachineLinkDialog } from './components/machine-link-dialog';
import './machines.css';

/**
 * The machines tab of the company screen (the owner's, docs/integration.md "Machine counts over
 * MQTT"): the company's broker, and each station's link to its machine's topic with its stop codes.
 */
export function MachinesTab() {
  const { t } = useTranslation();
  const settings = useMachineSettings();
  const [editing, setEditing] = useState<MachineLinkView | 'new' | null>(null);
  const [unlinking, setUnlinking] = useState<MachineLinkView | null>(null);
  const links = settings.data?.links ?? [];
  const linkButton = <Button onPress={() => setEditing('new')}>{t('machines.links.add')}</Button>;

  return (
    <div className="machines">
      <section aria-labelledby="machines-broker-heading">
        <h2 id="machines-broker-heading">{t('machines.broker.heading')}</h2>
        <p>{t('machines.broker.intro')}</p>
        {/* Keyed by what is stored: a saved or removed broker starts the form over. */}
        {settings.isSuccess ? <BrokerForm key={JSON.stringify(settings.data.broker)} broker={settings.data.broker} /> : null}
        {settings.isError ? (
          <>
            <FormError error={formWideError(settings.error)} />
            <Button variant="secondary" onPress={() => void settings.refetch()}>
              {t('machines.retry')}
            </Button>
          </>
        ) : null}
      </section>
      <section aria-labelledby="machines-links-heading">
        <h2 id="machines-links-heading">{t('machines.links.heading')}</h2>
        <p>{t('machines.links.intro')}</p>
        {settings.isSuccess && links.length === 0 ? (
          <EmptyState title={t('machines.links.empty.title')} action={linkButton} headingLevel={3}>
            <p>{t('machines.links.empty.text')}</p>
          </EmptyState>
        ) : (
          <>
            <div className="machines-actions">{linkButton}</div>
            <LinkTable
              rows={links}
              isLoading={settings.isPending}
              error={settings.isError ? settings.error : undefined}
              onEdit={setEditing}
              onUnlink={setUnlinking}
            />
          </>
        )}
      </section>
      <MachineLinkDialog link={editing} linkedStationIds={links.map((link) => link.stationId)} onClose={() => setEditing(null)} />
      <UnlinkDialog link={unlinking} onClose={() => setUnlinking(null)} />
    </div>
  );
}

interface BrokerDraft {
  url: string;
  username: string;
  /** '' keeps the stored password. */
  password: string;
}

const draftOf = (broker: MachineBrokerView | null): BrokerDraft => ({ url: broker?.url ?? '', username: broker?.username ?? '', password: '' });

function BrokerForm({ broker }: { broker: MachineBrokerView | null }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const save = useSaveBroker();
  const remove = useRemoveBroker();
  const check = useCallback(
    (draft: BrokerDraft) =>
      validateInput(brokerSettingsSchema, { url: draft.url, username: draft.username || null, ...(draft.password ? { password: draft.password } : {}) }),
    [],
  );
  const form = useSchemaForm({ initial: () => draftOf(broker), check });

  const submit = () => {
    const checked = form.submit();
    if (!checked) return;
    save.mutate(checked, {
      onSuccess: () => notify({ severity: 'success', message: t('machines.broker.saved') }),
      onError: (error) => {
        form.showServerProblems(error);
        notify({ severity: 'error', message: t('machines.broker.failed', { reason: describeError(t, error) }) });
      },
    });
  };
  const removeBroker = () =>
    remove.mutate(undefined, {
      onSuccess: () => notify({ severity: 'success', message: t('machines.broker.removed') }),
      onError: (error) => notify({ severity: 'error', message: t('machines.broker.failed', { reason: describeError(t, error) }) }),
    });

  return (
    <div id={form.scopeId} className="machines-broker" role="group" aria-labelledby="machines-broker-heading">
      <FormError error={formWideError(save.error)} />
      <TextField label={t('machines.broker.url')} description={t('machines.broker.urlHint')} isRequired {...form.field('url')} />
      <TextField label={t('machines.broker.username')} autoComplete="off" {...form.field('username')} />
      <TextField
        type="password"
        autoComplete="new-password"
        label={t('machines.broker.password')}
        description={broker?.hasPassword ? t('machines.broker.passwordStored') : t('machines.broker.passwordHint')}
        {...form.field('password')}
      />
      <div className="machines-actions">
        <Button onPress={submit} isDisabled={save.isPending}>
          {t('machines.broker.save')}
        </Button>
        {broker ? (
          <Button variant="secondary" onPress={removeBroker} isDisabled={remove.isPending}>
            {t('machines.broker.remove')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

interface LinkTableProps {
  rows: MachineLinkView[];
  isLoading: boolean;
  error: unknown;
  onEdit: (link: MachineLinkView) => void;
  onUnlink: (link: MachineLinkView) => void;
}

function LinkTable({ rows, isLoading, error, onEdit, onUnlink }: LinkTableProps) {
  const { t } = useTranslation();
  const stationOf = (link: MachineLinkView) => link.stationName ?? t('machines.links.deletedStation');
  const columns: DataTableColumn<MachineLinkView>[] = [
    { id: 'station', header: t('machines.fields.station'), isRowHeader: true, cell: stationOf },
    { id: 'topic', header: t('machines.fields.topic'), cell: (link) => <code>{link.topic}</code> },
    { id: 'format', header: t('machines.fields.format'), cell: (link) => t(`machines.formats.${link.format}`) },
    { id: 'codes', header: t('machines.fields.stopCodes'), cell: (link) => link.stopReasons.map((row) => row.code).join(', ') || '–' },
    {
      id: 'actions',
      header: t('machines.fields.actions'),
      cell: (link) => (
        <span className="machines-row-actions">
          <Button variant="quiet" aria-label={t('machines.links.editNamed', { station: stationOf(link) })} onPress={() => onEdit(link)}>
            {t('machines.links.edit')}
          </Button>
          <Button variant="quiet" aria-label={t('machines.links.unlinkNamed', { station: stationOf(link) })} onPress={() => onUnlink(link)}>
            {t('machines.links.unlink')}
          </Button>
        </span>
      ),
    },
  ];
  return (
    <PlainTable
      label={t('machines.links.heading')}
      columns={columns}
      rows={rows}
      rowId={(link) => link.stationId}
      total={rows.length}
      paging={{ ...defaultPaging, pageSize: Math.max(rows.length, 1) }}
      onPagingChange={() => undefined}
      isLoading={isLoading}
      error={error}
    />
  );
}

/** Asks before unlinking: the machine's messages are no longer taken. */
function UnlinkDialog({ link, onClose }: { link: MachineLinkView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const remove = useRemoveMachineLink();
  const confirm = () => {
    if (!link) return;
    remove.mutate(link.stationId, {
      onSuccess: () => {
        notify({ severity: 'success', message: t('machines.links.unlinked', { station: link.stationName ?? link.topic }) });
        onClose();
      },
      onError: (error) => notify({ severity: 'error', message: t('machines.links.failed', { reason: describeError(t, error) }) }),
    });
  };
  return (
    <Dialog title={t('machines.links.unlinkTitle')} isOpen={link !== null} onOpenChange={(open) => !open && onClose()} role="alertdialog">
      <p>{t('machines.links.unlinkText', { station: link?.stationName ?? link?.topic ?? '' })}</p>
      <DialogActions>
        <Button variant="secondary" onPress={onClose}>
          {t('common.actions.cancel')}
        </Button>
        <Button variant="danger" onPress={confirm} isDisabled={remove.isPending}>
          {t('machines.links.unlink')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
