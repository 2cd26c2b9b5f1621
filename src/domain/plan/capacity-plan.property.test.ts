import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { WorkingTime } from '../company/working-time.rules.js';
import { schedulePlan, type CapacityPlan, type PlanInput, type PlanOrder } from './capacity-plan.rules.js';

const now = new Date('2026-11-23T08:00:00Z');
const stationIds = ['A', 'B', 'C', 'D'];
const operators = ['anna', 'ben', 'cem'];
const days = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-30', '2026-12-01'];

const workingTimes: WorkingTime[] = [
  { days: [1, 2, 3, 4, 5], fromMinute: 360, toMinute: 1320 },
  { days: [1, 2, 3, 4, 5], fromMinute: 420, toMinute: 930, timeZone: 'Europe/Berlin' },
  { days: [0, 1, 2, 3, 4, 5, 6], fromMinute: 0, toMinute: 1440 },
  { days: [1, 3, 6], fromMinute: 600, toMinute: 660, timeZone: 'America/New_York' },
];

const minutes = fc.option(fc.integer({ min: 0, max: 600 }), { nil: null });

const orderArbitrary = (index: number) =>
  fc
    .record({
      route: fc.subarray(stationIds, { minLength: 1 }),
      times: fc.array(fc.record({ setupMinutes: minutes, pieceMinutes: fc.option(fc.integer({ min: 0, max: 30 }), { nil: null }) }), {
        minLength: 4,
        maxLength: 4,
      }),
      prioritized: fc.boolean(),
      deliveryDate: fc.option(fc.constantFrom(...days), { nil: null }),
      pieces: fc.integer({ min: 1, max: 50 }),
      startedMinutesAgo: fc.option(fc.integer({ min: 0, max: 600 }), { nil: null }),
      arrival: fc.integer({ min: 0, max: 5 }),
    })
    .map(({ route, times, prioritized, deliveryDate, pieces, startedMinutesAgo, arrival }): PlanOrder => ({
      id: `o${index}`,
      number: `FB${String(index).padStart(6, '0')}`,
      prioritized,
      deliveryDate,
      arrivedAt: new Date(now.getTime() - arrival * 3_600_000).toISOString(),
      pieces,
      steps: route.map((stationId, step) => ({ stationId, ...times[step] })),
      workStartedAt: startedMinutesAgo === null ? null : new Date(now.getTime() - startedMinutesAgo * 60_000).toISOString(),
    }));

const inputArbitrary: fc.Arbitrary<PlanInput> = fc
  .record({
    working: fc.constantFrom(...workingTimes),
    capacities: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 4, maxLength: 4 }),
    needsOperator: fc.array(fc.option(fc.subarray(operators, { minLength: 1 }), { nil: null }), { minLength: 4, maxLength: 4 }),
    absences: fc.array(fc.record({ operatorId: fc.constantFrom(...operators), from: fc.constantFrom(...days), length: fc.integer({ min: 0, max: 3 }) }), {
      maxLength: 4,
    }),
    interruptions: fc.array(
      fc.record({ station: fc.integer({ min: 0, max: 3 }), expectedInMinutes: fc.option(fc.integer({ min: -60, max: 2000 }), { nil: null }) }),
      {
        maxLength: 2,
      },
    ),
    orderCount: fc.integer({ min: 1, max: 14 }),
    seed: fc.integer(),
    cycle: fc.array(fc.integer({ min: 60, max: 20_000 }), { maxLength: 5 }),
    // Supervisors' queue orders: some order numbers (not all of them waiting there) per station.
    queues: fc.array(fc.record({ station: fc.integer({ min: 0, max: 3 }), picks: fc.uniqueArray(fc.integer({ min: 0, max: 13 }), { maxLength: 8 }) }), {
      maxLength: 3,
    }),
  })
  .chain((shape) =>
    fc.tuple(...Array.from({ length: shape.orderCount }, (_, index) => orderArbitrary(index))).map((orders): PlanInput => ({
      working: shape.working,
      stations: stationIds.map((id, index) => ({ id, name: id, capacity: shape.capacities[index], authorisedOperatorIds: shape.needsOperator[index] })),
      absences: shape.absences.map(({ operatorId, from, length }) => ({
        operatorId,
        from,
        to: new Date(Date.parse(`${from}T00:00:00Z`) + length * 86_400_000).toISOString().slice(0, 10),
      })),
      interruptions: [...new Map(shape.interruptions.map((stop) => [stop.station, stop])).values()].map((stop) => ({
        interruptionId: `i${stop.station}`,
        stationId: stationIds[stop.station],
        reasonId: 'r',
        reasonName: 'stop',
        reportedAt: now.toISOString(),
        expectedEndAt: stop.expectedInMinutes === null ? null : new Date(now.getTime() + stop.expectedInMinutes * 60_000).toISOString(),
      })),
      orders,
      cycleTimes: new Map(shape.cycle.length ? [['A', shape.cycle]] : []),
      stationQueues: [...new Map(shape.queues.map((queue) => [queue.station, queue])).values()].map((queue) => ({
        stationId: stationIds[queue.station],
        orderIds: queue.picks.map((pick) => `o${pick}`),
      })),
    })),
  );

