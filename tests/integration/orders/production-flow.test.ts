import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StationBoard } from '../../../src/domain/orders/board.views.js';
import { settableClock } from '../../../src/server/platform/clock.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { openClient } from '../platform/live-feed-support.js';
import { act, createOrder, errorOf, orderBody, orderLine, orderOf, stockOf, type Client, type OrderLine } from './support.js';

let t: TestApp;
let line: OrderLine;
let atSaw: Client;
let atDrill: Client;
// A fixed moment: key figures count "today", and the test moves the clock to time the work.
const clock = settableClock('2026-11-23T12:00:00.000Z');

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  line = await orderLine(t);
  atSaw = await line.signInAt(0, line.stations.saw.id);
  atDrill = await line.signInAt(1, line.stations.drill.id);
});
afterAll(async () => {
  await t?.close();
});

const worklistOf = async (stationId: string) => {
  const res = await line.admin.get(`/api/stations/${stationId}/worklist`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; orderNumber: string; inWork: boolean; version: number; prioritize: boolean; deliveryDate: string | null }[];
};
const keyFiguresOf = async (stationId: string) => (await line.admin.get(`/api/stations/${stationId}`)).json().keyFigures;

describe('a customer order from start of production to finished', () => {
  it('makes production orders, moves them through two stations and becomes ready to ship, with stock moving', async () => {
    const { bike, wheel } = line.materials;
    const { saw, drill } = line.stations;
    const wheelsBefore = await stockOf(line.admin, wheel);
    const sawBefore = await keyFiguresOf(saw.id);
    expect(sawBefore).toEqual({ worklistCount: 0, cycleTimeSeconds: 0, finishedToday: 0 });
    const order = await createOrder(
      line.admin,
      orderBody([
        { materialId: bike, quantity: 2 },
        { materialId: wheel, quantity: 3, useInventory: true },
      ]),
    );
    const placed = await act(line.admin, order, 'place');

    const started = await act(line.admin, placed, 'start-production');
    expect(started).toMatchObject({
      status: 'in-progress',
      editable: false,
      productionOrders: [{ materialId: bike, quantity: 2, status: 'in-progress', done: false }],
    });
    expect(await stockOf(line.admin, wheel)).toBe(wheelsBefore - 3);
    const productionOrderId = started.productionOrders[0].id;
    let production = await orderOf(line.admin, productionOrderId);
    expect(production).toMatchObject({
      kind: 'production',
      status: 'in-progress',
      parentOrder: { id: order.id, orderNumber: order.orderNumber },
      positions: [{ materialId: bike, quantity: 2 }],
      name: order.name,
      deliveryDate: order.deliveryDate,
      location: { stage: 'station', stationId: saw.id, stationName: 'SAW', workStartedAt: null },
      actions: ['start-work', 'move-to-station'],
    });
    expect(production.number).toBe(order.number + 1);
    expect((await worklistOf(saw.id)).map((entry) => entry.id)).toContain(productionOrderId);
    expect((await keyFiguresOf(saw.id)).worklistCount).toBe(sawBefore.worklistCount + 1);

    production = await act(atSaw, production, 'start-work', { stationId: saw.id });
    expect(production.location).toMatchObject({ stage: 'station', stationId: saw.id, workStartedAt: expect.any(String) });
    expect((await worklistOf(saw.id)).find((entry) => entry.id === productionOrderId)?.inWork).toBe(true);
    clock.advance(15 * 60_000);
    production = await act(atSaw, production, 'complete-work', { stationId: saw.id });
    expect(production.location).toMatchObject({ stage: 'station', stationId: drill.id, stationName: 'DRILL', workStartedAt: null });
    expect((await worklistOf(saw.id)).map((entry) => entry.id)).not.toContain(productionOrderId);
    expect((await worklistOf(drill.id)).map((entry) => entry.id)).toContain(productionOrderId);
    expect(await keyFiguresOf(saw.id)).toEqual({ worklistCount: 0, finishedToday: 1, cycleTimeSeconds: 900 });

    production = await act(atDrill, production, 'start-work', { stationId: drill.id });
    production = await act(atDrill, production, 'complete-work', { stationId: drill.id });
    expect(production).toMatchObject({ status: 'finished', location: { stage: 'wip' }, actions: ['ready-to-use'] });
    // Made for a customer: nothing goes to stock.
    expect(await stockOf(line.admin, bike)).toBe(0);

    let customer = await orderOf(line.admin, order.id);
    expect(customer).toMatchObject({
      status: 'ready-to-ship',
      productionOrders: [{ id: productionOrderId, status: 'finished', done: true }],
      actions: ['ready-to-dispatch'],
    });
    const inWip = async () => {
      const board = (await line.admin.get('/api/orders/station-board')).json() as StationBoard;
      return board.columns.find((column) => column.kind === 'wip')?.cards.map((card) => card.id);
    };
    // The pieces wait in WIP until they leave with the customer order.
    expect(await inWip()).toContain(productionOrderId);
    customer = await act(line.admin, customer, 'ready-to-dispatch');
    expect(await inWip()).toContain(productionOrderId);
    customer = await act(line.admin, customer, 'dispatch');
    expect(await inWip()).not.toContain(productionOrderId);
    customer = await act(line.admin, customer, 'deliver');
    expect(await inWip()).not.toContain(productionOrderId);
    customer = await act(line.admin, customer, 'finish');
    expect(await inWip()).not.toContain(productionOrderId);
    expect(customer).toMatchObject({ status: 'finished', actions: [] });

    const history = (await line.admin.get(`/api/orders/${productionOrderId}/history`)).json().data as { type: string; who: { role: string; name: string } }[];
    expect(history.map((e) => e.type)).toEqual([
      'OrderCreated',
      'ProductionOrderStarted',
      'WorkStarted',
      'QuantityReported',
      'WorkCompleted',
      'WorkStarted',
      'QuantityReported',
      'WorkCompleted',
      'ProductionFinished',
    ]);
    expect(history[2].who).toMatchObject({ role: 'OPERATOR', name: 'Olga Berg' });
    expect(history[5].who).toMatchObject({ role: 'OPERATOR', name: 'Jonas Weber' });
  });

  it('waits for every production order: one per material, ready to ship after the last', async () => {
    const { bike, screw } = line.materials;
    const order = await createOrder(
      line.admin,
      orderBody([
        { materialId: bike, quantity: 1 },
        { materialId: screw, quantity: 20 },
        { materialId: bike, quantity: 4 },
      ]),
    );
    const started = await act(line.admin, order, 'start-production');
    expect(started.productionOrders.map((p) => [p.materialId, p.quantity])).toEqual([
      [bike, 5],
      [screw, 20],
    ]);
    const numbers = started.productionOrders.map((p) => Number(p.orderNumber));
    expect(numbers[1]).toBe(numbers[0] + 1);
    for (const [index, planned] of started.productionOrders.entries()) {
      let production = await orderOf(line.admin, planned.id);
      for (const [client, station] of [
        [atSaw, line.stations.saw],
        [atDrill, line.stations.drill],
      ] as const) {
        production = await act(client, production, 'start-work', { stationId: station.id });
        production = await act(client, production, 'complete-work', { stationId: station.id });
      }
      const customer = await orderOf(line.admin, order.id);
      expect(customer.status).toBe(index === 0 ? 'in-progress' : 'ready-to-ship');
    }
  });

  it('ships at once when everything comes from stock', async () => {
    const order = await createOrder(line.admin, orderBody([{ materialId: line.materials.screw, quantity: 5, useInventory: true }]));
    const before = await stockOf(line.admin, line.materials.screw);
    const started = await act(line.admin, order, 'start-production');
    expect(started).toMatchObject({ status: 'ready-to-ship', productionOrders: [] });
    expect(await stockOf(line.admin, line.materials.screw)).toBe(before - 5);
  });
});

