import { describe, expect, it } from 'vitest';
import { issueToDetail } from '../shared/validation.js';
import { decimalParts, fitsDecimal } from '../shared/decimal.js';
import { materialContentOf, materialInputSchema, materialListQuerySchema, materialUpdateSchema, type MaterialInput } from './materials.schema.js';

const bolt = (overrides: Record<string, unknown> = {}): MaterialInput =>
  ({ type: 'product', name: 'Bolt M8', vat: 19, stock: { quantity: 10, unit: 'pcs' }, ...overrides }) as MaterialInput;

const problems = (input: unknown) => {
  const result = materialInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issueToDetail(issue));
};
const messagesAt = (input: unknown, path: string) =>
  problems(input)
    .filter((p) => p.path === path)
    .map((p) => p.message);

const value = (overrides: Record<string, unknown> = {}) => ({ name: 'Length', number: 10, unit: 'mm', minTolerance: 9.5, maxTolerance: 10.5, ...overrides });
const attribute = (name: string, options = ['red']) => ({ name, options });

describe('a material needs only a name and its stock', () => {
  it('accepts the smallest product and fills the optional fields', () => {
    const parsed = materialInputSchema.parse(bolt());
    expect(parsed).toMatchObject({ name: 'Bolt M8', materialNumber: '', netPrice: null, vat: 19, attributes: [], components: [] });
  });

  it('refuses a material without VAT (spec: valid VAT required)', () => {
    expect(messagesAt(bolt({ vat: undefined }), 'vat')).toEqual(['materials.validation.vat']);
    expect(messagesAt(bolt({ vat: null as unknown as number }), 'vat')).toEqual(['materials.validation.vat']);
  });

  it('refuses a material without a name, stock quantity or stock unit', () => {
    expect(messagesAt({ type: 'product', stock: { quantity: 1, unit: 'pcs' } }, 'name')).toEqual(['validation.required']);
    expect(messagesAt(bolt({ name: '   ' }), 'name')).toEqual(['validation.required']);
    expect(messagesAt(bolt({ stock: { unit: 'pcs' } }), 'stock.quantity')).toEqual(['validation.required']);
    expect(messagesAt(bolt({ stock: { quantity: 1, unit: '' } }), 'stock.unit')).toEqual(['materials.validation.unitRequired']);
  });

  it('refuses an unknown type', () => {
    expect(problems(bolt({ type: 'service' })).map((p) => p.message)).toEqual(['materials.validation.type']);
  });
});

describe('text limits', () => {
  it.each([
    ['name', 25],
    ['materialNumber', 50],
    ['description', 200],
    ['customTariff', 11],
    ['packaging', 50],
  ])('%s: %i characters accepted, one more refused', (field, max) => {
    expect(problems(bolt({ [field]: 'x'.repeat(max) }))).toEqual([]);
    expect(problems(bolt({ [field]: 'x'.repeat(max + 1) }))).toEqual([{ path: field, message: 'validation.maxLength', params: { max } }]);
  });
});

describe('numbers', () => {
  it('net price: 9 digits with at most 2 decimals, not negative', () => {
    for (const ok of [0, 0.01, 1234567.89, 999999999, 12345678.9]) expect(problems(bolt({ netPrice: ok })), String(ok)).toEqual([]);
    expect(messagesAt(bolt({ netPrice: 1234567890 }), 'netPrice')).toEqual(['materials.validation.netPrice']);
    expect(messagesAt(bolt({ netPrice: 12345678.91 }), 'netPrice')).toEqual(['materials.validation.netPrice']);
    expect(messagesAt(bolt({ netPrice: 1.005 }), 'netPrice')).toEqual(['materials.validation.netPrice']);
    expect(messagesAt(bolt({ netPrice: -1 }), 'netPrice')).toEqual(['validation.notNegative']);
    expect(messagesAt(bolt({ netPrice: '12,50' }), 'netPrice')).toEqual(['validation.number']);
  });

  it('VAT: a whole percentage of at most 2 digits', () => {
    for (const ok of [0, 7, 19, 99]) expect(problems(bolt({ vat: ok }))).toEqual([]);
    for (const bad of [100, -1, 7.5, 'nineteen']) expect(messagesAt(bolt({ vat: bad }), 'vat'), String(bad)).toEqual(['materials.validation.vat']);
  });

  it('weight: 9 digits with up to 3 decimals', () => {
    expect(problems(bolt({ weight: 0.125 }))).toEqual([]);
    expect(problems(bolt({ weight: 999999.999 }))).toEqual([]);
    expect(messagesAt(bolt({ weight: 9999999.999 }), 'weight')).toEqual(['materials.validation.weight']);
    expect(messagesAt(bolt({ weight: 0.0001 }), 'weight')).toEqual(['materials.validation.weight']);
  });

  it('stock quantity: numeric, not negative, at most 7 characters', () => {
    for (const ok of [0, 1234567, 1234.56]) expect(problems(bolt({ stock: { quantity: ok, unit: 'kg' } }))).toEqual([]);
    expect(messagesAt(bolt({ stock: { quantity: -1, unit: 'kg' } }), 'stock.quantity')).toEqual(['validation.notNegative']);
    expect(messagesAt(bolt({ stock: { quantity: 12345678, unit: 'kg' } }), 'stock.quantity')).toEqual(['materials.validation.stockQuantity']);
    expect(messagesAt(bolt({ stock: { quantity: 12345.67, unit: 'kg' } }), 'stock.quantity')).toEqual(['materials.validation.stockQuantity']);
    expect(messagesAt(bolt({ stock: { quantity: 'ten', unit: 'kg' } }), 'stock.quantity')).toEqual(['validation.number']);
  });

  it('knows how a number is written', () => {
    expect(decimalParts(1234567.89)).toEqual({ integerDigits: 7, fractionDigits: 2 });
    expect(decimalParts(-0.5)).toEqual({ integerDigits: 1, fractionDigits: 1 });
    expect(decimalParts(1e21)).toBeUndefined();
    expect(decimalParts(Number.NaN)).toBeUndefined();
    expect(fitsDecimal(0.1 + 0.2, { maxDigits: 9, maxDecimals: 2 })).toBe(false);
  });
});

