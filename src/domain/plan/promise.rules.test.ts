import { describe, expect, it } from 'vitest';
import type { WorkingTime } from '../company/working-time.rules.js';
import { earliestDelivery, schedulePlan, type PlanInput, type PlanOrder, type PlanStep } from './capacity-plan.rules.js';
import { orderToPromise, promisedOrderId, promisesAtRisk } from './promise.rules.js';

// The worked example of docs/capacity-plan.md (Friday 27 November 2026, 18:00 UTC, Monday to
// Friday 06:00-22:00 UTC): FB000512 finishes Monday 30 November 07:40, FB000517 at 09:40.
const twoShifts: WorkingTime = { days: [1, 2, 3, 4, 5], fromMinute: 6 * 60, toMinute: 22 * 60 };
const friday = new Date('2026-11-27T18:00:00Z');
const step = (stationId: string, setupMinutes: number | null, pieceMinutes: number | null): PlanStep => ({ stationId, setupMinutes, pieceMinutes });
const order = (id: string, steps: PlanStep[], extra: Partial<PlanOrder>): PlanOrder => ({
  id,
  number: id,
  prioritized: false,
  deliveryDate: null,
  arrivedAt: '2026-11-20T07:00:00.000Z',
  pieces: 1,
  steps,
  workStartedAt: null,
  ...extra,
});
const example: PlanInput = {
  stations: [
    { id: 'SÄGEN', name: 'SÄGEN', capacity: 1, authorisedOperatorIds: null },
    { id: 'FRÄSEN', name: 'FRÄSEN', capacity: 1, authorisedOperatorIds: null },
  ],
  working: twoShifts,
  absences: [],
  interruptions: [
    {
      interruptionId: 'i1',
      stationId: 'FRÄSEN',
      reasonId: 'r1',
      reasonName: 'Werkzeugbruch',
      reportedAt: '2026-11-27T17:30:00Z',
      expectedEndAt: '2026-11-27T20:40:00Z',
    },
  ],
  cycleTimes: new Map([['FRÄSEN', [6000, 8400, 7200]]]),
  orders: [
    order('FB000517', [step('SÄGEN', 30, 6), step('FRÄSEN', null, null)], { pieces: 5, deliveryDate: '2026-11-30' }),
    order('FB000512', [step('SÄGEN', 30, 6), step('FRÄSEN', 60, 12)], { pieces: 10, deliveryDate: '2026-12-01', prioritized: true }),
  ],
};
const plan = schedulePlan(example, friday);

describe('the order a promise is asked for (orderToPromise)', () => {
  it('is planned over the route with its material’s planned times, not started, arrived now', () => {
    const planned = { SÄGEN: { setupMinutes: 30, pieceMinutes: 6 }, FRÄSEN: { setupMinutes: 60, pieceMinutes: 12 } } as const;
    const asked = orderToPromise({ quantity: 20, prioritize: true, deliveryDate: '2026-11-30' }, ['SÄGEN', 'FRÄSEN'], (id) => planned[id as 'SÄGEN'], friday);
    expect(asked).toEqual({
      id: promisedOrderId,
      number: '',
      prioritized: true,
      deliveryDate: '2026-11-30',
      arrivedAt: '2026-11-27T18:00:00.000Z',
      pieces: 20,
      steps: [step('SÄGEN', 30, 6), step('FRÄSEN', 60, 12)],
      workStartedAt: null,
    });
    // The promise of the worked example: 30 November 09:40, nobody pushed late; 14:40 planned after everyone.
    const promise = earliestDelivery(plan, asked);
    expect([promise.finishAt, promise.promiseDay, promise.pushedLate]).toEqual(['2026-11-30T09:40:00.000Z', '2026-11-30', []]);
    expect([promise.finishWithoutDelayAt, promise.promiseDayWithoutDelay]).toEqual(['2026-11-30T14:40:00.000Z', '2026-11-30']);
  });
});

describe('promises the plan breaks (promisesAtRisk)', () => {
  it('flags an order planned to finish at or after the end of its promised day, and none without a promise', () => {
    const promised = new Map([
      ['FB000512', '2026-11-27'],
      ['FB000517', '2026-11-30'],
    ]);
    expect(promisesAtRisk(plan, promised, twoShifts)).toEqual([
      {
        orderId: 'FB000512',
        number: 'FB000512',
        promisedDate: '2026-11-27',
        promisedBy: '2026-11-28T00:00:00.000Z',
        finishAt: '2026-11-30T07:40:00.000Z',
        reason: 'late',
      },
    ]);
    expect(promisesAtRisk(plan, new Map(), twoShifts)).toEqual([]);
  });

  it('reads the promised day in the company’s zone: Monday in Berlin ends at 23:00 UTC', () => {
    const berlin: WorkingTime = { ...twoShifts, timeZone: 'Europe/Berlin' };
    const inBerlin = schedulePlan({ ...example, working: berlin }, friday);
    const atRisk = promisesAtRisk(inBerlin, new Map([['FB000517', '2026-11-27']]), berlin);
    expect(atRisk.map((risk) => [risk.orderId, risk.promisedBy, risk.reason])).toEqual([['FB000517', '2026-11-27T23:00:00.000Z', 'late']]);
  });

  it('flags an order a station of whose route cannot be planned', () => {
    const closed = schedulePlan(
      { ...example, stations: example.stations.map((station) => (station.id === 'FRÄSEN' ? { ...station, authorisedOperatorIds: [] } : station)) },
      friday,
    );
    expect(promisesAtRisk(closed, new Map([['FB000517', '2026-12-31']]), twoShifts)).toEqual([
      expect.objectContaining({ orderId: 'FB000517', finishAt: null, reason: 'notPlanned' }),
    ]);
  });
});
