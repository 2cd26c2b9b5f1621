import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MaterialType } from '../../../../domain/materials/materials.schema';
import type { ErrorDetail } from '../../../../domain/shared/errors';
import { SearchPicker, useSearchInput } from '../../../ui/search-picker';
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
  const input = useSearchInput(value);
  const choices = useMaterialChoices(input.search, type);
  const found = useMemo(
    () =>
      (choices.data?.data ?? []).map((material: MaterialChoice): Option => ({
        id: material.id,
        label: `${materialLabel(material)} · ${t(`orders.materialTypes.${material.type}`)}`,
        type: material.type,
        netPrice: material.netPrice,
      })),
    [choices.data, t],
  );
  // The chosen material as an option: it brings no net price of its own.
  const chosen = useMemo((): Option | null => (value ? { ...value, netPrice: null } : null), [value]);

  return (
    <SearchPicker
      label={label}
      value={chosen}
      onChange={(option) => onChange(option ? { id: option.id, label: option.label, type: option.type } : null, option?.netPrice ?? null)}
      input={input}
      found={found}
      isRequired
      errorDetail={errorDetail}
      description={choices.isError ? t('orders.form.pickerFailed') : undefined}
    />
  );
}
