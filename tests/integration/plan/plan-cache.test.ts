import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CapacityPlanView, OrderPlanView } from '../../../src/domain/plan/plan.views.js';
import { PLAN_CACHE_MAX_AGE_MS } from '../../../src/server/modules/plan/plan.cache.js';
import type { SettableClock } from '../../../src/server/platform/clock.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf } from '../../support/identity.js';
import { act, createOrder, errorOf, orderBody, type Client, type OrderLine } from '../orders/support.js';
import { stationBody } from '../stations/stations-support.js';
import { planPlant } from './plan-support.js';

// The plan kept per company (docs/capacity-plan.md, "The plan kept per company") and its smaller
// answer: a window of time, explanations per order. Monday 23 November 2026, 08:00 UTC, working
// time Monday to Friday 06:00-22:00 UTC; a second server instance on the same database.
let t: TestApp;
let second: TestApp;
let clock: SettableClock;
let line: OrderLine;
let other: OrderLine;
let frame: string;

beforeAll(async () => {
  ({ t, clock, line, other, frame } = await planPlant());
  second = await createTestApp({ WORKING_TIME: '1-5 06:00-22:00' }, { clock, database: t.testDb });
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const planOf = async (client: Client, query = ''): Promise<CapacityPlanView> => {
  const res = await client.get(`/api/plan${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const startOrder = async (quantity: number, deliveryDate: string) =>
  act(line.admin, await createOrder(line.admin, orderBody([{ materialId: frame, quantity }], { kind: 'production', deliveryDate })), 'start-production');
const ids = (plan: CapacityPlanView) => plan.orders.map((order) => order.orderId);
const stationsOf = (plan: CapacityPlanView, orderId: string) => plan.orders.find((order) => order.orderId === orderId)?.operations.map((op) => op.stationId);

describe('the plan kept per company', () => {
  it('answers the kept plan on a quiet floor, and plans again on each kind of trigger, at once, on this instance and on another', async () => {
    const { saw, drill } = line.stations;
    const first = await startOrder(2, '2026-11-23');
    const kept = await planOf(line.admin);
    expect(ids(kept)).toEqual([first.id]);

    // Nothing changed: a read a second later answers the plan made at 08:00 (the moment it says it was made for).
    clock.set(new Date(Date.parse(kept.now) + 1_000));
    expect((await planOf(line.admin)).now).toBe(kept.now);
    // Older than the kept plan may be: made again for now.
    clock.set(new Date(Date.parse(kept.now) + PLAN_CACHE_MAX_AGE_MS));
    const aged = await planOf(line.admin);
    expect(aged.now).toBe(new Date(Date.parse(kept.now) + PLAN_CACHE_MAX_AGE_MS).toISOString());

    // Another instance keeps its own plan: read it there first.
    const elsewhere = clientOf(second, line.adminToken);
    expect(ids(await planOf(elsewhere))).toEqual([first.id]);

    // An order created (started into production): the very next read sees it, here and on the other instance.
    const next = await startOrder(1, '2026-11-24');
    expect(ids(await planOf(line.admin))).toEqual([first.id, next.id]);
    expect(ids(await planOf(elsewhere))).toEqual([first.id, next.id]);

    // An order moved on to DRILL: planned at DRILL only, on both.
    const moved = await line.admin.post(`/api/orders/${next.id}/move-to-station`, { version: next.version, toStationId: drill.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(stationsOf(await planOf(elsewhere), next.id)).toEqual([drill.id]);
    expect(stationsOf(await planOf(line.admin), next.id)).toEqual([drill.id]);

    // A station's capacity changed on the other instance: this one plans two places at SAW at once.
    const station = (await line.admin.get(`/api/stations/${saw.id}`)).json();
    const changed = await elsewhere.put(`/api/stations/${saw.id}`, { ...stationBody('SAW', { capacity: 2 }), version: station.version });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await planOf(line.admin)).stations.find((candidate) => candidate.id === saw.id)?.capacity).toBe(2);

    // The board's flag and the worklist read the same plan, after the same triggers.
    const queue = await line.operators[0].client.get(`/api/plan/stations/${saw.id}`);
    expect(queue.json().orders.map((order: { orderId: string }) => order.orderId)).toEqual([first.id]);

    // Another company's plan is its own.
    expect((await planOf(other.admin)).orders).toEqual([]);

    // The replay is made from the log, not from the kept plan: at 08:00 on the test clock the log (recorded today) held nothing.
    const replayed = await planOf(line.admin, `?at=${encodeURIComponent(kept.now)}`);
    expect(replayed.orders).toEqual([]);
  });
});

describe('the smaller answer', () => {
  it('answers the window the Gantt shows by default, a window asked for, and every station queue whole', async () => {
    clock.set(new Date('2026-11-23T08:00:00Z'));
    const plan = await planOf(line.admin);
    expect(plan.window).toEqual({ from: '2026-11-23T00:00:00.000Z', to: '2027-01-04T00:00:00.000Z' });
    expect(plan.orders.length).toBeGreaterThan(0);
    expect(plan.orders.flatMap((order) => order.operations).every((operation) => operation.explanation === undefined)).toBe(true);
    const waitingAtSaw = plan.queues.find((queue) => queue.stationId === line.stations.saw.id)?.orderIds;
    expect(waitingAtSaw?.length).toBeGreaterThan(0);

    // A window after everything planned: no orders, the queues still whole.
    const later = await planOf(line.admin, '?from=2026-12-01T00:00:00Z&to=2026-12-02T00:00:00Z');
    expect(later.orders).toEqual([]);
    expect(later.queues.find((queue) => queue.stationId === line.stations.saw.id)?.orderIds).toEqual(waitingAtSaw);
    // Explained when asked.
    const explained = await planOf(line.admin, '?explain=true');
    expect(explained.orders[0].operations[0].explanation).toEqual(expect.objectContaining({ waitedMs: expect.any(Number) }));
  });

  it('refuses a window that ends before it starts, spans over a year or is not a moment (400 on its field)', async () => {
    const refusedOn: Record<string, string[]> = {
      'querystring.to': [
        'from=2026-11-24T00:00:00Z&to=2026-11-23T00:00:00Z',
        'from=2026-11-23T00:00:00Z&to=2026-11-23T00:00:00Z',
        'from=2026-01-01T00:00:00Z&to=2027-06-01T00:00:00Z',
        'to=2026-11-01T00:00:00Z',
      ],
      'querystring.from': ['from=yesterday'],
      'querystring.explain': ['explain=yes'],
    };
    for (const [path, queries] of Object.entries(refusedOn)) {
      for (const query of queries) {
        const res = await line.admin.get(`/api/plan?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(errorOf(res.body).details, query).toContainEqual(expect.objectContaining({ path }));
      }
    }
  });

  it('answers the station rows asked (offset and limit), their operations and queues, with the totals of every row', async () => {
    clock.set(new Date('2026-11-23T08:00:00Z'));
    const whole = await planOf(line.admin);
    expect(whole.rows).toEqual({ offset: 0, count: whole.stations.length, total: whole.stations.length });
    expect(whole.stations.length).toBeGreaterThan(1);
    const operationsOf = (plan: CapacityPlanView) =>
      plan.orders.flatMap((order) => order.operations.map((operation) => `${order.orderId} ${operation.stationId} ${operation.step} ${operation.startAt}`));
    // Page by page of one row (an operator reads it as every company user does): together the whole plan.
    const pages: CapacityPlanView[] = [];
    for (let offset = 0; offset < whole.rows.total; offset++) pages.push(await planOf(line.operators[0].client, `?offset=${offset}&limit=1`));
    pages.forEach((page, offset) => {
      expect(page.stations).toEqual([whole.stations[offset]]);
      expect(page.rows).toEqual({ offset, count: 1, total: whole.rows.total });
      expect(page.totals).toEqual(whole.totals);
      expect(page.queues).toEqual([whole.queues[offset]]);
      expect(page.orders.flatMap((order) => order.operations).every((operation) => operation.stationId === whole.stations[offset].id)).toBe(true);
    });
    expect(pages.flatMap(operationsOf).sort()).toEqual(operationsOf(whole).sort());
    expect(whole.totals.orders).toBe(whole.orders.length);
    expect(whole.totals.lateOrders).toBe(whole.orders.filter((order) => order.late).length);
    // Past the last row: no rows, the totals still the plan's.
    const past = await planOf(line.admin, `?offset=${whole.rows.total}&limit=5`);
    expect(past).toMatchObject({
      stations: [],
      orders: [],
      queues: [],
      rows: { offset: whole.rows.total, count: 0, total: whole.rows.total },
      totals: whole.totals,
    });
    // Another company's rows hold none of this company's stations or orders.
    const elsewhere = await planOf(other.admin, '?offset=0&limit=10');
    expect(elsewhere.stations.map((station) => station.id)).not.toEqual(expect.arrayContaining([whole.stations[0].id]));
    expect(elsewhere.orders).toEqual([]);
    expect(elsewhere.totals).toEqual({ orders: 0, lateOrders: 0, lastEndAt: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/plan?offset=0&limit=1' })).statusCode).toBe(401);
  });

  it('refuses rows that are not whole numbers in range (400 on their field)', async () => {
    const refusedOn: Record<string, string[]> = {
      'querystring.offset': ['offset=-1', 'offset=abc', 'offset=1.5', 'offset=100001'],
      'querystring.limit': ['limit=0', 'limit=101', 'limit=ten', 'offset=0&limit=-3'],
    };
    for (const [path, queries] of Object.entries(refusedOn)) {
      for (const query of queries) {
        const res = await line.admin.get(`/api/plan?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(errorOf(res.body).details, query).toContainEqual(expect.objectContaining({ path }));
      }
    }
  });

  it("explains one order's whole plan on its own route, to every company user only", async () => {
    const plan = await planOf(line.admin);
    const orderId = plan.orders[0].orderId;
    const res = await line.operators[0].client.get(`/api/plan/orders/${orderId}`);
    expect(res.statusCode, res.body).toBe(200);
    const view: OrderPlanView = res.json();
    expect(view.now).toBe(plan.now);
    expect(view.order.operations.map((op) => [op.stationId, op.startAt])).toEqual(plan.orders[0].operations.map((op) => [op.stationId, op.startAt]));
    expect(view.order.operations[0].explanation).toEqual(expect.objectContaining({ duration: expect.objectContaining({ kind: 'planned' }) }));

    expect((await other.admin.get(`/api/plan/orders/${orderId}`)).statusCode).toBe(404);
    expect((await line.admin.get(`/api/plan/orders/${line.stations.saw.id}`)).statusCode).toBe(404);
    const bad = await line.admin.get('/api/plan/orders/FB000001');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad.body).details).toContainEqual(expect.objectContaining({ path: 'params.orderId' }));
    expect((await t.app.inject({ method: 'GET', url: `/api/plan/orders/${orderId}` })).statusCode).toBe(401);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/plan/orders/{orderId}'].get.responses['200']).toBeDefined();
    expect(doc.paths['/api/plan'].get.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
      expect.arrayContaining(['at', 'from', 'to', 'explain', 'offset', 'limit']),
    );
  });
});