describe('attributes', () => {
  it('accepts 10 attributes and refuses 11', () => {
    const ten = Array.from({ length: 10 }, (_, i) => attribute(`A${i}`));
    expect(problems(bolt({ attributes: ten }))).toEqual([]);
    expect(problems(bolt({ attributes: [...ten, attribute('A10')] }))).toEqual([{ path: 'attributes', message: 'validation.maxItems', params: { max: 10 } }]);
  });

  it('limits an attribute name to 10 and an option to 15 characters', () => {
    expect(problems(bolt({ attributes: [attribute('x'.repeat(10), ['y'.repeat(15)])] }))).toEqual([]);
    expect(messagesAt(bolt({ attributes: [attribute('x'.repeat(11))] }), 'attributes.0.name')).toEqual(['validation.maxLength']);
    expect(messagesAt(bolt({ attributes: [attribute('Colour', ['y'.repeat(16)])] }), 'attributes.0.options.0')).toEqual(['validation.maxLength']);
  });

  it('requires a name and at least one option', () => {
    expect(messagesAt(bolt({ attributes: [attribute('')] }), 'attributes.0.name')).toEqual(['validation.required']);
    expect(messagesAt(bolt({ attributes: [attribute('Colour', [])] }), 'attributes.0.options')).toEqual(['materials.validation.optionsRequired']);
    expect(messagesAt(bolt({ attributes: [attribute('Colour', [' '])] }), 'attributes.0.options.0')).toEqual(['validation.required']);
  });

  it('refuses the same attribute name twice, whatever its case', () => {
    expect(problems(bolt({ attributes: [attribute('Colour'), attribute(' colour ')] }))).toEqual([
      { path: 'attributes.1.name', message: 'errors.DUPLICATE_ATTRIBUTES', params: undefined },
    ]);
  });

  it('refuses the same option twice within one attribute', () => {
    expect(messagesAt(bolt({ attributes: [attribute('Colour', ['red', 'Red'])] }), 'attributes.0.options.1')).toEqual(['materials.validation.duplicateOption']);
  });
});

describe('values', () => {
  it('accepts 10 values and refuses 11', () => {
    const ten = Array.from({ length: 10 }, (_, i) => value({ name: `V${i}` }));
    expect(problems(bolt({ values: ten }))).toEqual([]);
    expect(messagesAt(bolt({ values: [...ten, value({ name: 'V10' })] }), 'values')).toEqual(['validation.maxItems']);
  });

  it('requires a unit and both tolerances', () => {
    expect(messagesAt(bolt({ values: [value({ unit: '' })] }), 'values.0.unit')).toEqual(['materials.validation.unitRequired']);
    expect(messagesAt(bolt({ values: [value({ minTolerance: undefined })] }), 'values.0.minTolerance')).toEqual(['validation.required']);
    expect(messagesAt(bolt({ values: [value({ maxTolerance: 'a' })] }), 'values.0.maxTolerance')).toEqual(['validation.number']);
  });

  it('keeps the value between its tolerances, equal counts as inside', () => {
    expect(problems(bolt({ values: [value({ minTolerance: 10, maxTolerance: 10 })] }))).toEqual([]);
    expect(messagesAt(bolt({ values: [value({ minTolerance: 10.001 })] }), 'values.0.minTolerance')).toEqual(['materials.validation.minToleranceAboveValue']);
    expect(messagesAt(bolt({ values: [value({ maxTolerance: 9.999 })] }), 'values.0.maxTolerance')).toEqual(['materials.validation.maxToleranceBelowValue']);
  });

  it('allows negative values such as temperatures', () => {
    expect(problems(bolt({ values: [value({ name: 'Temp', number: -20, unit: '°C', minTolerance: -25, maxTolerance: -15 })] }))).toEqual([]);
  });

  it('refuses the same value name twice', () => {
    expect(problems(bolt({ values: [value(), value({ name: 'LENGTH' })] }))).toEqual([
      { path: 'values.1.name', message: 'errors.DUPLICATE_VALUES', params: undefined },
    ]);
  });
});

