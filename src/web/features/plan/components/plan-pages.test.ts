import { describe, expect, it } from 'vitest';
import type { CapacityPlanView } from '../../../../domain/plan/plan.views';
import { mergedPlan } from './plan-pages';

type Order = CapacityPlanView['orders'][number];
const operation = (stationId: string, step: number): Order['operations'][number] => ({
  orderId: 'x',
  stationId,
  step,
  place: 0,
  readyAt: '2026-11-23T08:00:00.000Z',
  startAt: '2026-11-23T08:00:00.000Z',
  endAt: '2026-11-23T09:00:00.000Z',
  workingMs: 3_600_000,
  inProgress: false,
});
const order = (orderId: string, rank: number, operations: Order['operations']): Order => ({
  orderId,
  number: orderId,
  rank,
  operations,
  finishAt: null,
  dueAt: null,
  late: false,
  tardinessMs: 0,
  notPlanned: null,
});
const page = (offset: number, stationIds: string[], orders: Order[]): CapacityPlanView => ({
  now: '2026-11-23T08:00:00.000Z',
  window: { from: '2026-11-23T00:00:00.000Z', to: '2027-01-04T00:00:00.000Z' },
  rows: { offset, count: stationIds.length, total: 3 },
  totals: { orders: 2, lateOrders: 0, lastEndAt: '2026-11-23T12:00:00.000Z' },
  stations: stationIds.map((id) => ({ id, name: id, capacity: 1 })),
  orders,
  queues: stationIds.map((stationId) => ({ stationId, orderIds: [] })),
  workingTime: { days: [1, 2, 3, 4, 5], from: '06:00', to: '22:00', timeZone: 'UTC' },
});

describe('the pages of station rows read so far', () => {
  it('make one plan: the rows one after another, an order of several pages once with its operations in step order, in plan order', () => {
    const first = page(0, ['SAW', 'DRILL'], [order('B', 1, [operation('SAW', 0)]), order('A', 0, [operation('DRILL', 1)])]);
    const second = page(2, ['PAINT'], [order('A', 0, [operation('PAINT', 2)]), order('C', 2, [operation('PAINT', 0)])]);
    const plan = mergedPlan([first, second]);
    expect(plan.stations.map((station) => station.id)).toEqual(['SAW', 'DRILL', 'PAINT']);
    expect(plan.queues.map((queue) => queue.stationId)).toEqual(['SAW', 'DRILL', 'PAINT']);
    expect(plan.rows).toEqual({ offset: 0, count: 3, total: 3 });
    expect(plan.orders.map((o) => [o.orderId, o.operations.map((op) => op.stationId)])).toEqual([
      ['A', ['DRILL', 'PAINT']],
      ['B', ['SAW']],
      ['C', ['PAINT']],
    ]);
    expect(plan.totals).toEqual(first.totals);
    expect(mergedPlan([first])).toBe(first);
  });
});