describe('production for stock', () => {
  it('a stock order adds what its production orders made to stock and becomes ready to use', async () => {
    const { wheel } = line.materials;
    const before = await stockOf(line.admin, wheel);
    const order = await createOrder(line.admin, orderBody([{ materialId: wheel, quantity: 6 }], { stockOrder: true }));
    const started = await act(line.admin, order, 'start-production');
    let production = await orderOf(line.admin, started.productionOrders[0].id);
    expect(production.forStock).toBe(true);
    for (const [client, station] of [
      [atSaw, line.stations.saw],
      [atDrill, line.stations.drill],
    ] as const) {
      production = await act(client, production, 'start-work', { stationId: station.id });
      production = await act(client, production, 'complete-work', { stationId: station.id });
    }
    expect(await stockOf(line.admin, wheel)).toBe(before + 6);
    const customer = await orderOf(line.admin, order.id);
    expect(customer).toMatchObject({ status: 'ready-to-use', actions: ['finish'] });
    expect((await act(line.admin, customer, 'finish')).status).toBe('finished');
  });

  it('a production order of its own goes to stock when finished, then is released for use', async () => {
    const { bike } = line.materials;
    const before = await stockOf(line.admin, bike);
    let production = await createOrder(line.admin, orderBody([{ materialId: bike, quantity: 3 }], { kind: 'production' }));
    expect(production).toMatchObject({ kind: 'production', status: 'open', forStock: true, actions: ['start-production', 'cancel'] });
    production = await act(line.admin, production, 'start-production');
    expect(production.location).toMatchObject({ stage: 'station', stationId: line.stations.saw.id });
    for (const [client, station] of [
      [atSaw, line.stations.saw],
      [atDrill, line.stations.drill],
    ] as const) {
      production = await act(client, production, 'start-work', { stationId: station.id });
      production = await act(client, production, 'complete-work', { stationId: station.id });
    }
    expect(production.status).toBe('finished');
    expect(await stockOf(line.admin, bike)).toBe(before + 3);
    expect((await act(line.admin, production, 'ready-to-use')).status).toBe('ready-to-use');
  });
});

