import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settableClock } from '../../../src/server/platform/clock.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam } from '../../support/identity.js';
import { act, createOrder, errorOf, orderBody, orderLine, orderOf, type OrderLine } from '../orders/support.js';

let t: TestApp;
let line: OrderLine;
// A Monday: the week of 2026-11-23 starts on it.
const clock = settableClock('2026-11-23T08:00:00.000Z');

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  line = await orderLine(t);
});
afterAll(async () => {
  await t?.close();
});

/** One production order worked at the saw by `operator` for `minutes`. */
async function workAtSaw(operator: number, minutes: number) {
  const { saw } = line.stations;
  const atSaw = await line.signInAt(operator, saw.id);
  const order = await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 1 }]));
  const started = await act(line.admin, await act(line.admin, order, 'place'), 'start-production');
  let production = await orderOf(line.admin, started.productionOrders[0].id);
  production = await act(atSaw, production, 'start-work', { stationId: saw.id });
  clock.advance(minutes * 60_000);
  await act(atSaw, production, 'complete-work', { stationId: saw.id });
}

describe('the development trends', () => {
  it('count work completed per week with the median cycle time and the labour time, per employee and for the team, every week listed', async () => {
    // Both clock in at 08:00 (labour time, docs/labour-and-costs.md): starting the work clocks them onto the order.
    const clockAtSaw = async (operator: number, direction: 'in' | 'out') => {
      const res = await (await line.signInAt(operator, line.stations.saw.id)).post(`/api/labour/clock-${direction}`, { stationId: line.stations.saw.id });
      expect(res.statusCode, res.body).toBe(200);
    };
    await clockAtSaw(0, 'in');
    await clockAtSaw(1, 'in');
    await workAtSaw(0, 10);
    await workAtSaw(0, 20);
    await workAtSaw(1, 40);
    // 09:10: both clock out after 70 minutes (no break under 6 hours).
    await clockAtSaw(0, 'out');
    await clockAtSaw(1, 'out');
    const [olga, jonas] = line.operators;
    const none = { workedSeconds: 0, orderWorkSeconds: 0, ordersWorkedOn: 0 };

    const mine = await line.admin.get(`/api/team/development?userId=${olga.id}&from=2026-11-10&to=2026-11-29`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toEqual({
      userId: olga.id,
      from: '2026-11-10',
      to: '2026-11-29',
      weeks: [
        { week: '2026-11-09', completed: 0, medianCycleTimeSeconds: null, ...none },
        { week: '2026-11-16', completed: 0, medianCycleTimeSeconds: null, ...none },
        { week: '2026-11-23', completed: 2, medianCycleTimeSeconds: 900, workedSeconds: 70 * 60, orderWorkSeconds: 30 * 60, ordersWorkedOn: 2 },
      ],
    });
    const team = await line.admin.get('/api/team/development');
    expect(team.statusCode, team.body).toBe(200);
    expect(team.json().weeks).toHaveLength(13);
    expect(team.json().weeks.at(-1)).toEqual({
      week: '2026-11-23',
      completed: 3,
      medianCycleTimeSeconds: 1200,
      workedSeconds: 2 * 70 * 60,
      orderWorkSeconds: 70 * 60,
      ordersWorkedOn: 3,
    });
    expect(team.json().weeks[0]).toMatchObject({ completed: 0 });

    // An operator reads their own, not a colleague's nor the team's.
    expect((await olga.client.get(`/api/team/development?userId=${olga.id}`)).statusCode).toBe(200);
    expect((await olga.client.get(`/api/team/development?userId=${jonas.id}`)).statusCode).toBe(403);
    expect((await olga.client.get('/api/team/development')).statusCode).toBe(403);
  });

  it('refuse a bad or backwards range (400) and another company’s employee (404)', async () => {
    expect((await line.admin.get('/api/team/development?from=2026-02-30')).statusCode).toBe(400);
    expect((await line.admin.get('/api/team/development?from=2026-11-20&to=2026-11-01')).statusCode).toBe(400);
    expect((await line.admin.get('/api/team/development?from=2024-01-01&to=2026-01-01')).statusCode).toBe(400);
    const other = await companyWithTeam(t);
    const foreign = await clientOf(t, other.admin.token).get(`/api/team/development?userId=${line.operators[0].id}`);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign.body).code).toBe('USER_NOT_FOUND');
  });
});
