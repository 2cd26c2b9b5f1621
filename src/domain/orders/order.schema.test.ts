import { describe, expect, it } from 'vitest';
import { issueToDetail } from '../shared/validation.js';
import { isDelayed } from './order.machine.js';
import { testOrderForm } from './order.testing.js';
import { formatOrderNumber, orderNumbersFrom, parseOrderNumber } from '../company/company.numbering.js';
import { advertisementSchema, netSumOf, orderFormSchema, orderListQuerySchema, orderNumberParamsSchema, type OrderFormInput } from './order.schema.js';

const materialId = '00000000-0000-4000-8000-0000000000aa';

const form = (overrides: Partial<OrderFormInput> = {}): OrderFormInput => ({
  ...testOrderForm,
  positions: [{ materialId, quantity: 2, netPrice: 499.9 }],
  ...overrides,
});

/** The error details of a form, as the server and the web show them. */
function problemsOf(input: unknown) {
  const result = orderFormSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map(issueToDetail).map(({ path, message, params }) => ({ path, message, ...(params ? { params } : {}) }));
}

describe('the order form (spec section 5, Order)', () => {
  it('takes a valid order and fills what may be left out', () => {
    const parsed = orderFormSchema.parse(form());
    expect(parsed).toMatchObject({
      addressSuffix: '',
      country: '',
      prioritize: false,
      deliveryDate: null,
      noteForProduction: '',
      incoterm: null,
      stockOrder: false,
      positions: [{ materialId, quantity: 2, netPrice: 499.9, useInventory: false }],
    });
  });

  it.each([
    ['name', 50],
    ['street', 50],
    ['houseNumber', 10],
    ['zip', 10],
    ['place', 50],
    ['workInProgress', 50],
  ] as const)('requires %s, at most %i characters', (field, max) => {
    expect(problemsOf(form({ [field]: 'x'.repeat(max) }))).toEqual([]);
    expect(problemsOf(form({ [field]: 'x'.repeat(max + 1) }))).toEqual([{ path: field, message: 'validation.maxLength', params: { max } }]);
    expect(problemsOf(form({ [field]: '  ' }))).toEqual([{ path: field, message: 'validation.required', params: { min: 1 } }]);
    expect(problemsOf({ ...form(), [field]: undefined })).toEqual([{ path: field, message: 'validation.required' }]);
  });

  it.each([
    ['addressSuffix', 50],
    ['noteForProduction', 100],
  ] as const)('allows %s to be empty, at most %i characters', (field, max) => {
    expect(problemsOf(form({ [field]: '' }))).toEqual([]);
    expect(problemsOf(form({ [field]: 'x'.repeat(max) }))).toEqual([]);
    expect(problemsOf(form({ [field]: 'x'.repeat(max + 1) }))).toEqual([{ path: field, message: 'validation.maxLength', params: { max } }]);
  });

  it('needs at least one position', () => {
    expect(problemsOf(form({ positions: [] }))).toEqual([{ path: 'positions', message: 'orders.validation.positionsRequired', params: { min: 1 } }]);
    expect(problemsOf({ ...form(), positions: undefined })).toEqual([{ path: 'positions', message: 'orders.validation.positionsRequired' }]);
  });

  it('takes quantities from 1 to 999, whole pieces only', () => {
    const withQuantity = (quantity: unknown) => form({ positions: [{ materialId, quantity: quantity as number, netPrice: 1 }] });
    expect(problemsOf(withQuantity(1))).toEqual([]);
    expect(problemsOf(withQuantity(999))).toEqual([]);
    expect(problemsOf(withQuantity(0))).toEqual([{ path: 'positions.0.quantity', message: 'validation.min', params: { min: 1 } }]);
    expect(problemsOf(withQuantity(1000))).toEqual([{ path: 'positions.0.quantity', message: 'validation.max', params: { max: 999 } }]);
    expect(problemsOf(withQuantity(1.5))).toEqual([{ path: 'positions.0.quantity', message: 'validation.wholeNumber' }]);
    expect(problemsOf(withQuantity(undefined))).toEqual([{ path: 'positions.0.quantity', message: 'validation.required' }]);
  });

  it('requires a valid net price: not negative, at most 9 digits with 2 decimals', () => {
    const withPrice = (netPrice: unknown) => form({ positions: [{ materialId, quantity: 1, netPrice: netPrice as number }] });
    expect(problemsOf(withPrice(0))).toEqual([]);
    expect(problemsOf(withPrice(9_999_999.99))).toEqual([]);
    expect(problemsOf(withPrice(undefined))).toEqual([{ path: 'positions.0.netPrice', message: 'validation.required' }]);
    expect(problemsOf(withPrice(-1))).toEqual([{ path: 'positions.0.netPrice', message: 'validation.notNegative' }]);
    expect(problemsOf(withPrice(1.999))).toEqual([{ path: 'positions.0.netPrice', message: 'orders.validation.netPrice' }]);
    expect(problemsOf(withPrice(99_999_999.99))).toEqual([{ path: 'positions.0.netPrice', message: 'orders.validation.netPrice' }]);
    expect(problemsOf(withPrice('12,50'))).toEqual([{ path: 'positions.0.netPrice', message: 'validation.number' }]);
  });

  it('names a position without a material', () => {
    expect(problemsOf(form({ positions: [{ materialId: 'drill', quantity: 1, netPrice: 1 }] }))).toEqual([
      { path: 'positions.0.materialId', message: 'orders.validation.positionMaterial' },
    ]);
  });

  it('stockOrderTakesNothingFromStock: a stock order cannot set use-inventory on a position', () => {
    const positions = [
      { materialId, quantity: 1, netPrice: 1 },
      { materialId, quantity: 1, netPrice: 1, useInventory: true },
    ];
    expect(problemsOf(form({ stockOrder: false, positions }))).toEqual([]);
    expect(problemsOf(form({ stockOrder: true, positions }))).toEqual([
      { path: 'positions.1.useInventory', message: 'orders.validation.stockOrderUseInventory' },
    ]);
  });

  it('takes a delivery date as a calendar day', () => {
    expect(problemsOf(form({ deliveryDate: '2026-12-24' }))).toEqual([]);
    expect(problemsOf(form({ deliveryDate: '2026-02-30' }))).toEqual([{ path: 'deliveryDate', message: 'validation.invalidFormat' }]);
    expect(problemsOf(form({ deliveryDate: '24.12.2026' }))).toEqual([{ path: 'deliveryDate', message: 'validation.invalidFormat' }]);
  });

  it('knows the Incoterms', () => {
    expect(problemsOf(form({ incoterm: 'DAP' }))).toEqual([]);
    expect(problemsOf(form({ incoterm: 'XYZ' as 'DAP' }))).toEqual([{ path: 'incoterm', message: 'orders.validation.incoterm' }]);
  });
});

