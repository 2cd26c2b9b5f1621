import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { absenceBookingSchema, vacationEntitlementSchema } from '../../../../domain/team/employee.schema';
import type { AccountView, EmployeeView } from '../../../../domain/team/team.views';
import { describeError, formWideError, translateDetail, validateInput } from '../../../lib/error-messages';
import { formatDay, useFormatNumber } from '../../../lib/locale';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { Button } from '../../../ui/button';
import { Checkbox } from '../../../ui/checkbox';
import { Form, FormError } from '../../../ui/form';
import { useNotify } from '../../../ui/notification-bar';
import { draftNumber, fieldNumber, NumberField } from '../../../ui/number-field';
import { Select, SelectItem } from '../../../ui/select';
import { TextField } from '../../../ui/text-field';
import { bookAbsence, cancelAbsence, saveEntitlement, useEmployeeWrite, useMasterData } from '../api/team-profile';
import { dayInput, dayValue, localToday } from '../format';
import { EmployeeSaveNotice } from './employee-save-notice';
import { useEmployeeSave } from './use-employee-save';

type Vacations = EmployeeView['vacations'];
const noVacations: Vacations = { halfDaysAllowed: false, years: [], absences: [] };

/** The Vacations tab: a year's entitlement, what is left of it (as the server counts it), the booked absences. */
export function VacationsTab({ account, mayWrite }: { account: AccountView; mayWrite: boolean }) {
  const vacations = account.employee?.vacations ?? noVacations;
  const [year, setYear] = useState(() => Number(localToday().slice(0, 4)));
  return (
    <div className="team-tab">
      <YearsTable vacations={vacations} />
      {mayWrite ? (
        <EntitlementForm key={year} userId={account.id} year={year} onYear={setYear} vacations={vacations} version={account.employee?.version ?? 0} />
      ) : null}
      <AbsencesList userId={account.id} vacations={vacations} mayWrite={mayWrite} />
      {mayWrite ? <BookingForm userId={account.id} halfDaysAllowed={vacations.halfDaysAllowed} /> : null}
    </div>
  );
}

