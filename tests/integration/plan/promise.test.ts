import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StationBoard } from '../../../src/domain/orders/board.views.js';
import type { DeliveryPromiseView, PromisesAtRiskView, StationQueueView } from '../../../src/domain/plan/plan.views.js';
import type { TestApp } from '../../support/app.js';
import { companyWithTeam } from '../../support/identity.js';
import { act, clientOf, createOrder, errorOf, orderBody, orderOf, type Client, type OrderLine } from '../orders/support.js';
import { planPlant } from './plan-support.js';

// Promise a date (docs/capacity-plan.md): POST /api/plan/promise, the order's promised date, the
// promises the plan breaks (GET /api/plan/promises, the board's flag) and a station's worklist in
// plan order (GET /api/plan/stations/{id}). Monday 23 November 2026, 08:00 UTC, working time
// Monday to Friday 06:00-22:00 UTC. Frame: SAW 30 min setup + 15 min a piece, DRILL 30 min a piece.
let t: TestApp;
let line: OrderLine;
let other: OrderLine;
let frame: string;

beforeAll(async () => {
  ({ t, line, other, frame } = await planPlant());
});
afterAll(async () => {
  await t?.close();
});

const promiseOf = async (client: Client, body: object): Promise<DeliveryPromiseView> => {
  const res = await client.post('/api/plan/promise', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const atRiskOf = async (client: Client): Promise<PromisesAtRiskView> => {
  const res = await client.get('/api/plan/promises');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('promise a date', () => {
  it('answers the earliest delivery of a material and quantity in today’s plan, what it pushes late, and the date delaying none', async () => {
    // An empty line: 4 frames take SAW 08:00-09:30 (30 + 15 × 4) and DRILL 09:30-11:30 (30 × 4).
    const alone = await promiseOf(line.admin, { materialId: frame, quantity: 4 });
    expect(alone).toMatchObject({
      now: '2026-11-23T08:00:00.000Z',
      finishAt: '2026-11-23T11:30:00.000Z',
      promiseDay: '2026-11-23',
      pushedLate: [],
      finishWithoutDelayAt: '2026-11-23T11:30:00.000Z',
      promiseDayWithoutDelay: '2026-11-23',
      notPlanned: null,
    });
    expect(alone.planned.operations.map((operation) => [operation.stationId, operation.startAt, operation.endAt])).toEqual([
      [line.stations.saw.id, '2026-11-23T08:00:00.000Z', '2026-11-23T09:30:00.000Z'],
      [line.stations.drill.id, '2026-11-23T09:30:00.000Z', '2026-11-23T11:30:00.000Z'],
    ]);

    // A production order due today, 20 frames: SAW 08:00-13:30, DRILL 13:30-23:30 → Tuesday 07:30, so already late.
    // One due Tuesday, 2 frames: planned after it (SAW 13:30-14:30, DRILL Tuesday 07:30-08:30), on time.
    const start = async (quantity: number, deliveryDate: string) =>
      act(line.admin, await createOrder(line.admin, orderBody([{ materialId: frame, quantity }], { kind: 'production', deliveryDate })), 'start-production');
    await start(20, '2026-11-23');
    const tuesday = await start(2, '2026-11-24');
    const planned = (await line.admin.get('/api/plan')).json();
    const tuesdayFinish = planned.orders.find((order: { orderId: string }) => order.orderId === tuesday.id).finishAt;
    expect(tuesdayFinish).toBe('2026-11-24T08:30:00.000Z');

    // Asked for Tuesday, prioritised: it goes before both. 30 frames take SAW 08:00-16:00 and DRILL
    // 16:00-22:00 + Tuesday 06:00-15:00 (15 h): Tuesday 15:00. Behind the order due today the Tuesday
    // order would finish on Wednesday, late; the plan's local search (docs/capacity-plan.md, "Less
    // tardiness") works it before the order due today, which is late either way: nobody is pushed late.
    const urgent = await promiseOf(line.admin, { materialId: frame, quantity: 30, prioritize: true, deliveryDate: '2026-11-24' });
    expect(urgent.promiseDay).toBe('2026-11-24');
    expect(urgent.finishAt).toBe('2026-11-24T15:00:00.000Z');
    expect(urgent.pushedLate).toEqual([]);
    // Asked for Tuesday of 150 frames, prioritised: nothing else is done before Wednesday, the Tuesday order is pushed late.
    const huge = await promiseOf(line.admin, { materialId: frame, quantity: 150, prioritize: true, deliveryDate: '2026-11-24' });
    expect(huge.pushedLate.map((late) => [late.orderId, late.dueAt, late.finishBefore])).toEqual([[tuesday.id, '2026-11-25T00:00:00.000Z', tuesdayFinish]]);
    // Planned after both, it delays none and comes later.
    expect(urgent.promiseDayWithoutDelay! > urgent.promiseDay!).toBe(true);
    expect(urgent.finishWithoutDelayAt! > urgent.finishAt!).toBe(true);
    // Asking changes nothing: the plan is the same.
    expect((await line.admin.get('/api/plan')).json().orders.map((order: { orderId: string }) => order.orderId)).toEqual(
      planned.orders.map((order: { orderId: string }) => order.orderId),
    );
  });

  it('refuses bad input on its field (400), an unknown or another company’s material, and a line without a start station (409)', async () => {
    for (const [body, path, message] of [
      [{ materialId: frame, quantity: 0 }, 'quantity', 'validation.min'],
      [{ materialId: frame, quantity: 1000 }, 'quantity', 'validation.max'],
      [{ materialId: frame, quantity: 2.5 }, 'quantity', 'validation.wholeNumber'],
      [{ materialId: 'frame', quantity: 1 }, 'materialId', 'orders.validation.positionMaterial'],
      [{ materialId: frame, quantity: 1, deliveryDate: '2026-02-30' }, 'deliveryDate', 'validation.invalidFormat'],
    ] as const) {
      const res = await line.admin.post('/api/plan/promise', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res.body).details).toContainEqual(expect.objectContaining({ path, message }));
    }
    // Another company's material reads as unknown.
    const theirs = await other.admin.post('/api/plan/promise', { materialId: frame, quantity: 1 });
    expect(theirs.statusCode).toBe(400);
    expect(errorOf(theirs.body)).toMatchObject({ code: 'POSITION_MATERIAL_NOT_FOUND', details: [expect.objectContaining({ path: 'materialId' })] });
    // A company without a saved start station cannot promise production.
    const fresh = clientOf(t, (await companyWithTeam(t)).admin.token);
    const material = await fresh.post('/api/materials', { type: 'product', name: 'Bike', materialNumber: 'P-1', vat: 19, stock: { quantity: 0, unit: 'pcs' } });
    expect(material.statusCode, material.body).toBe(201);
    const noLine = await fresh.post('/api/plan/promise', { materialId: material.json().id, quantity: 1 });
    expect(noLine.statusCode).toBe(409);
    expect(errorOf(noLine.body).code).toBe('NO_START_STATION');
  });

  it('is asked by who may write orders: an operator gets 403, without sign-in 401', async () => {
    expect((await line.operators[0].client.post('/api/plan/promise', { materialId: frame, quantity: 1 })).statusCode).toBe(403);
    expect((await line.superUser.post('/api/plan/promise', { materialId: frame, quantity: 1 })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/plan/promise', payload: { materialId: frame, quantity: 1 } })).statusCode).toBe(401);
  });
});

describe('the promised date', () => {
  it('is kept on the customer order and its production orders; the board flags the ones the plan breaks, live in every company user’s reads', async () => {
    // Promised for Monday, but 10 frames behind the line's work finish later: at risk.
    let customer = await createOrder(line.admin, orderBody([{ materialId: frame, quantity: 10 }], { deliveryDate: '2026-11-27', promisedDate: '2026-11-23' }));
    expect(customer.promisedDate).toBe('2026-11-23');
    customer = await act(line.admin, customer, 'start-production');
    const production = (await orderOf(line.admin, customer.id)).productionOrders[0];
    expect((await orderOf(line.admin, production.id)).promisedDate).toBe('2026-11-23');

    // Promised for the 30th: kept.
    const kept = await createOrder(line.admin, orderBody([{ materialId: frame, quantity: 1 }], { deliveryDate: '2026-12-01', promisedDate: '2026-11-30' }));
    const keptStarted = await act(line.admin, kept, 'start-production');
    const keptProduction = (await orderOf(line.admin, keptStarted.id)).productionOrders[0];

    const risks = await atRiskOf(line.operators[0].client);
    const risk = risks.atRisk.find((entry) => entry.orderId === production.id);
    expect(risk).toMatchObject({ promisedDate: '2026-11-23', promisedBy: '2026-11-24T00:00:00.000Z', reason: 'late' });
    expect(risk!.finishAt! >= risk!.promisedBy).toBe(true);
    expect(risks.atRisk.map((entry) => entry.orderId)).not.toContain(keptProduction.id);

    // The board's card carries the promised date.
    const board: StationBoard = (await line.admin.get('/api/orders/station-board')).json();
    const card = board.columns.flatMap((column) => column.cards).find((entry) => entry.id === production.id);
    expect(card?.promisedDate).toBe('2026-11-23');

    // Another company sees none of it.
    expect((await atRiskOf(other.admin)).atRisk).toEqual([]);
  });

  it('is refused when not a calendar day, and nothing is stored', async () => {
    const res = await line.admin.post('/api/orders', orderBody([{ materialId: frame, quantity: 1 }], { promisedDate: '23.11.2026', name: 'Zusage falsch' }));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body).details).toContainEqual(expect.objectContaining({ path: 'promisedDate', message: 'validation.invalidFormat' }));
    expect((await line.admin.get('/api/orders?kind=customer&q=Zusage%20falsch')).json().total).toBe(0);
  });

  it('answers only signed-in users', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/plan/promises' })).statusCode).toBe(401);
  });
});

describe("a station's worklist in plan order", () => {
  it('lists the orders at the station in the order the plan starts them, the startable ones marked', async () => {
    const { saw } = line.stations;
    const res = await line.operators[0].client.get(`/api/plan/stations/${saw.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const queue: StationQueueView = res.json();
    expect(queue.stationId).toBe(saw.id);
    expect(queue.orders.length).toBeGreaterThan(1);
    expect(queue.orders.map((order) => order.position)).toEqual(queue.orders.map((_, index) => index));
    // One place at SAW: exactly the first may start now, the others wait behind it.
    expect(queue.orders.map((order) => order.startable)).toEqual(queue.orders.map((_, index) => index === 0));
    const starts = queue.orders.map((order) => order.startAt);
    expect([...starts].sort()).toEqual(starts);
    // Every one of them is on the station's worklist.
    const worklist = (await line.operators[0].client.get(`/api/stations/${saw.id}/worklist`)).json();
    expect(new Set(worklist.data.map((order: { id: string }) => order.id))).toEqual(new Set(queue.orders.map((order) => order.orderId)));

    // Work started on the second in plan order: it comes first, in work, and nothing else may start.
    const atSaw = await line.signInAt(0, saw.id);
    const second = await orderOf(line.admin, queue.orders[1].orderId);
    await act(atSaw, second, 'start-work', { stationId: saw.id });
    const after: StationQueueView = (await line.operators[0].client.get(`/api/plan/stations/${saw.id}`)).json();
    expect(after.orders[0]).toMatchObject({ orderId: second.id, inProgress: true, startable: false });
    expect(after.orders.some((order) => order.startable)).toBe(false);
  });

  it('answers 404 for another company’s station, 400 for a bad id, 401 without sign-in', async () => {
    expect((await other.admin.get(`/api/plan/stations/${line.stations.saw.id}`)).statusCode).toBe(404);
    expect((await line.admin.get('/api/plan/stations/saw')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/plan/stations/${line.stations.saw.id}` })).statusCode).toBe(401);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/plan/promise'].post.operationId).toEqual(expect.any(String));
    expect(doc.paths['/api/plan/promises'].get.responses['200']).toBeDefined();
    expect(doc.paths['/api/plan/stations/{stationId}'].get.responses['200']).toBeDefined();
  });
});