/** The most operations a station holds at one instant (operations of no length hold nothing). */
function mostAtOnce(plan: CapacityPlan, stationId: string): number {
  const edges: { at: number; change: number }[] = [];
  for (const order of plan.orders) {
    for (const operation of order.operations) {
      const from = Date.parse(operation.startAt);
      const to = Date.parse(operation.endAt);
      if (operation.stationId === stationId && to > from) edges.push({ at: from, change: 1 }, { at: to, change: -1 });
    }
  }
  edges.sort((a, b) => a.at - b.at || a.change - b.change);
  let count = 0;
  let most = 0;
  for (const edge of edges) most = Math.max(most, (count += edge.change));
  return most;
}

describe('capacity plan properties', () => {
  it('no station holds more orders at once than its capacity, and no order starts a station before leaving the previous one', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        const plan = schedulePlan(input, now);
        expect(plan.orders).toHaveLength(input.orders.length);
        for (const station of input.stations) expect(mostAtOnce(plan, station.id)).toBeLessThanOrEqual(station.capacity);
        for (const order of plan.orders) {
          let left = now.getTime();
          for (const operation of order.operations) {
            const start = Date.parse(operation.startAt);
            expect(Date.parse(operation.readyAt)).toBeGreaterThanOrEqual(left);
            expect(start).toBeGreaterThanOrEqual(Date.parse(operation.readyAt));
            expect(Date.parse(operation.endAt)).toBeGreaterThanOrEqual(start);
            expect(operation.explanation.waitedMs).toBeGreaterThanOrEqual(0);
            left = Date.parse(operation.endAt);
          }
          const planned = order.notPlanned === null ? order.operations.length : order.notPlanned.step;
          expect(order.operations).toHaveLength(planned);
        }
        // The waiting orders a queue order lists at their station come in its order, and in no other place.
        const byId = new Map(input.orders.map((order) => [order.id, order]));
        for (const queue of input.stationQueues ?? []) {
          const waitingThere = (orderId: string) => byId.get(orderId)?.workStartedAt === null && byId.get(orderId)?.steps[0].stationId === queue.stationId;
          const listed = queue.orderIds.filter(waitingThere);
          expect(plan.orders.map((order) => order.orderId).filter((orderId) => listed.includes(orderId))).toEqual(listed);
          const unplanned = schedulePlan({ ...input, stationQueues: [] }, now).orders.map((order) => order.orderId);
          const slots = (ids: string[]) => ids.flatMap((orderId, index) => (listed.includes(orderId) ? [index] : []));
          if ((input.stationQueues ?? []).length === 1) expect(slots(plan.orders.map((order) => order.orderId))).toEqual(slots(unplanned));
        }
      }),
      { numRuns: 300 },
    );
    // 300 plans take a few seconds; more on a loaded machine.
  }, 60_000);

  it('the capacity check sees an overlap (shown on a broken plan)', () => {
    const plan = schedulePlan(
      { stations: [{ id: 'A', name: 'A', capacity: 1, authorisedOperatorIds: null }], absences: [], interruptions: [], cycleTimes: new Map(), orders: [] },
      now,
    );
    const held = (orderId: string, startAt: string, endAt: string) => ({
      orderId,
      number: orderId,
      rank: 0,
      finishAt: endAt,
      dueAt: null,
      late: false,
      tardinessMs: 0,
      notPlanned: null,
      operations: [{ ...operationAt(startAt, endAt), orderId }],
    });
    const broken = {
      ...plan,
      orders: [held('o1', '2026-11-23T08:00:00Z', '2026-11-23T10:00:00Z'), held('o2', '2026-11-23T09:59:00Z', '2026-11-23T11:00:00Z')],
    };
    expect(mostAtOnce(broken, 'A')).toBe(2);
  });
});

function operationAt(startAt: string, endAt: string) {
  return {
    stationId: 'A',
    step: 0,
    place: 0,
    readyAt: startAt,
    startAt,
    endAt,
    workingMs: 0,
    inProgress: false,
    explanation: { duration: { kind: 'unknown' as const }, doneMs: 0, waitedMs: 0, behind: [], behindMore: 0, stops: [] },
  };
}
