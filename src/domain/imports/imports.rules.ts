import { z } from 'zod';
import { componentSchema, materialInputSchema, materialTypes, stockSchema, type ValidMaterial } from '../materials/materials.schema.js';
import { issueToDetail } from '../shared/validation.js';
import { createAdminUserSchema, locales, type Locale } from '../identity/identity.schema.js';
import { calendarDaySchema, positionSchema } from '../orders/order.schema.js';
import { importColumns, materialTypeLabels, roleLabels, yesNoLabels, type ImportKind, type ImportMapping } from './imports.schema.js';

/** A header compared loosely: case, spaces, punctuation and umlaut spellings do not matter. */
export const headerKey = (header: string): string =>
  header
    .trim()
    .toLocaleLowerCase('de')
    .replaceAll('ä', 'ae')
    .replaceAll('ö', 'oe')
    .replaceAll('ü', 'ue')
    .replaceAll('ß', 'ss')
    .replace(/[^a-z0-9]/g, '');

/**
 * The mapping a file is read with: each field's header as `chosen` (or `remembered`) names it when
 * the file has that header, else the file's header that matches the field's English or German
 * header or its own name. A field whose chosen header is null stays empty.
 */
export function mappingFor(kind: ImportKind, headers: readonly string[], chosen?: ImportMapping, remembered?: ImportMapping): Record<string, string | null> {
  const byKey = new Map(headers.map((header) => [headerKey(header), header]));
  const present = new Set(headers);
  const mapping: Record<string, string | null> = {};
  for (const column of importColumns[kind]) {
    const picked = chosen && Object.hasOwn(chosen, column.field) ? chosen[column.field] : undefined;
    if (picked === null || (picked !== undefined && present.has(picked))) {
      mapping[column.field] = picked;
      continue;
    }
    const kept = remembered?.[column.field];
    if (kept && present.has(kept)) {
      mapping[column.field] = kept;
      continue;
    }
    mapping[column.field] = byKey.get(headerKey(column.en)) ?? byKey.get(headerKey(column.de)) ?? byKey.get(headerKey(column.field)) ?? null;
  }
  return mapping;
}

/** Whether a file's headers are German (a German file writes decimal commas). */
export const isGermanHeader = (kind: ImportKind, headers: readonly string[]): boolean => {
  const keys = new Set(headers.map(headerKey));
  const count = (language: 'en' | 'de') => importColumns[kind].filter((column) => keys.has(headerKey(column[language]))).length;
  return count('de') > count('en');
};

/**
 * A number cell as either flavour of spreadsheet writes it: `1234.5`, `1234,5`, `1.234,5` or
 * `1,234.5` (the last separator is the decimal one when both occur). Empty: null. Anything else
 * stays text, so the schema refuses it with the form's own message.
 */
export function numberOfCell(cell: string): number | string | null {
  const text = cell.trim().replace(/\s/g, '');
  if (text === '') return null;
  const comma = text.lastIndexOf(',');
  const point = text.lastIndexOf('.');
  let normal = text;
  if (comma >= 0 && point >= 0) normal = comma > point ? text.replaceAll('.', '').replace(',', '.') : text.replaceAll(',', '');
  else if (comma >= 0) normal = text.replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(normal)) return cell.trim();
  return Number(normal);
}

/** A material type from its label in either language or its own name; unknown text stays as it is (refused by the schema). */
export function materialTypeOfCell(cell: string): string {
  const key = headerKey(cell);
  for (const type of materialTypes) {
    if ([type, materialTypeLabels.en[type], materialTypeLabels.de[type]].some((label) => headerKey(label) === key)) return type;
  }
  return cell.trim();
}

/** `Colour: red | blue; Size: S | M` as attributes (a name without a colon has no options, which the schema refuses). */
export function attributesOfCell(cell: string): { name: string; options: string[] }[] {
  return splitList(cell).map((part) => {
    const colon = part.indexOf(':');
    if (colon < 0) return { name: part, options: [] };
    return {
      name: part.slice(0, colon).trim(),
      options: part
        .slice(colon + 1)
        .split('|')
        .map((option) => option.trim())
        .filter(Boolean),
    };
  });
}

