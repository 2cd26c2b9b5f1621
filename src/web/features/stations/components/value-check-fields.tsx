import { useTranslation } from 'react-i18next';
import { materialLimits } from '../../../../domain/materials/materials.schema';
import type { ErrorDetail } from '../../../../domain/shared/errors';
import { valueCheckModes, type ValueCheckMode } from '../../../../domain/stations/station.schema';
import { Checkbox } from '../../../ui/checkbox';
import { Select, SelectItem } from '../../../ui/select';
import { TextField } from '../../../ui/text-field';

export interface ValueCheckFieldsProps {
  mode: ValueCheckMode;
  names: string;
  /** A value outside tolerance holds the order at the station (docs/quality-and-lots.md). */
  hold: boolean;
  onChange: (change: { valueCheckMode?: ValueCheckMode; valueNames?: string; holdOutOfTolerance?: boolean }) => void;
  /** The problem of a field path (`valueChecks.names.0`), shown on its field. */
  problem: (path: string) => ErrorDetail | undefined;
}

const isMode = (value: unknown): value is ValueCheckMode => valueCheckModes.includes(value as ValueCheckMode);

/** Which values of the order's material operators measure at the station: none, all, or the values named. */
export function ValueCheckFields({ mode, names, hold, onChange, problem }: ValueCheckFieldsProps) {
  const { t } = useTranslation();
  // The names are one field: a problem of any one of them shows on it.
  const namesProblem =
    problem('valueChecks.names') ?? Array.from({ length: materialLimits.values + 1 }, (_, index) => problem(`valueChecks.names.${index}`)).find(Boolean);
  return (
    <fieldset className="plain-group station-form-group">
      <legend>{t('stations.form.valueChecks')}</legend>
      <p className="station-form-hint">{t('stations.form.valueChecksHint')}</p>
      <Select
        name="valueChecks.mode"
        errorDetail={problem('valueChecks.mode')}
        label={t('stations.fields.valueCheckMode')}
        value={mode}
        onChange={(value) => onChange({ valueCheckMode: isMode(value) ? value : 'none' })}
        items={valueCheckModes.map((id) => ({ id }))}
      >
        {(item) => <SelectItem id={item.id}>{t(`stations.valueCheckModes.${item.id}`)}</SelectItem>}
      </Select>
      {mode === 'named' ? (
        <TextField
          name="valueChecks.names"
          value={names}
          onChange={(valueNames) => onChange({ valueNames })}
          errorDetail={namesProblem}
          label={t('stations.fields.valueNames')}
          description={t('stations.form.valueNamesHint', { max: materialLimits.valueName })}
          autoComplete="off"
          isRequired
        />
      ) : null}
      {mode !== 'none' ? (
        <Checkbox name="valueChecks.holdOutOfTolerance" isSelected={hold} onChange={(holdOutOfTolerance) => onChange({ holdOutOfTolerance })}>
          {t('stations.fields.holdOutOfTolerance')}
        </Checkbox>
      ) : null}
      {mode !== 'none' && hold ? <p className="station-form-hint">{t('stations.form.holdOutOfToleranceHint')}</p> : null}
    </fieldset>
  );
}
