import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldEvents } from '../../../src/domain/shared/decider.js';
import { shipmentDecider } from '../../../src/domain/shipments/shipment.decider.js';
import type { ShipmentView } from '../../../src/domain/shipments/shipments.views.js';
import { settableClock } from '../../../src/server/platform/clock.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { act, clientOf, createShipment, errorOf, orderOf, shipmentBody, shipmentOf, shippingCompany, type ShippingCompany } from './support.js';

let t: TestApp;
let home: ShippingCompany;
let rival: ShippingCompany;

beforeAll(async () => {
  t = await createTestApp({}, { clock: settableClock('2026-11-23T08:00:00.000Z') });
  home = await shippingCompany(t, 'Versand Home');
  rival = await shippingCompany(t, 'Versand Rival');
});
afterAll(async () => {
  await t?.close();
});

const change = (shipment: ShipmentView, overrides: Record<string, unknown>) =>
  home.admin.put(`/api/shipments/${shipment.id}`, { ...shipmentBody(shipment.orders.map((order) => order.id)), version: shipment.version, ...overrides });

describe('the life of a shipment', () => {
  it('creates a shipment from two orders Ready to ship of one customer; the orders show it and move only with it', async () => {
    const [a, b] = [await home.readyOrder(), await home.readyOrder()];
    const shipment = await createShipment(home.admin, [a.id, b.id]);
    expect(shipment).toMatchObject({
      status: 'open',
      shipmentNumber: expect.stringMatching(/^S\d{6}$/),
      customerName: 'Fahrradhaus Berg',
      carrier: { carrierId: null, name: 'Spedition Huber' },
      trackingId: 'HU-4711',
      shippingDate: '2026-11-24',
      orders: [
        { id: a.id, orderNumber: a.orderNumber, status: 'ready-to-ship' },
        { id: b.id, orderNumber: b.orderNumber, status: 'ready-to-ship' },
      ],
      editable: true,
      actions: ['ready-to-dispatch', 'cancel'],
    });
    const order = await orderOf(home.admin, a.id);
    expect(order.shipment).toEqual({ id: shipment.id, shipmentNumber: shipment.shipmentNumber, status: 'open' });
    expect(order.progress).toEqual({ stage: 'in-shipment', productionDone: 0, productionTotal: 0 });
    expect((await home.readyOrder()).progress).toMatchObject({ stage: 'ready' });
    expect(order.actions).not.toContain('ready-to-dispatch');
    const direct = await home.admin.post(`/api/orders/${a.id}/ready-to-dispatch`, { version: order.version });
    expect(direct.statusCode).toBe(409);
    expect(errorOf(direct.body).code).toBe('ORDER_ALREADY_IN_SHIPMENT');
  });

  it('Open -> Ready for dispatch -> Sent -> Delivered, every order with it; Sent is not editable; the history replays', async () => {
    const [a, b] = [await home.readyOrder(), await home.readyOrder()];
    let shipment = await createShipment(home.admin, [a.id, b.id]);
    shipment = await act(home.admin, shipment, 'ready-to-dispatch');
    expect(shipment.status).toBe('ready-for-dispatch');
    expect(shipment.orders.map((order) => order.status)).toEqual(['ready-for-dispatch', 'ready-for-dispatch']);

    shipment = await act(home.admin, shipment, 'dispatch');
    expect(shipment).toMatchObject({ status: 'sent', editable: false, actions: ['deliver'] });
    expect(shipment.orders.map((order) => order.status)).toEqual(['dispatched', 'dispatched']);
    expect(await orderOf(home.admin, a.id)).toMatchObject({ shipment: { id: shipment.id, status: 'sent' }, progress: { stage: 'sent' } });

    const edit = await change(shipment, { trackingId: 'HU-9999' });
    expect(edit.statusCode).toBe(409);
    expect(errorOf(edit.body)).toMatchObject({ code: 'SHIPPING_ORDER_IN_STATUS_SENT_NOT_EDITABLE', message: 'Shipment with status Sent cannot be edited' });
    const direct = await home.admin.post(`/api/orders/${a.id}/deliver`, { version: (await orderOf(home.admin, a.id)).version });
    expect(errorOf(direct.body).code).toBe('ORDER_ALREADY_IN_SHIPMENT');

    shipment = await act(home.admin, shipment, 'deliver');
    expect(shipment.status).toBe('delivered');
    expect(shipment.orders.map((order) => order.status)).toEqual(['delivered', 'delivered']);
    expect(await orderOf(home.admin, b.id)).toMatchObject({ actions: ['finish'], progress: { stage: 'delivered' }, shipment: { status: 'delivered' } });

    const history = await home.admin.get(`/api/shipments/${shipment.id}/history`);
    expect(history.statusCode).toBe(200);
    const entries = history.json().data as { type: string; data: Record<string, unknown>; who: { name: string | null } }[];
    expect(entries.map((entry) => entry.type)).toEqual([
      'ShipmentCreated',
      'ShipmentOrderAssigned',
      'ShipmentOrderAssigned',
      'ShipmentMarkedReadyForDispatch',
      'ShipmentSent',
      'ShipmentDelivered',
    ]);
    expect(entries[0].who.name).toBe('Ali Demir');
    const replayed = (upTo: number) => foldEvents(shipmentDecider, entries.slice(0, upTo));
    expect(replayed(3).status).toBe('open');
    expect(replayed(5).status).toBe('sent');
    expect(replayed(6)).toMatchObject({ status: 'delivered', orders: [{ orderId: a.id }, { orderId: b.id }] });

    const orderHistory = await home.admin.get(`/api/orders/${a.id}/history`);
    expect((orderHistory.json().data as { type: string }[]).map((entry) => entry.type).slice(-4)).toEqual([
      'OrderAssignedToShipment',
      'OrderReadyForDispatch',
      'OrderDispatched',
      'OrderDelivered',
    ]);
  });

  it('cancel frees the orders: back to Ready to ship, in no shipment, ready for another one', async () => {
    const [a, b] = [await home.readyOrder(), await home.readyOrder()];
    let shipment = await createShipment(home.admin, [a.id, b.id]);
    shipment = await act(home.admin, shipment, 'ready-to-dispatch');
    shipment = await act(home.admin, shipment, 'cancel');
    expect(shipment).toMatchObject({ status: 'canceled', editable: false, actions: [] });
    for (const orderId of [a.id, b.id]) {
      const order = await orderOf(home.admin, orderId);
      expect(order).toMatchObject({ status: 'ready-to-ship', shipment: null });
      expect(order.actions).toContain('ready-to-dispatch');
    }
    const again = await createShipment(home.admin, [a.id]);
    expect(again.status).toBe('open');
  });

  it('cancels an Open shipment too (a shipment is canceled, not deleted: its history stays)', async () => {
    const a = await home.readyOrder();
    const shipment = await act(home.admin, await createShipment(home.admin, [a.id]), 'cancel');
    expect(shipment.status).toBe('canceled');
    expect(await orderOf(home.admin, a.id)).toMatchObject({ status: 'ready-to-ship', shipment: null });
  });

  it('editing takes orders out (free again) and puts orders in, following the shipment Ready for dispatch', async () => {
    const [a, b, c] = [await home.readyOrder(), await home.readyOrder(), await home.readyOrder()];
    let shipment = await act(home.admin, await createShipment(home.admin, [a.id, b.id]), 'ready-to-dispatch');
    const res = await change(shipment, { orderIds: [b.id, c.id], trackingId: 'HU-4712', link: 'https://track.example/HU-4712' });
    expect(res.statusCode, res.body).toBe(200);
    shipment = res.json();
    expect(shipment).toMatchObject({ trackingId: 'HU-4712', link: 'https://track.example/HU-4712', status: 'ready-for-dispatch' });
    expect(shipment.orders.map((order) => [order.id, order.status])).toEqual([
      [b.id, 'ready-for-dispatch'],
      [c.id, 'ready-for-dispatch'],
    ]);
    expect(await orderOf(home.admin, a.id)).toMatchObject({ status: 'ready-to-ship', shipment: null });
  });

  it('the picker offers customer orders Ready to ship and in no shipment only', async () => {
    const free = await home.readyOrder('Picker Kunde');
    const taken = await home.readyOrder('Picker Kunde');
    const open = await home.openOrder('Picker Kunde');
    await createShipment(home.admin, [taken.id], { deliveredBy: { source: 'typed', name: 'DHL' } });
    const res = await home.admin.get('/api/shipments/shippable-orders?q=Picker');
    expect(res.statusCode).toBe(200);
    const ids = (res.json().data as { id: string }[]).map((order) => order.id);
    expect(ids).toContain(free.id);
    expect(ids).not.toContain(taken.id);
    expect(ids).not.toContain(open.id);
  });
});

