import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountView } from '../../../../domain/team/team.views';
import { employeeProfileSchema, genders, type Gender } from '../../../../domain/team/employee.schema';
import { validateInput } from '../../../lib/error-messages';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { Button } from '../../../ui/button';
import { Form } from '../../../ui/form';
import { Select, SelectItem } from '../../../ui/select';
import { TextField } from '../../../ui/text-field';
import { saveProfile } from '../api/team-profile';
import { dayInput, dayValue, localToday } from '../format';
import { ActivationActions } from './activation-actions';
import { EmployeeSaveNotice } from './employee-save-notice';
import { useEmployeeSave } from './use-employee-save';

interface ProfileDraft {
  firstName: string;
  lastName: string;
  /** '' for none stated. */
  gender: Gender | '';
  dateOfBirth: string;
  emergencyContact: { name: string; phone: string };
}

const draftOf = (account: AccountView): ProfileDraft => {
  const profile = account.employee?.profile;
  return {
    firstName: profile?.firstName ?? account.firstName,
    lastName: profile?.lastName ?? account.lastName,
    gender: profile?.gender ?? '',
    dateOfBirth: dayInput(profile?.dateOfBirth ?? null),
    emergencyContact: profile?.emergencyContact ?? { name: '', phone: '' },
  };
};

const noGender = 'none';

/** The Profile tab: names, gender, date of birth and emergency contact; the sign-in name and status are shown, not edited here. */
export function ProfileTab({ account, mayWrite }: { account: AccountView; mayWrite: boolean }) {
  const { t } = useTranslation();
  const check = useCallback(
    (draft: ProfileDraft) =>
      validateInput(employeeProfileSchema(localToday()), {
        ...draft,
        gender: draft.gender === '' ? null : draft.gender,
        dateOfBirth: dayValue(draft.dateOfBirth),
      }),
    [],
  );
  const form = useSchemaForm({ initial: () => draftOf(account), check });
  const { draft, change } = form;
  const { save, submit, versioned } = useEmployeeSave(form, {
    id: account.id,
    write: saveProfile,
    input: (checked, version) => ({ ...checked, version }),
    versioned: { version: account.employee?.version ?? 0 },
    after: (saved) => draftOf({ ...account, employee: saved }),
    saved: t('team.profile.saved'),
    failed: (reason) => t('team.profile.failed', { reason }),
  });

  const contact = (name: 'name' | 'phone') => ({
    name: `emergencyContact.${name}`,
    value: draft.emergencyContact[name],
    onChange: (value: string) => change((current) => ({ ...current, emergencyContact: { ...current.emergencyContact, [name]: value } })),
    errorDetail: form.problem(`emergencyContact.${name}`),
  });

  return (
    <div id={form.scopeId} className="team-tab">
      <dl className="team-facts">
        <div>
          <dt>{t('team.profile.signInName')}</dt>
          <dd>{account.email ?? account.username ?? '–'}</dd>
        </div>
        <div>
          <dt>{t('team.profile.status')}</dt>
          <dd>{t(`team.profile.statuses.${account.status}`, { defaultValue: account.status })}</dd>
        </div>
      </dl>
      <ActivationActions account={account} />
      <Form className="form-panel" onSubmit={submit} aria-label={t('team.profile.title')}>
        <EmployeeSaveNotice error={save.error} versioned={versioned} />
        <fieldset disabled={!mayWrite}>
          <legend>{t('team.profile.person')}</legend>
          <TextField label={t('team.profile.firstName')} isRequired {...form.field('firstName')} />
          <TextField label={t('team.profile.lastName')} isRequired {...form.field('lastName')} />
          <Select
            name="gender"
            label={t('team.profile.gender')}
            value={draft.gender === '' ? noGender : draft.gender}
            onChange={(key) => form.patch({ gender: genders.find((candidate) => candidate === key) ?? '' })}
            errorDetail={form.problem('gender')}
            items={[{ id: noGender }, ...genders.map((gender) => ({ id: gender }))]}
          >
            {(item) => <SelectItem id={item.id}>{t(`team.profile.genders.${item.id}`)}</SelectItem>}
          </Select>
          <TextField type="date" label={t('team.profile.dateOfBirth')} {...form.field('dateOfBirth')} />
        </fieldset>
        <fieldset disabled={!mayWrite}>
          <legend>{t('team.profile.emergencyContact')}</legend>
          <TextField label={t('team.profile.emergencyName')} {...contact('name')} />
          <TextField type="tel" label={t('team.profile.emergencyPhone')} {...contact('phone')} />
        </fieldset>
        {mayWrite ? (
          <div className="form-actions">
            <Button type="submit" isDisabled={save.isPending}>
              {t('team.profile.save')}
            </Button>
          </div>
        ) : null}
      </Form>
    </div>
  );
}
