import { describe, expect, it } from 'vitest';
import { orderFormSchema } from '../../../domain/orders/order.schema';
import { testOrderForm } from '../../../domain/orders/order.testing';
import { validateInput } from '../../lib/error-messages';
import { clientFields, draftNetSum, emptyDraft, formInputOf, type OrderDraft } from './order-draft';

const material = { id: '00000000-0000-4000-8000-0000000000b1', label: 'Wheel (F-2)', type: 'manufacturing_part' as const };

const filled = (overrides: Partial<OrderDraft> = {}): OrderDraft => ({
  ...emptyDraft(),
  ...testOrderForm,
  positions: [{ key: 'a', material, quantity: 3, netPrice: 19.99, useInventory: true }],
  ...overrides,
});

describe('the order form against the domain schema', () => {
  it('sends a filled customer order as the schema reads it', () => {
    const checked = validateInput(orderFormSchema, formInputOf('customer', filled({ deliveryDate: '2026-12-01' })));
    expect(checked).toMatchObject({
      ok: true,
      value: { deliveryDate: '2026-12-01', positions: [{ materialId: material.id, quantity: 3, netPrice: 19.99, useInventory: true }] },
    });
  });

  it('names every missing field and a position without material or quantity', () => {
    const checked = validateInput(
      orderFormSchema,
      formInputOf('customer', { ...emptyDraft(), positions: [{ key: 'a', material: null, quantity: null, netPrice: null, useInventory: false }] }),
    );
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(Object.keys(checked.errors).sort()).toEqual(
      ['houseNumber', 'name', 'place', 'positions.0.materialId', 'positions.0.netPrice', 'positions.0.quantity', 'street', 'workInProgress', 'zip'].sort(),
    );
    expect(checked.errors['positions.0.materialId'].message).toBe('orders.validation.positionMaterial');
  });

  it('refuses use-inventory on a stock order with the domain message, and quantities outside 1-999', () => {
    const stock = validateInput(orderFormSchema, formInputOf('customer', filled({ stockOrder: true })));
    expect(stock).toMatchObject({ ok: false, errors: { 'positions.0.useInventory': { message: 'orders.validation.stockOrderUseInventory' } } });
    const tooMany = validateInput(
      orderFormSchema,
      formInputOf('customer', filled({ positions: [{ key: 'a', material, quantity: 1000, netPrice: 1, useInventory: false }] })),
    );
    expect(tooMany).toMatchObject({ ok: false, errors: { 'positions.0.quantity': { message: 'validation.max', params: { max: 999 } } } });
  });

  it('never sends stock flags for production and logistics orders', () => {
    const input = formInputOf('logistics', filled({ stockOrder: true }));
    expect(input.stockOrder).toBe(false);
    expect(input.positions?.[0].useInventory).toBe(false);
  });

  it('adds up the net sum to the cent from the positions filled in so far', () => {
    expect(
      draftNetSum({
        positions: [
          { key: 'a', material, quantity: 3, netPrice: 0.1, useInventory: false },
          { key: 'b', material, quantity: 7, netPrice: 19.99, useInventory: false },
          { key: 'c', material, quantity: null, netPrice: 5, useInventory: false },
        ],
      }),
    ).toBe(140.23);
  });

  it('fills name and address from a picked client (its delivery address, else its billing address) and sends the link', () => {
    const none = { street: '', houseNumber: '', addressSuffix: '', zip: '', place: '', country: '' };
    const billing = { street: 'Ring', houseNumber: '1', addressSuffix: '', zip: '10115', place: 'Berlin', country: 'DE' };
    const client = { id: '00000000-0000-4000-8000-0000000000c1', name: 'Velo Süd GmbH', deliveryAddress: none, billingAddress: billing };
    expect(clientFields(client)).toEqual({ client: { id: client.id, name: 'Velo Süd GmbH' }, name: 'Velo Süd GmbH', ...billing });
    const delivery = { ...none, street: 'Hauptstraße', place: 'München' };
    expect(clientFields({ ...client, deliveryAddress: delivery })).toMatchObject({ street: 'Hauptstraße', place: 'München', zip: '' });

    const linked = filled({ ...clientFields({ ...client, deliveryAddress: { ...billing, street: 'Hauptstraße' } }), addressSuffix: 'Tor 2' });
    expect(validateInput(orderFormSchema, formInputOf('customer', linked))).toMatchObject({
      ok: true,
      value: { clientId: client.id, name: 'Velo Süd GmbH', street: 'Hauptstraße', addressSuffix: 'Tor 2' },
    });
    expect(validateInput(orderFormSchema, formInputOf('customer', filled()))).toMatchObject({ ok: true, value: { clientId: null } });
  });
});
