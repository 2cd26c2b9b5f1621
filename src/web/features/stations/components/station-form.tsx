import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { stationInputSchema, stationLimits, type StationInput } from '../../../../domain/stations/station.schema';
import { maintenanceIsNotInFuture } from '../../../../domain/stations/station.decider';
import { validateInput, type FieldErrors } from '../../../lib/error-messages';
import { Button } from '../../../ui/button';
import { Checkbox } from '../../../ui/checkbox';
import { Form, FormError } from '../../../ui/form';
import { Link } from '../../../ui/link';
import { TextField } from '../../../ui/text-field';
import { fromDateTimeInput, withLocalNumbers } from '../format';
import { stationInputOf, type StationFormState } from '../station-form-state';
import { ActionFields } from './action-fields';
import { ParameterFields } from './parameter-fields';

export interface StationFormSubmission {
  input: StationInput;
  /** The last maintenance to record (ISO), or null to leave it as it is. */
  maintenanceAt: string | null;
}

export interface StationFormProps {
  initial: StationFormState;
  /** The form's accessible name, already translated. */
  label: string;
  submitLabel: string;
  isPending: boolean;
  /** Problems the server found, keyed by field path. */
  serverErrors: FieldErrors;
  /** A failure of the whole form (a conflict, a lost connection), shown above the fields. */
  formError?: ReactNode;
  onSubmit: (submission: StationFormSubmission) => void;
}

/**
 * The add and edit form of a production station. It checks the input with the domain schema the
 * server uses, so every rule and limit shows its message before anything is sent.
 */
export function StationForm({ initial, label, submitLabel, isPending, serverErrors, formError, onSubmit }: StationFormProps) {
  const { t, i18n } = useTranslation();
  const [form, setForm] = useState(initial);
  const [checkErrors, setCheckErrors] = useState<FieldErrors>({});
  const [edited, setEdited] = useState<Set<string>>(new Set());
  // A field's problem goes once it is edited; the server's come back with the next answer.
  const errors = withLocalNumbers(
    Object.fromEntries(Object.entries({ ...serverErrors, ...checkErrors }).filter(([path]) => !edited.has(path))),
    i18n.resolvedLanguage,
  );
  const onEdited = (path: string) => setEdited((current) => (current.has(path) ? current : new Set(current).add(path)));
  const hasFieldProblems = Object.keys(errors).length > 0;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setEdited(new Set());
    const checked = validateInput(stationInputSchema, stationInputOf(form));
    const maintenanceAt = form.lastMaintenance === initial.lastMaintenance ? null : fromDateTimeInput(form.lastMaintenance);
    const maintenanceProblem = maintenanceAt ? maintenanceIsNotInFuture(maintenanceAt, new Date().toISOString()) : null;
    const problems: FieldErrors = { ...(checked.ok ? {} : checked.errors) };
    if (maintenanceProblem) problems.lastMaintenance = { ...maintenanceProblem.details[0], path: 'lastMaintenance' };
    setCheckErrors(problems);
    if (!checked.ok || maintenanceProblem) return;
    onSubmit({ input: checked.value, maintenanceAt });
  };

  return (
    <Form className="form-panel" errors={errors} onSubmit={submit} aria-label={label}>
      {formError ? <FormError>{formError}</FormError> : hasFieldProblems ? <FormError>{t('stations.form.fixProblems')}</FormError> : null}
      <fieldset className="station-form-group">
        <legend>{t('stations.form.station')}</legend>
        <TextField
          name="name"
          label={t('stations.fields.name')}
          description={t('stations.form.nameHint', { max: stationLimits.name })}
          value={form.name}
          onChange={(name) => {
            setForm((current) => ({ ...current, name }));
            onEdited('name');
          }}
          autoComplete="off"
          isRequired
        />
        <TextField
          name="lastMaintenance"
          type="datetime-local"
          label={t('stations.fields.lastMaintenance')}
          description={t('stations.form.lastMaintenanceHint')}
          value={form.lastMaintenance}
          onChange={(lastMaintenance) => {
            setForm((current) => ({ ...current, lastMaintenance }));
            onEdited('lastMaintenance');
          }}
        />
        <Checkbox
          isSelected={form.incomingGoodsCheckIn}
          onChange={(incomingGoodsCheckIn) => setForm((current) => ({ ...current, incomingGoodsCheckIn }))}
        >
          {t('stations.fields.incomingGoodsCheckIn')}
        </Checkbox>
      </fieldset>
      <ParameterFields parameters={form.parameters} onChange={(parameters) => setForm((current) => ({ ...current, parameters }))} onEdited={onEdited} />
      <ActionFields actions={form.actions} onChange={(actions) => setForm((current) => ({ ...current, actions }))} onEdited={onEdited} />
      <div className="form-actions">
        <Link variant="button" href="/station">
          {t('common.actions.cancel')}
        </Link>
        <Button type="submit" isDisabled={isPending}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
