import { describe, expect, it } from 'vitest';
import { noTargets } from './key-figures.schema.js';
import {
  attainmentOf,
  figuresOf,
  median,
  percentile90,
  periodOf,
  periodsAsked,
  periodsUpTo,
  previousPeriod,
  runWasInterrupted,
  shareWithoutInterruption,
  stationAvailabilityOf,
  stationFiguresOf,
  teamScoreOf,
  trendOf,
  type KeyFigureFacts,
} from './key-figures.rules.js';

describe('periods (UTC, weeks from Monday)', () => {
  it('a day, its week from Monday and its calendar month', () => {
    expect(periodOf('day', '2026-11-25')).toEqual({ period: 'day', start: '2026-11-25', end: '2026-11-26' });
    expect(periodOf('week', '2026-11-25')).toEqual({ period: 'week', start: '2026-11-23', end: '2026-11-30' });
    expect(periodOf('week', '2026-11-29')).toEqual({ period: 'week', start: '2026-11-23', end: '2026-11-30' });
    expect(periodOf('week', '2026-11-23')).toEqual({ period: 'week', start: '2026-11-23', end: '2026-11-30' });
    expect(periodOf('month', '2026-12-31')).toEqual({ period: 'month', start: '2026-12-01', end: '2027-01-01' });
    expect(periodOf('month', '2028-02-10')).toEqual({ period: 'month', start: '2028-02-01', end: '2028-03-01' });
  });

  it('the period before and a series up to a day, oldest first', () => {
    expect(previousPeriod(periodOf('month', '2026-03-15'))).toEqual({ period: 'month', start: '2026-02-01', end: '2026-03-01' });
    expect(periodsUpTo('week', '2026-11-25', 3).map((range) => range.start)).toEqual(['2026-11-09', '2026-11-16', '2026-11-23']);
  });

  it("a report's periods default to today in the company's zone: 23:30 UTC is already tomorrow in Berlin", () => {
    const berlin = { days: [1, 2, 3, 4, 5], fromMinute: 6 * 60, toMinute: 22 * 60, timeZone: 'Europe/Berlin' };
    const asked = periodsAsked(berlin, 'day', undefined, new Date('2026-11-30T23:30:00Z'), 2);
    expect(asked).toMatchObject({ zone: 'Europe/Berlin', day: '2026-12-01', current: { start: '2026-12-01', end: '2026-12-02' } });
    expect(asked.ranges.map((range) => range.start)).toEqual(['2026-11-30', '2026-12-01']);
    expect(periodsAsked(berlin, 'week', '2026-11-25', new Date('2026-11-30T23:30:00Z'), 1).current.start).toBe('2026-11-23');
  });
});

