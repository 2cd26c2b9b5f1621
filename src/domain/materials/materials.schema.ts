import { z } from 'zod';
import { pagingQuery } from '../shared/paging.js';
import { decimalParts, decimalSchema, wrongTypeIs } from '../shared/decimal.js';
import { optionalText, requiredText } from '../shared/validation.js';

/** The three kinds of material; each has its own tab in the console. */
export const materialTypes = ['product', 'manufacturing_part', 'purchasing_part'] as const;
export type MaterialType = (typeof materialTypes)[number];

/**
 * Limits of spec section 5 (Material, Purchasing part) and section 9, written once. Limits the spec
 * leaves open (packaging, units, value names, steps) are ours; docs/materials.md lists which.
 */
export const materialLimits = {
  name: 25,
  materialNumber: 50,
  description: 200,
  customTariff: 11,
  packaging: 50,
  /** Net price: at most 9 digits, 2 of them after the point (9,999,999.99 or 999,999,999). */
  netPrice: { maxDigits: 9, maxDecimals: 2 },
  /** Weight in kilograms: at most 9 digits, 3 after the point (grams). */
  weight: { maxDigits: 9, maxDecimals: 3 },
  vat: { min: 0, max: 99 },
  /** Stock quantity: at most 7 characters as typed ("1234567", "1234.56"), never negative. */
  stockQuantityChars: 7,
  unit: 10,
  attributes: 10,
  attributeName: 10,
  optionsPerAttribute: 10,
  option: 15,
  values: 10,
  valueName: 10,
  /** Numbers of a value and its tolerances: at most 9 digits, 3 after the point, sign allowed. */
  valueNumber: { maxDigits: 9, maxDecimals: 3 },
  components: 100,
  componentQuantity: { min: 1, max: 999 },
  manufacturingSteps: 50,
  stepText: 50,
  /** Step time in minutes: at most 7 digits, 2 after the point. */
  stepTime: { maxDigits: 7, maxDecimals: 2 },
  supplier: 50,
  deliveryTimeDays: { min: 1, max: 999 },
  minimumOrderQuantity: { min: 1, max: 999_999_999.99, maxDigits: 11, maxDecimals: 2 },
  purchasingComment: 100,
  /** Image upload, in bytes (spec: 512 MB). The server may be configured lower. */
  imageBytes: 512 * 1024 * 1024,
} as const;

const sameName = (name: string) => name.trim().toLocaleLowerCase();

/** Positions of names that appear earlier in the list too (compared trimmed and case-insensitive). */
export function repeatedNames(names: readonly string[]): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  names.forEach((name, index) => {
    const key = sameName(name);
    if (seen.has(key)) repeated.push(index);
    seen.add(key);
  });
  return repeated;
}

/** An attribute: a name with the text options a customer can choose from, e.g. Colour: red, blue. */
export const attributeSchema = z.object({
  name: requiredText(materialLimits.attributeName),
  options: z
    .array(requiredText(materialLimits.option))
    .min(1, 'materials.validation.optionsRequired')
    .max(materialLimits.optionsPerAttribute)
    .superRefine((options, ctx) => {
      for (const index of repeatedNames(options)) {
        ctx.addIssue({ code: 'custom', message: 'materials.validation.duplicateOption', path: [index], input: options[index] });
      }
    }),
});
export type Attribute = z.infer<typeof attributeSchema>;

const valueNumber = decimalSchema({ ...materialLimits.valueNumber, message: 'materials.validation.valueNumber' });

/**
 * A measured value: a number with its unit and the tolerances it may lie within.
 * Tolerances are absolute bounds: minTolerance <= number <= maxTolerance.
 */
export const valueSchema = z
  .object({
    name: requiredText(materialLimits.valueName),
    number: valueNumber,
    unit: z
      .string({ error: wrongTypeIs('materials.validation.unitRequired', 'materials.validation.unitRequired') })
      .trim()
      .min(1, 'materials.validation.unitRequired')
      .max(materialLimits.unit),
    minTolerance: valueNumber,
    maxTolerance: valueNumber,
  })
  .superRefine((value, ctx) => {
    if (value.minTolerance > value.number) {
      ctx.addIssue({ code: 'custom', message: 'materials.validation.minToleranceAboveValue', path: ['minTolerance'], input: value.minTolerance });
    }
    if (value.maxTolerance < value.number) {
      ctx.addIssue({ code: 'custom', message: 'materials.validation.maxToleranceBelowValue', path: ['maxTolerance'], input: value.maxTolerance });
    }
  });
