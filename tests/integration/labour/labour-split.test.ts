import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderCostingView } from '../../../src/domain/costing/costing.views.js';
import type { LabourStatus, WorkTimes } from '../../../src/domain/labour/labour.views.js';
import { settableClock } from '../../../src/server/platform/clock.js';
import { checkProjections, describeDifferences } from '../../../src/server/platform/projection-rebuild.js';
import { inlineProjections } from '../../../src/server/projections.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { expectOk } from '../../support/browser.js';
import { clientOf, companyWithTeam, type TestCompany } from '../../support/identity.js';
import { act, createOrder, errorOf, orderBody, orderLine, type Client, type OrderLine } from '../orders/support.js';

// "Time split evenly across the orders worked at once, unless stated" (docs/labour-and-costs.md,
// "Stated split"): Olga runs two orders at SAW at once from 08:00 to 09:00 and states how that hour
// splits; her week and the orders' costs follow. Monday 30 November 2026, times UTC.
const clock = settableClock('2026-11-30T06:00:00.000Z');
const at = (time: string) => `2026-11-30T${time}:00.000Z`;

let t: TestApp;
let line: OrderLine;
let other: TestCompany;
let olgaAtSaw: Client;
let jonasAtSaw: Client;
let orderA: { id: string; version: number };
let orderB: { id: string; version: number };

const olga = () => line.operators[0].id;
const saw = () => line.stations.saw.id;
const owner = () => line.superUser;

const ok = async <T>(answer: Promise<Parameters<typeof expectOk>[0]>, status = 200): Promise<T> => expectOk<T>(await answer, status);
const weekOfOlga = (client: Client = line.admin) => ok<WorkTimes>(client.get(`/api/labour/times?userId=${olga()}&week=2026-11-30`));
const minutesOn = (week: WorkTimes, orderId: string) => (week.orders.find((row) => row.orderId === orderId)?.seconds ?? 0) / 60;
const labourCostOf = async (orderId: string) => (await ok<OrderCostingView>(owner().get(`/api/costs/orders/${orderId}`))).actual.labour;
const split = (unit: 'percent' | 'minutes', onA: number, onB: number, reason = '') => ({
  periodStartedAt: at('08:00'),
  unit,
  shares: [
    { orderId: orderA.id, stationId: saw(), amount: onA },
    { orderId: orderB.id, stationId: saw(), amount: onB },
  ],
  reason,
});
const splitsOf = (userId: string) => `/api/labour/users/${userId}/work-splits`;

async function orderInWorkAtSaw() {
  let order = await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 1 }], { kind: 'production' }));
  order = await act(line.admin, order, 'start-production');
  return act(olgaAtSaw, order, 'start-work', { stationId: saw() });
}

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  line = await orderLine(t);
  other = await companyWithTeam(t, { companyName: 'Andere Teilung GmbH' });
  olgaAtSaw = await line.signInAt(0, line.stations.saw.id);
  jonasAtSaw = await line.signInAt(1, line.stations.saw.id);
  // A labour rate of 60.00/h: a minute costs 1.00.
  await ok(owner().post('/api/costs/labour-rates', { target: 'standard', hourlyRate: 60, validFrom: '2026-11-30' }), 201);
  await ok(olgaAtSaw.post('/api/labour/clock-in', { stationId: saw() }));
  clock.set(at('07:00'));
  orderA = await orderInWorkAtSaw();
  clock.set(at('08:00'));
  orderB = await orderInWorkAtSaw();
});
afterAll(async () => {
  await t?.close();
});

