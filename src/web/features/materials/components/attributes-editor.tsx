import { useTranslation } from 'react-i18next';
import { materialLimits } from '../../../../domain/materials/materials.schema';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { emptyAttribute, newRowKey, type AttributeDraft } from '../material-draft';
import { FormSection, ListProblem, removeAt, replaceAt, type SectionProps } from './section';

/** Attributes: a name with the text options a customer chooses from (Colour: red, blue). */
export function AttributesEditor({ value, onChange, problem, limit }: SectionProps<AttributeDraft[]>) {
  const { t } = useTranslation();
  const change = (index: number, next: (attribute: AttributeDraft) => AttributeDraft) => onChange(replaceAt(value, index, next));

  return (
    <FormSection title={t('materials.form.sections.attributes')}>
      {value.length === 0 ? <p className="material-empty">{t('materials.form.empty.attributes')}</p> : null}
      {value.map((attribute, index) => {
        const number = index + 1;
        return (
          <fieldset key={attribute.key} className="form-entry">
            <legend>{t('materials.form.rows.attribute', { number })}</legend>
            <div className="material-row-fields">
              <TextField
                label={t('materials.fields.attributeName')}
                value={attribute.name}
                onChange={(name) => change(index, (current) => ({ ...current, name }))}
                errorDetail={problem(`attributes.${index}.name`)}
                maxChars={limit?.(`attributes.${index}.name`)}
              />
              <div className="material-options">
                {attribute.options.map((option, optionIndex) => (
                  <div key={option.key} className="material-option">
                    <TextField
                      label={t('materials.fields.option', { number: optionIndex + 1 })}
                      value={option.text}
                      onChange={(text) =>
                        change(index, (current) => ({ ...current, options: replaceAt(current.options, optionIndex, (entry) => ({ ...entry, text })) }))
                      }
                      errorDetail={problem(`attributes.${index}.options.${optionIndex}`)}
                      maxChars={limit?.(`attributes.${index}.options.${optionIndex}`)}
                    />
                    <Button
                      variant="quiet"
                      className="material-remove"
                      aria-label={t('materials.form.actions.removeOption', { number: optionIndex + 1, attribute: number })}
                      onPress={() => change(index, (current) => ({ ...current, options: removeAt(current.options, optionIndex) }))}
                    >
                      ×
                    </Button>
                  </div>
                ))}
                <ListProblem detail={problem(`attributes.${index}.options`)} />
                <Button
                  variant="secondary"
                  isDisabled={attribute.options.length >= materialLimits.optionsPerAttribute}
                  onPress={() => change(index, (current) => ({ ...current, options: [...current.options, { key: newRowKey(), text: '' }] }))}
                >
                  {t('materials.form.actions.addOption')}
                </Button>
              </div>
            </div>
            <Button variant="quiet" className="material-row-remove" onPress={() => onChange(removeAt(value, index))}>
              {t('materials.form.actions.removeAttribute', { number })}
            </Button>
          </fieldset>
        );
      })}
      <ListProblem detail={problem('attributes')} />
      <div>
        <Button variant="secondary" isDisabled={value.length >= materialLimits.attributes} onPress={() => onChange([...value, emptyAttribute()])}>
          {t('materials.form.actions.addAttribute')}
        </Button>
      </div>
    </FormSection>
  );
}