export type MaterialValue = z.infer<typeof valueSchema>;

/** A position of the bill of materials: another material of the same company, 1-999 times. */
export const componentSchema = z.object({
  materialId: z.uuid({ error: 'materials.validation.componentMaterial' }).toLowerCase(),
  quantity: z
    .number({ error: wrongTypeIs('validation.number') })
    .int('validation.wholeNumber')
    .min(materialLimits.componentQuantity.min)
    .max(materialLimits.componentQuantity.max),
});
export type Component = z.infer<typeof componentSchema>;

/** One step of making the material. The station is optional until production stations exist. */
export const manufacturingStepSchema = z.object({
  process: requiredText(materialLimits.stepText),
  material: optionalText(materialLimits.stepText),
  tool: optionalText(materialLimits.stepText),
  /** Planned time per piece, minutes (the ideal cycle time OEE's performance reads, docs/oee.md); null: not planned. */
  time: decimalSchema({ ...materialLimits.stepTime, min: 0, message: 'materials.validation.stepTime' })
    .nullable()
    .default(null),
  /** Planned setup time, minutes, once per order at the step's station; null: not planned. */
  setupTime: decimalSchema({ ...materialLimits.stepTime, min: 0, message: 'materials.validation.stepTime' })
    .nullable()
    .default(null),
  stationId: z.uuid().nullable().default(null),
});
export type ManufacturingStep = z.infer<typeof manufacturingStepSchema>;

/** What only a purchasing part carries: where it is bought and on what terms. */
export const purchasingSchema = z.object({
  supplier: optionalText(materialLimits.supplier),
  /** Work days from order to delivery. */
  deliveryTimeDays: z
    .number({ error: wrongTypeIs('validation.number') })
    .int('validation.wholeNumber')
    .min(materialLimits.deliveryTimeDays.min)
    .max(materialLimits.deliveryTimeDays.max)
    .nullable()
    .default(null),
  minimumOrderQuantity: decimalSchema({ ...materialLimits.minimumOrderQuantity, message: 'materials.validation.minimumOrderQuantity' })
    .nullable()
    .default(null),
  comment: optionalText(materialLimits.purchasingComment),
});
export type Purchasing = z.infer<typeof purchasingSchema>;

export const stockSchema = z.object({
  quantity: z.number({ error: wrongTypeIs('validation.number') }).superRefine((quantity, ctx) => {
    if (quantity < 0) {
      ctx.addIssue({ code: 'custom', message: 'validation.notNegative', input: quantity });
      return;
    }
    const parts = decimalParts(quantity);
    if (!parts || parts.fractionDigits > 2 || String(quantity).length > materialLimits.stockQuantityChars) {
      ctx.addIssue({ code: 'custom', message: 'materials.validation.stockQuantity', input: quantity });
    }
  }),
  unit: z
    .string({ error: wrongTypeIs('materials.validation.unitRequired', 'materials.validation.unitRequired') })
    .trim()
    .min(1, 'materials.validation.unitRequired')
    .max(materialLimits.unit),
});
export type Stock = z.infer<typeof stockSchema>;

const attributesSchema = z
  .array(attributeSchema)
  .max(materialLimits.attributes)
  .default([])
  .superRefine((attributes, ctx) => {
    for (const index of repeatedNames(attributes.map((a) => a.name))) {
      ctx.addIssue({ code: 'custom', message: 'errors.DUPLICATE_ATTRIBUTES', path: [index, 'name'], input: attributes[index].name });
    }
  });

const valuesSchema = z
  .array(valueSchema)
  .max(materialLimits.values)
  .default([])
  .superRefine((values, ctx) => {
    for (const index of repeatedNames(values.map((v) => v.name))) {
      ctx.addIssue({ code: 'custom', message: 'errors.DUPLICATE_VALUES', path: [index, 'name'], input: values[index].name });
    }
  });

const componentsSchema = z
  .array(componentSchema)
  .max(materialLimits.components)
  .default([])
  .superRefine((components, ctx) => {
    for (const index of repeatedNames(components.map((c) => c.materialId))) {
      ctx.addIssue({ code: 'custom', message: 'materials.validation.duplicateComponent', path: [index, 'materialId'], input: components[index].materialId });
    }
  });