describe('logistics orders', () => {
  it('are checked in at an incoming-goods station by an operator signed in there; the goods go to stock', async () => {
    const { screw } = line.materials;
    const before = await stockOf(line.admin, screw);
    let order = await createOrder(
      line.admin,
      orderBody([{ materialId: screw, quantity: 250, netPrice: 0.04 }], { kind: 'logistics', name: 'Schrauben Meier' }),
    );
    const early = await line.admin.post(`/api/orders/${order.id}/check-in`, { version: order.version, stationId: line.stations.goods.id });
    expect(errorOf(early.body).code).toBe('ORDER_TRANSITION_NOT_ALLOWED');
    order = await act(line.admin, order, 'place');

    const wrongStation = await atSaw.post(`/api/orders/${order.id}/check-in`, { version: order.version, stationId: line.stations.saw.id });
    expect(wrongStation.statusCode).toBe(409);
    expect(errorOf(wrongStation.body).code).toBe('STATION_NOT_FOR_INCOMING_GOODS');
    const notThere = await atSaw.post(`/api/orders/${order.id}/check-in`, { version: order.version, stationId: line.stations.goods.id });
    expect(notThere.statusCode).toBe(403);
    expect(errorOf(notThere.body).code).toBe('STATION_NOT_SIGNED_IN');

    const atGoods = await line.signInAt(0, line.stations.goods.id);
    order = await act(atGoods, order, 'check-in', { stationId: line.stations.goods.id });
    expect(order.status).toBe('delivered');
    expect(await stockOf(line.admin, screw)).toBe(before + 250);
    expect((await act(line.admin, order, 'finish')).status).toBe('finished');
    // Back to the saw for the tests that follow.
    atSaw = await line.signInAt(0, line.stations.saw.id);
  });
});

