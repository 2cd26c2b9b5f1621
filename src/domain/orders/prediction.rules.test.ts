import { describe, expect, it } from 'vitest';
import {
  addWorkingTime,
  defaultWorkingTime,
  median,
  parseWorkingTime,
  passesDeliveryDate,
  predictCompletions,
  type PlannedOrder,
  type WorkingTime,
} from './prediction.rules.js';

// Monday 23 November 2026, 08:00 UTC: a fixed clock for every case.
const now = new Date('2026-11-23T08:00:00Z');
const around = { days: [0, 1, 2, 3, 4, 5, 6], fromMinute: 0, toMinute: 24 * 60 } satisfies WorkingTime;
const A = 'station-a';
const B = 'station-b';
const C = 'station-c';

const order = (id: string, stationId: string, extra: Partial<PlannedOrder> = {}): PlannedOrder => ({
  id,
  number: Number(id.replace(/\D/g, '')) || 1,
  stationId,
  arrivedAt: '2026-11-23T07:00:00Z',
  workStartedAt: null,
  prioritize: false,
  deliveryDate: null,
  ...extra,
});

const minutes = (n: number) => n * 60;
const at = (iso: string | null) => (iso ? new Date(iso).toISOString() : null);

describe('working time', () => {
  it('reads the configured form and refuses anything else', () => {
    expect(parseWorkingTime('1-5 06:00-22:00')).toEqual(defaultWorkingTime);
    expect(parseWorkingTime('1,3,6 07:00-15:30')).toEqual({ days: [1, 3, 6], fromMinute: 420, toMinute: 930 });
    expect(parseWorkingTime('0-6 00:00-24:00')).toEqual(around);
    for (const bad of ['', '1-5', 'mon-fri 06:00-22:00', '5-1 06:00-22:00', '1-5 22:00-06:00', '1-7 06:00-22:00', '1-5 06:00-22:00 x']) {
      expect(parseWorkingTime(bad), bad).toBeNull();
    }
  });

  it('counts only working hours and days', () => {
    // 2 hours from Monday 08:00 is 10:00 the same day.
    expect(addWorkingTime(now, 2 * 3600).toISOString()).toBe('2026-11-23T10:00:00.000Z');
    // 16 hours of work from Monday 08:00: 14 on Monday (to 22:00), 2 on Tuesday from 06:00.
    expect(addWorkingTime(now, 16 * 3600).toISOString()).toBe('2026-11-24T08:00:00.000Z');
    // From Friday 21:00, 2 hours: one on Friday, one on Monday from 06:00.
    expect(addWorkingTime(new Date('2026-11-27T21:00:00Z'), 2 * 3600).toISOString()).toBe('2026-11-30T07:00:00.000Z');
    // Saturday night counts from Monday morning.
    expect(addWorkingTime(new Date('2026-11-28T23:00:00Z'), 3600).toISOString()).toBe('2026-11-30T07:00:00.000Z');
    // Three working weeks and an hour from Monday 06:00: Monday three weeks later, 07:00.
    expect(addWorkingTime(new Date('2026-11-23T06:00:00Z'), 3 * 5 * 16 * 3600 + 3600).toISOString()).toBe('2026-12-14T07:00:00.000Z');
    expect(addWorkingTime(now, 90, around).toISOString()).toBe('2026-11-23T08:01:30.000Z');
  });
});

