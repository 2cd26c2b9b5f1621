import { useTranslation } from 'react-i18next';
import { materialTypes } from '../../../../domain/materials/materials.schema';
import { NumberField } from '../../../ui/number-field';
import { Select, SelectItem } from '../../../ui/select';
import { TextArea } from '../../../ui/text-area';
import { TextField } from '../../../ui/text-field';
import { Checkbox } from '../../../ui/checkbox';
import { isMadeHere, type MaterialDraft } from '../material-draft';
import { AttributesEditor } from './attributes-editor';
import { ComponentsEditor } from './components-editor';
import { decimalNumber, draftNumber, fieldNumber, moneyNumber, wholeNumber } from './number-input';
import { FormSection, type SectionProps } from './section';
import { StepsEditor } from './steps-editor';
import { ValuesEditor } from './values-editor';

export interface MaterialFieldsProps extends SectionProps<MaterialDraft> {
  /** The material being edited (absent when adding), so it is not offered as its own component. */
  materialId?: string;
}

/** Every field of a material (spec section 3); which sections show follows the chosen type. */
export function MaterialFields({ value: draft, onChange, problem, limit, materialId }: MaterialFieldsProps) {
  const { t } = useTranslation();
  const set = <K extends keyof MaterialDraft>(key: K, next: MaterialDraft[K]) => onChange({ ...draft, [key]: next });
  const setPurchasing = (part: Partial<MaterialDraft['purchasing']>) => set('purchasing', { ...draft.purchasing, ...part });

  const text = (key: 'name' | 'materialNumber' | 'packaging' | 'customTariff') => (
    <TextField
      label={t(`materials.fields.${key}`)}
      value={draft[key]}
      onChange={(next) => set(key, next)}
      errorDetail={problem(key)}
      maxChars={limit?.(key)}
      isRequired={key === 'name'}
    />
  );

  return (
    <>
      <FormSection title={t('materials.form.sections.general')} className="material-grid">
        <Select
          label={t('materials.fields.type')}
          value={draft.type}
          onChange={(key) => {
            const type = materialTypes.find((candidate) => candidate === key);
            if (type) set('type', type);
          }}
          items={materialTypes.map((type) => ({ id: type }))}
          errorDetail={problem('type')}
        >
          {(item) => <SelectItem id={item.id}>{t(`materials.types.${item.id}`)}</SelectItem>}
        </Select>
        {text('name')}
        {text('materialNumber')}
        {text('packaging')}
        {text('customTariff')}
        <TextArea
          className="material-wide"
          label={t('materials.fields.description')}
          value={draft.description}
          onChange={(next) => set('description', next)}
          errorDetail={problem('description')}
          maxChars={limit?.('description')}
        />
      </FormSection>

      <FormSection title={t('materials.form.sections.pricesAndStock')} className="material-grid">
        <NumberField
          label={t('materials.fields.netPrice')}
          value={fieldNumber(draft.netPrice)}
          onChange={(next) => set('netPrice', draftNumber(next))}
          formatOptions={moneyNumber}
          errorDetail={problem('netPrice')}
        />
        <NumberField
          label={t('materials.fields.vat')}
          value={fieldNumber(draft.vat)}
          onChange={(next) => set('vat', draftNumber(next))}
          formatOptions={wholeNumber}
          errorDetail={problem('vat')}
          isRequired
        />
        <NumberField
          label={t('materials.fields.weight')}
          value={fieldNumber(draft.weight)}
          onChange={(next) => set('weight', draftNumber(next))}
          formatOptions={decimalNumber}
          errorDetail={problem('weight')}
        />
        <NumberField
          label={t('materials.fields.stockQuantity')}
          value={fieldNumber(draft.stock.quantity)}
          onChange={(next) => set('stock', { ...draft.stock, quantity: draftNumber(next) })}
          formatOptions={decimalNumber}
          errorDetail={problem('stock.quantity')}
          isRequired
        />
        <TextField
          label={t('materials.fields.stockUnit')}
          value={draft.stock.unit}
          onChange={(unit) => set('stock', { ...draft.stock, unit })}
          errorDetail={problem('stock.unit')}
          maxChars={limit?.('stock.unit')}
          isRequired
        />
      </FormSection>

      {draft.type === 'purchasing_part' ? (
        <FormSection title={t('materials.form.sections.purchasing')} className="material-grid">
          <TextField
            label={t('materials.fields.supplier')}
            value={draft.purchasing.supplier}
            onChange={(supplier) => setPurchasing({ supplier })}
            errorDetail={problem('purchasing.supplier')}
            maxChars={limit?.('purchasing.supplier')}
          />
          <NumberField
            label={t('materials.fields.deliveryTimeDays')}
            value={fieldNumber(draft.purchasing.deliveryTimeDays)}
            onChange={(next) => setPurchasing({ deliveryTimeDays: draftNumber(next) })}
            formatOptions={wholeNumber}
            errorDetail={problem('purchasing.deliveryTimeDays')}
          />
          <NumberField
            label={t('materials.fields.minimumOrderQuantity')}
            value={fieldNumber(draft.purchasing.minimumOrderQuantity)}
            onChange={(next) => setPurchasing({ minimumOrderQuantity: draftNumber(next) })}
            formatOptions={decimalNumber}
            errorDetail={problem('purchasing.minimumOrderQuantity')}
          />
          <TextArea
            className="material-wide"
            label={t('materials.fields.comment')}
            value={draft.purchasing.comment}
            onChange={(comment) => setPurchasing({ comment })}
            errorDetail={problem('purchasing.comment')}
            maxChars={limit?.('purchasing.comment')}
          />
        </FormSection>
      ) : null}

      <AttributesEditor value={draft.attributes} onChange={(next) => set('attributes', next)} problem={problem} limit={limit} />
      <ValuesEditor value={draft.values} onChange={(next) => set('values', next)} problem={problem} limit={limit} />
      {isMadeHere(draft.type) ? (
        <>
          <ComponentsEditor value={draft.components} onChange={(next) => set('components', next)} problem={problem} materialId={materialId} />
          <StepsEditor value={draft.manufacturingSteps} onChange={(next) => set('manufacturingSteps', next)} problem={problem} limit={limit} />
          <FormSection title={t('materials.form.sections.serialNumbers')}>
            <Checkbox className="material-wide" isSelected={draft.serialNumbers} onChange={(serialNumbers) => set('serialNumbers', serialNumbers)}>
              {t('materials.fields.serialNumbers')}
            </Checkbox>
            <p className="material-wide field-description">{t('materials.fields.serialNumbersHint')}</p>
          </FormSection>
        </>
      ) : null}
    </>
  );
}