describe('operators at the stations', () => {
  async function orderAtSaw(body: Record<string, unknown> = {}) {
    const order = await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 1 }], { kind: 'production', ...body }));
    return act(line.admin, order, 'start-production');
  }

  it('act only where they are signed in: STATION_NOT_SIGNED_IN, nothing changed', async () => {
    const production = await orderAtSaw();
    const consoleOnly = await line.operators[1].client.post(`/api/orders/${production.id}/start-work`, {
      version: production.version,
      stationId: line.stations.saw.id,
    });
    // Operator 2 is signed in at DRILL, not at SAW.
    expect(consoleOnly.statusCode).toBe(403);
    expect(errorOf(consoleOnly.body).code).toBe('STATION_NOT_SIGNED_IN');
    const elsewhere = await atDrill.post(`/api/orders/${production.id}/start-work`, { version: production.version, stationId: line.stations.saw.id });
    expect(errorOf(elsewhere.body).code).toBe('STATION_NOT_SIGNED_IN');
    expect(await orderOf(line.admin, production.id)).toMatchObject({ version: production.version, location: { workStartedAt: null } });
  });

  it('act only on orders at their station: ORDER_NOT_AT_STATION', async () => {
    const production = await orderAtSaw();
    const res = await atDrill.post(`/api/orders/${production.id}/start-work`, { version: production.version, stationId: line.stations.drill.id });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res.body).code).toBe('ORDER_NOT_AT_STATION');
  });

  it('start and complete are theirs alone: administrators are refused', async () => {
    const production = await orderAtSaw();
    const res = await line.admin.post(`/api/orders/${production.id}/start-work`, { version: production.version, stationId: line.stations.saw.id });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res.body).code).toBe('FORBIDDEN');
  });

  it('refuse complete before start, and start twice', async () => {
    const production = await orderAtSaw();
    const early = await atSaw.post(`/api/orders/${production.id}/complete-work`, { version: production.version, stationId: line.stations.saw.id });
    expect(errorOf(early.body)).toMatchObject({ code: 'ORDER_TRANSITION_NOT_ALLOWED', details: [{ message: 'orders.validation.workNotStarted' }] });
    const inWork = await act(atSaw, production, 'start-work', { stationId: line.stations.saw.id });
    const twice = await atSaw.post(`/api/orders/${production.id}/start-work`, { version: inWork.version, stationId: line.stations.saw.id });
    expect(errorOf(twice.body)).toMatchObject({ code: 'ORDER_TRANSITION_NOT_ALLOWED', details: [{ message: 'orders.validation.workAlreadyStarted' }] });
  });

  it('refuse a stale version with CONFLICT_ERROR', async () => {
    const production = await orderAtSaw();
    await act(atSaw, production, 'start-work', { stationId: line.stations.saw.id });
    const stale = await atSaw.post(`/api/orders/${production.id}/complete-work`, { version: production.version, stationId: line.stations.saw.id });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale.body).code).toBe('CONFLICT_ERROR');
  });

  it('two operators completing the same order at once: one wins, the other gets CONFLICT_ERROR, the order moves once', async () => {
    const secondAtSaw = await line.signInAt(1, line.stations.saw.id);
    const production = await act(atSaw, await orderAtSaw(), 'start-work', { stationId: line.stations.saw.id });
    const body = { version: production.version, stationId: line.stations.saw.id };
    const answers = await Promise.all([
      atSaw.post(`/api/orders/${production.id}/complete-work`, body),
      secondAtSaw.post(`/api/orders/${production.id}/complete-work`, body),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(errorOf(answers.find((res) => res.statusCode === 409)!.body).code).toBe('CONFLICT_ERROR');
    const history = (await line.admin.get(`/api/orders/${production.id}/history`)).json().data as { type: string }[];
    expect(history.filter((e) => e.type === 'WorkCompleted')).toHaveLength(1);
    expect((await orderOf(line.admin, production.id)).location).toMatchObject({ stationId: line.stations.drill.id });
    atDrill = await line.signInAt(1, line.stations.drill.id);
  });

  it('move an order to another station for rework, only to stations they are authorised for', async () => {
    const production = await orderAtSaw();
    const unauthorised = await line.admin.post('/api/stations', { name: `QS${Date.now() % 100000}`, parameters: [], actions: [], incomingGoodsCheckIn: false });
    const notAllowed = await atSaw.post(`/api/orders/${production.id}/move-to-station`, { version: production.version, toStationId: unauthorised.json().id });
    expect(notAllowed.statusCode).toBe(403);
    expect(errorOf(notAllowed.body).code).toBe('STATION_NOT_AUTHORIZED');
    const moved = await act(atSaw, production, 'move-to-station', { toStationId: line.stations.drill.id });
    expect(moved.location).toMatchObject({ stationId: line.stations.drill.id, workStartedAt: null });
    // An administrator moves it anywhere, but not to where it is, nor to a station that does not exist.
    const back = await act(line.admin, moved, 'move-to-station', { toStationId: unauthorised.json().id });
    expect(back.location).toMatchObject({ stationId: unauthorised.json().id });
    const same = await line.admin.post(`/api/orders/${production.id}/move-to-station`, { version: back.version, toStationId: unauthorised.json().id });
    expect(errorOf(same.body)).toMatchObject({ code: 'ORDER_TRANSITION_NOT_ALLOWED', details: [{ message: 'orders.validation.alreadyAtStation' }] });
    const nowhere = await line.admin.post(`/api/orders/${production.id}/move-to-station`, {
      version: back.version,
      toStationId: '00000000-0000-4000-8000-000000000000',
    });
    expect(nowhere.statusCode).toBe(400);
    expect(errorOf(nowhere.body).details).toEqual([{ path: 'toStationId', message: 'stations.validation.unknownStation' }]);
  });

  it('see their worklist with prioritized orders first, then by delivery date', async () => {
    const late = await orderAtSaw({ deliveryDate: '2099-03-01' });
    const early = await orderAtSaw({ deliveryDate: '2099-02-01' });
    const urgent = await orderAtSaw({ deliveryDate: '2099-06-01', prioritize: true });
    const ids = (await worklistOf(line.stations.saw.id)).map((entry) => entry.id).filter((id) => [late.id, early.id, urgent.id].includes(id));
    expect(ids).toEqual([urgent.id, early.id, late.id]);
  });
});