/** Text the values cell does not read as `Name: number unit (min .. max)`. */
export const valuesFormatKey = 'imports.validation.valuesFormat';

/**
 * `Length: 12.5 mm (12.4 .. 12.6); Width: 3 mm` as measured values (tolerances absent: the number
 * itself). A part not of that shape is answered as undefined.
 */
export function valuesOfCell(cell: string): ({ name: string; number: unknown; unit: string; minTolerance: unknown; maxTolerance: unknown } | undefined)[] {
  const shape = /^(.+?):\s*(\S+)\s+([^\s(]+)\s*(?:\(\s*(\S+)\s*\.\.\s*(\S+)\s*\))?$/;
  return splitList(cell).map((part) => {
    const match = shape.exec(part);
    if (!match) return undefined;
    const number = numberOfCell(match[2]);
    return {
      name: match[1].trim(),
      number,
      unit: match[3],
      minTolerance: match[4] === undefined ? number : numberOfCell(match[4]),
      maxTolerance: match[5] === undefined ? number : numberOfCell(match[5]),
    };
  });
}

const splitList = (cell: string) =>
  cell
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);

/** A problem of a row as the rules find it: the field (null: the whole row), a locale key, its values. */
export interface FieldError {
  field: string | null;
  message: string;
  params?: Record<string, string | number>;
}

/** The field a schema issue's path points at (`stock.quantity` is the stock column, `attributes.0.name` the attributes column). */
const fieldOfPath: Record<string, string> = {
  'stock.quantity': 'stockQuantity',
  'stock.unit': 'stockUnit',
  'purchasing.supplier': 'supplier',
  'purchasing.deliveryTimeDays': 'deliveryTimeDays',
  'purchasing.minimumOrderQuantity': 'minimumOrderQuantity',
};

function errorsOf(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => {
    const detail = issueToDetail(issue);
    const [first, second] = detail.path.split('.');
    const field = fieldOfPath[`${first}.${second}`] ?? (first || null);
    return { field, message: detail.message, params: detail.params };
  });
}

const textOr = (value: string | undefined) => value ?? '';
const numberOr = (value: string | undefined) => numberOfCell(value ?? '');

/**
 * A row of a materials file as the form would submit it, checked by the form's own schema
 * (`materialInputSchema`): an import and the form never disagree about a material.
 */
export function materialOfRow(cells: Record<string, string | undefined>): { material: ValidMaterial } | { errors: FieldError[] } {
  const type = materialTypeOfCell(textOr(cells.type));
  const values = valuesOfCell(textOr(cells.values));
  const stockQuantity = numberOr(cells.stockQuantity);
  const input = {
    type,
    name: textOr(cells.name),
    materialNumber: textOr(cells.materialNumber),
    netPrice: numberOr(cells.netPrice),
    vat: numberOr(cells.vat) ?? undefined,
    weight: numberOr(cells.weight),
    customTariff: textOr(cells.customTariff),
    description: textOr(cells.description),
    packaging: textOr(cells.packaging),
    stock: { quantity: stockQuantity ?? 0, unit: textOr(cells.stockUnit) },
    attributes: attributesOfCell(textOr(cells.attributes)),
    values: values.filter((value) => value !== undefined),
    ...(type === 'purchasing_part'
      ? {
          purchasing: {
            supplier: textOr(cells.supplier),
            deliveryTimeDays: numberOr(cells.deliveryTimeDays),
            minimumOrderQuantity: numberOr(cells.minimumOrderQuantity),
            comment: '',
          },
        }
      : {}),
  };
  const parsed = materialInputSchema.safeParse(input);
  const formatErrors: FieldError[] = values.includes(undefined) ? [{ field: 'values', message: valuesFormatKey }] : [];
  if (parsed.success && formatErrors.length === 0) return { material: parsed.data };
  return { errors: [...formatErrors, ...(parsed.success ? [] : errorsOf(parsed.error))] };
}

const materialNumberRequired: FieldError = { field: 'materialNumber', message: 'validation.required' };