/** Fields every kind of material has. */
const commonFields = {
  name: requiredText(materialLimits.name),
  materialNumber: optionalText(materialLimits.materialNumber),
  netPrice: decimalSchema({ ...materialLimits.netPrice, min: 0, message: 'materials.validation.netPrice' })
    .nullable()
    .default(null),
  /** Percent, a whole number 0-99; required (spec section 5: "valid VAT required"). */
  vat: z
    .number({ error: 'materials.validation.vat' })
    .int('materials.validation.vat')
    .min(materialLimits.vat.min, 'materials.validation.vat')
    .max(materialLimits.vat.max, 'materials.validation.vat'),
  /** Kilograms. */
  weight: decimalSchema({ ...materialLimits.weight, min: 0, message: 'materials.validation.weight' })
    .nullable()
    .default(null),
  customTariff: optionalText(materialLimits.customTariff),
  description: optionalText(materialLimits.description),
  packaging: optionalText(materialLimits.packaging),
  stock: stockSchema,
  attributes: attributesSchema,
  values: valuesSchema,
};

/** Products and manufacturing parts are made here: they have components and manufacturing steps. */
const madeFields = {
  ...commonFields,
  components: componentsSchema,
  manufacturingSteps: z.array(manufacturingStepSchema).max(materialLimits.manufacturingSteps).default([]),
  /** Each finished piece gets a serial number of its own (docs/quality-and-lots.md, Serial numbers); off by default. */
  serialNumbers: z.boolean({ error: 'validation.invalidValue' }).default(false),
};

const productInput = z.object({ type: z.literal('product'), ...madeFields });
const manufacturingPartInput = z.object({ type: z.literal('manufacturing_part'), ...madeFields });
/** Purchasing parts are bought: no components or steps, but supplier terms. */
const purchasingPartInput = z.object({
  type: z.literal('purchasing_part'),
  ...commonFields,
  purchasing: purchasingSchema.default({ supplier: '', deliveryTimeDays: null, minimumOrderQuantity: null, comment: '' }),
});

/** A material as a form submits it (POST /api/materials). Every rule of spec section 5 lives here. */
export const materialInputSchema = z.discriminatedUnion('type', [productInput, manufacturingPartInput, purchasingPartInput], {
  error: 'materials.validation.type',
});
export type MaterialInput = z.input<typeof materialInputSchema>;
export type ValidMaterial = z.output<typeof materialInputSchema>;

const versionField = {
  version: z
    .number({ error: wrongTypeIs('validation.number') })
    .int()
    .min(1),
};

/** An edit (PUT /api/materials/{id}): the whole material plus the version the form was loaded with. */
export const materialUpdateSchema = z.discriminatedUnion(
  'type',
  [productInput.extend(versionField), manufacturingPartInput.extend(versionField), purchasingPartInput.extend(versionField)],
  { error: 'materials.validation.type' },
);
export type MaterialUpdate = z.input<typeof materialUpdateSchema>;

/** The parts every material has in common after validation, whatever its type. */
export interface MaterialContent {
  type: MaterialType;
  name: string;
  materialNumber: string;
  netPrice: number | null;
  vat: number | null;
  weight: number | null;
  customTariff: string;
  description: string;
  packaging: string;
  stock: Stock;
  attributes: Attribute[];
  values: MaterialValue[];
  components: Component[];
  manufacturingSteps: ManufacturingStep[];
  /** Made materials only: each finished piece gets a serial number. */
  serialNumbers: boolean;
  purchasing: Purchasing | null;
}

/** Flattens a validated input of any type into the stored shape (absent sections empty). */
export function materialContentOf(input: ValidMaterial): MaterialContent {
  const { type } = input;
  const base = {
    name: input.name,
    materialNumber: input.materialNumber,
    netPrice: input.netPrice,
    vat: input.vat,
    weight: input.weight,
    customTariff: input.customTariff,
    description: input.description,
    packaging: input.packaging,
    stock: input.stock,
    attributes: input.attributes,
    values: input.values,
  };
  switch (type) {
    case 'product':
    case 'manufacturing_part':
      return {
        type,
        ...base,
        components: input.components,
        manufacturingSteps: input.manufacturingSteps,
        serialNumbers: input.serialNumbers,
        purchasing: null,
      };
    case 'purchasing_part':
      return { type, ...base, components: [], manufacturingSteps: [], serialNumbers: false, purchasing: input.purchasing };
    default: {
      const _exhaustive: never = type;
      return _exhaustive;
    }
  }
}

/** The image of a material as the API describes it (the bytes are at `url`). */
export const materialImageSchema = z.object({
  url: z.string(),
  contentType: z.enum(['image/png', 'image/jpeg']),
  size: z.number().int(),
  updatedAt: z.string(),
});

/** A component as the API answers it: the position plus the used material's name and number. */
export const componentViewSchema = componentSchema.extend({
  name: z.string(),
  materialNumber: z.string(),
  type: z.enum(materialTypes),
});