describe('refusals', () => {
  it('a transition from the wrong status', async () => {
    const shipment = await createShipment(home.admin, [(await home.readyOrder()).id]);
    const res = await home.admin.post(`/api/shipments/${shipment.id}/dispatch`, { version: shipment.version });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res.body)).toMatchObject({ code: 'ORDER_TRANSITION_NOT_ALLOWED', details: [{ params: { status: 'open', action: 'dispatch' } }] });
    const delivered = await home.admin.post(`/api/shipments/${shipment.id}/deliver`, { version: shipment.version });
    expect(errorOf(delivered.body).code).toBe('ORDER_TRANSITION_NOT_ALLOWED');
  });

  it("another company's order, or one that does not exist: invalid order ID", async () => {
    const foreign = await rival.readyOrder();
    const mine = await home.readyOrder();
    const res = await home.admin.post('/api/shipments', shipmentBody([mine.id, foreign.id]));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body)).toMatchObject({ code: 'INVALID_ORDER_ID', message: 'Invalid order ID', details: [{ path: 'orderIds.1' }] });
    expect((await orderOf(home.admin, mine.id)).shipment).toBeNull();
    expect((await orderOf(rival.admin, foreign.id)).shipment).toBeNull();
  });

  it('orders of different customers', async () => {
    const [a, b] = [await home.readyOrder('Fahrradhaus Berg'), await home.readyOrder('Radsport Lang')];
    const res = await home.admin.post('/api/shipments', shipmentBody([a.id, b.id]));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body)).toMatchObject({ code: 'SHIPMENT_ORDERS_OF_DIFFERENT_CUSTOMERS', details: [{ path: 'orderIds.1' }] });
  });

  it('an order that is not Ready to ship, or already shipped', async () => {
    const open = await home.openOrder();
    const res = await home.admin.post('/api/shipments', shipmentBody([open.id]));
    expect(res.statusCode).toBe(409);
    expect(errorOf(res.body).code).toBe('ORDER_NOT_READY_TO_SHIP');

    const a = await home.readyOrder();
    const shipped = await act(home.admin, await createShipment(home.admin, [a.id]), 'ready-to-dispatch');
    await act(home.admin, shipped, 'dispatch');
    const again = await home.admin.post('/api/shipments', shipmentBody([a.id]));
    expect(again.statusCode).toBe(409);
    expect(errorOf(again.body).code).toBe('ORDER_NOT_READY_TO_SHIP');
  });

  it('an order already in another open shipment', async () => {
    const a = await home.readyOrder();
    await createShipment(home.admin, [a.id]);
    const res = await home.admin.post('/api/shipments', shipmentBody([a.id]));
    expect(res.statusCode).toBe(409);
    expect(errorOf(res.body)).toMatchObject({ code: 'ORDER_ALREADY_IN_SHIPMENT', details: [{ path: 'orderIds.0' }] });
  });

  it('a stale copy', async () => {
    const shipment = await createShipment(home.admin, [(await home.readyOrder()).id]);
    await act(home.admin, shipment, 'ready-to-dispatch');
    const res = await home.admin.post(`/api/shipments/${shipment.id}/cancel`, { version: shipment.version });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res.body).code).toBe('CONFLICT_ERROR');
    expect((await shipmentOf(home.admin, shipment.id)).status).toBe('ready-for-dispatch');
  });

  it("another company's shipment is not found", async () => {
    const shipment = await createShipment(home.admin, [(await home.readyOrder()).id]);
    for (const res of [
      await rival.admin.get(`/api/shipments/${shipment.id}`),
      await rival.admin.get(`/api/shipments/${shipment.id}/history`),
      await rival.admin.put(`/api/shipments/${shipment.id}`, { ...shipmentBody([]), orderIds: [shipment.orders[0].id], version: shipment.version }),
      await rival.admin.post(`/api/shipments/${shipment.id}/ready-to-dispatch`, { version: shipment.version }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(errorOf(res.body)).toMatchObject({ code: 'SHIPPING_ORDER_NOT_FOUND', message: 'Shipping order ID not found or undefined' });
    }
    const list = await rival.admin.get('/api/shipments');
    expect((list.json().data as { id: string }[]).map((row) => row.id)).not.toContain(shipment.id);
    expect((await shipmentOf(home.admin, shipment.id)).status).toBe('open');
  });

  it('a role that may not write: 403; without a token: 401', async () => {
    const a = await home.readyOrder();
    const res = await home.operator.post('/api/shipments', shipmentBody([a.id]));
    expect(res.statusCode).toBe(403);
    const shipment = await createShipment(home.admin, [a.id]);
    expect((await home.operator.post(`/api/shipments/${shipment.id}/cancel`, { version: shipment.version })).statusCode).toBe(403);
    expect((await home.operator.get(`/api/shipments/${shipment.id}`)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/shipments' })).statusCode).toBe(401);
  });

  it('an administrator without the shipments change right: 403 on writes, reads still answer', async () => {
    const team = await shippingCompany(t, 'Rechte GmbH');
    const owner = clientOf(t, team.company.superUser.token);
    const order = await team.readyOrder();
    const matrix = (await owner.get('/api/team/user-rights')).json();
    const users = matrix.users.map((row: { userId: string; changeRights: string[] }) =>
      row.userId === team.company.admin.id ? { ...row, changeRights: row.changeRights.filter((right) => right !== 'shipments') } : row,
    );
    const saved = await owner.put('/api/team/user-rights', { version: matrix.version, users });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await team.admin.post('/api/shipments', shipmentBody([order.id]));
    expect(res.statusCode).toBe(403);
    expect(errorOf(res.body).code).toBe('CHANGE_RIGHT_MISSING');
    expect((await team.admin.get('/api/shipments')).statusCode).toBe(200);
    expect((await owner.post('/api/shipments', shipmentBody([order.id]))).statusCode).toBe(201);
  });

  it('bad input: 400 naming the field', async () => {
    const a = await home.readyOrder();
    const cases: [Record<string, unknown>, string][] = [
      [{ orderIds: [] }, 'orderIds'],
      [{ orderIds: ['not-an-id'] }, 'orderIds.0'],
      [{ orderIds: [a.id, a.id] }, 'orderIds.1'],
      [{ deliveredBy: { source: 'typed', name: '' } }, 'deliveredBy.name'],
      [{ deliveredBy: { source: 'master-data', carrierId: 'dhl' } }, 'deliveredBy.carrierId'],
      [{ deliveredBy: { source: 'post', name: 'DHL' } }, 'deliveredBy.source'],
      [{ shippingDate: '24.11.2026' }, 'shippingDate'],
      [{ link: 'javascript:alert(1)' }, 'link'],
    ];
    for (const [overrides, path] of cases) {
      const res = await home.admin.post('/api/shipments', shipmentBody([a.id], overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(
        errorOf(res.body).details.map((detail) => detail.path),
        JSON.stringify(overrides),
      ).toContain(path);
    }
    expect((await home.admin.get('/api/shipments/not-a-uuid')).statusCode).toBe(400);
    expect((await home.admin.post(`/api/shipments/${a.id}/dispatch`, {})).statusCode).toBe(400);
    expect((await orderOf(home.admin, a.id)).shipment).toBeNull();
  });
});

describe('the list', () => {
  it('pages, filters by status, searches number, customer and tracking ID, and sorts', async () => {
    const list = await shippingCompany(t, 'Listen GmbH');
    const made: ShipmentView[] = [];
    for (const [index, customer] of ['Alpha Räder', 'Beta Bikes', 'Gamma Sport'].entries()) {
      made.push(await createShipment(list.admin, [(await list.readyOrder(customer)).id], { trackingId: `TRK-${index}` }));
    }
    await act(list.admin, made[1], 'cancel');
    const page = async (query: string) => {
      const res = await list.admin.get(`/api/shipments?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: { shipmentNumber: string; customerName: string; status: string }[]; total: number; page: number; limit: number };
    };
    expect(await page('limit=2')).toMatchObject({ total: 3, page: 1, limit: 2, data: [{ customerName: 'Gamma Sport' }, { customerName: 'Beta Bikes' }] });
    expect((await page('limit=2&page=2')).data.map((row) => row.customerName)).toEqual(['Alpha Räder']);
    expect(await page('limit=2&page=5')).toMatchObject({ total: 3, data: [] });
    expect((await page('status=canceled')).data.map((row) => row.customerName)).toEqual(['Beta Bikes']);
    expect((await page('status=open,canceled')).total).toBe(3);
    expect((await page('q=gamma')).data.map((row) => row.customerName)).toEqual(['Gamma Sport']);
    expect((await page('q=trk-0')).data.map((row) => row.customerName)).toEqual(['Alpha Räder']);
    expect((await page(`q=${made[1].shipmentNumber}`)).data.map((row) => row.customerName)).toEqual(['Beta Bikes']);
    expect((await page('sort=customerName')).data.map((row) => row.customerName)).toEqual(['Alpha Räder', 'Beta Bikes', 'Gamma Sport']);
    expect((await page(`orderId=${made[0].orders[0].id}`)).data.map((row) => row.customerName)).toEqual(['Alpha Räder']);
    expect((await list.admin.get('/api/shipments?status=lost')).statusCode).toBe(400);
  });
});
