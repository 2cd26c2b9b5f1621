import { describe, expect, it } from 'vitest';
import type { WorkingTime } from '../company/working-time.rules.js';
import { schedulePlan, type PlanInput, type PlanOrder, type PlanStep } from './capacity-plan.rules.js';
import { stationQueue } from './station-queue.rules.js';

// Monday 23 November 2026, 08:00 UTC, Monday to Friday 06:00-22:00 UTC. PRESS does one order at a
// time, OVEN two: what an operator there may start now, in the plan's order.
const twoShifts: WorkingTime = { days: [1, 2, 3, 4, 5], fromMinute: 6 * 60, toMinute: 22 * 60 };
const monday = new Date('2026-11-23T08:00:00Z');
const step = (stationId: string, setupMinutes: number, pieceMinutes: number): PlanStep => ({ stationId, setupMinutes, pieceMinutes });
const order = (id: string, steps: PlanStep[], extra: Partial<PlanOrder> = {}): PlanOrder => ({
  id,
  number: id,
  prioritized: false,
  deliveryDate: null,
  arrivedAt: '2026-11-23T07:00:00.000Z',
  pieces: 1,
  steps,
  workStartedAt: null,
  ...extra,
});
const input = (orders: PlanOrder[], extra: Partial<PlanInput> = {}): PlanInput => ({
  stations: [
    { id: 'PRESS', name: 'PRESS', capacity: 1, authorisedOperatorIds: null },
    { id: 'OVEN', name: 'OVEN', capacity: 2, authorisedOperatorIds: null },
  ],
  working: twoShifts,
  absences: [],
  interruptions: [],
  orders,
  cycleTimes: new Map(),
  ...extra,
});
const queue = (plan: ReturnType<typeof schedulePlan>, stationId: string) =>
  stationQueue(plan, stationId).map(
    (entry) => `${entry.orderId} ${entry.startAt.slice(11, 16)}${entry.inProgress ? ' in work' : ''}${entry.startable ? ' startable' : ''}`,
  );

describe('the worklist in plan order (stationQueue)', () => {
  it('puts work in progress first, then the plan’s order; only an order nothing holds is startable', () => {
    const plan = schedulePlan(
      input([
        order('LATER', [step('PRESS', 0, 60)], { deliveryDate: '2026-11-30' }),
        order('SOONER', [step('PRESS', 0, 30)], { deliveryDate: '2026-11-25' }),
        order('RUNNING', [step('PRESS', 0, 60)], { workStartedAt: '2026-11-23T07:30:00.000Z' }),
        order('ELSEWHERE', [step('OVEN', 0, 60), step('PRESS', 0, 10)]),
      ]),
      monday,
    );
    expect(queue(plan, 'PRESS')).toEqual(['RUNNING 08:00 in work', 'SOONER 08:30', 'LATER 09:00']);
  });

  it('marks as many startable as a station has free places', () => {
    const plan = schedulePlan(input([order('A', [step('OVEN', 0, 60)]), order('B', [step('OVEN', 0, 60)]), order('C', [step('OVEN', 0, 60)])]), monday);
    expect(queue(plan, 'OVEN')).toEqual(['A 08:00 startable', 'B 08:00 startable', 'C 09:00']);
  });

  it('marks none startable while the station is stopped', () => {
    const plan = schedulePlan(
      input([order('A', [step('PRESS', 0, 60)])], {
        interruptions: [
          {
            interruptionId: 'i',
            stationId: 'PRESS',
            reasonId: 'r',
            reasonName: 'Werkzeugbruch',
            reportedAt: '2026-11-23T07:50:00Z',
            expectedEndAt: '2026-11-23T09:00:00Z',
          },
        ],
      }),
      monday,
    );
    expect(queue(plan, 'PRESS')).toEqual(['A 09:00']);
  });
});