/** A material as the API answers it. */
export const materialSchema = z.object({
  id: z.uuid(),
  type: z.enum(materialTypes),
  name: z.string(),
  materialNumber: z.string(),
  netPrice: z.number().nullable(),
  vat: z.number().nullable(),
  weight: z.number().nullable(),
  customTariff: z.string(),
  description: z.string(),
  packaging: z.string(),
  stock: z.object({ quantity: z.number(), unit: z.string() }),
  attributes: z.array(z.object({ name: z.string(), options: z.array(z.string()) })),
  values: z.array(z.object({ name: z.string(), number: z.number(), unit: z.string(), minTolerance: z.number(), maxTolerance: z.number() })),
  components: z.array(componentViewSchema),
  manufacturingSteps: z.array(
    z.object({
      process: z.string(),
      material: z.string(),
      tool: z.string(),
      /** Planned time per piece, minutes. */
      time: z.number().nullable(),
      /** Planned setup time, minutes (null on steps saved before it existed). */
      setupTime: z.number().nullable(),
      stationId: z.string().nullable(),
    }),
  ),
  /** Each finished piece gets a serial number of its own (made materials; false for bought ones). */
  serialNumbers: z.boolean(),
  purchasing: z
    .object({
      supplier: z.string(),
      deliveryTimeDays: z.number().nullable(),
      minimumOrderQuantity: z.number().nullable(),
      comment: z.string(),
    })
    .nullable(),
  image: materialImageSchema.nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Material = z.infer<typeof materialSchema>;

/** A row of the material lists. */
export const materialSummarySchema = materialSchema
  .pick({
    id: true,
    type: true,
    name: true,
    materialNumber: true,
    netPrice: true,
    vat: true,
    weight: true,
    stock: true,
    image: true,
    version: true,
    createdAt: true,
    updatedAt: true,
    // The company's favourite attributes and values are columns of the list (company App settings).
    attributes: true,
    values: true,
  })
  .extend({ componentCount: z.number().int() });
export type MaterialSummary = z.infer<typeof materialSummarySchema>;

/** `GET /api/materials/feature-names`: the attribute and value names in use in the company's materials (the favourites' choices), sorted. */
export const materialFeatureNamesSchema = z.object({
  attributes: z.array(z.string()),
  values: z.array(z.string()),
});
export type MaterialFeatureNames = z.infer<typeof materialFeatureNamesSchema>;

/** Columns a list can be sorted by; a leading '-' sorts descending. */
export const materialSortColumns = ['name', 'materialNumber', 'netPrice', 'vat', 'weight', 'stock', 'type', 'createdAt', 'updatedAt'] as const;
export type MaterialSortColumn = (typeof materialSortColumns)[number];
const sortValues = materialSortColumns.flatMap((column) => [column, `-${column}`]) as [string, ...string[]];

/** Paging, filter and sort of the lists (defaults per spec: first page, 10 rows, no filter). */
export const materialListQuerySchema = z.object({
  type: z.enum(materialTypes).optional(),
  ...pagingQuery(),
  q: z.string().trim().max(100).default(''),
  sort: z.enum(sortValues).default('name'),
});
export type MaterialListQuery = z.infer<typeof materialListQuerySchema>;

/** A node of the exploded bill of materials. */
export interface BomNodeView {
  materialId: string;
  type: MaterialType;
  name: string;
  materialNumber: string;
  /** Quantity per one of the parent (1 at the root). */
  quantity: number;
  /** Quantity per one of the root: the product of the quantities on the way down. */
  totalQuantity: number;
  /** The material's own net price per piece. */
  netPrice: number | null;
  /** Net price of one piece from its components (its own price when it has none). */
  rolledUpNetPrice: number;
  /** False when a material below (or this one, as a leaf) has no net price; those count as 0. */
  priceComplete: boolean;
  components: BomNodeView[];
}

/** The bill of materials tree as `GET /api/materials/{id}/bom` answers it. */
export const bomNodeSchema: z.ZodType<BomNodeView> = z
  .object({
    materialId: z.uuid(),
    type: z.enum(materialTypes),
    name: z.string(),
    materialNumber: z.string(),
    quantity: z.number(),
    totalQuantity: z.number(),
    netPrice: z.number().nullable(),
    rolledUpNetPrice: z.number(),
    priceComplete: z.boolean(),
    get components() {
      return z.array(bomNodeSchema);
    },
  })
  .meta({ id: 'MaterialBomNode' });
