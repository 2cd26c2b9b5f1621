import {
  materialInputSchema,
  materialUpdateSchema,
  type Material,
  type MaterialContent,
  type MaterialInput,
  type MaterialType,
  type ValidMaterial,
} from '../../../domain/materials/materials.schema';
import type { ErrorDetail } from '../../../domain/shared/errors';
import { validateInput, type FieldErrors } from '../../lib/error-messages';

/** Rows of the form's lists carry a key of their own, so React keeps each row's input when others go. */
let lastRowKey = 0;
export const newRowKey = (): string => `row-${++lastRowKey}`;

export interface AttributeDraft {
  key: string;
  name: string;
  options: { key: string; text: string }[];
}

export interface ValueDraft {
  key: string;
  name: string;
  number: number | null;
  unit: string;
  minTolerance: number | null;
  maxTolerance: number | null;
}

export interface ComponentDraft {
  key: string;
  materialId: string | null;
  /** What the picker shows for the chosen material: name (number). */
  label: string;
  quantity: number | null;
}

export interface StepDraft {
  key: string;
  process: string;
  material: string;
  tool: string;
  /** Planned time per piece, minutes. */
  time: number | null;
  /** Planned setup time, minutes. */
  setupTime: number | null;
  stationId: string | null;
}

/**
 * What the material form holds while the user types: numbers are null while empty, every list row
 * has a key. `inputOf` turns it into what the domain schema checks and the API takes.
 */
export interface MaterialDraft extends Pick<
  MaterialContent,
  'type' | 'name' | 'materialNumber' | 'netPrice' | 'vat' | 'weight' | 'customTariff' | 'description' | 'packaging' | 'serialNumbers'
> {
  stock: { quantity: number | null; unit: string };
  attributes: AttributeDraft[];
  values: ValueDraft[];
  components: ComponentDraft[];
  manufacturingSteps: StepDraft[];
  purchasing: { supplier: string; deliveryTimeDays: number | null; minimumOrderQuantity: number | null; comment: string };
}

export const isMadeHere = (type: MaterialType): boolean => type !== 'purchasing_part';

/** `Name (number)`, or the name alone when the material has no number. */
export const materialLabel = (material: { name: string; materialNumber: string }): string =>
  material.materialNumber ? `${material.name} (${material.materialNumber})` : material.name;

export function emptyDraft(type: MaterialType): MaterialDraft {
  return {
    type,
    name: '',
    materialNumber: '',
    netPrice: null,
    vat: null,
    weight: null,
    customTariff: '',
    description: '',
    packaging: '',
    stock: { quantity: null, unit: '' },
    attributes: [],
    values: [],
    components: [],
    manufacturingSteps: [],
    serialNumbers: false,
    purchasing: { supplier: '', deliveryTimeDays: null, minimumOrderQuantity: null, comment: '' },
  };
}

export const emptyAttribute = (): AttributeDraft => ({ key: newRowKey(), name: '', options: [{ key: newRowKey(), text: '' }] });
export const emptyValue = (): ValueDraft => ({ key: newRowKey(), name: '', number: null, unit: '', minTolerance: null, maxTolerance: null });
export const emptyComponent = (): ComponentDraft => ({ key: newRowKey(), materialId: null, label: '', quantity: 1 });
export const emptyStep = (): StepDraft => ({ key: newRowKey(), process: '', material: '', tool: '', time: null, setupTime: null, stationId: null });

/** The form as a stored material fills it. */
export function draftOf(material: Material): MaterialDraft {
  return {
    type: material.type,
    name: material.name,
    materialNumber: material.materialNumber,
    netPrice: material.netPrice,
    vat: material.vat,
    weight: material.weight,
    customTariff: material.customTariff,
    description: material.description,
    packaging: material.packaging,
    stock: { ...material.stock },
    attributes: material.attributes.map((attribute) => ({
      key: newRowKey(),
      name: attribute.name,
      options: attribute.options.map((text) => ({ key: newRowKey(), text })),
    })),
    values: material.values.map((value) => ({ key: newRowKey(), ...value })),
    components: material.components.map((component) => ({
      key: newRowKey(),
      materialId: component.materialId,
      label: materialLabel(component),
      quantity: component.quantity,
    })),
    manufacturingSteps: material.manufacturingSteps.map((step) => ({ key: newRowKey(), ...step })),
    serialNumbers: material.serialNumbers,
    purchasing: material.purchasing ? { ...material.purchasing } : emptyDraft(material.type).purchasing,
  };
}

/** What the schema checks: the draft without row keys, with only the sections its type has. */
export function inputOf(draft: MaterialDraft): MaterialInput {
  const common = {
    name: draft.name,
    materialNumber: draft.materialNumber,
    netPrice: draft.netPrice,
    // A missing VAT is sent as null so the schema names the field (it is required).
    vat: draft.vat as number,
    weight: draft.weight,
    customTariff: draft.customTariff,
    description: draft.description,
    packaging: draft.packaging,
    // A missing quantity is sent as null so the schema says 'required' rather than 'wrong type'.
    stock: { quantity: draft.stock.quantity as number, unit: draft.stock.unit },
    attributes: draft.attributes.map((attribute) => ({ name: attribute.name, options: attribute.options.map((option) => option.text) })),
    values: draft.values.map(({ key: _key, ...value }) => value as { name: string; number: number; unit: string; minTolerance: number; maxTolerance: number }),
  };
  if (draft.type === 'purchasing_part') return { type: draft.type, ...common, purchasing: draft.purchasing };
  return {
    type: draft.type,
    ...common,
    components: draft.components.map((component) => ({ materialId: component.materialId ?? '', quantity: component.quantity as number })),
    manufacturingSteps: draft.manufacturingSteps.map(({ key: _key, ...step }) => step),
    serialNumbers: draft.serialNumbers,
  };
}

export type DraftCheck = { ok: true; value: ValidMaterial } | { ok: false; errors: FieldErrors };

/** Checks the draft with the domain schema the server uses too (new material, or an edit of `version`). */
export function checkDraft(draft: MaterialDraft, version?: number): DraftCheck {
  if (version === undefined) return validateInput(materialInputSchema, inputOf(draft));
  const checked = validateInput(materialUpdateSchema, { ...inputOf(draft), version });
  if (!checked.ok) return checked;
  const { version: _version, ...value } = checked.value;
  return { ok: true, value };
}

/**
 * The problem shown on a field. A bill-of-materials cycle names the way round
 * (`D > A > B > D`), which the generic text of the error code does not.
 */
export function fieldProblem(errors: FieldErrors, path: string): ErrorDetail | undefined {
  const detail = errors[path];
  if (detail?.message === 'errors.BOM_CYCLE' && detail.params?.cycle) return { ...detail, message: 'materials.validation.bomCycle' };
  return detail;
}
