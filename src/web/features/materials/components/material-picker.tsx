import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorDetail } from '../../../../domain/shared/errors';
import { SearchPicker, useSearchInput, type PickerChoice } from '../../../ui/search-picker';
import { useMaterialChoices } from '../api/materials';
import { materialLabel } from '../material-draft';

export type MaterialChoice = PickerChoice;

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
  const input = useSearchInput(value);
  const choices = useMaterialChoices(input.search);
  const found = useMemo(
    () =>
      (choices.data?.data ?? [])
        .filter((material) => material.id !== excludeId)
        .map((material): MaterialChoice => ({ id: material.id, label: `${materialLabel(material)} · ${t(`materials.types.${material.type}`)}` })),
    [choices.data, excludeId, t],
  );

  return (
    <SearchPicker
      label={label}
      value={value}
      onChange={onChange}
      input={input}
      found={found}
      errorDetail={errorDetail}
      description={choices.isError ? t('materials.form.pickerFailed') : undefined}
    />
  );
}