describe('refusals of start production', () => {
  it('refuses a production order above 999 pieces (422) and changes nothing', async () => {
    const { bike } = line.materials;
    const order = await createOrder(
      line.admin,
      orderBody([
        { materialId: bike, quantity: 999 },
        { materialId: bike, quantity: 1 },
      ]),
    );
    const res = await line.admin.post(`/api/orders/${order.id}/start-production`, { version: order.version });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res.body)).toMatchObject({ code: 'PRODUCTION_ORDERS_LIMIT_EXCEEDED', message: 'maximum allowed quantity for production orders is 999' });
    expect(await orderOf(line.admin, order.id)).toMatchObject({ status: 'open', version: 1, productionOrders: [] });
    // The numbers the refused start took were given back.
    const next = await createOrder(line.admin, orderBody([{ materialId: bike, quantity: 1 }]));
    expect(next.number).toBe(order.number + 1);
  });

  it('refuses when stock does not cover a use-inventory position, taking nothing', async () => {
    const { wheel, bike } = line.materials;
    const stock = await stockOf(line.admin, wheel);
    const order = await createOrder(
      line.admin,
      orderBody([
        { materialId: bike, quantity: 1 },
        { materialId: wheel, quantity: stock + 1, useInventory: true },
      ]),
    );
    const res = await line.admin.post(`/api/orders/${order.id}/start-production`, { version: order.version });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res.body)).toMatchObject({
      code: 'STOCK_INSUFFICIENT',
      details: [{ path: 'positions.1.quantity', params: { materialName: 'Wheel', stock } }],
    });
    expect(await stockOf(line.admin, wheel)).toBe(stock);
    expect((await orderOf(line.admin, order.id)).status).toBe('open');
  });

  it('needs a saved sequence with a start station (NO_START_STATION)', async () => {
    const bare = await orderLine(t);
    await bare.admin
      .put('/api/stations/sequence', { stationIds: [], startStationId: null, version: 1 })
      .then((res) => expect(res.statusCode, res.body).toBe(200));
    const order = await createOrder(bare.admin, orderBody([{ materialId: bare.materials.bike, quantity: 1 }]));
    const res = await bare.admin.post(`/api/orders/${order.id}/start-production`, { version: order.version });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res.body).code).toBe('NO_START_STATION');
  });

  it('refuses what the machine does not allow, with the status in the answer', async () => {
    const order = await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 1 }]));
    const res = await line.admin.post(`/api/orders/${order.id}/dispatch`, { version: order.version });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res.body)).toMatchObject({ code: 'ORDER_TRANSITION_NOT_ALLOWED', details: [{ params: { status: 'open', action: 'dispatch' } }] });
    expect((await orderOf(line.admin, order.id)).version).toBe(1);
  });
});

