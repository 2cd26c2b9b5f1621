import { useTranslation } from 'react-i18next';
import { materialLimits } from '../../../../domain/materials/materials.schema';
import { Button } from '../../../ui/button';
import { NumberField } from '../../../ui/number-field';
import { TextField } from '../../../ui/text-field';
import { emptyValue, type ValueDraft } from '../material-draft';
import { decimalNumber, draftNumber, fieldNumber } from './number-input';
import { FormSection, ListProblem, removeAt, replaceAt, type SectionProps } from './section';

type NumberPart = 'number' | 'minTolerance' | 'maxTolerance';

/** Values: a measured number with its unit and the tolerances it may lie within. */
export function ValuesEditor({ value, onChange, problem, limit }: SectionProps<ValueDraft[]>) {
  const { t } = useTranslation();
  const change = (index: number, part: Partial<ValueDraft>) => onChange(replaceAt(value, index, (current) => ({ ...current, ...part })));

  const numberField = (entry: ValueDraft, index: number, part: NumberPart) => (
    <NumberField
      label={t(`materials.fields.${part === 'number' ? 'valueNumber' : part}`)}
      value={fieldNumber(entry[part])}
      onChange={(next) => change(index, { [part]: draftNumber(next) })}
      formatOptions={decimalNumber}
      errorDetail={problem(`values.${index}.${part}`)}
    />
  );

  return (
    <FormSection title={t('materials.form.sections.values')}>
      {value.length === 0 ? <p className="material-empty">{t('materials.form.empty.values')}</p> : null}
      {value.map((entry, index) => {
        const number = index + 1;
        return (
          <fieldset key={entry.key} className="form-entry">
            <legend>{t('materials.form.rows.value', { number })}</legend>
            <div className="material-row-fields material-grid">
              <TextField
                label={t('materials.fields.valueName')}
                value={entry.name}
                onChange={(name) => change(index, { name })}
                errorDetail={problem(`values.${index}.name`)}
                maxChars={limit?.(`values.${index}.name`)}
              />
              {numberField(entry, index, 'number')}
              <TextField
                label={t('materials.fields.valueUnit')}
                value={entry.unit}
                onChange={(unit) => change(index, { unit })}
                errorDetail={problem(`values.${index}.unit`)}
                maxChars={limit?.(`values.${index}.unit`)}
              />
              {numberField(entry, index, 'minTolerance')}
              {numberField(entry, index, 'maxTolerance')}
            </div>
            <Button variant="quiet" className="material-row-remove" onPress={() => onChange(removeAt(value, index))}>
              {t('materials.form.actions.removeValue', { number })}
            </Button>
          </fieldset>
        );
      })}
      <ListProblem detail={problem('values')} />
      <div>
        <Button variant="secondary" isDisabled={value.length >= materialLimits.values} onPress={() => onChange([...value, emptyValue()])}>
          {t('materials.form.actions.addValue')}
        </Button>
      </div>
    </FormSection>
  );
}
