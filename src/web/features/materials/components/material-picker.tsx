import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorDetail } from '../../../../domain/shared/errors';
import { useDebounced } from '../../../lib/use-debounced';
import { ComboBox, ComboBoxItem } from '../../../ui/combobox';
import { useMaterialChoices } from '../api/materials';
import { materialLabel } from '../material-draft';

export interface MaterialChoice {
  id: string;
  label: string;
}

export interface MaterialPickerProps {
  label: string;
  /** The chosen material, or none. */
  value: MaterialChoice | null;
  onChange: (choice: MaterialChoice | null) => void;
  /** The material being edited: it cannot be its own component. */
  excludeId?: string;
  errorDetail?: ErrorDetail;
}

/** Finds a material of the company by name or number as the user types (the server searches). */
export function MaterialPicker({ label, value, onChange, excludeId, errorDetail }: MaterialPickerProps) {
  const { t } = useTranslation();
  const [inputValue, setInputValue] = useState(value?.label ?? '');
  // While the input shows the chosen material, offer the first materials rather than only that one.
  const typed = inputValue === (value?.label ?? '') ? '' : inputValue.trim();
  const choices = useMaterialChoices(useDebounced(typed));

  const items = useMemo(() => {
    const found: MaterialChoice[] = (choices.data?.data ?? [])
      .filter((material) => material.id !== excludeId)
      .map((material) => ({ id: material.id, label: `${materialLabel(material)} · ${t(`materials.types.${material.type}`)}` }));
    // The chosen material stays an option, so the field can show it whatever the search found.
    if (value && !found.some((choice) => choice.id === value.id)) found.unshift(value);
    return found;
  }, [choices.data, excludeId, value, t]);

  return (
    <ComboBox
      label={label}
      items={items}
      inputValue={inputValue}
      onInputChange={setInputValue}
      selectedKey={value?.id ?? null}
      onSelectionChange={(key) => {
        const chosen = items.find((choice) => choice.id === key) ?? null;
        onChange(chosen);
        setInputValue(chosen?.label ?? '');
      }}
      allowsEmptyCollection
      errorDetail={errorDetail}
      description={choices.isError ? t('materials.form.pickerFailed') : undefined}
    >
      {(choice: MaterialChoice) => (
        <ComboBoxItem id={choice.id} textValue={choice.label}>
          {choice.label}
        </ComboBoxItem>
      )}
    </ComboBox>
  );
}
