import { useTranslation } from 'react-i18next';
import { materialLimits } from '../../../../domain/materials/materials.schema';
import { Button } from '../../../ui/button';
import { NumberField } from '../../../ui/number-field';
import { emptyComponent, type ComponentDraft } from '../material-draft';
import { MaterialPicker } from './material-picker';
import { draftNumber, fieldNumber, wholeNumber } from './number-input';
import { FormSection, ListProblem, removeAt, replaceAt, type SectionProps } from './section';

export interface ComponentsEditorProps extends SectionProps<ComponentDraft[]> {
  /** The material being edited, which cannot contain itself. */
  materialId?: string;
}

/** The bill of materials positions: another material of the company, 1-999 pieces. */
export function ComponentsEditor({ value, onChange, problem, materialId }: ComponentsEditorProps) {
  const { t } = useTranslation();
  const change = (index: number, part: Partial<ComponentDraft>) => onChange(replaceAt(value, index, (current) => ({ ...current, ...part })));

  return (
    <FormSection title={t('materials.form.sections.components')}>
      {value.length === 0 ? <p className="material-empty">{t('materials.form.empty.components')}</p> : null}
      {value.map((component, index) => {
        const number = index + 1;
        return (
          <fieldset key={component.key} className="form-entry">
            <legend>{t('materials.form.rows.component', { number })}</legend>
            <div className="material-row-fields material-component">
              <MaterialPicker
                label={t('materials.fields.componentMaterial')}
                value={component.materialId ? { id: component.materialId, label: component.label } : null}
                onChange={(choice) => change(index, { materialId: choice?.id ?? null, label: choice?.label ?? '' })}
                excludeId={materialId}
                errorDetail={problem(`components.${index}.materialId`)}
              />
              <NumberField
                label={t('materials.fields.componentQuantity')}
                value={fieldNumber(component.quantity)}
                onChange={(quantity) => change(index, { quantity: draftNumber(quantity) })}
                formatOptions={wholeNumber}
                withSteppers
                errorDetail={problem(`components.${index}.quantity`)}
              />
            </div>
            <Button variant="quiet" className="material-row-remove" onPress={() => onChange(removeAt(value, index))}>
              {t('materials.form.actions.removeComponent', { number })}
            </Button>
          </fieldset>
        );
      })}
      <ListProblem detail={problem('components')} />
      <div>
        <Button variant="secondary" isDisabled={value.length >= materialLimits.components} onPress={() => onChange([...value, emptyComponent()])}>
          {t('materials.form.actions.addComponent')}
        </Button>
      </div>
    </FormSection>
  );
}
