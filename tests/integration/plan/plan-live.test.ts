import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planChangingEventTypes, planChangingStreamTypes } from '../../../src/domain/plan/plan-triggers.js';
import type { CapacityPlanView } from '../../../src/domain/plan/plan.views.js';
import { readStoredStream } from '../../../src/server/platform/event-store.js';
import { modules } from '../../../src/server/modules.js';
import { gatherLiveRules, ruleOfEvent } from '../../../src/server/platform/live-visibility.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { act, createOrder, orderBody, orderLine, type Client, type OrderLine } from '../orders/support.js';
import { openClient } from '../platform/live-feed-support.js';

// The rules of every module, as the app gives them to the live feed.
const liveRules = gatherLiveRules(modules);

// Issue 29: the live, replayable plan. A supervisor's queue order at a station (PUT
// /api/plan/stations/{id}/queue), the plan as it stood at a past moment (GET /api/plan?at=, made
// from the log), and the events that make an open plan view read again. On the real clock: a replay
// reads the log up to a moment, and the log records the database's time.

let t: TestApp;
let line: OrderLine;
let other: OrderLine;
let atSaw: Client;

beforeAll(async () => {
  t = await createTestApp({ WORKING_TIME: '0-6 00:00-24:00' });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  line = await orderLine(t);
  other = await orderLine(t);
  atSaw = await line.signInAt(0, line.stations.saw.id);
});
afterAll(async () => {
  await t?.close();
});

const planOf = async (client: Client, query = ''): Promise<CapacityPlanView> => {
  const res = await client.get(`/api/plan${query}${query ? '&' : '?'}explain=true`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
/** The orders waiting at a station (not in work), in plan order. */
const waitingAt = (plan: CapacityPlanView, stationId: string) =>
  plan.orders.filter((order) => order.operations.some((op) => op.step === 0 && !op.inProgress && op.stationId === stationId)).map((order) => order.orderId);
const productionOrder = async (deliveryDate: string) =>
  act(
    line.admin,
    await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 1 }], { kind: 'production', deliveryDate })),
    'start-production',
  );
const queueOf = (client: Client, stationId: string, body: object) => client.put(`/api/plan/stations/${stationId}/queue`, body);
/**
 * A moment of the log between what happened so far and what happens next: a millisecond after the
 * database's clock now (the log records its time, to the microsecond; an ISO moment holds
 * milliseconds), returned once that clock has passed it, so every later event is recorded after it.
 */
async function logMoment(): Promise<string> {
  const databaseNow = async () => (await sql<{ at: Date }>`select clock_timestamp() as at`.execute(t.app.db)).rows[0].at.getTime();
  const moment = (await databaseNow()) + 1;
  await expect.poll(databaseNow).toBeGreaterThan(moment);
  return new Date(moment).toISOString();
}

