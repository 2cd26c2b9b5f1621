import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MaterialType } from '../../../../domain/materials/materials.schema';
import type { ErrorDetail } from '../../../../domain/shared/errors';
import { useDebounced } from '../../../lib/use-debounced';
import { ComboBox, ComboBoxItem } from '../../../ui/combobox';
import { useMaterialChoices } from '../api/orders';
import type { MaterialChoice } from '../api/types';
import { materialLabel, type PositionMaterial } from '../order-draft';

export interface PositionMaterialPickerProps {
  label: string;
  value: PositionMaterial | null;
  /** The chosen material with its net price, so the position can start from it. */
  onChange: (material: PositionMaterial | null, netPrice: number | null) => void;
  /** Only materials of this type (a logistics order buys purchasing parts). */
  type?: MaterialType;
  errorDetail?: ErrorDetail;
}

interface Option extends PositionMaterial {
  netPrice: number | null;
}

/** Finds a material of the company by name or number as the user types (the server searches). */
export function PositionMaterialPicker({ label, value, onChange, type, errorDetail }: PositionMaterialPickerProps) {
  const { t } = useTranslation();
  const [inputValue, setInputValue] = useState(value?.label ?? '');
  // While the input shows the chosen material, offer the first materials rather than only that one.
  const typed = inputValue === (value?.label ?? '') ? '' : inputValue.trim();
  const choices = useMaterialChoices(useDebounced(typed), type);

  const items = useMemo(() => {
    const found: Option[] = (choices.data?.data ?? []).map((material: MaterialChoice) => ({
      id: material.id,
      label: `${materialLabel(material)} · ${t(`orders.materialTypes.${material.type}`)}`,
      type: material.type,
      netPrice: material.netPrice,
    }));
    // The chosen material stays an option, so the field can show it whatever the search found.
    if (value && !found.some((option) => option.id === value.id)) found.unshift({ ...value, netPrice: null });
    return found;
  }, [choices.data, value, t]);

  return (
    <ComboBox
      label={label}
      items={items}
      inputValue={inputValue}
      onInputChange={setInputValue}
      selectedKey={value?.id ?? null}
      onSelectionChange={(key) => {
        const chosen = items.find((option) => option.id === key) ?? null;
        onChange(chosen ? { id: chosen.id, label: chosen.label, type: chosen.type } : null, chosen?.netPrice ?? null);
        setInputValue(chosen?.label ?? '');
      }}
      allowsEmptyCollection
      isRequired
      errorDetail={errorDetail}
      description={choices.isError ? t('orders.form.pickerFailed') : undefined}
    >
      {(option: Option) => (
        <ComboBoxItem id={option.id} textValue={option.label}>
          {option.label}
        </ComboBoxItem>
      )}
    </ComboBox>
  );
}