describe('predicted completion', () => {
  it('takes the median, not the mean, of the recent completions', () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 100])).toBe(5);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('adds the queue ahead at the station and the median of every station still to come', () => {
    const [first, second] = predictCompletions({
      now,
      sequence: [A, B],
      cycleTimes: new Map([
        [A, [minutes(10), minutes(12), minutes(8)]],
        [B, [minutes(30)]],
      ]),
      orders: [order('o2', A, { arrivedAt: '2026-11-23T07:30:00Z' }), order('o1', A)],
      working: around,
    });
    // o1 arrived first: A from 0 to 10 min, B from 10 to 40 min.
    expect(second).toMatchObject({ orderId: 'o1', predictedAt: at('2026-11-23T08:40:00Z'), queueAhead: 0, queueSeconds: 0 });
    // o2 waits for o1 at A (10 to 20 min), then for o1 at B (40 to 70 min).
    expect(first).toMatchObject({ orderId: 'o2', predictedAt: at('2026-11-23T09:10:00Z'), queueAhead: 1, queueSeconds: minutes(10) });
  });

  it('counts only what is left of work under way, and takes prioritized orders first', () => {
    const predictions = predictCompletions({
      now,
      sequence: [A, B],
      cycleTimes: new Map([
        [A, [minutes(20)]],
        [B, [minutes(5)]],
      ]),
      orders: [
        order('o1', A, { workStartedAt: '2026-11-23T07:55:00Z' }),
        order('o2', A),
        order('o3', A, { prioritize: true, arrivedAt: '2026-11-23T07:59:00Z' }),
        order('o4', B),
      ],
      working: around,
    });
    const byId = new Map(predictions.map((prediction) => [prediction.orderId, prediction]));
    expect(byId.get('o1')?.predictedAt).toBe(at('2026-11-23T08:20:00Z')); // 15 min left, then B 5 min (after o4)
    expect(byId.get('o4')?.predictedAt).toBe(at('2026-11-23T08:05:00Z'));
    expect(byId.get('o3')?.predictedAt).toBe(at('2026-11-23T08:40:00Z')); // A 15-35, B 35-40
    expect(byId.get('o2')?.predictedAt).toBe(at('2026-11-23T09:00:00Z')); // A 35-55, B 55-60
    expect(byId.get('o2')?.queueAhead).toBe(2);
  });

  it('flags an order that will be late before its delivery date has passed', () => {
    const [late, onTime] = predictCompletions({
      now,
      sequence: [A, B],
      cycleTimes: new Map([
        [A, [minutes(600)]],
        [B, [minutes(600)]],
      ]),
      orders: [order('o1', A, { deliveryDate: '2026-11-23' }), order('o2', B, { deliveryDate: '2026-11-25' })],
    });
    // 20 working hours from Monday 08:00 end Tuesday 12:00: after Monday's delivery date.
    expect(late).toMatchObject({ predictedAt: at('2026-11-24T12:00:00Z'), willBeLate: true });
    expect(onTime).toMatchObject({ predictedAt: at('2026-11-23T18:00:00Z'), willBeLate: false });
    expect(passesDeliveryDate(new Date('2026-11-23T23:59:59Z'), '2026-11-23')).toBe(false);
    expect(passesDeliveryDate(new Date('2026-11-24T00:00:00Z'), '2026-11-23')).toBe(true);
    expect(passesDeliveryDate(new Date('2030-01-01T00:00:00Z'), null)).toBe(false);
  });

  it("counts the delivery date to the company's local midnight", () => {
    // A delivery date of 23 November ends at 23:00 UTC in Berlin (CET).
    expect(passesDeliveryDate(new Date('2026-11-23T22:59:00Z'), '2026-11-23', 'Europe/Berlin')).toBe(false);
    expect(passesDeliveryDate(new Date('2026-11-23T23:00:00Z'), '2026-11-23', 'Europe/Berlin')).toBe(true);
    expect(passesDeliveryDate(new Date('2026-11-23T23:30:00Z'), '2026-11-23', 'UTC')).toBe(false);
    // Predicted for 23:30 UTC on Monday, 00:30 on Tuesday in Berlin: late for Monday there, not in UTC.
    const orders = [order('o1', A, { deliveryDate: '2026-11-23' })];
    const cycleTimes = new Map([[A, [minutes(15.5 * 60)]]]);
    const [berlin] = predictCompletions({ now, sequence: [A], cycleTimes, orders, working: { ...around, timeZone: 'Europe/Berlin' } });
    expect(berlin).toMatchObject({ predictedAt: at('2026-11-23T23:30:00Z'), willBeLate: true });
    const [utc] = predictCompletions({ now, sequence: [A], cycleTimes, orders, working: around });
    expect(utc).toMatchObject({ predictedAt: at('2026-11-23T23:30:00Z'), willBeLate: false });
  });

  it('borrows the median of all stations for a station without completions, and predicts nothing without any', () => {
    const orders = [order('o1', A)];
    expect(predictCompletions({ now, sequence: [A, B], cycleTimes: new Map(), orders })[0]).toMatchObject({ predictedAt: null, willBeLate: false });
    const [borrowed] = predictCompletions({ now, sequence: [A, B], cycleTimes: new Map([[B, [minutes(10)]]]), orders, working: around });
    expect(borrowed.predictedAt).toBe(at('2026-11-23T08:20:00Z'));
  });

  it('finishes an order at a station outside the sequence there', () => {
    const [prediction] = predictCompletions({
      now,
      sequence: [A, B],
      cycleTimes: new Map([
        [A, [minutes(10)]],
        [B, [minutes(10)]],
        [C, [minutes(3)]],
      ]),
      orders: [order('o1', C)],
      working: around,
    });
    expect(prediction.predictedAt).toBe(at('2026-11-23T08:03:00Z'));
  });

  it('comes closer to what happens as completions arrive', () => {
    // The line really needs 10 minutes at A and 20 at B; the first completions were outliers.
    const truth = [minutes(10), minutes(20)];
    const actual = now.getTime() + (truth[0] + truth[1]) * 1000;
    const history = { [A]: [minutes(45)], [B]: [minutes(2)] } as Record<string, number[]>;
    const errors: number[] = [];
    for (let round = 0; round < 5; round++) {
      const [prediction] = predictCompletions({
        now,
        sequence: [A, B],
        cycleTimes: new Map([
          [A, [...history[A]]],
          [B, [...history[B]]],
        ]),
        orders: [order('o1', A)],
        working: around,
      });
      errors.push(Math.abs(Date.parse(prediction.predictedAt as string) - actual));
      // Completions arrive, newest first.
      history[A].unshift(truth[0] + 30 * round);
      history[B].unshift(truth[1] - 30 * round);
    }
    expect(errors[0]).toBeGreaterThan(0);
    for (let round = 1; round < errors.length; round++) expect(errors[round]).toBeLessThanOrEqual(errors[round - 1]);
    expect(errors.at(-1)).toBeLessThan(errors[0] / 10);
  });

  it('answers whole minutes, rounded up, so reads seconds apart agree', () => {
    const cycleTimes = new Map([[A, [90]]]);
    const at0 = predictCompletions({ now, sequence: [A], cycleTimes, orders: [order('o1', A)], working: around })[0].predictedAt;
    const later = new Date(now.getTime() + 20_000);
    const at20 = predictCompletions({ now: later, sequence: [A], cycleTimes, orders: [order('o1', A)], working: around })[0].predictedAt;
    expect(at0).toBe(at('2026-11-23T08:02:00Z'));
    expect(at20).toBe(at0);
  });

  it('looks only at the configured window of recent completions', () => {
    const cycleTimes = new Map([[A, [minutes(10), minutes(10), minutes(90), minutes(90), minutes(90)]]]);
    const predicted = (window: number) =>
      predictCompletions({ now, sequence: [A], cycleTimes, orders: [order('o1', A)], working: around, window })[0].predictedAt;
    expect(predicted(2)).toBe(at('2026-11-23T08:10:00Z'));
    expect(predicted(5)).toBe(at('2026-11-23T09:30:00Z'));
  });
});