describe('median and p90', () => {
  it('no values: no data', () => {
    expect(median([])).toBeNull();
    expect(percentile90([])).toBeNull();
  });

  it('median: the middle value, or the mean of the two middle ones', () => {
    expect(median([30, 10, 20])).toBe(20);
    expect(median([40, 10, 20, 30])).toBe(25);
  });

  it('p90 by nearest rank', () => {
    expect(percentile90([5])).toBe(5);
    expect(percentile90([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toBe(9);
    expect(percentile90([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])).toBe(10);
  });
});

const stationA = '00000000-0000-4000-8000-00000000000a';
const stationB = '00000000-0000-4000-8000-00000000000b';

const facts: KeyFigureFacts = {
  orders: [
    // Production, finished on the 24th, delivery date the 24th: on time; lead time 1 h.
    { kind: 'production', pieces: 5, deliveryDate: '2026-11-24', createdAt: '2026-11-24T08:00:00Z', doneAt: '2026-11-24T09:00:00Z' },
    // Production, finished on the 24th, due the 23rd: late; lead time 3 h.
    { kind: 'production', pieces: 2, deliveryDate: '2026-11-23', createdAt: '2026-11-24T07:00:00Z', doneAt: '2026-11-24T10:00:00Z' },
    // Production without a delivery date: volume and lead time (2 h), not punctuality.
    { kind: 'production', pieces: 1, deliveryDate: null, createdAt: '2026-11-24T09:00:00Z', doneAt: '2026-11-24T11:00:00Z' },
    // Customer order dispatched on the 24th, due the 25th: on time, not volume.
    { kind: 'customer', pieces: 8, deliveryDate: '2026-11-25', createdAt: '2026-11-20T09:00:00Z', doneAt: '2026-11-24T12:00:00Z' },
    // Not done yet, and a logistics order: neither counts.
    { kind: 'production', pieces: 9, deliveryDate: '2026-11-20', createdAt: '2026-11-20T09:00:00Z', doneAt: null },
    { kind: 'logistics', pieces: 9, deliveryDate: '2026-11-20', createdAt: '2026-11-20T09:00:00Z', doneAt: '2026-11-24T09:00:00Z' },
    // Finished the day before.
    { kind: 'production', pieces: 4, deliveryDate: '2026-11-23', createdAt: '2026-11-23T08:00:00Z', doneAt: '2026-11-23T08:30:00Z' },
  ],
  runs: [
    { stationId: stationA, startedAt: '2026-11-24T08:00:00Z', completedAt: '2026-11-24T08:10:00Z', pieces: 5 },
    { stationId: stationA, startedAt: '2026-11-24T08:00:00Z', completedAt: '2026-11-24T08:30:00Z', pieces: 2 },
    { stationId: stationB, startedAt: '2026-11-24T08:00:00Z', completedAt: '2026-11-24T08:20:00Z', pieces: 5 },
    { stationId: stationB, startedAt: '2026-11-23T08:00:00Z', completedAt: '2026-11-23T09:00:00Z', pieces: 4 },
  ],
  suggestions: [
    { stationId: stationA, implementedAt: '2026-11-24T13:00:00Z' },
    { stationId: null, implementedAt: '2026-11-24T14:00:00Z' },
    { stationId: stationB, implementedAt: null },
  ],
};

/** A station's interruption figures when none were recorded: all its work without one, available the whole day. */
const uninterrupted = { withoutInterruption: 1, interruptions: 0, interruptedSeconds: 0, availability: 1 };

describe('figures of a period', () => {
  const day = periodOf('day', '2026-11-24');

  it('counts volume, speed, punctuality and proposals; without interruptions recorded, all work was without one', () => {
    const figures = figuresOf(day, facts, noTargets);
    expect(figures.values).toEqual({
      ordersCompleted: 3,
      piecesCompleted: 8,
      cycleTimeMedian: 1200,
      cycleTimeP90: 1800,
      leadTimeMedian: 7200,
      leadTimeP90: 10800,
      punctuality: 2 / 3,
      withoutInterruption: 1,
      proposalsImplemented: 2,
      // No pieces reported (facts.quantities absent): no data.
      yield: null,
      scrapRate: null,
      firstPassYield: null,
      // No NCR in the facts: none opened.
      ncrsOpened: 0,
      oee: null,
      teamScore: null,
    });
    expect(figures.punctualityCounted).toBe(3);
    expect(figures.scoreTerms).toEqual([]);
  });

  it('an empty period has counts of zero and no data elsewhere', () => {
    const figures = figuresOf(periodOf('day', '2026-11-01'), facts, noTargets);
    expect(figures.values.ordersCompleted).toBe(0);
    expect(figures.values.cycleTimeMedian).toBeNull();
    expect(figures.values.punctuality).toBeNull();
  });

  it('per station, by station id', () => {
    expect(stationFiguresOf(day, facts)).toEqual([
      { stationId: stationA, workCompleted: 2, piecesCompleted: 7, cycleTimeMedian: 1200, cycleTimeP90: 1800, proposalsImplemented: 1, ...uninterrupted },
      { stationId: stationB, workCompleted: 1, piecesCompleted: 5, cycleTimeMedian: 1200, cycleTimeP90: 1200, proposalsImplemented: 0, ...uninterrupted },
    ]);
  });
});

describe('interruptions: without interruption and availability', () => {
  const day = periodOf('day', '2026-11-24');
  // Station A stopped 08:05-08:15 (during its first two runs, 08:00-08:10 and 08:00-08:30); station B
  // stopped 08:20-08:50, which only touches its run ending at 08:20; station A again from 12:00, still open.
  const interruptions = [
    { stationId: stationA, reportedAt: '2026-11-24T08:05:00Z', resolvedAt: '2026-11-24T08:15:00Z' },
    { stationId: stationB, reportedAt: '2026-11-24T08:20:00Z', resolvedAt: '2026-11-24T08:50:00Z' },
    { stationId: stationA, reportedAt: '2026-11-24T12:00:00Z', resolvedAt: null },
  ];
  const withStops = { ...facts, interruptions, asOf: '2026-11-24T18:00:00Z' };

  it('a run overlapped by an interruption of its station was interrupted; touching at an end is not', () => {
    expect(runWasInterrupted(facts.runs[0], interruptions)).toBe(true);
    expect(runWasInterrupted(facts.runs[2], interruptions)).toBe(false);
    // Another station's interruption does not count.
    expect(runWasInterrupted({ ...facts.runs[2], stationId: 'other' }, interruptions)).toBe(false);
  });

  it("the company figure is the share of the period's work without an interruption", () => {
    // Runs of the 24th: A 08:00-08:10 (interrupted), A 08:00-08:30 (interrupted), B 08:00-08:20 (not).
    expect(figuresOf(day, withStops, noTargets).values.withoutInterruption).toBe(1 / 3);
    expect(shareWithoutInterruption([], interruptions)).toBeNull();
    // A day without work has no share.
    expect(figuresOf(periodOf('day', '2026-11-01'), withStops, noTargets).values.withoutInterruption).toBeNull();
  });

  it('availability is the share of the period so far not interrupted; an open interruption lasts until now', () => {
    const [a, b] = stationFiguresOf(day, withStops);
    // Observed 00:00-18:00 (64,800 s); A interrupted 600 s + 6 h (21,600 s).
    expect(a).toMatchObject({ stationId: stationA, interruptions: 2, interruptedSeconds: 22_200, withoutInterruption: 0 });
    expect(a.availability).toBeCloseTo(1 - 22_200 / 64_800, 10);
    expect(b).toMatchObject({ stationId: stationB, interruptions: 1, interruptedSeconds: 1_800, withoutInterruption: 1 });
    expect(b.availability).toBeCloseTo(1 - 1_800 / 64_800, 10);
    // A period not begun yet has no availability.
    expect(stationAvailabilityOf(periodOf('day', '2026-11-25'), stationA, interruptions, Date.parse('2026-11-24T18:00:00Z')).availability).toBeNull();
  });

  it("with the company's working time, availability counts only working time: a stop left open overnight and on days off does not weigh", () => {
    // Monday to Friday 06:00-22:00 in Berlin: 05:00-21:00 UTC in November.
    const working = { days: [1, 2, 3, 4, 5], fromMinute: 6 * 60, toMinute: 22 * 60, timeZone: 'Europe/Berlin' };
    const [a, b] = stationFiguresOf(day, { ...withStops, working });
    // Observed 05:00-18:00 (46,800 s); A interrupted 600 s + 6 h, all of it working time. The interrupted seconds stay calendar time.
    expect(a).toMatchObject({ stationId: stationA, interruptedSeconds: 22_200 });
    expect(a.availability).toBeCloseTo(1 - 22_200 / 46_800, 10);
    expect(b.availability).toBeCloseTo(1 - 1_800 / 46_800, 10);
    // The week, read on Sunday 29 November: A's stop from Tuesday 12:00 was never resolved. Working
    // time Monday to Friday, 16 h a day (288,000 s); A stopped from Tuesday 12:00 to Friday 21:00 UTC.
    const week = periodOf('week', '2026-11-24');
    const sunday = Date.parse('2026-11-29T12:00:00Z');
    const weekly = stationAvailabilityOf(week, stationA, interruptions, sunday, working);
    const stoppedWorking = 600 + (21 - 12) * 3600 + 3 * 16 * 3600;
    expect(weekly.availability).toBeCloseTo(1 - stoppedWorking / (5 * 16 * 3600), 10);
    expect(weekly.interruptedSeconds).toBe(600 + Math.round((sunday - Date.parse('2026-11-24T12:00:00Z')) / 1000));
    // A Saturday has no working time: no availability.
    expect(stationAvailabilityOf(periodOf('day', '2026-11-28'), stationA, interruptions, sunday, working).availability).toBeNull();
  });

  it('a station with an interruption but no work in the period is listed', () => {
    const onlyStop = { orders: [], runs: [], suggestions: [], interruptions: [interruptions[1]], asOf: '2026-11-25T00:00:00Z' };
    expect(stationFiguresOf(day, onlyStop)).toEqual([
      {
        stationId: stationB,
        workCompleted: 0,
        piecesCompleted: 0,
        cycleTimeMedian: null,
        cycleTimeP90: null,
        proposalsImplemented: 0,
        withoutInterruption: null,
        interruptions: 1,
        interruptedSeconds: 1_800,
        availability: 1 - 1_800 / 86_400,
      },
    ]);
  });
});

describe('team score', () => {
  it('the mean attainment of the figures with a target and a value, times 100', () => {
    const week = periodOf('week', '2026-11-24');
    const { score, terms } = teamScoreOf(
      {
        ordersCompleted: 7,
        piecesCompleted: 0,
        cycleTimeMedian: 1200,
        cycleTimeP90: null,
        leadTimeMedian: 600,
        leadTimeP90: null,
        punctuality: 0.5,
        withoutInterruption: null,
        proposalsImplemented: 3,
        yield: null,
        scrapRate: null,
        firstPassYield: null,
        ncrsOpened: 0,
        oee: null,
      },
      // Orders: 2 a day, 14 a week: 7/14 = 0.5. Cycle time 10 min target, 20 min: 0.5. Lead time 20 min, 10 min: 1. Punctuality 100 %: 0.5.
      // Without interruption has a target but no data, proposals no target: both stay out.
      { ...noTargets, ordersCompleted: 2, cycleTimeMedian: 10, leadTimeMedian: 20, punctuality: 100, withoutInterruption: 90 },
      week,
    );
    expect(terms.map((term) => [term.figure, term.target, term.attainment])).toEqual([
      ['ordersCompleted', 14, 0.5],
      ['cycleTimeMedian', 600, 0.5],
      ['leadTimeMedian', 1200, 1],
      ['punctuality', 1, 0.5],
    ]);
    expect(score).toBe(63);
  });

  it('a target of zero is reached by anything; durations at or below the target reach it', () => {
    expect(attainmentOf('proposalsImplemented', 0, 0)).toBe(1);
    expect(attainmentOf('cycleTimeMedian', 0, 60)).toBe(1);
    expect(attainmentOf('ordersCompleted', 30, 10)).toBe(1);
  });
});

describe('trend', () => {
  it('durations are better when lower, the rest when higher', () => {
    expect(trendOf('cycleTimeMedian', 60, 120)).toBe('better');
    expect(trendOf('ordersCompleted', 60, 120)).toBe('worse');
    expect(trendOf('punctuality', 0.5, 0.5)).toBe('same');
    expect(trendOf('punctuality', null, 0.5)).toBeNull();
  });
});

describe('figures of reported pieces (docs/oee.md)', () => {
  it('reads yield, scrap rate, first-pass yield and OEE of the period from the OEE facts; a lower scrap rate is better', () => {
    const day = periodOf('day', '2026-11-23');
    const quantities = new Map([[day.start, { yield: 480 / 495, scrapRate: 0.03, firstPassYield: 0.96, oee: 0.75 }]]);
    const targets = { ...noTargets, scrapRate: 2, oee: 60 };
    const figures = figuresOf(day, { orders: [], runs: [], suggestions: [], quantities }, targets);
    expect(figures.values).toMatchObject({ yield: 480 / 495, scrapRate: 0.03, firstPassYield: 0.96, oee: 0.75 });
    // Scrap 3 % against a target of 2 %: 2/3 reached; OEE 75 % against 60 %: reached.
    expect(figures.scoreTerms).toEqual([
      { figure: 'scrapRate', value: 0.03, target: 0.02, attainment: expect.closeTo(2 / 3, 10) },
      { figure: 'oee', value: 0.75, target: 0.6, attainment: 1 },
    ]);
    expect(trendOf('scrapRate', 0.02, 0.03)).toBe('better');
  });
});

describe('NCRs opened (docs/quality-and-lots.md)', () => {
  it('counts the NCRs opened in the period, in the company zone; fewer is better, the target a maximum', () => {
    const week = periodOf('week', '2026-11-25');
    // 23:30 UTC on Sunday the 22nd is already Monday the 23rd in Berlin: in the week; Monday 30th 00:30 Berlin is the next week.
    const ncrsOpened = ['2026-11-22T23:30:00Z', '2026-11-24T09:00:00Z', '2026-11-27T15:00:00Z', '2026-11-29T23:30:00Z', '2026-11-20T10:00:00Z'];
    const working = { days: [1, 2, 3, 4, 5], fromMinute: 6 * 60, toMinute: 22 * 60, timeZone: 'Europe/Berlin' };
    // At most 1 NCR a day: 7 a week; 3 opened reach it. At most 0: 3 opened reach none of it.
    let figures = figuresOf(week, { orders: [], runs: [], suggestions: [], ncrsOpened, working }, { ...noTargets, ncrsOpened: 1 });
    expect(figures.values.ncrsOpened).toBe(3);
    expect(figures.scoreTerms).toEqual([{ figure: 'ncrsOpened', value: 3, target: 7, attainment: 1 }]);
    figures = figuresOf(week, { orders: [], runs: [], suggestions: [], ncrsOpened, working }, { ...noTargets, ncrsOpened: 0 });
    expect(figures.scoreTerms).toEqual([{ figure: 'ncrsOpened', value: 3, target: 0, attainment: 0 }]);
    expect(attainmentOf('ncrsOpened', 14, 7)).toBe(0.5);
    expect(trendOf('ncrsOpened', 1, 3)).toBe('better');
    expect(trendOf('ncrsOpened', 3, 1)).toBe('worse');
  });
});
