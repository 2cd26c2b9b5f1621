import { useTranslation } from 'react-i18next';
import { materialLimits } from '../../../../domain/materials/materials.schema';
import { Button } from '../../../ui/button';
import { NumberField } from '../../../ui/number-field';
import { Select, SelectItem } from '../../../ui/select';
import { TextField } from '../../../ui/text-field';
import { useStationChoices } from '../api/materials';
import { emptyStep, type StepDraft } from '../material-draft';
import { decimalNumber, draftNumber, fieldNumber } from './number-input';
import { FormSection, ListProblem, removeAt, replaceAt, type SectionProps } from './section';

const noStation = 'none';

/** Manufacturing steps: process, material, tool, planned time per piece and planned setup time in minutes, and optionally the station that does it. */
export function StepsEditor({ value, onChange, problem, limit }: SectionProps<StepDraft[]>) {
  const { t } = useTranslation();
  const stations = useStationChoices();
  const stationItems = [{ id: noStation, name: t('materials.fields.noStation') }, ...(stations.data ?? [])];
  const change = (index: number, part: Partial<StepDraft>) => onChange(replaceAt(value, index, (current) => ({ ...current, ...part })));
  const text = (step: StepDraft, index: number, part: 'process' | 'material' | 'tool', label: string) => (
    <TextField
      label={label}
      value={step[part]}
      onChange={(next) => change(index, { [part]: next })}
      errorDetail={problem(`manufacturingSteps.${index}.${part}`)}
      maxChars={limit?.(`manufacturingSteps.${index}.${part}`)}
      isRequired={part === 'process'}
    />
  );

  return (
    <FormSection title={t('materials.form.sections.steps')}>
      {value.length === 0 ? <p className="material-empty">{t('materials.form.empty.steps')}</p> : null}
      {value.map((step, index) => {
        const number = index + 1;
        return (
          <fieldset key={step.key} className="form-entry">
            <legend>{t('materials.form.rows.step', { number })}</legend>
            <div className="material-row-fields material-grid">
              {text(step, index, 'process', t('materials.fields.process'))}
              {text(step, index, 'material', t('materials.fields.stepMaterial'))}
              {text(step, index, 'tool', t('materials.fields.tool'))}
              <NumberField
                label={t('materials.fields.time')}
                value={fieldNumber(step.time)}
                onChange={(time) => change(index, { time: draftNumber(time) })}
                formatOptions={decimalNumber}
                errorDetail={problem(`manufacturingSteps.${index}.time`)}
              />
              <NumberField
                label={t('materials.fields.setupTime')}
                value={fieldNumber(step.setupTime)}
                onChange={(setupTime) => change(index, { setupTime: draftNumber(setupTime) })}
                formatOptions={decimalNumber}
                errorDetail={problem(`manufacturingSteps.${index}.setupTime`)}
              />
              <Select
                label={t('materials.fields.station')}
                value={step.stationId ?? noStation}
                onChange={(key) => change(index, { stationId: key === noStation || key === null ? null : String(key) })}
                items={stationItems}
                errorDetail={problem(`manufacturingSteps.${index}.stationId`)}
              >
                {(station) => <SelectItem id={station.id}>{station.name}</SelectItem>}
              </Select>
            </div>
            <Button variant="quiet" className="material-row-remove" onPress={() => onChange(removeAt(value, index))}>
              {t('materials.form.actions.removeStep', { number })}
            </Button>
          </fieldset>
        );
      })}
      <ListProblem detail={problem('manufacturingSteps')} />
      <div>
        <Button variant="secondary" isDisabled={value.length >= materialLimits.manufacturingSteps} onPress={() => onChange([...value, emptyStep()])}>
          {t('materials.form.actions.addStep')}
        </Button>
      </div>
    </FormSection>
  );
}
