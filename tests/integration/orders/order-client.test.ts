import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientView } from '../../../src/domain/clients/clients.views.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { createOrder, errorOf, orderBody, orderLine, orderOf, type Client, type OrderLine } from './support.js';

// The order's customer linked (issue 25, item 19): `clientId` names a client of the company's own
// customer directory; the order keeps its own copy of the name and address.
let t: TestApp;
let line: OrderLine;
let other: OrderLine;
let velo: ClientView;
let foreign: ClientView;

async function addClient(client: Client, body: object): Promise<ClientView> {
  const res = await client.post('/api/clients', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp();
  line = await orderLine(t);
  other = await orderLine(t);
  velo = await addClient(line.admin, { name: 'Velo Süd GmbH', deliveryAddress: { street: 'Hauptstraße', houseNumber: '12a', zip: '80331', place: 'München' } });
  foreign = await addClient(other.admin, { name: 'Fremdkunde AG' });
});
afterAll(async () => {
  await t?.close();
});

const countOrders = async (l: OrderLine = line) => (await l.admin.get('/api/orders?limit=1')).json().total as number;
const bikes = () => [{ materialId: line.materials.bike, quantity: 2 }];

describe("the order's client", () => {
  it('links a client of the company, shows it on the order and lists the order under the client', async () => {
    const order = await createOrder(line.admin, orderBody(bikes(), { name: 'Velo Süd GmbH', clientId: velo.id }));
    expect(order).toMatchObject({ clientId: velo.id, client: { id: velo.id, name: 'Velo Süd GmbH' }, name: 'Velo Süd GmbH' });
    const created = await t.app.db.selectFrom('events').select('data').where('stream_id', '=', `order-${order.id}`).executeTakeFirstOrThrow();
    expect(created.data).toMatchObject({ clientId: velo.id });

    const listed = (await line.admin.get(`/api/orders?clientId=${velo.id}`)).json();
    expect(listed.data.map((one: { id: string }) => one.id)).toEqual([order.id]);

    const free = await createOrder(line.admin, orderBody(bikes()));
    expect(free).toMatchObject({ clientId: null, client: null });
    expect((await line.admin.get(`/api/orders?clientId=${velo.id}`)).json().total).toBe(1);
  });

  it('links, changes and unlinks on a change of the order', async () => {
    const order = await createOrder(line.admin, orderBody(bikes()));
    const linked = await line.admin.put(`/api/orders/${order.id}`, { ...orderBody(bikes(), { clientId: velo.id }), version: order.version });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ clientId: velo.id, client: { name: 'Velo Süd GmbH' } });
    const unlinked = await line.admin.put(`/api/orders/${order.id}`, { ...orderBody(bikes(), { clientId: null }), version: linked.json().version });
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect((await orderOf(line.admin, order.id)).clientId).toBeNull();
  });

  it("refuses another company's client and an unknown one with a 400 naming the field, and stores nothing", async () => {
    const before = await countOrders();
    for (const clientId of [foreign.id, '00000000-0000-4000-8000-00000000c1e0']) {
      const res = await line.admin.post('/api/orders', orderBody(bikes(), { clientId }));
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res.body)).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'clientId', message: 'clients.validation.unknown' }] });
    }
    const notAnId = await line.admin.post('/api/orders', orderBody(bikes(), { clientId: 'velo' }));
    expect(notAnId.statusCode).toBe(400);
    expect(errorOf(notAnId.body).details.map((detail) => detail.path)).toContain('clientId');
    expect(await countOrders()).toBe(before);

    const order = await createOrder(line.admin, orderBody(bikes()));
    const stolen = await line.admin.put(`/api/orders/${order.id}`, { ...orderBody(bikes(), { clientId: foreign.id }), version: order.version });
    expect(stolen.statusCode).toBe(400);
    expect((await orderOf(line.admin, order.id)).version).toBe(order.version);
  });

  it('keeps the link of a client removed since, without naming it', async () => {
    const gone = await addClient(line.admin, { name: 'Bald weg KG' });
    const order = await createOrder(line.admin, orderBody(bikes(), { name: 'Bald weg KG', clientId: gone.id }));
    expect((await line.admin.delete(`/api/clients/${gone.id}`)).statusCode).toBe(204);
    expect(await orderOf(line.admin, order.id)).toMatchObject({ clientId: gone.id, client: null, name: 'Bald weg KG' });
    const kept = await line.admin.put(`/api/orders/${order.id}`, {
      ...orderBody(bikes(), { name: 'Bald weg KG', prioritize: true, clientId: gone.id }),
      version: order.version,
    });
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it('lets no operator write an order with a client, and refuses callers without a token', async () => {
    const before = await countOrders();
    const operator = line.operators[0].client;
    expect((await operator.post('/api/orders', orderBody(bikes(), { clientId: velo.id }))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/orders', payload: orderBody(bikes(), { clientId: velo.id }) })).statusCode).toBe(401);
    expect(await countOrders()).toBe(before);
  });
});
