import { describe, expect, it } from 'vitest';
import type { WorkingTime } from '../company/working-time.rules.js';
import {
  earliestDelivery,
  planSequence,
  schedulePlan,
  type CapacityPlan,
  type PlanInput,
  type PlanOrder,
  type PlanStation,
  type PlanStep,
} from './capacity-plan.rules.js';

const minuteMs = 60_000;
const twoShifts: WorkingTime = { days: [1, 2, 3, 4, 5], fromMinute: 6 * 60, toMinute: 22 * 60 };
const aroundTheClock: WorkingTime = { days: [0, 1, 2, 3, 4, 5, 6], fromMinute: 0, toMinute: 24 * 60 };

const station = (id: string, extra: Partial<PlanStation> = {}): PlanStation => ({ id, name: id, capacity: 1, authorisedOperatorIds: null, ...extra });
const step = (stationId: string, setupMinutes: number | null, pieceMinutes: number | null): PlanStep => ({ stationId, setupMinutes, pieceMinutes });
const order = (id: string, steps: PlanStep[], extra: Partial<PlanOrder> = {}): PlanOrder => ({
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
const input = (extra: Partial<PlanInput>): PlanInput => ({
  stations: [],
  working: twoShifts,
  absences: [],
  interruptions: [],
  orders: [],
  cycleTimes: new Map(),
  ...extra,
});
const times = (plan: CapacityPlan, orderId: string) =>
  plan.orders.find((o) => o.orderId === orderId)?.operations.map((op) => `${op.stationId} ${op.startAt.slice(5, 16)}-${op.endAt.slice(5, 16)}`);
const operation = (plan: CapacityPlan, orderId: string, stationId: string) => {
  const found = plan.orders.find((o) => o.orderId === orderId)?.operations.find((op) => op.stationId === stationId);
  if (!found) throw new Error(`${orderId} has no operation at ${stationId}`);
  return found;
};

// The worked example of docs/capacity-plan.md: Friday 27 November 2026, 18:00 UTC.
describe('the worked example (docs/capacity-plan.md)', () => {
  const friday = new Date('2026-11-27T18:00:00Z');
  const example = input({
    stations: [station('SÄGEN'), station('FRÄSEN')],
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
    // FRÄSEN's last three completions took 100, 140 and 120 minutes: median 120.
    cycleTimes: new Map([['FRÄSEN', [6000, 8400, 7200]]]),
    orders: [
      order('FB000517', [step('SÄGEN', 30, 6), step('FRÄSEN', null, null)], { pieces: 5, deliveryDate: '2026-11-30' }),
      order('FB000512', [step('SÄGEN', 30, 6), step('FRÄSEN', 60, 12)], { pieces: 10, deliveryDate: '2026-12-01', prioritized: true }),
    ],
  });
  const plan = schedulePlan(example, friday);

  it('plans the prioritised order first, across the weekend and around the stop', () => {
    expect(plan.orders.map((o) => o.orderId)).toEqual(['FB000512', 'FB000517']);
    expect(times(plan, 'FB000512')).toEqual(['SÄGEN 11-27T18:00-11-27T19:30', 'FRÄSEN 11-27T20:40-11-30T07:40']);
    expect(times(plan, 'FB000517')).toEqual(['SÄGEN 11-27T19:30-11-27T20:30', 'FRÄSEN 11-30T07:40-11-30T09:40']);
    expect(plan.orders.map((o) => [o.finishAt, o.late])).toEqual([
      ['2026-11-30T07:40:00.000Z', false],
      ['2026-11-30T09:40:00.000Z', false],
    ]);
  });

  it('explains every date as data', () => {
    expect(operation(plan, 'FB000512', 'FRÄSEN').explanation).toEqual({
      duration: { kind: 'planned', setupMinutes: 60, pieceMinutes: 12, pieces: 10 },
      doneMs: 0,
      waitedMs: 70 * minuteMs,
      behind: [],
      behindMore: 0,
      stops: [{ kind: 'interruption', interruptionId: 'i1', reasonId: 'r1', reasonName: 'Werkzeugbruch', workingMs: 70 * minuteMs }],
    });
    expect(operation(plan, 'FB000517', 'SÄGEN').explanation).toMatchObject({
      waitedMs: 90 * minuteMs,
      behind: [{ orderId: 'FB000512', number: 'FB000512' }],
      stops: [],
    });
    expect(operation(plan, 'FB000517', 'FRÄSEN').explanation).toEqual({
      duration: { kind: 'estimate', medianSeconds: 7200, from: 'station' },
      doneMs: 0,
      // Friday 20:30-22:00 and Monday 06:00-07:40: 190 working minutes, 10 of them the stop.
      waitedMs: 190 * minuteMs,
      behind: [{ orderId: 'FB000512', number: 'FB000512' }],
      behindMore: 0,
      stops: [{ kind: 'interruption', interruptionId: 'i1', reasonId: 'r1', reasonName: 'Werkzeugbruch', workingMs: 10 * minuteMs }],
    });
  });

  it('promises a date for a new order in its place, and the date that delays no one', () => {
    const rush = order('NEW', [step('SÄGEN', 30, 6), step('FRÄSEN', 60, 12)], {
      pieces: 20,
      deliveryDate: '2026-11-30',
      prioritized: true,
      arrivedAt: friday.toISOString(),
    });
    const promise = earliestDelivery(plan, rush);
    // In its place (prioritised, due before FB000512): SÄGEN 18:00-20:30, FRÄSEN 20:40-22:00 and Monday 06:00-09:40.
    expect(promise.finishAt).toBe('2026-11-30T09:40:00.000Z');
    expect(promise.promiseDay).toBe('2026-11-30');
    expect(promise.pushedLate).toEqual([]);
    // After everyone: SÄGEN Friday 20:30-22:00 and Monday 06:00-07:00, FRÄSEN Monday 09:40-14:40.
    expect(promise.finishWithoutDelayAt).toBe('2026-11-30T14:40:00.000Z');
    expect(promise.planned.operations.map((op) => op.stationId)).toEqual(['SÄGEN', 'FRÄSEN']);
  });
});

describe('working time', () => {
  const monday = new Date('2026-11-23T08:00:00Z');

  it('works only within the hours, across nights and the weekend', () => {
    // 20 hours from Monday 08:00: 14 on Monday, 6 on Tuesday from 06:00.
    const plan = schedulePlan(input({ stations: [station('A')], orders: [order('o1', [step('A', 0, 60)], { pieces: 20 })] }), monday);
    expect(times(plan, 'o1')).toEqual(['A 11-23T08:00-11-24T12:00']);
    // Friday 21:00, 3 hours: 1 on Friday, 2 on Monday.
    const friday = schedulePlan(input({ stations: [station('A')], orders: [order('o1', [step('A', 180, null)])] }), new Date('2026-11-27T21:00:00Z'));
    expect(times(friday, 'o1')).toEqual(['A 11-27T21:00-11-30T08:00']);
  });

  it('starts at the next opening when planned at night, and keeps to the company time zone', () => {
    const berlin: WorkingTime = { ...twoShifts, timeZone: 'Europe/Berlin' };
    // Saturday night: Monday 06:00 Berlin is 05:00 UTC in winter.
    const plan = schedulePlan(
      input({ working: berlin, stations: [station('A')], orders: [order('o1', [step('A', 60, null)])] }),
      new Date('2026-11-28T23:00:00Z'),
    );
    expect(times(plan, 'o1')).toEqual(['A 11-30T05:00-11-30T06:00']);
    expect(plan.orders[0].operations[0].readyAt).toBe('2026-11-30T05:00:00.000Z');
  });

  it('an order ends at a closing and the next one starts at the next opening', () => {
    const plan = schedulePlan(
      input({
        stations: [station('A')],
        orders: [order('o1', [step('A', 60, null)]), order('o2', [step('A', 60, null)], { arrivedAt: '2026-11-21T00:00:00Z' })],
      }),
      new Date('2026-11-27T21:00:00Z'),
    );
    expect(times(plan, 'o1')).toEqual(['A 11-27T21:00-11-27T22:00']);
    expect(times(plan, 'o2')).toEqual(['A 11-30T06:00-11-30T07:00']);
  });
});

describe('absences', () => {
  const monday = new Date('2026-11-23T20:00:00Z');
  const welding = station('SCHWEISSEN', { authorisedOperatorIds: ['anna', 'ben'] });

  it('a station that needs an authorised operator stands still while all of them are away', () => {
    const plan = schedulePlan(
      input({
        stations: [welding],
        // Anna is away Monday and Tuesday, Ben Tuesday and Wednesday: nobody on Tuesday.
        absences: [
          { operatorId: 'anna', from: '2026-11-23', to: '2026-11-24' },
          { operatorId: 'ben', from: '2026-11-24', to: '2026-11-25' },
        ],
        orders: [order('o1', [step('SCHWEISSEN', 240, null)])],
      }),
      monday,
    );
    expect(times(plan, 'o1')).toEqual(['SCHWEISSEN 11-23T20:00-11-25T08:00']);
    expect(plan.orders[0].operations[0].explanation.stops).toEqual([{ kind: 'noOperator', workingMs: 16 * 60 * minuteMs }]);
  });

  it('one operator present is enough, and a station without one works regardless', () => {
    const plan = schedulePlan(
      input({
        stations: [welding, station('A')],
        absences: [{ operatorId: 'anna', from: '2026-11-23', to: '2026-11-27' }],
        orders: [order('o1', [step('SCHWEISSEN', 240, null)])],
      }),
      monday,
    );
    expect(times(plan, 'o1')).toEqual(['SCHWEISSEN 11-23T20:00-11-24T08:00']);
  });

  it('a station nobody is authorised for cannot be planned, nor the steps after it', () => {
    const plan = schedulePlan(
      input({
        stations: [station('A'), station('B', { authorisedOperatorIds: [] }), station('C')],
        orders: [order('o1', [step('A', 60, null), step('B', 60, null), step('C', 60, null)], { deliveryDate: '2026-11-24' })],
      }),
      monday,
    );
    expect(plan.orders[0]).toMatchObject({ finishAt: null, late: false, notPlanned: { step: 1, stationId: 'B', reason: 'noAuthorisedOperator' } });
    expect(plan.orders[0].operations.map((op) => op.stationId)).toEqual(['A']);
  });

  it('a step at a station the plan does not know is not planned', () => {
    const plan = schedulePlan(input({ stations: [station('A')], orders: [order('o1', [step('GONE', 60, null)])] }), monday);
    expect(plan.orders[0].notPlanned).toEqual({ step: 0, stationId: 'GONE', reason: 'unknownStation' });
  });
});

describe('parallel capacity', () => {
  const monday = new Date('2026-11-23T08:00:00Z');

  it('a station of capacity 2 works two orders at once; the third waits behind both', () => {
    const orders = ['o1', 'o2', 'o3'].map((id, index) => order(id, [step('OFEN', 60, null)], { arrivedAt: `2026-11-20T0${index}:00:00Z` }));
    const plan = schedulePlan(input({ stations: [station('OFEN', { capacity: 2 })], orders }), monday);
    expect(plan.orders.map((o) => [o.orderId, o.operations[0].place, o.operations[0].startAt.slice(11, 16)])).toEqual([
      ['o1', 0, '08:00'],
      ['o2', 1, '08:00'],
      ['o3', 0, '09:00'],
    ]);
    expect(plan.orders[2].operations[0].explanation.behind.map((b) => b.orderId)).toEqual(['o1', 'o2']);
  });

  it('a later order fills a gap an earlier one left, without moving it', () => {
    // o1 goes A then B; o2 only B: B is free until o1 arrives from A.
    const plan = schedulePlan(
      input({
        stations: [station('A'), station('B')],
        orders: [
          order('o1', [step('A', 120, null), step('B', 60, null)], { deliveryDate: '2026-11-23' }),
          order('o2', [step('B', 90, null)], { deliveryDate: '2026-11-24' }),
        ],
      }),
      monday,
    );
    expect(times(plan, 'o1')).toEqual(['A 11-23T08:00-11-23T10:00', 'B 11-23T10:00-11-23T11:00']);
    expect(times(plan, 'o2')).toEqual(['B 11-23T08:00-11-23T09:30']);
  });
});

describe('plan order', () => {
  const monday = new Date('2026-11-23T08:00:00Z');
  const at = (id: string, extra: Partial<PlanOrder>) => order(id, [step('A', 60, null)], extra);

  it('work in progress, then prioritised, then earliest delivery date (none last), then arrival, then number', () => {
    const plan = schedulePlan(
      input({
        stations: [station('A')],
        orders: [
          at('none', {}),
          at('late-date', { deliveryDate: '2026-12-10' }),
          at('early-date', { deliveryDate: '2026-12-01' }),
          at('prioritized', { prioritized: true, deliveryDate: '2026-12-20' }),
          at('same-date-later', { deliveryDate: '2026-12-01', arrivedAt: '2026-11-21T00:00:00Z' }),
          at('in-work', { workStartedAt: '2026-11-23T07:30:00Z' }),
        ],
      }),
      monday,
    );
    expect(plan.orders.map((o) => o.orderId)).toEqual(['in-work', 'prioritized', 'early-date', 'same-date-later', 'late-date', 'none']);
  });

  it("follows a supervisor's queue order at a station: the listed waiting orders swap places, work in progress and others stay", () => {
    const orders = [
      at('in-work', { workStartedAt: '2026-11-23T07:30:00Z' }),
      at('first', { prioritized: true }),
      at('second', { deliveryDate: '2026-12-01' }),
      at('third', { deliveryDate: '2026-12-05' }),
      order('elsewhere', [step('B', 60, null)], { deliveryDate: '2026-12-02' }),
    ];
    const plain = schedulePlan(input({ stations: [station('A'), station('B')], orders }), monday);
    expect(plain.orders.map((o) => o.orderId)).toEqual(['in-work', 'first', 'second', 'elsewhere', 'third']);
    // The supervisor puts "third" first and lists "in-work" too: work in progress keeps its place.
    const queues = [{ stationId: 'A', orderIds: ['third', 'in-work', 'first', 'second'] }];
    const plan = schedulePlan(input({ stations: [station('A'), station('B')], orders, stationQueues: queues }), monday);
    expect(plan.orders.map((o) => o.orderId)).toEqual(['in-work', 'third', 'first', 'elsewhere', 'second']);
    expect(times(plan, 'third')).toEqual(['A 11-23T08:30-11-23T09:30']);
    expect(times(plan, 'second')).toEqual(['A 11-23T10:30-11-23T11:30']);
    // A queue of another station, of orders no longer there, or of one order changes nothing.
    const stale = [
      { stationId: 'B', orderIds: ['third', 'first'] },
      { stationId: 'A', orderIds: ['gone', 'second'] },
    ];
    expect(planSequence(orders, stale).map((o) => o.id)).toEqual(plain.orders.map((o) => o.orderId));
  });

  it('leaves orders the queue does not list where the plan order puts them', () => {
    const orders = [at('a', { deliveryDate: '2026-12-01' }), at('b', { deliveryDate: '2026-12-02' }), at('c', { deliveryDate: '2026-12-03' }), at('new', {})];
    expect(planSequence(orders, [{ stationId: 'A', orderIds: ['c', 'a'] }]).map((o) => o.id)).toEqual(['c', 'b', 'a', 'new']);
  });

  it('counts only the rest of work in progress', () => {
    const plan = schedulePlan(input({ stations: [station('A')], orders: [at('o1', { workStartedAt: '2026-11-23T07:30:00Z' })] }), monday);
    expect(plan.orders[0].operations[0]).toMatchObject({
      inProgress: true,
      workingMs: 30 * minuteMs,
      startAt: '2026-11-23T08:00:00.000Z',
      endAt: '2026-11-23T08:30:00.000Z',
    });
    expect(plan.orders[0].operations[0].explanation.doneMs).toBe(30 * minuteMs);
  });

  it('flags an order that finishes after the end of its delivery date', () => {
    const plan = schedulePlan(
      input({ stations: [station('A')], orders: [order('o1', [step('A', 0, 60)], { pieces: 20, deliveryDate: '2026-11-23' })] }),
      monday,
    );
    expect(plan.orders[0]).toMatchObject({ late: true, dueAt: '2026-11-24T00:00:00.000Z', tardinessMs: 12 * 60 * minuteMs });
  });
});

describe('estimates', () => {
  const monday = new Date('2026-11-23T08:00:00Z');
  const stations = [station('A'), station('B')];

  it('no planned time: the station median, else all stations median, else unknown', () => {
    const plan = schedulePlan(
      input({ stations, cycleTimes: new Map([['A', [600, 1200, 1800]]]), orders: [order('o1', [step('A', null, null), step('B', null, null)])] }),
      monday,
    );
    expect(plan.orders[0].operations.map((op) => [op.explanation.duration, op.workingMs])).toEqual([
      [{ kind: 'estimate', medianSeconds: 1200, from: 'station' }, 20 * minuteMs],
      [{ kind: 'estimate', medianSeconds: 1200, from: 'allStations' }, 20 * minuteMs],
    ]);
    const unknown = schedulePlan(input({ stations, orders: [order('o1', [step('A', null, null)])] }), monday);
    expect(unknown.orders[0].operations[0].explanation.duration).toEqual({ kind: 'unknown' });
  });

  it('the median is over the window of newest times only', () => {
    const plan = schedulePlan(
      input({ stations, window: 2, cycleTimes: new Map([['A', [60, 120, 9000, 9000]]]), orders: [order('o1', [step('A', null, null)])] }),
      monday,
    );
    expect(plan.orders[0].operations[0].explanation.duration).toEqual({ kind: 'estimate', medianSeconds: 90, from: 'station' });
  });

  it('a planned setup or per-piece time alone is a plan (the other counts 0)', () => {
    const plan = schedulePlan(input({ stations, orders: [order('o1', [step('A', null, 2)], { pieces: 15 })] }), monday);
    expect(plan.orders[0].operations[0]).toMatchObject({
      workingMs: 30 * minuteMs,
      explanation: { duration: { kind: 'planned', setupMinutes: null, pieceMinutes: 2, pieces: 15 } },
    });
  });
});

describe('interruptions', () => {
  const monday = new Date('2026-11-23T08:00:00Z');
  const stop = (expectedEndAt: string | null) => ({
    interruptionId: 'i1',
    stationId: 'A',
    reasonId: 'r',
    reasonName: 'Stromausfall',
    reportedAt: '2026-11-23T07:00:00Z',
    expectedEndAt,
  });

  it('a stopped station resumes when expected; without an expected end (or one past) it resumes now', () => {
    const orders = [order('o1', [step('A', 60, null)])];
    const expected = schedulePlan(input({ stations: [station('A')], orders, interruptions: [stop('2026-11-23T09:15:00Z')] }), monday);
    expect(times(expected, 'o1')).toEqual(['A 11-23T09:15-11-23T10:15']);
    for (const unknown of [stop(null), stop('2026-11-23T07:45:00Z')]) {
      const plan = schedulePlan(input({ stations: [station('A')], orders, interruptions: [unknown] }), monday);
      expect(times(plan, 'o1')).toEqual(['A 11-23T08:00-11-23T09:00']);
      expect(plan.orders[0].operations[0].explanation.stops).toEqual([]);
    }
  });
});

describe('promise a date', () => {
  const monday = new Date('2026-11-23T00:00:00Z');

  it('names the orders a new one would push late', () => {
    const base = schedulePlan(
      input({
        working: aroundTheClock,
        stations: [station('A')],
        orders: [order('o1', [step('A', 600, null)], { deliveryDate: '2026-11-23' }), order('o2', [step('A', 600, null)], { deliveryDate: '2026-11-24' })],
      }),
      monday,
    );
    expect(base.orders.map((o) => [o.finishAt, o.late])).toEqual([
      ['2026-11-23T10:00:00.000Z', false],
      ['2026-11-23T20:00:00.000Z', false],
    ]);
    // Prioritised, 15 hours: first in line, so o1 finishes at 01:00 after its delivery date.
    const promise = earliestDelivery(
      base,
      order('new', [step('A', 900, null)], { prioritized: true, deliveryDate: '2026-11-23', arrivedAt: '2026-11-23T00:00:00Z' }),
    );
    expect(promise.finishAt).toBe('2026-11-23T15:00:00.000Z');
    expect(promise.pushedLate).toEqual([
      { orderId: 'o1', number: 'o1', dueAt: '2026-11-24T00:00:00.000Z', finishBefore: '2026-11-23T10:00:00.000Z', finishAfter: '2026-11-24T01:00:00.000Z' },
    ]);
    expect(promise.finishWithoutDelayAt).toBe('2026-11-24T11:00:00.000Z');
    expect(promise.promiseDayWithoutDelay).toBe('2026-11-24');
  });
});

// The worked example of docs/capacity-plan.md, "Less tardiness: the local search".
describe('the local search for less tardiness', () => {
  const monday = new Date('2026-11-23T00:00:00Z');
  const hourMs = 60 * minuteMs;
  const presse = [station('PRESSE')];
  const orders = [
    order('A', [step('PRESSE', 60 * 60, null)], { deliveryDate: '2026-11-23' }),
    order('B', [step('PRESSE', 10 * 60, null)], { deliveryDate: '2026-11-24' }),
    order('C', [step('PRESSE', 10 * 60, null)], { deliveryDate: '2026-11-24' }),
  ];
  const tardiness = (plan: CapacityPlan) => plan.orders.map((o) => [o.orderId, o.tardinessMs / hourMs]);

  it('works the two short orders first when the long one is late anyway: 56 h of tardiness instead of 90 h', () => {
    const plan = schedulePlan(input({ stations: presse, working: aroundTheClock, orders }), monday);
    // Earliest delivery date first would be A (late 36 h), B (22 h), C (32 h): 90 h.
    expect(tardiness(plan)).toEqual([
      ['B', 0],
      ['C', 0],
      ['A', 56],
    ]);
    expect(times(plan, 'A')).toEqual(['PRESSE 11-23T20:00-11-26T08:00']);
  });

  it("keeps a supervisor's queue order and the prioritised orders first", () => {
    const queued = schedulePlan(
      input({ stations: presse, working: aroundTheClock, orders, stationQueues: [{ stationId: 'PRESSE', orderIds: ['A', 'B', 'C'] }] }),
      monday,
    );
    expect(tardiness(queued)).toEqual([
      ['A', 36],
      ['B', 22],
      ['C', 32],
    ]);
    const prioritised = schedulePlan(
      input({ stations: presse, working: aroundTheClock, orders: [{ ...orders[0], prioritized: true }, orders[1], orders[2]] }),
      monday,
    );
    expect(prioritised.orders.map((o) => o.orderId)).toEqual(['A', 'B', 'C']);
  });

  it('leaves a plan without tardiness in plan order', () => {
    const relaxed = orders.map((o) => ({ ...o, deliveryDate: '2026-12-31' }));
    expect(schedulePlan(input({ stations: presse, working: aroundTheClock, orders: relaxed }), monday).orders.map((o) => o.orderId)).toEqual(['A', 'B', 'C']);
  });
});
