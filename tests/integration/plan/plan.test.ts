import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CapacityPlanView } from '../../../src/domain/plan/plan.views.js';
import type { TestApp } from '../../support/app.js';
import { act, createOrder, orderBody, type Client, type OrderLine } from '../orders/support.js';
import { planPlant } from './plan-support.js';

// The capacity plan (GET /api/plan, docs/capacity-plan.md) from the read models, on a fixed clock:
// Monday 23 November 2026, 08:00 UTC, working time Monday to Friday 06:00-22:00 UTC.
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

const planOf = async (client: Client): Promise<CapacityPlanView> => {
  const res = await client.get('/api/plan?explain=true');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const timesOf = (plan: CapacityPlanView, orderId: string) =>
  plan.orders.find((order) => order.orderId === orderId)?.operations.map((operation) => [operation.stationId, operation.startAt, operation.endAt]);

describe('the capacity plan', () => {
  it('plans every production order at a station over its remaining stations, earliest delivery date first, explained', async () => {
    const { saw, drill } = line.stations;
    const start = async (quantity: number, deliveryDate: string) =>
      act(line.admin, await createOrder(line.admin, orderBody([{ materialId: frame, quantity }], { kind: 'production', deliveryDate })), 'start-production');
    const later = await start(4, '2026-11-24');
    const sooner = await start(2, '2026-11-23');

    const plan = await planOf(line.admin);
    expect(plan).toMatchObject({ now: '2026-11-23T08:00:00.000Z', workingTime: { days: [1, 2, 3, 4, 5], from: '06:00', to: '22:00', timeZone: 'UTC' } });
    expect(plan.stations.map((station) => station.name).sort()).toEqual(['DRILL', 'GOODS', 'SAW']);
    expect(plan.orders.map((order) => order.orderId)).toEqual([sooner.id, later.id]);
    // Sooner: SAW 30 + 15 × 2 = 60 min, DRILL 30 × 2 = 60 min. Later: SAW 30 + 15 × 4 = 90 min behind it, DRILL 120 min.
    expect(timesOf(plan, sooner.id)).toEqual([
      [saw.id, '2026-11-23T08:00:00.000Z', '2026-11-23T09:00:00.000Z'],
      [drill.id, '2026-11-23T09:00:00.000Z', '2026-11-23T10:00:00.000Z'],
    ]);
    expect(timesOf(plan, later.id)).toEqual([
      [saw.id, '2026-11-23T09:00:00.000Z', '2026-11-23T10:30:00.000Z'],
      [drill.id, '2026-11-23T10:30:00.000Z', '2026-11-23T12:30:00.000Z'],
    ]);
    const waiting = plan.orders[1].operations[0];
    expect(waiting.explanation).toEqual({
      duration: { kind: 'planned', setupMinutes: 30, pieceMinutes: 15, pieces: 4 },
      doneMs: 0,
      waitedMs: 3_600_000,
      behind: [{ orderId: sooner.id, number: sooner.orderNumber }],
      behindMore: 0,
      stops: [],
    });
    expect(plan.orders.map((order) => [order.finishAt, order.late, order.notPlanned])).toEqual([
      ['2026-11-23T10:00:00.000Z', false, null],
      ['2026-11-23T12:30:00.000Z', false, null],
    ]);

    // An operator reads the same plan.
    expect((await planOf(line.operators[0].client)).orders.map((order) => order.orderId)).toEqual([sooner.id, later.id]);
    // Another company's plan holds none of it.
    const theirs = await planOf(other.admin);
    expect(theirs.orders).toEqual([]);
    expect(theirs.stations.map((station) => station.id)).not.toContain(saw.id);
  });

  it('stops the stations while every authorised operator is away', async () => {
    const reason = await line.superUser.post('/api/team/master-data/absenceReasons', { name: 'Vacation' });
    expect(reason.json().entryId, reason.body).toEqual(expect.any(String));
    for (const operator of line.operators) {
      const booked = await line.superUser.post(`/api/team/employees/${operator.id}/absences`, {
        from: '2026-11-23',
        to: '2026-11-24',
        reasonId: reason.json().entryId,
      });
      expect(booked.statusCode, booked.body).toBe(201);
    }
    const plan = await planOf(line.admin);
    // Nobody authorised at SAW or DRILL on Monday and Tuesday: the first order starts on Wednesday at 06:00.
    expect(plan.orders[0].operations[0]).toMatchObject({ startAt: '2026-11-25T06:00:00.000Z', endAt: '2026-11-25T07:00:00.000Z' });
    expect(plan.orders[0].operations[0].explanation?.stops).toEqual([{ kind: 'noOperator', workingMs: 30 * 3_600_000 }]);
  });

  it('answers only signed-in users', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/plan' })).statusCode).toBe(401);
  });

  it('is in the OpenAPI document with its answer schema', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/plan'].get.responses['200']).toBeDefined();
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['CapacityPlan', 'OrderPlan', 'PlannedOperation']));
  });
});