describe("a supervisor's queue order at a station", () => {
  let first: { id: string };
  let second: { id: string };
  let third: { id: string };

  beforeAll(async () => {
    first = await productionOrder('2027-01-10');
    second = await productionOrder('2027-01-11');
    third = await productionOrder('2027-01-12');
  });

  it('reorders the waiting orders for everyone, recorded as an event of the station', async () => {
    const { saw } = line.stations;
    expect(waitingAt(await planOf(line.admin), saw.id)).toEqual([first.id, second.id, third.id]);
    const res = await queueOf(line.admin, saw.id, { orderIds: [third.id, first.id, second.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ orderIds: [third.id, first.id, second.id] });
    // The owner and an operator read the same plan; the dates follow the new order.
    for (const client of [line.superUser, line.operators[1].client]) expect(waitingAt(await planOf(client), saw.id)).toEqual([third.id, first.id, second.id]);
    const plan = await planOf(line.admin);
    const rankOf = (orderId: string) => plan.orders.find((order) => order.orderId === orderId)?.rank ?? -1;
    expect(rankOf(third.id)).toBeLessThan(rankOf(first.id));
    const events = await readStoredStream(t.app.db, `plan-queue-${saw.id}`);
    expect(events.map((event) => [event.type, event.data])).toEqual([
      ['StationQueueOrdered', { stationId: saw.id, orderIds: [third.id, first.id, second.id], setBy: line.userIds.admin, at: expect.any(String) }],
    ]);
    // The owner may reorder too.
    expect((await queueOf(line.superUser, saw.id, { orderIds: [first.id, second.id, third.id] })).statusCode).toBe(200);
    expect(waitingAt(await planOf(line.admin), saw.id)).toEqual([first.id, second.id, third.id]);
  });

  it('refuses an operator and an admin without the orders right (403), and nothing changes', async () => {
    const { saw } = line.stations;
    const before = waitingAt(await planOf(line.admin), saw.id);
    const reversed = { orderIds: [...before].reverse() };
    const byOperator = await queueOf(line.operators[0].client, saw.id, reversed);
    expect(byOperator.statusCode, byOperator.body).toBe(403);
    expect((await queueOf(atSaw, saw.id, reversed)).statusCode).toBe(403);

    type Matrix = { version: number; users: { userId: string; changeRights: string[] }[] };
    const rights = async (change: (rights: string[]) => string[]) => {
      const matrix: Matrix = (await line.superUser.get('/api/team/user-rights')).json();
      const users = matrix.users.map((row) => (row.userId === line.userIds.admin ? { ...row, changeRights: change(row.changeRights) } : row));
      const saved = await line.superUser.put('/api/team/user-rights', { version: matrix.version, users });
      expect(saved.statusCode, saved.body).toBe(200);
    };
    await rights((granted) => granted.filter((right) => right !== 'orders'));
    try {
      const byAdmin = await queueOf(line.admin, saw.id, reversed);
      expect(byAdmin.statusCode, byAdmin.body).toBe(403);
    } finally {
      await rights((granted) => [...granted, 'orders']);
    }
    expect(waitingAt(await planOf(line.admin), saw.id)).toEqual(before);
    expect((await t.app.inject({ method: 'PUT', url: `/api/plan/stations/${saw.id}/queue`, payload: reversed })).statusCode).toBe(401);
  });

  it("answers another company's station as unknown (404) and leaves both plans as they were", async () => {
    const { saw } = line.stations;
    const before = waitingAt(await planOf(line.admin), saw.id);
    const res = await queueOf(other.admin, saw.id, { orderIds: [...before].reverse() });
    expect(res.statusCode, res.body).toBe(404);
    expect(waitingAt(await planOf(line.admin), saw.id)).toEqual(before);
    expect((await planOf(other.admin)).orders).toEqual([]);
  });

  it('refuses bad input (400) and a queue made on an outdated screen (409), changing nothing', async () => {
    const { saw } = line.stations;
    const before = waitingAt(await planOf(line.admin), saw.id);
    for (const body of [{}, { orderIds: [] }, { orderIds: ['FB000001'] }, { orderIds: [before[0], before[0]] }, { orderIds: 'all' }]) {
      const res = await queueOf(line.admin, saw.id, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
    }
    expect((await queueOf(line.admin, 'not-a-station', { orderIds: before })).statusCode).toBe(400);
    // One order left out (a new one arrived meanwhile, say), or one that is in work now: 409.
    const missing = await queueOf(line.admin, saw.id, { orderIds: before.slice(1) });
    expect(missing.statusCode, missing.body).toBe(409);
    expect(missing.json().error.code).toBe('CONFLICT_ERROR');
    const started = await act(atSaw, { id: before[0], version: (await line.admin.get(`/api/orders/${before[0]}`)).json().version }, 'start-work', {
      stationId: saw.id,
    });
    expect((await queueOf(line.admin, saw.id, { orderIds: [...before].reverse() })).statusCode).toBe(409);
    expect(waitingAt(await planOf(line.admin), saw.id)).toEqual(before.slice(1));
    await act(atSaw, started, 'complete-work', { stationId: saw.id });
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/plan/stations/{id}/queue'].put.operationId).toEqual(expect.any(String));
    expect(doc.paths['/api/plan'].get.parameters.map((parameter: { name: string }) => parameter.name)).toContain('at');
  });
});

describe('the plan as it stood at a past moment (replay from the log)', () => {
  it("shows an order at its station before its completion, yesterday's plan without today's orders, and leaves the live plan as it is", async () => {
    const { saw, drill } = line.stations;
    const order = await productionOrder('2027-02-01');
    const before = await logMoment();
    const started = await act(atSaw, { id: order.id, version: (await line.admin.get(`/api/orders/${order.id}`)).json().version }, 'start-work', {
      stationId: saw.id,
    });
    await act(atSaw, started, 'complete-work', { stationId: saw.id });

    const now = await planOf(line.admin);
    const stationsOf = (plan: CapacityPlanView) => plan.orders.find((planned) => planned.orderId === order.id)?.operations.map((op) => op.stationId);
    expect(stationsOf(now)).toEqual([drill.id]);
    const then = await planOf(line.admin, `?at=${encodeURIComponent(before)}`);
    expect(then.now).toBe(before);
    expect(stationsOf(then)).toEqual([saw.id, drill.id]);
    expect(then.orders.find((planned) => planned.orderId === order.id)?.operations[0]).toMatchObject({ inProgress: false, startAt: expect.any(String) });

    // Yesterday the company had no stations and no orders yet.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    const empty = await planOf(line.admin, `?at=${encodeURIComponent(yesterday)}`);
    expect(empty).toMatchObject({ now: yesterday, orders: [], stations: [] });

    // The replay was rolled back: the live plan is unchanged, and another company replays only its own log.
    const shape = (plan: CapacityPlanView) => plan.orders.map((planned) => [planned.orderId, planned.operations.map((op) => op.stationId)]);
    expect(shape(await planOf(line.admin))).toEqual(shape(now));
    expect((await planOf(other.admin, `?at=${encodeURIComponent(new Date().toISOString())}`)).orders).toEqual([]);
  });

  it('follows the queue order as it was set then', async () => {
    const a = await productionOrder('2027-03-01');
    const b = await productionOrder('2027-03-02');
    const plan = await planOf(line.admin);
    const sawQueue = waitingAt(plan, line.stations.saw.id);
    expect(sawQueue).toEqual(expect.arrayContaining([a.id, b.id]));
    const reversed = [...sawQueue].reverse();
    expect((await queueOf(line.admin, line.stations.saw.id, { orderIds: reversed })).statusCode).toBe(200);
    const then = await logMoment();
    expect((await queueOf(line.admin, line.stations.saw.id, { orderIds: sawQueue })).statusCode).toBe(200);
    expect(waitingAt(await planOf(line.admin, `?at=${encodeURIComponent(then)}`), line.stations.saw.id)).toEqual(reversed);
    expect(waitingAt(await planOf(line.admin), line.stations.saw.id)).toEqual(sawQueue);
  });

  it('refuses a moment in the future or not a moment (400)', async () => {
    const future = new Date(Date.now() + 3_600_000).toISOString();
    for (const at of [future, 'yesterday', '2026-13-01T00:00:00Z', '']) {
      const res = await line.admin.get(`/api/plan?at=${encodeURIComponent(at)}`);
      expect(res.statusCode, `${at}: ${res.body}`).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/plan?at=${encodeURIComponent(new Date().toISOString())}` })).statusCode).toBe(401);
  });
});

describe('the events that change the plan (live)', () => {
  it('are all known event types that the live feed sends every user of the company', () => {
    for (const type of planChangingEventTypes) {
      expect(Object.keys(liveRules), type).toContain(type);
      expect(ruleOfEvent(liveRules[type], {}).roles.ADMIN.to, type).toBe('all');
    }
  });

  it('reach an open plan view: a completion and a queue order arrive on the topics it watches', async () => {
    const socket = await openClient(t.app, { token: line.adminToken });
    await socket.subscribe(planChangingStreamTypes.map((streamType) => `type:${streamType}`));
    const order = await productionOrder('2027-04-01');
    const started = await act(atSaw, { id: order.id, version: (await line.admin.get(`/api/orders/${order.id}`)).json().version }, 'start-work', {
      stationId: line.stations.saw.id,
    });
    await act(atSaw, started, 'complete-work', { stationId: line.stations.saw.id });
    const queue = waitingAt(await planOf(line.admin), line.stations.saw.id);
    if (queue.length) expect((await queueOf(line.admin, line.stations.saw.id, { orderIds: [...queue].reverse() })).statusCode).toBe(200);
    const seen = () => socket.events().map((message) => message.event.type);
    await socket.waitFor(
      'the completion and the queue order',
      () => seen().includes('WorkCompleted') && (queue.length < 2 || seen().includes('StationQueueOrdered')),
    );
    socket.ws.close();
  });
});

describe('a replay reads the plain records the plan counts with as they stood then', () => {
  it("counts the material's planned times and the company's working time of that moment, not as changed since", async () => {
    const plan = async (setupTime: number) => {
      const bike = (await line.admin.get(`/api/materials/${line.materials.bike}`)).json();
      const { id: _id, image: _image, createdAt: _c, updatedAt: _u, ...body } = bike;
      const saved = await line.admin.put(`/api/materials/${line.materials.bike}`, {
        ...body,
        manufacturingSteps: [{ process: 'Saw', time: 2, setupTime, stationId: line.stations.saw.id }],
      });
      expect(saved.statusCode, saved.body).toBe(200);
    };
    const working = async (workingTime: object) => {
      const current = (await line.superUser.get('/api/company-account/basic-settings')).json();
      const saved = await line.superUser.put('/api/company-account/updateBasicSettings', { ...current, workingTime });
      expect(saved.statusCode, saved.body).toBe(200);
    };
    await plan(11);
    await working({ days: [1, 2, 3, 4, 5], from: '06:00', to: '22:00', timeZone: 'Europe/Berlin' });
    const order = await productionOrder('2027-05-01');
    const then = await logMoment();
    await plan(22);
    await working({ days: [1, 2, 3, 4], from: '07:00', to: '15:00', timeZone: 'Europe/Berlin' });

    const setupAtSaw = (view: CapacityPlanView) => {
      const operation = view.orders.find((planned) => planned.orderId === order.id)?.operations.find((op) => op.stationId === line.stations.saw.id);
      return operation?.explanation?.duration.kind === 'planned' ? operation.explanation.duration.setupMinutes : undefined;
    };
    const replayed = await planOf(line.admin, `?at=${encodeURIComponent(then)}`);
    const live = await planOf(line.admin);
    expect(setupAtSaw(replayed)).toBe(11);
    expect(setupAtSaw(live)).toBe(22);
    expect(replayed.workingTime).toMatchObject({ days: [1, 2, 3, 4, 5] });
    expect(live.workingTime).toMatchObject({ days: [1, 2, 3, 4] });
  });
});
