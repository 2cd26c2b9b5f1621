import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { stationLimits } from '../../../../domain/stations/station.schema';
import { Button } from '../../../ui/button';
import { Checkbox } from '../../../ui/checkbox';
import { Form, FormError } from '../../../ui/form';
import { Link } from '../../../ui/link';
import { NumberField } from '../../../ui/number-field';
import { TextField } from '../../../ui/text-field';
import type { StationFormModel, StationFormSubmission } from '../station-form-state';
import { ActionFields } from './action-fields';
import { ParameterFields } from './parameter-fields';
import { ValueCheckFields } from './value-check-fields';

export interface StationFormProps {
  /** The form state (`useStationForm`). */
  form: StationFormModel;
  /** The form's accessible name, already translated. */
  label: string;
  submitLabel: string;
  isPending: boolean;
  /** What the screen says above the fields about the last save (a conflict, a lost connection). */
  notice?: ReactNode;
  onSubmit: (submission: StationFormSubmission) => void;
}

/**
 * The add and edit form of a production station. It checks the input with the domain schema the
 * server uses, so every rule and limit shows its message before anything is sent.
 */
export function StationForm({ form, label, submitLabel, isPending, notice, onSubmit }: StationFormProps) {
  const { t } = useTranslation();
  const { draft, patch } = form;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = form.submit();
    if (checked) onSubmit(checked);
  };

  return (
    <div id={form.scopeId}>
      <Form className="form-panel" onSubmit={submit} aria-label={label}>
        {notice ?? (Object.keys(form.errors).length > 0 ? <FormError>{t('stations.form.fixProblems')}</FormError> : null)}
        <fieldset className="plain-group station-form-group">
          <legend>{t('stations.form.station')}</legend>
          <TextField
            {...form.field('name')}
            label={t('stations.fields.name')}
            description={t('stations.form.nameHint', { max: form.limit('name') })}
            autoComplete="off"
            isRequired
          />
          <TextField
            {...form.field('lastMaintenance')}
            type="datetime-local"
            label={t('stations.fields.lastMaintenance')}
            description={t('stations.form.lastMaintenanceHint')}
          />
          <Checkbox isSelected={draft.incomingGoodsCheckIn} onChange={(incomingGoodsCheckIn) => patch({ incomingGoodsCheckIn })}>
            {t('stations.fields.incomingGoodsCheckIn')}
          </Checkbox>
          <NumberField
            name="wipLimit"
            errorDetail={form.problem('wipLimit')}
            label={t('stations.fields.wipLimit')}
            description={t('stations.form.wipLimitHint', stationLimits.wipLimit)}
            value={draft.wipLimit}
            onChange={(wipLimit) => patch({ wipLimit })}
            formatOptions={{ maximumFractionDigits: 0 }}
          />
          <NumberField
            name="capacity"
            errorDetail={form.problem('capacity')}
            label={t('stations.fields.capacity')}
            description={t('stations.form.capacityHint', stationLimits.capacity)}
            value={draft.capacity}
            onChange={(capacity) => patch({ capacity })}
            formatOptions={{ maximumFractionDigits: 0 }}
          />
        </fieldset>
        <ParameterFields parameters={draft.parameters} onChange={(parameters) => patch({ parameters })} problem={form.problem} />
        <ValueCheckFields mode={draft.valueCheckMode} names={draft.valueNames} hold={draft.holdOutOfTolerance} onChange={patch} problem={form.problem} />
        <ActionFields actions={draft.actions} onChange={(actions) => patch({ actions })} problem={form.problem} />
        <div className="form-actions">
          <Link variant="button" href="/station">
            {t('common.actions.cancel')}
          </Link>
          <Button type="submit" isDisabled={isPending}>
            {submitLabel}
          </Button>
        </div>
      </Form>
    </div>
  );
}
