import { describe, expect, it } from 'vitest';
import type { StationQueueView } from '../../../domain/plan/plan.views';
import { inPlanOrder } from './worklist-plan';

const queue: StationQueueView = {
  now: '2026-11-23T08:00:00.000Z',
  stationId: 'press',
  orders: [
    {
      orderId: 'running',
      number: 'FB1',
      position: 0,
      startAt: '2026-11-23T08:00:00.000Z',
      endAt: '2026-11-23T08:30:00.000Z',
      inProgress: true,
      startable: false,
      waitedMs: 0,
    },
    {
      orderId: 'sooner',
      number: 'FB2',
      position: 1,
      startAt: '2026-11-23T08:30:00.000Z',
      endAt: '2026-11-23T09:00:00.000Z',
      inProgress: false,
      startable: false,
      waitedMs: 1_800_000,
    },
  ],
};

describe('the worklist in plan order (inPlanOrder)', () => {
  it('sorts by the plan’s position at the station, the unplanned after them in their own order', () => {
    const worklist = [{ id: 'unplanned-a' }, { id: 'sooner' }, { id: 'unplanned-b' }, { id: 'running' }];
    const { entries, planned } = inPlanOrder(worklist, queue);
    expect(entries.map((entry) => entry.id)).toEqual(['running', 'sooner', 'unplanned-a', 'unplanned-b']);
    expect(planned.get('sooner')).toEqual({ position: 1, startable: false, startAt: '2026-11-23T08:30:00.000Z' });
  });

  it('keeps the worklist as it is without a plan', () => {
    const worklist = [{ id: 'b' }, { id: 'a' }];
    expect(inPlanOrder(worklist, undefined).entries).toEqual(worklist);
  });
});