function YearsTable({ vacations }: { vacations: Vacations }) {
  const { t, i18n } = useTranslation();
  const number = useFormatNumber();
  if (vacations.years.length === 0) return <p>{t('team.vacations.noYears')}</p>;
  return (
    <table className="team-table">
      <caption>{t('team.vacations.yearsCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('team.vacations.year')}</th>
          <th scope="col">{t('team.vacations.annualLeaveDays')}</th>
          <th scope="col">{t('team.vacations.carryOverDays')}</th>
          <th scope="col">{t('team.vacations.carryOverUntil')}</th>
          <th scope="col">{t('team.vacations.bookedDays')}</th>
          <th scope="col">{t('team.vacations.carryOverExpired')}</th>
          <th scope="col">{t('team.vacations.remainingDays')}</th>
        </tr>
      </thead>
      <tbody>
        {vacations.years.map((row) => (
          <tr key={row.year}>
            <th scope="row">{row.year}</th>
            <td>{number(row.annualLeaveDays)}</td>
            <td>{number(row.carryOverDays)}</td>
            <td>{row.carryOverUntil ? formatDay(row.carryOverUntil, i18n.resolvedLanguage) : t('team.vacations.wholeYear')}</td>
            <td>{number(row.bookedDays)}</td>
            <td>{number(row.carryOverExpired)}</td>
            <td>{number(row.remainingDays)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

interface EntitlementDraft {
  annualLeaveDays: number | null;
  carryOverDays: number | null;
  carryOverUntil: string;
}

const checkEntitlement = (draft: EntitlementDraft) =>
  validateInput(vacationEntitlementSchema, {
    annualLeaveDays: draft.annualLeaveDays ?? undefined,
    carryOverDays: draft.carryOverDays ?? undefined,
    carryOverUntil: dayValue(draft.carryOverUntil),
  });

/** The entitlement of `year` as stored (none yet: empty). */
function entitlementDraftOf(vacations: Vacations, year: number): EntitlementDraft {
  const stored = vacations.years.find((row) => row.year === year);
  return {
    annualLeaveDays: stored?.annualLeaveDays ?? null,
    carryOverDays: stored?.carryOverDays ?? 0,
    carryOverUntil: dayInput(stored?.carryOverUntil ?? null),
  };
}

interface EntitlementFormProps {
  userId: string;
  year: number;
  onYear: (year: number) => void;
  vacations: Vacations;
  /** The version of the employee's records the entitlement was loaded with. */
  version: number;
}

function EntitlementForm({ userId, year, onYear, vacations, version }: EntitlementFormProps) {
  const { t } = useTranslation();
  const form = useSchemaForm({ initial: () => entitlementDraftOf(vacations, year), check: checkEntitlement });
  const { save, submit, versioned } = useEmployeeSave(form, {
    id: userId,
    write: saveEntitlement,
    input: (entitlement, current) => ({ year, entitlement: { ...entitlement, version: current } }),
    versioned: { version },
    after: (saved) => entitlementDraftOf(saved.vacations, year),
    saved: t('team.vacations.entitlementSaved', { year }),
    failed: (reason) => t('team.vacations.failed', { reason }),
  });

  const number = (name: 'annualLeaveDays' | 'carryOverDays') => ({
    name,
    value: fieldNumber(form.draft[name]),
    onChange: (value: number) => form.patch({ [name]: draftNumber(value) }),
    errorDetail: form.problem(name),
    minValue: 0,
    step: 0.5,
  });

  return (
    <div id={form.scopeId}>
      <Form className="form-panel" onSubmit={submit} aria-label={t('team.vacations.entitlement')}>
        <EmployeeSaveNotice error={save.error} versioned={versioned} />
        <fieldset>
          <legend>{t('team.vacations.entitlement')}</legend>
          <NumberField
            label={t('team.vacations.year')}
            value={year}
            onChange={(value) => Number.isInteger(value) && onYear(value)}
            formatOptions={{ useGrouping: false }}
          />
          <NumberField label={t('team.vacations.annualLeaveDays')} isRequired {...number('annualLeaveDays')} />
          <NumberField label={t('team.vacations.carryOverDays')} {...number('carryOverDays')} />
          <TextField type="date" label={t('team.vacations.carryOverUntil')} description={t('team.vacations.carryOverHint')} {...form.field('carryOverUntil')} />
        </fieldset>
        <div className="form-actions">
          <Button type="submit" isDisabled={save.isPending}>
            {t('team.vacations.saveEntitlement')}
          </Button>
        </div>
      </Form>
    </div>
  );
}

function AbsencesList({ userId, vacations, mayWrite }: { userId: string; vacations: Vacations; mayWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const number = useFormatNumber();
  const reasons = useMasterData('absenceReasons');
  const cancel = useEmployeeWrite((id: string, absenceId: string) => cancelAbsence(id, absenceId));
  const reasonName = (id: string) => reasons.data?.find((entry) => entry.id === id)?.name ?? '–';
  const language = i18n.resolvedLanguage;
  if (vacations.absences.length === 0) return <p>{t('team.vacations.noAbsences')}</p>;
  return (
    <table className="team-table">
      <caption>{t('team.vacations.absencesCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('team.vacations.from')}</th>
          <th scope="col">{t('team.vacations.to')}</th>
          <th scope="col">{t('team.vacations.reason')}</th>
          <th scope="col">{t('team.vacations.days')}</th>
          {mayWrite ? <th scope="col">{t('team.vacations.actions')}</th> : null}
        </tr>
      </thead>
      <tbody>
        {vacations.absences.map((absence) => (
          <tr key={absence.id}>
            <td>{formatDay(absence.from, language)}</td>
            <td>{formatDay(absence.to, language)}</td>
            <td>{reasonName(absence.reasonId)}</td>
            <td>{absence.halfDay ? t('team.vacations.halfDayShown', { days: number(absence.days) }) : number(absence.days)}</td>
            {mayWrite ? (
              <td>
                <Button
                  variant="secondary"
                  isDisabled={cancel.isPending}
                  aria-label={t('team.vacations.cancelNamed', { from: formatDay(absence.from, language), to: formatDay(absence.to, language) })}
                  onPress={() =>
                    cancel.mutate(
                      { id: userId, input: absence.id },
                      {
                        onSuccess: () => notify({ severity: 'success', message: t('team.vacations.cancelled') }),
                        onError: (error) => notify({ severity: 'error', message: t('team.vacations.failed', { reason: describeError(t, error) }) }),
                      },
                    )
                  }
                >
                  {t('team.vacations.cancel')}
                </Button>
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

interface BookingDraft {
  from: string;
  to: string;
  halfDay: boolean;
  reasonId: string;
}
const emptyBooking: BookingDraft = { from: '', to: '', halfDay: false, reasonId: '' };

function BookingForm({ userId, halfDaysAllowed }: { userId: string; halfDaysAllowed: boolean }) {
  const { t } = useTranslation();
  const schema = useMemo(() => absenceBookingSchema({ halfDaysAllowed }), [halfDaysAllowed]);
  const check = useCallback(
    (draft: BookingDraft) => validateInput(schema, { ...draft, reasonId: draft.reasonId === '' ? undefined : draft.reasonId }),
    [schema],
  );
  const form = useSchemaForm({ initial: () => emptyBooking, check });
  const reasons = useMasterData('absenceReasons');
  const active = (reasons.data ?? []).filter((entry) => entry.status === 'active');
  const halfDayProblem = form.problem('halfDay');
  const { save: book, submit } = useEmployeeSave(form, {
    id: userId,
    write: bookAbsence,
    input: (checked) => checked,
    after: () => emptyBooking,
    saved: t('team.vacations.booked'),
    failed: (reason) => t('team.vacations.bookFailed', { reason }),
  });

  return (
    <div id={form.scopeId}>
      <Form className="form-panel" onSubmit={submit} aria-label={t('team.vacations.book')}>
        <FormError error={formWideError(book.error)} />
        <fieldset>
          <legend>{t('team.vacations.book')}</legend>
          <TextField type="date" label={t('team.vacations.from')} isRequired {...form.field('from')} />
          <TextField type="date" label={t('team.vacations.to')} isRequired {...form.field('to')} />
          <Select
            name="reasonId"
            label={t('team.vacations.reason')}
            isRequired
            value={form.draft.reasonId === '' ? null : form.draft.reasonId}
            onChange={(key) => form.patch({ reasonId: key === null ? '' : String(key) })}
            errorDetail={form.problem('reasonId')}
            description={active.length === 0 ? t('team.vacations.noReasons') : undefined}
            items={active.map((entry) => ({ id: entry.id, name: entry.name }))}
          >
            {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
          </Select>
          {halfDaysAllowed ? (
            <Checkbox isSelected={form.draft.halfDay} onChange={(halfDay) => form.patch({ halfDay })}>
              {t('team.vacations.halfDay')}
            </Checkbox>
          ) : null}
          {halfDayProblem ? <p className="field-error">{translateDetail(t, halfDayProblem)}</p> : null}
        </fieldset>
        <div className="form-actions">
          <Button type="submit" isDisabled={book.isPending}>
            {t('team.vacations.bookAction')}
          </Button>
        </div>
      </Form>
    </div>
  );
}