describe('the advertisement comment', () => {
  it('is at most 100 characters', () => {
    expect(advertisementSchema.safeParse({ comment: 'x'.repeat(100) }).success).toBe(true);
    const result = advertisementSchema.safeParse({ comment: 'x'.repeat(101) });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map(issueToDetail)).toEqual([{ path: 'comment', message: 'validation.maxLength', params: { max: 100 } }]);
  });
});

describe('the net sum', () => {
  it('adds quantity times net price exactly to the cent', () => {
    expect(
      netSumOf([
        { quantity: 3, netPrice: 0.1 },
        { quantity: 999, netPrice: 9_999_999.99 },
      ]),
    ).toBe(9_989_999_990.31);
    expect(netSumOf([{ quantity: 7, netPrice: 19.99 }])).toBe(139.93);
  });
});

describe('order numbers', () => {
  it('are the consecutive number, zero-padded, after the company letters', () => {
    expect(formatOrderNumber(42)).toBe('000042');
    expect(formatOrderNumber(1_234_567, 'AB')).toBe('AB1234567');
    expect(orderNumbersFrom(9, 2)).toEqual([
      { number: 9, orderNumber: '000009' },
      { number: 10, orderNumber: '000010' },
    ]);
  });

  it('are read back only when the numbering can have written them', () => {
    expect(parseOrderNumber('000042')).toEqual({ letters: '', number: 42 });
    expect(parseOrderNumber('AB1234567')).toEqual({ letters: 'AB', number: 1_234_567 });
    expect(parseOrderNumber('Äb000007')).toEqual({ letters: 'Äb', number: 7 });
    for (const malformed of ['', '42', '00042', '0000042', '000000', 'ABC000042', '1234567890', 'A-000042', '000042 ', '0000٤2']) {
      expect(parseOrderNumber(malformed), malformed).toBeNull();
    }
  });

  it('are checked on the lookup by number, a scanned trailing blank trimmed', () => {
    expect(orderNumberParamsSchema.parse({ orderNumber: ' 000042 ' })).toEqual({ orderNumber: '000042' });
    const refused = orderNumberParamsSchema.safeParse({ orderNumber: '42' });
    expect(refused.success ? [] : refused.error.issues.map(issueToDetail)).toEqual([{ path: 'orderNumber', message: 'validation.invalidFormat' }]);
  });
});

describe('delayed', () => {
  it('is a delivery date that has passed on an order not delivered yet', () => {
    const today = '2026-11-21';
    expect(isDelayed({ status: 'in-progress', deliveryDate: '2026-11-20' }, today)).toBe(true);
    expect(isDelayed({ status: 'dispatched', deliveryDate: '2026-11-20' }, today)).toBe(true);
    expect(isDelayed({ status: 'in-progress', deliveryDate: '2026-11-21' }, today)).toBe(false);
    expect(isDelayed({ status: 'in-progress', deliveryDate: null }, today)).toBe(false);
    for (const status of ['delivered', 'finished', 'ready-to-use', 'canceled'] as const) {
      expect(isDelayed({ status, deliveryDate: '2026-01-01' }, today)).toBe(false);
    }
  });
});

describe('the list query', () => {
  it('reads filters, paging and sort from the query string', () => {
    expect(orderListQuerySchema.parse({ status: 'open,in-progress', delayed: 'true', page: '2', sort: '-deliveryDate' })).toEqual({
      status: ['open', 'in-progress'],
      delayed: true,
      page: 2,
      limit: 10,
      sort: '-deliveryDate',
    });
    expect(orderListQuerySchema.safeParse({ status: 'lost' }).success).toBe(false);
    expect(orderListQuerySchema.safeParse({ sort: 'secret' }).success).toBe(false);
  });
});