/** A row of a stock file: the material's number, its stock by the material's own stock rule, and the unit (empty: unchanged). */
export function stockOfRow(
  cells: Record<string, string | undefined>,
): { materialNumber: string; quantity: number; unit: string | null } | { errors: FieldError[] } {
  const materialNumber = textOr(cells.materialNumber).trim();
  const unit = textOr(cells.stockUnit).trim();
  const parsed = stockSchema.safeParse({ quantity: numberOr(cells.stockQuantity) ?? undefined, unit: unit || 'x' });
  const errors = [...(materialNumber ? [] : [materialNumberRequired]), ...(parsed.success ? [] : errorsOf(parsed.error))].map((error) =>
    error.field === 'quantity' ? { ...error, field: 'stockQuantity' } : error.field === 'unit' ? { ...error, field: 'stockUnit' } : error,
  );
  if (errors.length > 0 || !parsed.success) return { errors };
  return { materialNumber, quantity: parsed.data.quantity, unit: unit || null };
}

/** A line of a bill of materials file: the material, the component (both by number) and the quantity, by the position's own rule. */
export function bomLineOfRow(
  cells: Record<string, string | undefined>,
): { materialNumber: string; componentNumber: string; quantity: number } | { errors: FieldError[] } {
  const materialNumber = textOr(cells.materialNumber).trim();
  const componentNumber = textOr(cells.componentNumber).trim();
  const quantity = componentSchema.shape.quantity.safeParse(numberOr(cells.quantity) ?? undefined);
  const errors: FieldError[] = [
    ...(materialNumber ? [] : [materialNumberRequired]),
    ...(componentNumber ? [] : [{ field: 'componentNumber', message: 'validation.required' }]),
    ...(quantity.success ? [] : errorsOf(quantity.error).map((error) => ({ ...error, field: 'quantity' }))),
  ];
  if (errors.length > 0 || !quantity.success) return { errors };
  return { materialNumber, componentNumber, quantity: quantity.data };
}

/** A yes/no cell in either language (empty: no); anything else is answered as undefined. */
export function yesNoOfCell(cell: string): boolean | undefined {
  const key = cell.trim().toLocaleLowerCase('de');
  if ((yesNoLabels.yes as readonly string[]).includes(key)) return true;
  if ((yesNoLabels.no as readonly string[]).includes(key)) return false;
  return undefined;
}

/** A day as a spreadsheet writes it: `2026-12-31`, or German `31.12.2026` (two-digit years in this century). Empty: null; other text stays (refused by the schema). */
export function dayOfCell(cell: string): string | null {
  const text = cell.trim();
  if (text === '') return null;
  const german = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/.exec(text);
  if (!german) return text;
  const year = german[3].length === 2 ? `20${german[3]}` : german[3];
  return `${year}-${german[2].padStart(2, '0')}-${german[1].padStart(2, '0')}`;
}

/** A row of a customer orders file before the client and material are looked up: each cell read by the order form's own rules. */
export interface OrderRow {
  client: string;
  materialNumber: string;
  quantity: number;
  netPrice: number | null;
  deliveryDate: string | null;
  reference: string;
  prioritize: boolean;
  workInProgress: string;
}

/**
 * A row of a customer orders file: the client by name, the material by number, the quantity and
 * price by the position's own rules, the delivery date as a day; the order form's schema checks the
 * whole order once the client and the material are known (the import's handler).
 */