describe('a prediction in the company time zone', () => {
  // Works Monday to Friday, 06:00-22:00 in Berlin; clocks go back on Sunday 25 October 2026 at 01:00 UTC.
  const berlin: WorkingTime = { days: [1, 2, 3, 4, 5], fromMinute: 6 * 60, toMinute: 22 * 60, timeZone: 'Europe/Berlin' };
  const hours = (n: number) => n * 3600;

  it('predicts a completion in the company time zone across the change to winter time', () => {
    const order: PlannedOrder = {
      id: 'o1',
      number: 1,
      stationId: 'saw',
      arrivedAt: '2026-10-23T10:00:00Z',
      workStartedAt: null,
      prioritize: false,
      deliveryDate: '2026-10-26',
    };
    // Friday 23 October, 18:00 UTC (20:00 CEST): three hours at the saw, two of them on Friday, one on Monday from 05:00 UTC.
    const [prediction] = predictCompletions({
      now: new Date('2026-10-23T18:00:00Z'),
      sequence: ['saw'],
      cycleTimes: new Map([['saw', [hours(3)]]]),
      orders: [order],
      working: berlin,
    });
    expect(prediction).toMatchObject({ orderId: 'o1', predictedAt: '2026-10-26T06:00:00.000Z', willBeLate: false });
    // Read as UTC hours (the old server-wide setting) it would finish on Friday at 23:00 in Berlin, after closing time.
    const [utc] = predictCompletions({
      now: new Date('2026-10-23T18:00:00Z'),
      sequence: ['saw'],
      cycleTimes: new Map([['saw', [hours(3)]]]),
      orders: [order],
      working: { ...berlin, timeZone: undefined },
    });
    expect(utc.predictedAt).toBe('2026-10-23T21:00:00.000Z');
  });
});
