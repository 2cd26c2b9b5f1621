import { describe, expect, it } from 'vitest';
import {
  addWorkingTime,
  calendarDayIn,
  endOfDayIn,
  isTimeZone,
  offsetAt,
  parseWorkingTime,
  settingOf,
  breakRuleOf,
  breakSettingOf,
  statutoryBreaks,
  startOfDayIn,
  workingMsBetween,
  workingTimeOf,
  type WorkingTime,
} from './working-time.rules.js';

// A company in Germany works Monday to Friday, 06:00-22:00 local time: 05:00-21:00 UTC in winter
// (CET), 04:00-20:00 UTC in summer (CEST). Clocks go back on Sunday 25 October 2026 at 01:00 UTC
// and forward on Sunday 28 March 2027 at 01:00 UTC. Every case has a fixed clock.
const berlin: WorkingTime = { days: [1, 2, 3, 4, 5], fromMinute: 6 * 60, toMinute: 22 * 60, timeZone: 'Europe/Berlin' };
const berlinAround: WorkingTime = { days: [0, 1, 2, 3, 4, 5, 6], fromMinute: 0, toMinute: 24 * 60, timeZone: 'Europe/Berlin' };
const hours = (n: number) => n * 3600;
const iso = (date: Date) => date.toISOString();

describe('a working time in the company time zone', () => {
  it('knows the zone offsets from Intl', () => {
    expect(offsetAt('Europe/Berlin', Date.parse('2026-11-23T08:00:00Z'))).toBe(3_600_000);
    expect(offsetAt('Europe/Berlin', Date.parse('2026-07-01T08:00:00Z'))).toBe(7_200_000);
    expect(offsetAt('Asia/Kolkata', Date.parse('2026-07-01T08:00:00Z'))).toBe(5.5 * 3_600_000);
    expect(offsetAt('UTC', Date.parse('2026-07-01T08:00:00Z'))).toBe(0);
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Europe/Springfield')).toBe(false);
  });

  it('reads the setting and the configured form with a zone', () => {
    expect(workingTimeOf({ days: [5, 1, 1], from: '06:00', to: '22:00', timeZone: 'Europe/Berlin' })).toEqual({ ...berlin, days: [1, 5] });
    expect(workingTimeOf({ days: [1], from: '00:00', to: '24:00', timeZone: 'UTC' })).toEqual({ days: [1], fromMinute: 0, toMinute: 1440, timeZone: 'UTC' });
    for (const bad of [
      { from: '22:00', to: '06:00', timeZone: 'Europe/Berlin' },
      { from: '06:00', to: '06:00', timeZone: 'Europe/Berlin' },
      { from: '6:00', to: '22:00', timeZone: 'Europe/Berlin' },
      { from: '06:00', to: '24:30', timeZone: 'Europe/Berlin' },
      { from: '06:00', to: '22:00', timeZone: 'Mars/Olympus' },
    ]) {
      expect(workingTimeOf({ days: [1], ...bad }), JSON.stringify(bad)).toBeNull();
    }
    expect(parseWorkingTime('1-5 06:00-22:00 Europe/Berlin')).toEqual(berlin);
    expect(parseWorkingTime('1-5 06:00-22:00 Mars/Olympus')).toBeNull();
    expect(settingOf(berlin)).toEqual({ days: [1, 2, 3, 4, 5], from: '06:00', to: '22:00', timeZone: 'Europe/Berlin' });
    expect(settingOf({ days: [1], fromMinute: 0, toMinute: 1440 })).toEqual({ days: [1], from: '00:00', to: '24:00', timeZone: 'UTC' });
  });

  it('reads a break setting, and refuses one that does not read', () => {
    const breaks = {
      windows: [
        { from: '18:00', to: '18:15' },
        { from: '12:00', to: '12:30' },
      ],
      minimums: [{ after: '04:00', minutes: 20 }],
    };
    const read = workingTimeOf({ days: [1], from: '06:00', to: '22:00', timeZone: 'UTC', breaks });
    expect(read?.breaks).toEqual({
      windows: [
        { fromMinute: 720, toMinute: 750 },
        { fromMinute: 1080, toMinute: 1095 },
      ],
      minimums: [{ afterMinutes: 240, minutes: 20 }],
    });
    expect(settingOf(read ?? berlin).breaks).toEqual({
      windows: [
        { from: '12:00', to: '12:30' },
        { from: '18:00', to: '18:15' },
      ],
      minimums: [{ after: '04:00', minutes: 20 }],
    });
    expect(breakSettingOf(statutoryBreaks)).toEqual({
      windows: [],
      minimums: [
        { after: '06:00', minutes: 30 },
        { after: '09:00', minutes: 45 },
      ],
    });
    for (const bad of [
      { windows: [{ from: '12:30', to: '12:00' }], minimums: [] },
      {
        windows: [
          { from: '12:00', to: '13:00' },
          { from: '12:30', to: '14:00' },
        ],
        minimums: [],
      },
      {
        windows: [],
        minimums: [
          { after: '06:00', minutes: 30 },
          { after: '05:00', minutes: 45 },
        ],
      },
      {
        windows: [],
        minimums: [
          { after: '06:00', minutes: 30 },
          { after: '09:00', minutes: 30 },
        ],
      },
      { windows: [], minimums: [{ after: '00:00', minutes: 30 }] },
    ]) {
      expect(breakRuleOf(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it('opens at 06:00 local time: 05:00 UTC in winter, 04:00 UTC in summer', () => {
    // Monday in November, 04:30 UTC (05:30 in Berlin): an hour of work from 06:00 local.
    expect(iso(addWorkingTime(new Date('2026-11-23T04:30:00Z'), hours(1), berlin))).toBe('2026-11-23T06:00:00.000Z');
    // Monday in July, 03:30 UTC (05:30 in Berlin).
    expect(iso(addWorkingTime(new Date('2026-07-06T03:30:00Z'), hours(1), berlin))).toBe('2026-07-06T05:00:00.000Z');
    // Closes at 22:00 local: from Monday 20:30 UTC in winter, half an hour left, the rest on Tuesday from 05:00 UTC.
    expect(iso(addWorkingTime(new Date('2026-11-23T20:30:00Z'), hours(1), berlin))).toBe('2026-11-24T05:30:00.000Z');
  });

  it('carries work over the change to winter time and back to summer time', () => {
    // Friday 23 October (summer, closes 20:00 UTC), 19:00 UTC, two hours: one on Friday, one from Monday 06:00 CET (05:00 UTC).
    expect(iso(addWorkingTime(new Date('2026-10-23T19:00:00Z'), hours(2), berlin))).toBe('2026-10-26T06:00:00.000Z');
    // Two working weeks and an hour from Monday 19 October 06:00 CEST: Monday 2 November 07:00 CET.
    expect(iso(addWorkingTime(new Date('2026-10-19T04:00:00Z'), 2 * 5 * hours(16) + hours(1), berlin))).toBe('2026-11-02T06:00:00.000Z');
    // Friday 26 March 2027 (winter), 20:00 UTC, two hours: one on Friday, one from Monday 06:00 CEST (04:00 UTC).
    expect(iso(addWorkingTime(new Date('2027-03-26T20:00:00Z'), hours(2), berlin))).toBe('2027-03-29T05:00:00.000Z');
    // Around the clock, a day of work is 24 real hours, whether the local day has 25 (October) or 23 (March).
    expect(iso(addWorkingTime(new Date('2026-10-24T22:00:00Z'), hours(24), berlinAround))).toBe('2026-10-25T22:00:00.000Z');
    expect(iso(addWorkingTime(new Date('2027-03-27T23:00:00Z'), hours(24), berlinAround))).toBe('2027-03-28T23:00:00.000Z');
  });

  it('counts the working time between two moments, the inverse of adding it', () => {
    // The weekend of the change counts nothing; Monday 26 October counts 06:00-22:00 CET.
    expect(workingMsBetween(Date.parse('2026-10-24T00:00:00Z'), Date.parse('2026-10-26T23:00:00Z'), berlin)).toBe(hours(16) * 1000);
    // The night of the change to winter time, around the clock: 25 local hours on Sunday 25 October.
    expect(workingMsBetween(Date.parse('2026-10-24T22:00:00Z'), Date.parse('2026-10-25T23:00:00Z'), berlinAround)).toBe(hours(25) * 1000);
    expect(workingMsBetween(Date.parse('2026-10-25T23:00:00Z'), Date.parse('2026-10-24T22:00:00Z'), berlin)).toBe(0);

    const zones: WorkingTime[] = [
      berlin,
      { days: [1, 2, 3, 4, 5, 6], fromMinute: 7 * 60, toMinute: 15 * 60 + 30, timeZone: 'America/New_York' },
      { days: [0, 1, 2, 3, 4], fromMinute: 0, toMinute: 24 * 60, timeZone: 'Australia/Sydney' },
      { days: [1, 2, 3, 4, 5], fromMinute: 9 * 60, toMinute: 18 * 60, timeZone: 'Asia/Kolkata' },
      { days: [2], fromMinute: 60, toMinute: 23 * 60 },
    ];
    // Starts every 37 hours through a year with both changes, amounts from a minute to five weeks.
    for (const working of zones) {
      for (let step = 0; step < 240; step++) {
        const start = Date.parse('2026-09-01T00:00:00Z') + step * hours(37) * 1000;
        const work = ((step * 7919) % (5 * 7 * 24 * 60)) * 60 + 60;
        const done = addWorkingTime(new Date(start), work, working).getTime();
        expect(workingMsBetween(start, done, working), `${working.timeZone} ${new Date(start).toISOString()} ${work}`).toBe(work * 1000);
      }
    }
  });
});

describe("the company's day in its time zone", () => {
  it('is the next day in Berlin at 23:30 UTC, and the same day in UTC', () => {
    expect(calendarDayIn(new Date('2026-11-21T22:59:59Z'), 'Europe/Berlin')).toBe('2026-11-21');
    expect(calendarDayIn(new Date('2026-11-21T23:30:00Z'), 'Europe/Berlin')).toBe('2026-11-22');
    expect(calendarDayIn('2026-11-21T23:30:00.000Z', 'UTC')).toBe('2026-11-21');
    // In summer Berlin's day starts two hours before UTC's; New York's ends five hours after it.
    expect(calendarDayIn(new Date('2026-07-01T22:30:00Z'), 'Europe/Berlin')).toBe('2026-07-02');
    expect(calendarDayIn(new Date('2026-11-22T03:00:00Z'), 'America/New_York')).toBe('2026-11-21');
  });

  it('starts at local midnight and ends at the next one', () => {
    expect(iso(startOfDayIn('2026-11-22', 'Europe/Berlin'))).toBe('2026-11-21T23:00:00.000Z');
    expect(iso(endOfDayIn('2026-11-22', 'Europe/Berlin'))).toBe('2026-11-22T23:00:00.000Z');
    expect(iso(startOfDayIn('2026-07-02', 'Europe/Berlin'))).toBe('2026-07-01T22:00:00.000Z');
    expect(iso(startOfDayIn('2026-11-22', 'UTC'))).toBe('2026-11-22T00:00:00.000Z');
    expect(iso(endOfDayIn('2026-12-31', 'UTC'))).toBe('2027-01-01T00:00:00.000Z');
    expect(iso(startOfDayIn('2026-11-22', 'Asia/Kolkata'))).toBe('2026-11-21T18:30:00.000Z');
  });

  it('has 25 hours on the day clocks go back and 23 on the day they go forward', () => {
    // Sunday 25 October 2026: CEST until 01:00 UTC, then CET.
    expect(iso(startOfDayIn('2026-10-25', 'Europe/Berlin'))).toBe('2026-10-24T22:00:00.000Z');
    expect(iso(endOfDayIn('2026-10-25', 'Europe/Berlin'))).toBe('2026-10-25T23:00:00.000Z');
    expect(calendarDayIn(new Date('2026-10-25T22:30:00Z'), 'Europe/Berlin')).toBe('2026-10-25');
    // Sunday 28 March 2027: CET until 01:00 UTC, then CEST.
    expect(iso(startOfDayIn('2027-03-28', 'Europe/Berlin'))).toBe('2027-03-27T23:00:00.000Z');
    expect(iso(endOfDayIn('2027-03-28', 'Europe/Berlin'))).toBe('2027-03-28T22:00:00.000Z');
    expect(calendarDayIn(new Date('2027-03-28T22:30:00Z'), 'Europe/Berlin')).toBe('2027-03-29');
  });
});
