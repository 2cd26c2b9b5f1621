import { useTranslation } from 'react-i18next';
import type { ErrorDetail } from '../../../../domain/shared/errors';
import { stationLimits } from '../../../../domain/stations/station.schema';
import { Button } from '../../../ui/button';
import { NumberField } from '../../../ui/number-field';
import { TextField } from '../../../ui/text-field';
import { emptyParameter, type ParameterRow } from '../station-form-state';

/** Two decimals in the user's format; the limits come from the schema's message, not from clamping. */
const parameterNumberFormat: Intl.NumberFormatOptions = { minimumFractionDigits: 2, maximumFractionDigits: stationLimits.decimals };

export interface ParameterFieldsProps {
  parameters: ParameterRow[];
  onChange: (parameters: ParameterRow[]) => void;
  /** The problem of a field path (`parameters.0.value`), shown on its field. */
  problem: (path: string) => ErrorDetail | undefined;
}

/** The production parameters: name, value and unit required; From and To optional. */
export function ParameterFields({ parameters, onChange, problem }: ParameterFieldsProps) {
  const { t } = useTranslation();
  const update = (index: number, change: Partial<ParameterRow>) => {
    onChange(parameters.map((row, at) => (at === index ? { ...row, ...change } : row)));
  };

  return (
    <fieldset className="plain-group station-form-group">
      <legend>{t('stations.form.parameters')}</legend>
      <p className="station-form-hint">{t('stations.form.parametersHint')}</p>
      {parameters.length === 0 ? <p className="station-form-none">{t('stations.form.noParameters')}</p> : null}
      {parameters.map((row, index) => {
        const label = t('stations.form.parameterN', { n: index + 1 });
        return (
          <div key={row.key} className="station-form-row" role="group" aria-label={label}>
            <TextField
              name={`parameters.${index}.name`}
              errorDetail={problem(`parameters.${index}.name`)}
              label={t('stations.fields.parameterName')}
              value={row.name}
              onChange={(name) => update(index, { name })}
              isRequired
            />
            <NumberField
              name={`parameters.${index}.value`}
              errorDetail={problem(`parameters.${index}.value`)}
              label={t('stations.fields.value')}
              value={row.value}
              onChange={(value) => update(index, { value })}
              formatOptions={parameterNumberFormat}
              isRequired
            />
            <TextField
              name={`parameters.${index}.unit`}
              errorDetail={problem(`parameters.${index}.unit`)}
              label={t('stations.fields.unit')}
              value={row.unit}
              onChange={(unit) => update(index, { unit })}
              isRequired
            />
            <NumberField
              name={`parameters.${index}.from`}
              errorDetail={problem(`parameters.${index}.from`)}
              label={t('stations.fields.from')}
              value={row.from}
              onChange={(from) => update(index, { from })}
              formatOptions={parameterNumberFormat}
            />
            <NumberField
              name={`parameters.${index}.to`}
              errorDetail={problem(`parameters.${index}.to`)}
              label={t('stations.fields.to')}
              value={row.to}
              onChange={(to) => update(index, { to })}
              formatOptions={parameterNumberFormat}
            />
            <Button
              variant="quiet"
              className="station-form-remove"
              aria-label={t('stations.form.removeParameterN', { n: index + 1 })}
              onPress={() => onChange(parameters.filter((_, at) => at !== index))}
            >
              {t('stations.form.remove')}
            </Button>
          </div>
        );
      })}
      <div>
        <Button variant="secondary" isDisabled={parameters.length >= stationLimits.parameters} onPress={() => onChange([...parameters, emptyParameter()])}>
          {t('stations.form.addParameter')}
        </Button>
      </div>
    </fieldset>
  );
}
