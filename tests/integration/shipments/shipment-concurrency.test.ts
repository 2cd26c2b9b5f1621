import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';
import { act, createShipment, errorOf, orderOf, shipmentBody, shipmentOf, shippingCompany, type ShippingCompany } from './support.js';

let t: TestApp;
let home: ShippingCompany;

beforeAll(async () => {
  t = await createTestApp();
  home = await shippingCompany(t, 'Gleichzeitig');
});
afterAll(async () => {
  await t?.close();
});

describe('concurrent commands', () => {
  it('a dispatch and an edit of the same copy: exactly one wins, and the orders match the shipment', async () => {
    for (let round = 0; round < 3; round++) {
      const [a, b, c] = [await home.readyOrder(), await home.readyOrder(), await home.readyOrder()];
      const shipment = await act(home.admin, await createShipment(home.admin, [a.id, b.id]), 'ready-to-dispatch');
      const [dispatch, edit] = await Promise.all([
        home.admin.post(`/api/shipments/${shipment.id}/dispatch`, { version: shipment.version }),
        home.admin.put(`/api/shipments/${shipment.id}`, { ...shipmentBody([b.id, c.id]), version: shipment.version }),
      ]);
      expect([dispatch.statusCode, edit.statusCode].sort()).toEqual([200, 409]);
      const loser = dispatch.statusCode === 409 ? dispatch : edit;
      expect(errorOf(loser.body).code).toBe('CONFLICT_ERROR');

      const now = await shipmentOf(home.admin, shipment.id);
      const statuses = Object.fromEntries(await Promise.all([a, b, c].map(async (order) => [order.id, (await orderOf(home.admin, order.id)).status] as const)));
      if (dispatch.statusCode === 200) {
        expect(now.status).toBe('sent');
        expect(now.orders.map((order) => order.id)).toEqual([a.id, b.id]);
        expect(statuses).toEqual({ [a.id]: 'dispatched', [b.id]: 'dispatched', [c.id]: 'ready-to-ship' });
      } else {
        expect(now.status).toBe('ready-for-dispatch');
        expect(now.orders.map((order) => order.id)).toEqual([b.id, c.id]);
        expect(statuses).toEqual({ [a.id]: 'ready-to-ship', [b.id]: 'ready-for-dispatch', [c.id]: 'ready-for-dispatch' });
      }
      for (const order of now.orders) expect((await orderOf(home.admin, order.id)).shipment).toMatchObject({ id: shipment.id, status: now.status });
    }
  });

  it('two shipments of the same orders named in opposite order at once: exactly one wins, never a server error', async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b] = [await home.readyOrder(), await home.readyOrder()];
      const results = await Promise.all([
        home.admin.post('/api/shipments', shipmentBody([a.id, b.id])),
        home.admin.post('/api/shipments', shipmentBody([b.id, a.id])),
      ]);
      expect(results.map((res) => res.statusCode).sort(), results.map((res) => res.body).join(' | ')).toEqual([201, 409]);
      const winner = results.find((res) => res.statusCode === 201)!.json();
      for (const order of [a, b]) expect((await orderOf(home.admin, order.id)).shipment).toMatchObject({ id: winner.id });
    }
  });

  it('one order put into two shipments at once: exactly one shipment gets it', async () => {
    for (let round = 0; round < 3; round++) {
      const [a, b, c] = [await home.readyOrder(), await home.readyOrder(), await home.readyOrder()];
      const results = await Promise.all([
        home.admin.post('/api/shipments', shipmentBody([a.id, b.id])),
        home.admin.post('/api/shipments', shipmentBody([c.id, b.id])),
      ]);
      expect(results.map((res) => res.statusCode).sort()).toEqual([201, 409]);
      const loser = results.find((res) => res.statusCode === 409)!;
      expect(['ORDER_ALREADY_IN_SHIPMENT', 'CONFLICT_ERROR']).toContain(errorOf(loser.body).code);
      const winner = results.find((res) => res.statusCode === 201)!.json();
      expect((await orderOf(home.admin, b.id)).shipment).toMatchObject({ id: winner.id });
      // The loser's other order stayed free: nothing of the refused shipment remains.
      const other = winner.orders.some((order: { id: string }) => order.id === a.id) ? c : a;
      expect((await orderOf(home.admin, other.id)).shipment).toBeNull();
      const list = await home.admin.get(`/api/shipments?orderId=${b.id}`);
      expect(list.json().total).toBe(1);
    }
  });
});