export function orderRowOf(cells: Record<string, string | undefined>): OrderRow | { errors: FieldError[] } {
  const client = textOr(cells.client).trim();
  const materialNumber = textOr(cells.materialNumber).trim();
  const quantity = positionSchema.shape.quantity.safeParse(numberOr(cells.quantity) ?? undefined);
  const priceCell = numberOr(cells.netPrice);
  const netPrice = priceCell === null ? null : positionSchema.shape.netPrice.safeParse(priceCell);
  const deliveryDate = dayOfCell(textOr(cells.deliveryDate));
  const day = deliveryDate === null ? null : calendarDaySchema.safeParse(deliveryDate);
  const prioritize = yesNoOfCell(textOr(cells.prioritize));
  const errors: FieldError[] = [
    ...(client ? [] : [{ field: 'client', message: 'validation.required' }]),
    ...(materialNumber ? [] : [materialNumberRequired]),
    ...(quantity.success ? [] : errorsOf(quantity.error).map((error) => ({ ...error, field: 'quantity' }))),
    ...(netPrice === null || netPrice.success ? [] : errorsOf(netPrice.error).map((error) => ({ ...error, field: 'netPrice' }))),
    ...(day === null || day.success ? [] : [{ field: 'deliveryDate', message: 'imports.validation.day' }]),
    ...(prioritize === undefined ? [{ field: 'prioritize', message: 'imports.validation.yesNo' }] : []),
  ];
  if (errors.length > 0 || !quantity.success) return { errors };
  return {
    client,
    materialNumber,
    quantity: quantity.data,
    netPrice: netPrice?.success ? netPrice.data : null,
    deliveryDate,
    reference: textOr(cells.reference).trim(),
    prioritize: prioritize ?? false,
    workInProgress: textOr(cells.workInProgress),
  };
}

/** The field of an imported order's row a schema issue of the whole order points at (the client's address fills the order's). */
export function orderFieldOfPath(path: string): string | null {
  const [first, , third] = path.split('.');
  if (first === 'positions') return third === 'netPrice' ? 'netPrice' : third === 'quantity' ? 'quantity' : 'materialNumber';
  if (['name', 'street', 'houseNumber', 'zip', 'place', 'country', 'addressSuffix', 'clientId'].includes(first)) return 'client';
  if (first === 'comment') return 'reference';
  if (first === 'deliveryDate' || first === 'workInProgress' || first === 'prioritize') return first;
  return null;
}

/** The order form's refusals of a whole order as the row's errors. */
export const orderErrorsOf = (error: z.ZodError): FieldError[] =>
  error.issues.map((issue) => {
    const detail = issueToDetail(issue);
    return { field: orderFieldOfPath(detail.path), message: detail.message, params: detail.params };
  });

/** Languages a team file may name, in either language. */
const languageLabels: Record<Locale, string[]> = { en: ['English', 'Englisch'], de: ['German', 'Deutsch'] };

/** The language of a team file's cell (`de`, `Deutsch`, `German`...); empty: undefined (the inviter's); unknown: null. */
const localeOfCell = (cell: string): Locale | null | undefined => {
  const key = headerKey(cell);
  if (key === '') return undefined;
  return locales.find((known) => known === key || languageLabels[known].some((label) => headerKey(label) === key)) ?? null;
};

const roleOfCell = (cell: string): keyof typeof roleLabels | undefined => {
  const key = headerKey(cell);
  return (Object.keys(roleLabels) as (keyof typeof roleLabels)[]).find((role) => roleLabels[role].some((label) => headerKey(label) === key));
};

/** A row of a team file: an administration user as the invitation form takes them (names, email, language); other roles are refused. */
export function teamMemberOfRow(
  cells: Record<string, string | undefined>,
): { member: { firstName: string; lastName: string; email: string; locale?: Locale } } | { errors: FieldError[] } {
  const role = roleOfCell(textOr(cells.role));
  const locale = localeOfCell(textOr(cells.language));
  const parsed = createAdminUserSchema.safeParse({
    firstName: textOr(cells.firstName),
    lastName: textOr(cells.lastName),
    email: textOr(cells.email),
    ...(locale ? { locale } : {}),
  });
  const errors: FieldError[] = [
    ...(parsed.success ? [] : errorsOf(parsed.error)),
    ...(role === 'ADMIN'
      ? []
      : [
          role === undefined
            ? { field: 'role', message: 'imports.validation.role' }
            : { field: 'role', message: 'imports.validation.roleNotImported', params: { role } },
        ]),
    ...(locale === null ? [{ field: 'language', message: 'imports.validation.language' }] : []),
  ];
  if (errors.length > 0 || !parsed.success) return { errors };
  return { member: parsed.data };
}
