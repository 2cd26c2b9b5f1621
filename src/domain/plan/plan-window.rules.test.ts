import { describe, expect, it } from 'vitest';
import { schedulePlan, type PlanInput } from './capacity-plan.rules.js';
import { planViewOf, planWindowOf } from './plan-window.rules.js';

const now = new Date('2026-11-27T18:00:00Z');
const input: PlanInput = {
  stations: [{ id: 'SAW', name: 'SÄGEN', capacity: 1, authorisedOperatorIds: null }],
  working: { days: [1, 2, 3, 4, 5], fromMinute: 6 * 60, toMinute: 22 * 60, timeZone: 'Europe/Berlin' },
  absences: [],
  interruptions: [],
  cycleTimes: new Map(),
  orders: ['A', 'B'].map((id, index) => ({
    id,
    number: `FB00051${index}`,
    prioritized: false,
    deliveryDate: '2026-12-01',
    arrivedAt: now.toISOString(),
    pieces: 1,
    steps: [{ stationId: 'SAW', setupMinutes: 600, pieceMinutes: null }],
    workStartedAt: null,
  })),
};

describe('the window of a plan read', () => {
  it('is by default the plan day in the company zone and 42 days on; refused when empty or over a year', () => {
    expect(planWindowOf({}, now.toISOString(), 'Europe/Berlin')).toEqual({ from: '2026-11-26T23:00:00.000Z', to: '2027-01-07T23:00:00.000Z' });
    expect(planWindowOf({ from: '2026-11-30T00:00:00Z' }, now.toISOString(), 'UTC')).toEqual({
      from: '2026-11-30T00:00:00.000Z',
      to: '2027-01-11T00:00:00.000Z',
    });
    expect(planWindowOf({ from: '2026-11-30T00:00:00Z', to: '2026-11-30T00:00:00Z' }, now.toISOString(), 'UTC')).toBeNull();
    expect(planWindowOf({ from: '2026-01-01T00:00:00Z', to: '2027-01-03T00:00:00Z' }, now.toISOString(), 'UTC')).toBeNull();
  });

  it('answers the operations overlapping it, explained only when asked, and every queue whole', () => {
    // A: 10 h from Friday evening (Berlin) into Monday; B after it, on Monday.
    const plan = schedulePlan(input, now);
    const monday = { from: '2026-11-30T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z' };
    const view = planViewOf(plan, monday, false);
    expect(view.orders.map((order) => order.orderId)).toEqual(['A', 'B']);
    expect(view.orders[0].operations[0].explanation).toBeUndefined();
    expect(planViewOf(plan, monday, true).orders[0].operations[0].explanation).toEqual(plan.orders[0].operations[0].explanation);
    const friday = planViewOf(plan, { from: '2026-11-27T00:00:00.000Z', to: '2026-11-28T00:00:00.000Z' }, false);
    expect(friday.orders.map((order) => order.orderId)).toEqual(['A']);
    expect(friday.queues).toEqual([{ stationId: 'SAW', orderIds: ['A', 'B'] }]);
    expect(friday.workingTime).toMatchObject({ from: '06:00', to: '22:00', timeZone: 'Europe/Berlin' });
  });
});

describe('the station rows of a plan read', () => {
  const twoRows: PlanInput = {
    ...input,
    stations: [
      { id: 'SAW', name: 'SÄGEN', capacity: 1, authorisedOperatorIds: null },
      { id: 'MILL', name: 'FRÄSEN', capacity: 1, authorisedOperatorIds: null },
    ],
    orders: input.orders.map((order, index) => ({
      ...order,
      deliveryDate: index === 0 ? '2026-11-27' : '2026-12-01',
      steps: [...order.steps, { stationId: 'MILL', setupMinutes: 60, pieceMinutes: null }],
    })),
  };
  const window = { from: '2026-11-27T00:00:00.000Z', to: '2026-12-05T00:00:00.000Z' };

  it('answers only the rows asked, their operations and queues, with the totals of every row', () => {
    const plan = schedulePlan(twoRows, now);
    const second = planViewOf(plan, window, false, { offset: 1, limit: 1 });
    expect(second.stations.map((station) => station.name)).toEqual(['FRÄSEN']);
    expect(second.rows).toEqual({ offset: 1, count: 1, total: 2 });
    expect(second.orders.map((order) => [order.orderId, order.operations.map((operation) => operation.stationId)])).toEqual([
      ['A', ['MILL']],
      ['B', ['MILL']],
    ]);
    expect(second.queues).toEqual([{ stationId: 'MILL', orderIds: [] }]);
    const lastEnd = plan.orders[1].operations[1].endAt;
    expect(second.totals).toEqual({ orders: 2, lateOrders: 1, lastEndAt: lastEnd });
    const first = planViewOf(plan, window, false, { offset: 0, limit: 1 });
    expect(first.orders.map((order) => order.operations.map((operation) => operation.stationId))).toEqual([['SAW'], ['SAW']]);
    expect(first.totals).toEqual(second.totals);
    expect(planViewOf(plan, window, false, { offset: 2, limit: 1 })).toMatchObject({ stations: [], orders: [], rows: { offset: 2, count: 0, total: 2 } });
    expect(planViewOf(plan, window, false).stations).toHaveLength(2);
  });
});