describe('a stated split of a work period', () => {
  it('the operator states the running period in percent at the station; refused sums are 400 with the field', async () => {
    clock.set(at('08:15'));
    const status = await ok<LabourStatus>(olgaAtSaw.get('/api/labour/me'));
    expect(status.workPeriod).toEqual({ startedAt: at('08:00'), stated: false });

    const badPercent = await olgaAtSaw.post(splitsOf(olga()), split('percent', 70, 20));
    expect(badPercent.statusCode, badPercent.body).toBe(400);
    expect(errorOf(badPercent.body).details).toEqual([expect.objectContaining({ path: 'shares', message: 'labour.validation.splitPercentSum' })]);
    const minutesWhileRunning = await olgaAtSaw.post(splitsOf(olga()), split('minutes', 10, 5));
    expect(minutesWhileRunning.statusCode, minutesWhileRunning.body).toBe(400);
    expect(errorOf(minutesWhileRunning.body).details).toEqual([expect.objectContaining({ path: 'shares', message: 'labour.validation.splitMinutesRunning' })]);
    const otherOrders = await olgaAtSaw.post(splitsOf(olga()), { ...split('percent', 50, 50), shares: [split('percent', 50, 50).shares[0]] });
    expect(otherOrders.statusCode, otherOrders.body).toBe(400);
    const noPeriod = await olgaAtSaw.post(splitsOf(olga()), { ...split('percent', 50, 50), periodStartedAt: at('07:30') });
    expect(noPeriod.statusCode, noPeriod.body).toBe(404);
    expect(errorOf(noPeriod.body).code).toBe('LABOUR_WORK_PERIOD_NOT_FOUND');

    await ok(olgaAtSaw.post(splitsOf(olga()), split('percent', 75, 25)), 201);
    expect((await ok<LabourStatus>(olgaAtSaw.get('/api/labour/me'))).workPeriod).toEqual({ startedAt: at('08:00'), stated: true });

    // A finishes at 09:00, B at 10:00: A 60 + 45 = 105 min, B 15 + 60 = 75 min.
    clock.set(at('09:00'));
    orderA = await act(olgaAtSaw, orderA, 'complete-work', { stationId: saw() });
    clock.set(at('10:00'));
    orderB = await act(olgaAtSaw, orderB, 'complete-work', { stationId: saw() });
    const week = await weekOfOlga();
    expect(minutesOn(week, orderA.id)).toBe(105);
    expect(minutesOn(week, orderB.id)).toBe(75);
    expect(week.periods).toEqual([
      expect.objectContaining({
        startedAt: at('08:00'),
        endedAt: at('09:00'),
        statedBy: expect.objectContaining({ userId: olga() }),
        orders: expect.arrayContaining([
          expect.objectContaining({ orderId: orderA.id, seconds: 2700, percent: 75 }),
          expect.objectContaining({ orderId: orderB.id, seconds: 900, percent: 25 }),
        ]),
      }),
    ]);
    // The costing sums the same pieces: 1.00 a minute.
    expect(await labourCostOf(orderA.id)).toBe(105);
    expect(await labourCostOf(orderB.id)).toBe(75);
  });

  it('a supervisor restates the closed period in minutes adding up to its 60; the week and the costs follow', async () => {
    clock.set(at('11:00'));
    const badMinutes = await line.admin.post(splitsOf(olga()), split('minutes', 30, 31, 'Hälfte'));
    expect(badMinutes.statusCode, badMinutes.body).toBe(400);
    expect(errorOf(badMinutes.body).details).toEqual([expect.objectContaining({ path: 'shares', message: 'labour.validation.splitMinutesSum' })]);
    const week = await ok<WorkTimes>(line.admin.post(splitsOf(olga()), split('minutes', 30, 30, 'Hälfte')), 201);
    expect(minutesOn(week, orderA.id)).toBe(90);
    expect(minutesOn(week, orderB.id)).toBe(90);
    expect(week.periods[0].statedBy?.userId).toBe(line.userIds.admin);
    expect(await labourCostOf(orderA.id)).toBe(90);
    expect(await labourCostOf(orderB.id)).toBe(90);
  });

  it('refuses another person (an operator: 403), no sign-in (401), another company (404), bad input (400)', async () => {
    const refusedColleague = await jonasAtSaw.post(splitsOf(olga()), split('percent', 50, 50));
    expect(refusedColleague.statusCode, refusedColleague.body).toBe(403);
    expect(errorOf(refusedColleague.body).code).toBe('FORBIDDEN');
    const anonymous = await t.app.inject({ method: 'POST', url: splitsOf(olga()), payload: split('percent', 50, 50) });
    expect(anonymous.statusCode).toBe(401);
    const otherCompany = await clientOf(t, other.admin.token).post(splitsOf(olga()), split('percent', 50, 50));
    expect(otherCompany.statusCode, otherCompany.body).toBe(404);
    const badUnit = await line.admin.post(splitsOf(olga()), { ...split('percent', 50, 50), unit: 'hours' });
    expect(badUnit.statusCode, badUnit.body).toBe(400);
    expect(errorOf(badUnit.body).details).toEqual([expect.objectContaining({ path: 'unit' })]);
    const badUser = await line.admin.post('/api/labour/users/not-a-user/work-splits', split('percent', 50, 50));
    expect(badUser.statusCode, badUser.body).toBe(400);
    // None of these changed the split.
    expect(minutesOn(await weekOfOlga(), orderA.id)).toBe(90);
  });

  it('the read models equal a rebuild from the log', async () => {
    const result = await checkProjections(t.app.db, inlineProjections(t.app.eventStore));
    expect(describeDifferences(result.differences)).toEqual([]);
  });
});