describe('materials in production', () => {
  it('cannot be deleted while an order containing them is in production (MATERIAL_IN_PRODUCTION)', async () => {
    const created = await line.admin.post('/api/materials', { type: 'product', name: 'Cargo bike', vat: 19, stock: { quantity: 0, unit: 'pcs' } });
    const cargo = created.json().id as string;
    const order = await createOrder(line.admin, orderBody([{ materialId: cargo, quantity: 1 }]));
    const started = await act(line.admin, order, 'start-production');
    const refused = await line.admin.delete(`/api/materials/${cargo}`);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused.body)).toMatchObject({
      code: 'MATERIAL_IN_PRODUCTION',
      message: 'Material cannot be deleted as it is already included in an order that is in production.',
    });

    let production = await orderOf(line.admin, started.productionOrders[0].id);
    for (const [client, station] of [
      [atSaw, line.stations.saw],
      [atDrill, line.stations.drill],
    ] as const) {
      production = await act(client, production, 'start-work', { stationId: station.id });
      production = await act(client, production, 'complete-work', { stationId: station.id });
    }
    expect((await line.admin.delete(`/api/materials/${cargo}`)).statusCode).toBe(204);
    // The orders still read right: the positions kept the material's name.
    expect((await orderOf(line.admin, order.id)).positions[0]).toMatchObject({ materialName: 'Cargo bike' });
  });
});

describe('live boards', () => {
  it('deliver an order event to a subscribed client of the company, and nothing to another company', async () => {
    const other = await orderLine(t);
    const board = await openClient(t.app, { token: line.adminToken });
    await board.subscribe(['type:order']);
    const stranger = await openClient(t.app, { token: other.adminToken });
    await stranger.subscribe(['type:order']);
    const order = await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 1 }], { kind: 'production' }));
    const started = await act(line.admin, order, 'start-production');
    await board.waitFor('the start of production', () =>
      board
        .events()
        .some((m) => m.event.streamId === `order-${order.id}` && m.event.type === 'ProductionOrderStarted' && m.event.streamVersion === started.version),
    );
    const event = board.events().find((m) => m.event.type === 'ProductionOrderStarted' && m.event.streamId === `order-${order.id}`)!.event;
    expect(event).toMatchObject({ streamType: 'order', companyId: line.companyId, data: { orderId: order.id, stationId: line.stations.saw.id } });
    expect(stranger.events().filter((m) => m.event.streamId === `order-${order.id}`)).toEqual([]);
    board.ws.close();
    stranger.ws.close();
  });
});