describe('components', () => {
  const id = '0b7c1f0e-5d3a-4c39-9a52-0d7f4c1b2a11';
  it.each([
    [1, true],
    [999, true],
    [0, false],
    [1000, false],
    [2.5, false],
  ])('quantity %d accepted: %s', (quantity, accepted) => {
    expect(problems(bolt({ components: [{ materialId: id, quantity }] })).length === 0).toBe(accepted);
  });

  it('names the limit it breaks', () => {
    expect(problems(bolt({ components: [{ materialId: id, quantity: 0 }] }))).toEqual([
      { path: 'components.0.quantity', message: 'validation.min', params: { min: 1 } },
    ]);
    expect(problems(bolt({ components: [{ materialId: id, quantity: 1000 }] }))).toEqual([
      { path: 'components.0.quantity', message: 'validation.max', params: { max: 999 } },
    ]);
  });

  it('refuses a component that is not a material id, or the same material twice', () => {
    expect(messagesAt(bolt({ components: [{ materialId: 'bolt', quantity: 1 }] }), 'components.0.materialId')).toEqual([
      'materials.validation.componentMaterial',
    ]);
    expect(
      messagesAt(
        bolt({
          components: [
            { materialId: id, quantity: 1 },
            { materialId: id.toUpperCase(), quantity: 2 },
          ],
        }),
        'components.1.materialId',
      ),
    ).toEqual(['materials.validation.duplicateComponent']);
  });
});

describe('purchasing parts', () => {
  const part = (purchasing: Record<string, unknown>) => ({ type: 'purchasing_part', name: 'Washer', vat: 7, stock: { quantity: 5, unit: 'pcs' }, purchasing });

  it('carries supplier terms within their limits', () => {
    expect(problems(part({ supplier: 'x'.repeat(50), deliveryTimeDays: 999, minimumOrderQuantity: 999999999.99, comment: 'x'.repeat(100) }))).toEqual([]);
    expect(problems(part({ deliveryTimeDays: 1, minimumOrderQuantity: 1 }))).toEqual([]);
  });

  it.each([
    ['supplier', 'x'.repeat(51), 'validation.maxLength'],
    ['comment', 'x'.repeat(101), 'validation.maxLength'],
    ['deliveryTimeDays', 0, 'validation.min'],
    ['deliveryTimeDays', 1000, 'validation.max'],
    ['minimumOrderQuantity', 0.99, 'materials.validation.minimumOrderQuantity'],
    ['minimumOrderQuantity', 1000000000, 'materials.validation.minimumOrderQuantity'],
  ])('refuses %s = %s', (field, bad, message) => {
    expect(messagesAt(part({ [field]: bad }), `purchasing.${field}`)).toEqual([message]);
  });

  it('has no components or steps once flattened, and other types have no purchasing data', () => {
    const content = materialContentOf(materialInputSchema.parse(part({ supplier: 'Würth' })));
    expect(content).toMatchObject({ components: [], manufacturingSteps: [], purchasing: { supplier: 'Würth' } });
    expect(materialContentOf(materialInputSchema.parse(bolt())).purchasing).toBeNull();
  });
});

describe('manufacturing steps', () => {
  it('needs a process; the station may stay empty until stations exist', () => {
    expect(problems(bolt({ manufacturingSteps: [{ process: 'Turning', tool: 'Lathe', time: 12.5 }] }))).toEqual([]);
    expect(messagesAt(bolt({ manufacturingSteps: [{ process: '' }] }), 'manufacturingSteps.0.process')).toEqual(['validation.required']);
    expect(messagesAt(bolt({ manufacturingSteps: [{ process: 'Milling', time: -1 }] }), 'manufacturingSteps.0.time')).toEqual(['validation.notNegative']);
  });

  it('takes an optional planned setup time in minutes beside the planned time per piece, with the same limits', () => {
    expect(problems(bolt({ manufacturingSteps: [{ process: 'Turning', time: 1.5, setupTime: 20 }] }))).toEqual([]);
    expect(messagesAt(bolt({ manufacturingSteps: [{ process: 'Milling', setupTime: -1 }] }), 'manufacturingSteps.0.setupTime')).toEqual([
      'validation.notNegative',
    ]);
    expect(messagesAt(bolt({ manufacturingSteps: [{ process: 'Milling', setupTime: 1.234 }] }), 'manufacturingSteps.0.setupTime')).toEqual([
      'materials.validation.stepTime',
    ]);
  });
});

describe('edits and lists', () => {
  it('requires the version an edit was made on', () => {
    expect(materialUpdateSchema.safeParse(bolt()).success).toBe(false);
    expect(materialUpdateSchema.parse({ ...bolt(), version: 3 }).version).toBe(3);
  });

  it('defaults to the first page of 10, sorted by name', () => {
    expect(materialListQuerySchema.parse({})).toEqual({ page: 1, limit: 10, q: '', sort: 'name' });
    expect(materialListQuerySchema.safeParse({ sort: 'password' }).success).toBe(false);
    expect(materialListQuerySchema.parse({ sort: '-netPrice', page: '2' })).toMatchObject({ sort: '-netPrice', page: 2 });
  });
});
