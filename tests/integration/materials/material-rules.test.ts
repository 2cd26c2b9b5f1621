import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/app.js';
import { clientOf, create, materialsTestApp, product, purchasingPart, companyWithTeam, type Client } from './support.js';

let t: TestApp;
let admin: Client;
let screwId: string;

beforeAll(async () => {
  t = await materialsTestApp();
  admin = clientOf(t, (await companyWithTeam(t)).admin.token);
  screwId = (await create(admin, purchasingPart())).id;
});
afterAll(async () => {
  await t?.close();
});

const materialCount = async () => (await admin.get('/api/materials?limit=1')).json().total as number;

const attributes = (count: number) => Array.from({ length: count }, (_, i) => ({ name: `Attr${i}`, options: ['red'] }));
const value = (overrides: Record<string, unknown> = {}) => ({ name: 'Length', number: 100, unit: 'mm', minTolerance: 99.5, maxTolerance: 100.5, ...overrides });
const values = (count: number) => Array.from({ length: count }, (_, i) => value({ name: `Value${i}` }));

/** [rule, body, path, message key] for every refusal at its boundary. */
const refused: [string, () => object, string, string][] = [
  ['name of 26 characters', () => product({ name: 'x'.repeat(26) }), 'name', 'validation.maxLength'],
  ['no name', () => product({ name: undefined }), 'name', 'validation.required'],
  ['a blank name', () => product({ name: '   ' }), 'name', 'validation.required'],
  ['material number of 51 characters', () => product({ materialNumber: 'x'.repeat(51) }), 'materialNumber', 'validation.maxLength'],
  ['description of 201 characters', () => product({ description: 'x'.repeat(201) }), 'description', 'validation.maxLength'],
  ['custom tariff of 12 characters', () => product({ customTariff: '8'.repeat(12) }), 'customTariff', 'validation.maxLength'],
  ['net price of 10 digits', () => product({ netPrice: 1234567890 }), 'netPrice', 'materials.validation.netPrice'],
  ['net price with 3 decimals', () => product({ netPrice: 1.999 }), 'netPrice', 'materials.validation.netPrice'],
  ['negative net price', () => product({ netPrice: -0.01 }), 'netPrice', 'validation.notNegative'],
  ['malformed net price', () => product({ netPrice: '12,50' }), 'netPrice', 'validation.number'],
  ['VAT of 100', () => product({ vat: 100 }), 'vat', 'materials.validation.vat'],
  ['VAT of -1', () => product({ vat: -1 }), 'vat', 'materials.validation.vat'],
  ['no VAT (spec: valid VAT required)', () => product({ vat: undefined }), 'vat', 'materials.validation.vat'],
  ['an empty VAT', () => product({ vat: null }), 'vat', 'materials.validation.vat'],
  ['a purchasing part without VAT', () => purchasingPart({ vat: undefined }), 'vat', 'materials.validation.vat'],
  ['weight of 10 digits', () => product({ weight: 9999999.999 }), 'weight', 'materials.validation.weight'],
  ['no stock quantity', () => product({ stock: { unit: 'pcs' } }), 'stock.quantity', 'validation.required'],
  ['negative stock', () => product({ stock: { quantity: -1, unit: 'pcs' } }), 'stock.quantity', 'validation.notNegative'],
  ['stock of 8 characters', () => product({ stock: { quantity: 12345678, unit: 'pcs' } }), 'stock.quantity', 'materials.validation.stockQuantity'],
  ['stock that is not a number', () => product({ stock: { quantity: 'many', unit: 'pcs' } }), 'stock.quantity', 'validation.number'],
  ['no stock unit', () => product({ stock: { quantity: 1 } }), 'stock.unit', 'materials.validation.unitRequired'],
  ['11 attributes', () => product({ attributes: attributes(11) }), 'attributes', 'validation.maxItems'],
  ['attribute name of 11 characters', () => product({ attributes: [{ name: 'x'.repeat(11), options: ['a'] }] }), 'attributes.0.name', 'validation.maxLength'],
  ['option of 16 characters', () => product({ attributes: [{ name: 'Colour', options: ['y'.repeat(16)] }] }), 'attributes.0.options.0', 'validation.maxLength'],
  [
    'attribute without options',
    () => product({ attributes: [{ name: 'Colour', options: [] }] }),
    'attributes.0.options',
    'materials.validation.optionsRequired',
  ],
  ['11 values', () => product({ values: values(11) }), 'values', 'validation.maxItems'],
  ['value without unit', () => product({ values: [value({ unit: '' })] }), 'values.0.unit', 'materials.validation.unitRequired'],
  ['value without min tolerance', () => product({ values: [value({ minTolerance: undefined })] }), 'values.0.minTolerance', 'validation.required'],
  [
    'min tolerance above the value',
    () => product({ values: [value({ minTolerance: 100.001 })] }),
    'values.0.minTolerance',
    'materials.validation.minToleranceAboveValue',
  ],
  [
    'max tolerance below the value',
    () => product({ values: [value({ maxTolerance: 99.999 })] }),
    'values.0.maxTolerance',
    'materials.validation.maxToleranceBelowValue',
  ],
  ['component quantity 0', () => product({ components: [{ materialId: screwId, quantity: 0 }] }), 'components.0.quantity', 'validation.min'],
  ['component quantity 1000', () => product({ components: [{ materialId: screwId, quantity: 1000 }] }), 'components.0.quantity', 'validation.max'],
  [
    'component that is not an id',
    () => product({ components: [{ materialId: 'screw', quantity: 1 }] }),
    'components.0.materialId',
    'materials.validation.componentMaterial',
  ],
  ['supplier of 51 characters', () => purchasingPart({ purchasing: { supplier: 'x'.repeat(51) } }), 'purchasing.supplier', 'validation.maxLength'],
  ['delivery time 0', () => purchasingPart({ purchasing: { deliveryTimeDays: 0 } }), 'purchasing.deliveryTimeDays', 'validation.min'],
  ['delivery time 1000', () => purchasingPart({ purchasing: { deliveryTimeDays: 1000 } }), 'purchasing.deliveryTimeDays', 'validation.max'],
  [
    'minimum order quantity 0.99',
    () => purchasingPart({ purchasing: { minimumOrderQuantity: 0.99 } }),
    'purchasing.minimumOrderQuantity',
    'materials.validation.minimumOrderQuantity',
  ],
  [
    'minimum order quantity 1,000,000,000',
    () => purchasingPart({ purchasing: { minimumOrderQuantity: 1_000_000_000 } }),
    'purchasing.minimumOrderQuantity',
    'materials.validation.minimumOrderQuantity',
  ],
  ['purchasing comment of 101 characters', () => purchasingPart({ purchasing: { comment: 'x'.repeat(101) } }), 'purchasing.comment', 'validation.maxLength'],
  ['an unknown type', () => product({ type: 'service' }), 'type', 'materials.validation.type'],
];

