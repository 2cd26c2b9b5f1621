import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShipmentView, ShippableOrders } from '../../../src/domain/shipments/shipments.views.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { act as actOnOrder, createOrder, orderBody, orderLine, type OrderLine } from '../orders/support.js';
import { act, errorOf, orderOf, shipmentBody, shipmentOf, shippingCompany, type Client, type ShippingCompany } from './support.js';

// Partial shipments (issue 27, docs/shipments.md "Partial shipments"): a shipment line takes a
// quantity of the order's ready pieces; the rest ships later.
let t: TestApp;
let home: ShippingCompany;
let other: ShippingCompany;

beforeAll(async () => {
  t = await createTestApp();
  home = await shippingCompany(t, 'Teillieferung');
  other = await shippingCompany(t, 'Andere GmbH');
});
afterAll(async () => {
  await t?.close();
});

const partBody = (lines: { orderId: string; quantity?: number }[], overrides: Record<string, unknown> = {}) =>
  shipmentBody([], { orderIds: undefined, orders: lines, ...overrides });

async function createPart(client: Client, lines: { orderId: string; quantity?: number }[]): Promise<ShipmentView> {
  const res = await client.post('/api/shipments', partBody(lines));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const shippable = async (client: Client, q: string) => {
  const res = await client.get(`/api/shipments/shippable-orders?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ShippableOrders).data;
};
const historyTypes = async (client: Client, orderId: string) =>
  ((await client.get(`/api/orders/${orderId}/history`)).json().data as { type: string }[]).map((entry) => entry.type);

describe('a shipment line with a quantity', () => {
  it('ships 30 of 50 ready pieces, then the remaining 20 later; the order reaches Delivered only with the last', async () => {
    const order = await home.readyOrder('Radhaus Teil', 50);
    expect(await shippable(home.admin, order.orderNumber)).toEqual([expect.objectContaining({ id: order.id, ordered: 50, readyQuantity: 50 })]);

    const first = await createPart(home.admin, [{ orderId: order.id, quantity: 30 }]);
    expect(first.orders).toEqual([expect.objectContaining({ id: order.id, quantity: 30, ordered: 50, status: 'ready-to-ship' })]);
    // In an open shipment, the order is not offered again (one open shipment per order).
    expect(await shippable(home.admin, order.orderNumber)).toEqual([]);
    const sent = await act(home.admin, await act(home.admin, first, 'ready-to-dispatch'), 'dispatch');
    expect(sent.status).toBe('sent');
    expect((await orderOf(home.admin, order.id)).status).toBe('ready-to-ship');
    expect(await shippable(home.admin, order.orderNumber)).toEqual([expect.objectContaining({ id: order.id, readyQuantity: 20 })]);

    // The rest: no quantity means all that is ready; the order moves with this shipment as a whole order does.
    const second = await createPart(home.admin, [{ orderId: order.id }]);
    expect(second.orders).toEqual([expect.objectContaining({ id: order.id, quantity: 20 })]);
    const delivered = await act(home.admin, await act(home.admin, await act(home.admin, second, 'ready-to-dispatch'), 'dispatch'), 'deliver');
    expect(delivered.status).toBe('delivered');
    expect((await orderOf(home.admin, order.id)).status).toBe('delivered');
    // The first shipment delivered afterwards changes nothing more on the order.
    await act(home.admin, sent, 'deliver');
    expect(await historyTypes(home.admin, order.id)).toEqual(
      expect.arrayContaining(['OrderPartAssignedToShipment', 'OrderPartDispatched', 'OrderAssignedToShipment', 'OrderDelivered']),
    );
  });

  it('keeps the whole-order flow unchanged when the form names orders without quantities', async () => {
    const order = await home.readyOrder('Radhaus Ganz', 5);
    const res = await home.admin.post('/api/shipments', shipmentBody([order.id]));
    expect(res.statusCode, res.body).toBe(201);
    const shipment = res.json() as ShipmentView;
    expect(shipment.orders).toEqual([expect.objectContaining({ id: order.id, quantity: 5 })]);
    await act(home.admin, shipment, 'ready-to-dispatch');
    expect((await orderOf(home.admin, order.id)).status).toBe('ready-for-dispatch');
  });

  it('refuses more than is ready: 400 on orders.N.quantity, translated, nothing stored', async () => {
    const order = await home.readyOrder('Radhaus Zuviel', 10);
    const before = (await home.admin.get('/api/shipments')).json().total as number;
    const res = await home.admin.post('/api/shipments', partBody([{ orderId: order.id, quantity: 11 }]));
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res.body).details).toEqual([
      { path: 'orders.0.quantity', message: 'shipments.validation.quantityAboveReady', params: { orderNumber: order.orderNumber, ready: 10 } },
    ]);
    for (const quantity of [0, 2.5, -1]) {
      const bad = await home.admin.post('/api/shipments', partBody([{ orderId: order.id, quantity }]));
      expect(bad.statusCode, bad.body).toBe(400);
      expect(errorOf(bad.body).details[0].path).toBe('orders.0.quantity');
    }
    expect((await home.admin.get('/api/shipments')).json().total).toBe(before);
    expect((await orderOf(home.admin, order.id)).shipment).toBeNull();
  });

  it('a canceled shipment, or the order taken out, releases its pieces', async () => {
    const order = await home.readyOrder('Radhaus Storno', 10);
    const canceled = await act(home.admin, await createPart(home.admin, [{ orderId: order.id, quantity: 4 }]), 'cancel');
    expect(canceled.status).toBe('canceled');
    expect(await shippable(home.admin, order.orderNumber)).toEqual([expect.objectContaining({ readyQuantity: 10 })]);

    const keeper = await home.readyOrder('Radhaus Storno', 1);
    const shipment = await createPart(home.admin, [{ orderId: keeper.id }, { orderId: order.id, quantity: 6 }]);
    const edited = await home.admin.put(`/api/shipments/${shipment.id}`, { ...shipmentBody([keeper.id]), version: shipment.version });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await shippable(home.admin, order.orderNumber)).toEqual([expect.objectContaining({ readyQuantity: 10 })]);
    expect(await historyTypes(home.admin, order.id)).toEqual(expect.arrayContaining(['OrderPartAssignedToShipment', 'OrderPartReleased']));
  });

  it('keeps the quantity of an order already in the shipment: another one on an edit is 400', async () => {
    const order = await home.readyOrder('Radhaus Fest', 10);
    const shipment = await createPart(home.admin, [{ orderId: order.id, quantity: 3 }]);
    const res = await home.admin.put(`/api/shipments/${shipment.id}`, { ...partBody([{ orderId: order.id, quantity: 4 }]), version: shipment.version });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res.body).details[0]).toMatchObject({ path: 'orders.0.quantity', message: 'shipments.validation.quantityFixed' });
    expect((await shipmentOf(home.admin, shipment.id)).orders[0].quantity).toBe(3);
  });

  it('two assignments of the same ready pieces at once: one wins, the other is 409', async () => {
    for (let round = 0; round < 3; round++) {
      const order = await home.readyOrder('Radhaus Rennen', 10);
      const results = await Promise.all([
        home.admin.post('/api/shipments', partBody([{ orderId: order.id, quantity: 10 }])),
        home.admin.post('/api/shipments', partBody([{ orderId: order.id, quantity: 7 }])),
      ]);
      expect(results.map((res) => res.statusCode).sort(), results.map((res) => res.body).join(' | ')).toEqual([201, 409]);
      const loser = results.find((res) => res.statusCode === 409)!;
      expect(['ORDER_ALREADY_IN_SHIPMENT', 'CONFLICT_ERROR']).toContain(errorOf(loser.body).code);
      const winner = results.find((res) => res.statusCode === 201)!.json() as ShipmentView;
      expect((await orderOf(home.admin, order.id)).shipment).toMatchObject({ id: winner.id });
      expect((await home.admin.get(`/api/shipments?orderId=${order.id}`)).json().total).toBe(1);
    }
  });

  it('refuses an operator (403) and another company’s order (400 INVALID_ORDER_ID), nothing stored', async () => {
    const order = await home.readyOrder('Radhaus Rolle', 10);
    const asOperator = await home.operator.post('/api/shipments', partBody([{ orderId: order.id, quantity: 2 }]));
    expect(asOperator.statusCode, asOperator.body).toBe(403);
    const foreign = await other.admin.post('/api/shipments', partBody([{ orderId: order.id, quantity: 2 }]));
    expect(foreign.statusCode, foreign.body).toBe(400);
    expect(errorOf(foreign.body).code).toBe('INVALID_ORDER_ID');
    expect(await shippable(other.admin, order.orderNumber)).toEqual([]);
    expect((await orderOf(home.admin, order.id)).shipment).toBeNull();
  });
});

describe('an order still in production', () => {
  let line: OrderLine;
  beforeAll(async () => {
    line = await orderLine(t);
  });

  it('ships the good pieces of its finished split order while the rest is on the line (50 ordered, 30 good, then 20)', async () => {
    const { saw, drill } = line.stations;
    const atSaw = await line.signInAt(0, saw.id);
    const atDrill = await line.signInAt(1, drill.id);
    const customer = await actOnOrder(
      line.admin,
      await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 50 }])),
      'start-production',
    );
    let production = await orderOf(line.admin, customer.productionOrders[0].id);
    production = await actOnOrder(atSaw, production, 'start-work', { stationId: saw.id });
    production = await actOnOrder(atSaw, production, 'complete-work', { stationId: saw.id });
    production = await actOnOrder(atDrill, production, 'start-work', { stationId: drill.id });
    // 30 good at the last station: the split child FB…-1 is finished at once, the 20 stay at DRILL.
    production = await actOnOrder(atDrill, production, 'complete-work', { stationId: drill.id, good: 30 });

    expect((await orderOf(line.superUser, customer.id)).status).toBe('in-progress');
    expect(await shippable(line.superUser, customer.orderNumber)).toEqual([expect.objectContaining({ id: customer.id, ordered: 50, readyQuantity: 30 })]);
    const above = await line.superUser.post('/api/shipments', partBody([{ orderId: customer.id, quantity: 31 }]));
    expect(above.statusCode, above.body).toBe(400);
    const first = await createPart(line.superUser, [{ orderId: customer.id, quantity: 30 }]);
    await act(line.superUser, await act(line.superUser, first, 'ready-to-dispatch'), 'dispatch');
    expect((await orderOf(line.superUser, customer.id)).status).toBe('in-progress');

    // Nothing of it is ready now (the 30 went out): it is not offered, and it takes no place of the
    // picker's limit from a later order that is ready.
    const later = await actOnOrder(
      line.admin,
      await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 1 }])),
      'start-production',
    );
    let laterProduction = await orderOf(line.admin, later.productionOrders[0].id);
    laterProduction = await actOnOrder(atSaw, laterProduction, 'start-work', { stationId: saw.id });
    laterProduction = await actOnOrder(atSaw, laterProduction, 'complete-work', { stationId: saw.id });
    laterProduction = await actOnOrder(atDrill, laterProduction, 'start-work', { stationId: drill.id });
    await actOnOrder(atDrill, laterProduction, 'complete-work', { stationId: drill.id });
    const firstOffered = await line.superUser.get('/api/shipments/shippable-orders?limit=1');
    expect(firstOffered.statusCode, firstOffered.body).toBe(200);
    expect((firstOffered.json() as ShippableOrders).data).toEqual([expect.objectContaining({ id: later.id, readyQuantity: 1 })]);

    // The rest is completed: the customer order is Ready to ship with the 20 left.
    await actOnOrder(atDrill, production, 'complete-work', { stationId: drill.id });
    expect((await orderOf(line.superUser, customer.id)).status).toBe('ready-to-ship');
    expect(await shippable(line.superUser, customer.orderNumber)).toEqual([expect.objectContaining({ readyQuantity: 20 })]);
    const second = await createPart(line.superUser, [{ orderId: customer.id, quantity: 20 }]);
    await act(line.superUser, await act(line.superUser, await act(line.superUser, second, 'ready-to-dispatch'), 'dispatch'), 'deliver');
    expect((await orderOf(line.superUser, customer.id)).status).toBe('delivered');
  });
});
