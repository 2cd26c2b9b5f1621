import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InterruptionView } from '../../../src/domain/interruptions/interruptions.views.js';
import type { CapacityPlanView } from '../../../src/domain/plan/plan.views.js';
import type { TestApp } from '../../support/app.js';
import { act, createOrder, errorOf, orderBody, type Client, type OrderLine } from '../orders/support.js';
import { planPlant } from './plan-support.js';
import { stationBody } from '../stations/stations-support.js';

// The plan's inputs a company gives (docs/capacity-plan.md): a station's capacity (orders worked at
// once) and an interruption's expected end, set through the API and read back by GET /api/plan.
// Monday 23 November 2026, 08:00 UTC, working time Monday to Friday 06:00-22:00 UTC.
let t: TestApp;
let line: OrderLine;
let other: OrderLine;
let frame: string;
let reasonId: string;

beforeAll(async () => {
  ({ t, line, other, frame } = await planPlant());
  const reason = await line.superUser.post('/api/team/master-data/interruptionReasons', { name: 'Werkzeugbruch' });
  expect(reason.statusCode, reason.body).toBe(201);
  reasonId = reason.json().entryId;
});
afterAll(async () => {
  await t?.close();
});

const planOf = async (client: Client): Promise<CapacityPlanView> => {
  const res = await client.get('/api/plan?explain=true');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const stationOf = async (client: Client, stationId: string) => {
  const res = await client.get(`/api/stations/${stationId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; name: string; version: number; capacity: number };
};

describe("a station's capacity (orders worked at once)", () => {
  it('is 1 unless set, saved with the station form, in the stations API, and the plan works that many side by side', async () => {
    const { saw } = line.stations;
    expect((await stationOf(line.admin, saw.id)).capacity).toBe(1);
    const start = async (quantity: number, deliveryDate: string) =>
      act(line.admin, await createOrder(line.admin, orderBody([{ materialId: frame, quantity }], { kind: 'production', deliveryDate })), 'start-production');
    const first = await start(2, '2026-11-23');
    const second = await start(2, '2026-11-24');
    // One at a time: the second waits at SAW behind the first (30 + 15 × 2 = 60 min each).
    let plan = await planOf(line.admin);
    expect(plan.stations.find((station) => station.id === saw.id)?.capacity).toBe(1);
    expect(plan.orders.find((order) => order.orderId === second.id)?.operations[0]).toMatchObject({ startAt: '2026-11-23T09:00:00.000Z', place: 0 });

    const current = await stationOf(line.admin, saw.id);
    const changed = await line.admin.put(`/api/stations/${saw.id}`, { ...stationBody('SAW', { capacity: 2 }), version: current.version });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().capacity).toBe(2);
    expect((await line.operators[0].client.get('/api/stations?q=SAW')).json().data[0].capacity).toBe(2);

    plan = await planOf(line.admin);
    expect(plan.stations.find((station) => station.id === saw.id)?.capacity).toBe(2);
    // Two places: both start at SAW now.
    expect(plan.orders.find((order) => order.orderId === first.id)?.operations[0]).toMatchObject({ startAt: '2026-11-23T08:00:00.000Z', place: 0 });
    expect(plan.orders.find((order) => order.orderId === second.id)?.operations[0]).toMatchObject({ startAt: '2026-11-23T08:00:00.000Z', place: 1 });
  });

  it('refuses what is not a whole number from 1 to 99 on its field, and saves nothing', async () => {
    for (const [capacity, message] of [
      [0, 'validation.min'],
      [100, 'validation.max'],
      [1.5, 'validation.wholeNumber'],
      ['2', 'validation.number'],
    ] as const) {
      const res = await line.admin.post('/api/stations', { ...stationBody('OVENBAD'), capacity });
      expect(res.statusCode, String(capacity)).toBe(400);
      expect(errorOf(res.body).details).toContainEqual(expect.objectContaining({ path: 'capacity', message }));
    }
    expect((await line.admin.get('/api/stations?q=OVENBAD')).json().total).toBe(0);
    const created = await line.admin.post('/api/stations', stationBody('OVEN', { capacity: 99 }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().capacity).toBe(99);
  });

  it('is set by supervisors only: an operator gets 403, another company 404, unauthenticated 401', async () => {
    const station = (await line.admin.post('/api/stations', stationBody('KILN'))).json();
    const body = { ...stationBody('KILN', { capacity: 4 }), version: station.version };
    expect((await line.operators[0].client.put(`/api/stations/${station.id}`, body)).statusCode).toBe(403);
    expect((await other.admin.put(`/api/stations/${station.id}`, body)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `/api/stations/${station.id}`, payload: body })).statusCode).toBe(401);
    expect((await stationOf(line.admin, station.id)).capacity).toBe(1);
    // The other company's plan never sees it.
    expect((await planOf(other.admin)).stations.map((candidate) => candidate.id)).not.toContain(station.id);
  });
});

describe("an interruption's expected end", () => {
  it('is given with the report or later while open, shown on the interruption, and the plan keeps the station stopped until then', async () => {
    const { drill } = line.stations;
    const atDrill = await line.signInAt(0, drill.id);
    const reported = await atDrill.post('/api/interruptions', { stationId: drill.id, reasonId, expectedEndAt: '2026-11-23T12:00:00+01:00' });
    expect(reported.statusCode, reported.body).toBe(201);
    const interruption: InterruptionView = reported.json();
    expect(interruption.expectedEndAt).toBe('2026-11-23T11:00:00.000Z');

    let plan = await planOf(line.admin);
    const atDrillOps = plan.orders.flatMap((order) => order.operations).filter((operation) => operation.stationId === drill.id);
    expect(atDrillOps.length).toBeGreaterThan(0);
    // Nothing at DRILL starts before 11:00; the first explains the stop.
    expect(atDrillOps.every((operation) => operation.startAt >= '2026-11-23T11:00:00.000Z')).toBe(true);
    expect(atDrillOps[0].explanation?.stops).toContainEqual(
      expect.objectContaining({ kind: 'interruption', interruptionId: interruption.id, reasonName: 'Werkzeugbruch' }),
    );

    // Moved later by an administrator from the console.
    const moved = await line.admin.post(`/api/interruptions/${interruption.id}/expected-end`, { expectedEndAt: '2026-11-23T14:00:00.000Z' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().expectedEndAt).toBe('2026-11-23T14:00:00.000Z');
    plan = await planOf(line.admin);
    const first = plan.orders.flatMap((order) => order.operations).filter((operation) => operation.stationId === drill.id);
    expect(first.every((operation) => operation.startAt >= '2026-11-23T14:00:00.000Z')).toBe(true);
    expect((await line.admin.get(`/api/interruptions/${interruption.id}`)).json().expectedEndAt).toBe('2026-11-23T14:00:00.000Z');

    // Cleared: the station is taken to resume now.
    const cleared = await atDrill.post(`/api/interruptions/${interruption.id}/expected-end`, { expectedEndAt: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().expectedEndAt).toBeNull();
    plan = await planOf(line.admin);
    expect(
      plan.orders.flatMap((order) => order.operations).some((operation) => operation.stationId === drill.id && operation.startAt < '2026-11-23T11:00:00.000Z'),
    ).toBe(true);

    // Bad input: 400 on its field, nothing changes.
    for (const [expectedEndAt, message] of [
      ['2026-11-23T07:00:00Z', 'interruptions.validation.expectedEndPast'],
      ['2028-01-01T00:00:00Z', 'interruptions.validation.expectedEndTooFar'],
      ['tomorrow', 'validation.invalidFormat'],
      [undefined, 'validation.required'],
    ] as const) {
      const res = await line.admin.post(`/api/interruptions/${interruption.id}/expected-end`, expectedEndAt === undefined ? {} : { expectedEndAt });
      expect(res.statusCode, String(expectedEndAt)).toBe(400);
      expect(errorOf(res.body).details).toContainEqual(expect.objectContaining({ path: 'expectedEndAt', message }));
    }
    expect((await line.admin.get(`/api/interruptions/${interruption.id}`)).json().expectedEndAt).toBeNull();

    // An operator not signed in at DRILL 403, another company 404, unauthenticated 401.
    const atSaw = await line.signInAt(1, line.stations.saw.id);
    const body = { expectedEndAt: '2026-11-23T15:00:00Z' };
    expect((await atSaw.post(`/api/interruptions/${interruption.id}/expected-end`, body)).statusCode).toBe(403);
    expect((await other.admin.post(`/api/interruptions/${interruption.id}/expected-end`, body)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/interruptions/${interruption.id}/expected-end`, payload: body })).statusCode).toBe(401);
    expect((await line.admin.get(`/api/interruptions/${interruption.id}`)).json().expectedEndAt).toBeNull();

    // Resolved: 409, nothing more to expect.
    expect((await atDrill.post(`/api/interruptions/${interruption.id}/resolve`, { note: 'Neues Werkzeug' })).statusCode).toBe(200);
    const late = await line.admin.post(`/api/interruptions/${interruption.id}/expected-end`, body);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late.body).code).toBe('INTERRUPTION_ALREADY_RESOLVED');
  });

  it('refuses a report whose expected end has passed, and records nothing', async () => {
    const { saw } = line.stations;
    const admin = line.admin;
    const res = await admin.post('/api/interruptions', { stationId: saw.id, reasonId, expectedEndAt: '2026-11-23T07:59:00Z' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body).details).toContainEqual(expect.objectContaining({ path: 'expectedEndAt', message: 'interruptions.validation.expectedEndPast' }));
    expect((await admin.get(`/api/interruptions?open=true&stationId=${saw.id}`)).json().total).toBe(0);
  });
});