/** [rule, body] for every acceptance at the same boundaries. */
const accepted: [string, () => object][] = [
  ['name of 25 characters', () => product({ name: 'x'.repeat(25) })],
  [
    'material number of 50, description of 200, custom tariff of 11',
    () => product({ materialNumber: 'x'.repeat(50), description: 'd'.repeat(200), customTariff: '8'.repeat(11) }),
  ],
  ['net price of 9 digits with 2 decimals', () => product({ netPrice: 1234567.89, vat: 99, weight: 999999.999 })],
  ['stock of 0 and of 7 characters', () => product({ stock: { quantity: 1234567, unit: 'kg' } })],
  [
    '10 attributes with a name of 10 and an option of 15',
    () => product({ attributes: [...attributes(9), { name: 'x'.repeat(10), options: ['y'.repeat(15)] }] }),
  ],
  ['10 values, a tolerance equal to the value', () => product({ values: [...values(9), value({ minTolerance: 100, maxTolerance: 100 })] })],
  ['component quantities 1 and 999', () => product({ components: [{ materialId: screwId, quantity: 1 }] })],
  ['component quantity 999', () => product({ components: [{ materialId: screwId, quantity: 999 }] })],
  [
    'supplier terms at their limits',
    () => purchasingPart({ purchasing: { supplier: 'x'.repeat(50), deliveryTimeDays: 999, minimumOrderQuantity: 999_999_999.99, comment: 'c'.repeat(100) } }),
  ],
  ['the smallest supplier terms', () => purchasingPart({ purchasing: { deliveryTimeDays: 1, minimumOrderQuantity: 1 } })],
];

