import { useTranslation } from 'react-i18next';
import { organizationSchema } from '../../../../domain/team/employee.schema';
import type { MasterDataList } from '../../../../domain/team/master-data';
import type { AccountView, MasterDataEntryView } from '../../../../domain/team/team.views';
import { validateInput } from '../../../lib/error-messages';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { Button } from '../../../ui/button';
import { Form } from '../../../ui/form';
import { Select, SelectItem } from '../../../ui/select';
import { TextField } from '../../../ui/text-field';
import { saveOrganization, useMasterData } from '../api/team-profile';
import { dayInput, dayValue } from '../format';
import { EmployeeSaveNotice } from './employee-save-notice';
import { useEmployeeSave } from './use-employee-save';

interface OrganizationDraft {
  jobTitleId: string;
  departmentId: string;
  inOperationSince: string;
  fixedTermContractUntil: string;
  endOfProbation: string;
}

const draftOf = (organization: NonNullable<AccountView['employee']>['organization'] | undefined): OrganizationDraft => ({
  jobTitleId: organization?.jobTitleId ?? '',
  departmentId: organization?.departmentId ?? '',
  inOperationSince: dayInput(organization?.inOperationSince ?? null),
  fixedTermContractUntil: dayInput(organization?.fixedTermContractUntil ?? null),
  endOfProbation: dayInput(organization?.endOfProbation ?? null),
});

const checkOrganization = (draft: OrganizationDraft) =>
  validateInput(organizationSchema, {
    jobTitleId: dayValue(draft.jobTitleId),
    departmentId: dayValue(draft.departmentId),
    inOperationSince: dayValue(draft.inOperationSince),
    fixedTermContractUntil: dayValue(draft.fixedTermContractUntil),
    endOfProbation: dayValue(draft.endOfProbation),
  });

const none = 'none';

/** The active entries of a list to pick from, and the one picked now even when it was retired since. */
const choices = (entries: readonly MasterDataEntryView[] | undefined, picked: string) =>
  (entries ?? []).filter((entry) => entry.status === 'active' || entry.id === picked);

/** The Organization tab: job title and department from the master data, and the contract's days in order. */
export function OrganizationTab({ account, mayWrite }: { account: AccountView; mayWrite: boolean }) {
  const { t } = useTranslation();
  const form = useSchemaForm({ initial: () => draftOf(account.employee?.organization), check: checkOrganization });
  const { draft } = form;
  const jobTitles = useMasterData('jobTitles');
  const departments = useMasterData('departments');
  const { save, submit, versioned } = useEmployeeSave(form, {
    id: account.id,
    write: saveOrganization,
    input: (checked, version) => ({ ...checked, version }),
    versioned: { version: account.employee?.version ?? 0 },
    after: (saved) => draftOf(saved.organization),
    saved: t('team.organization.saved'),
    failed: (reason) => t('team.organization.failed', { reason }),
  });

  const picker = (name: 'jobTitleId' | 'departmentId', list: MasterDataList, entries: readonly MasterDataEntryView[] | undefined) => (
    <Select
      name={name}
      label={t(`team.organization.${name}`)}
      value={draft[name] === '' ? none : draft[name]}
      onChange={(key) => form.patch({ [name]: key === none ? '' : String(key) })}
      errorDetail={form.problem(name)}
      description={t('team.organization.fromMasterData', { list: t(`team.masterData.lists.${list}`) })}
      items={[{ id: none, name: t('team.organization.none') }, ...choices(entries, draft[name]).map((entry) => ({ id: entry.id, name: entry.name }))]}
    >
      {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
    </Select>
  );

  return (
    <div id={form.scopeId} className="team-tab">
      <Form className="form-panel" onSubmit={submit} aria-label={t('team.organization.title')}>
        <EmployeeSaveNotice error={save.error} versioned={versioned} />
        <fieldset disabled={!mayWrite}>
          <legend>{t('team.organization.position')}</legend>
          {picker('jobTitleId', 'jobTitles', jobTitles.data)}
          {picker('departmentId', 'departments', departments.data)}
        </fieldset>
        <fieldset disabled={!mayWrite}>
          <legend>{t('team.organization.contract')}</legend>
          <TextField type="date" label={t('team.organization.inOperationSince')} {...form.field('inOperationSince')} />
          <TextField type="date" label={t('team.organization.fixedTermContractUntil')} {...form.field('fixedTermContractUntil')} />
          <TextField
            type="date"
            label={t('team.organization.endOfProbation')}
            description={t('team.organization.datesInOrder')}
            {...form.field('endOfProbation')}
          />
        </fieldset>
        {mayWrite ? (
          <div className="form-actions">
            <Button type="submit" isDisabled={save.isPending}>
              {t('team.organization.save')}
            </Button>
          </div>
        ) : null}
      </Form>
    </div>
  );
}