describe('every rule of the material form, refused at its boundary', () => {
  it.each(refused)('refuses %s with 400 naming the field, and saves nothing', async (_rule, body, path, message) => {
    const before = await materialCount();
    const res = await admin.post('/api/materials', body());
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(res.json().error.details).toContainEqual(expect.objectContaining({ path, message }));
    expect(await materialCount()).toBe(before);
  });
});

describe('and accepted just inside it', () => {
  it.each(accepted)('accepts %s', async (_rule, body) => {
    const res = await admin.post('/api/materials', body());
    expect(res.statusCode, res.body).toBe(201);
  });

  it('keeps what was sent, numbers as plain JSON numbers', async () => {
    const body = product({ netPrice: 1234567.89, vat: 19, weight: 0.125, stock: { quantity: 12.5, unit: 'kg' }, values: [value()] });
    const created = await create(admin, body);
    const res = await admin.get(`/api/materials/${created.id}`);
    expect(res.json()).toMatchObject({ netPrice: 1234567.89, vat: 19, weight: 0.125, stock: { quantity: 12.5, unit: 'kg' }, values: [value()] });
  });
});

describe('duplicate names', () => {
  it('answers DUPLICATE_ATTRIBUTES for the same attribute name twice', async () => {
    const before = await materialCount();
    const res = await admin.post(
      '/api/materials',
      product({
        attributes: [
          { name: 'Colour', options: ['red'] },
          { name: 'colour', options: ['blue'] },
        ],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'DUPLICATE_ATTRIBUTES',
      message: 'This value already exists.',
      details: [{ path: 'attributes.1.name', message: 'errors.DUPLICATE_ATTRIBUTES' }],
    });
    expect(await materialCount()).toBe(before);
  });

  it('answers DUPLICATE_VALUES for the same value name twice', async () => {
    const res = await admin.post('/api/materials', product({ values: [value(), value({ name: 'LENGTH' })] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'DUPLICATE_VALUES', message: 'This value already exists.', details: [{ path: 'values.1.name' }] });
  });

  it('lists a duplicate among other problems under VALIDATION_ERROR', async () => {
    const res = await admin.post('/api/materials', product({ values: [value(), value({ maxTolerance: 1 })] }));
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(
      res
        .json()
        .error.details.map((d: { message: string }) => d.message)
        .sort(),
    ).toEqual(['errors.DUPLICATE_VALUES', 'materials.validation.maxToleranceBelowValue']);
  });

  it('applies the same rules to an edit', async () => {
    const created = await create(admin, product());
    const res = await admin.put(`/api/materials/${created.id}`, {
      ...product({
        attributes: [
          { name: 'Size', options: ['S'] },
          { name: 'Size', options: ['M'] },
        ],
      }),
      version: 1,
    });
    expect(res.json().error.code).toBe('DUPLICATE_ATTRIBUTES');
    const edit = await admin.put(`/api/materials/${created.id}`, { ...product({ name: 'x'.repeat(26) }), version: 1 });
    expect(edit.statusCode).toBe(400);
    expect((await admin.get(`/api/materials/${created.id}`)).json()).toMatchObject({ name: 'City bike', version: 1 });
  });
});

it('drops fields it does not know, such as a version or id smuggled into a new material', async () => {
  const res = await admin.post('/api/materials', { ...product(), id: '00000000-0000-4000-8000-000000000000', version: 77, companyId: 'x' });
  expect(res.statusCode).toBe(201);
  expect(res.json().id).not.toBe('00000000-0000-4000-8000-000000000000');
  expect(res.json().version).toBe(1);
});
