import { describe, expect, it } from 'vitest';
import { statutoryBreaks } from '../company/working-time.rules.js';
import { breakSecondsOf, dayEndOf, minimumBreakSecondsOf, splitSumProblem, workPiecesOf } from './labour.rules.js';
import type { LabourEvent } from './labour.events.js';

const berlin = { days: [1, 2, 3, 4, 5], fromMinute: 6 * 60, toMinute: 22 * 60, timeZone: 'Europe/Berlin' };

describe('the end of the working day', () => {
  it('is the end of the working hours in the company zone on a working day', () => {
    // Monday 23 November 2026, 07:00 in Berlin (UTC+1): the day ends at 22:00 local, 21:00 UTC.
    expect(dayEndOf('2026-11-23T06:00:00.000Z', berlin)).toBe('2026-11-23T21:00:00.000Z');
    // Summer time (UTC+2).
    expect(dayEndOf('2026-07-06T06:00:00.000Z', berlin)).toBe('2026-07-06T20:00:00.000Z');
  });

  it('is the end of the calendar day after hours or on a day off', () => {
    expect(dayEndOf('2026-11-23T21:30:00.000Z', berlin)).toBe('2026-11-23T23:00:00.000Z');
    expect(dayEndOf('2026-11-28T09:00:00.000Z', berlin)).toBe('2026-11-28T23:00:00.000Z');
  });
});

describe('breaks (ArbZG §4 by default, from the time beyond the thresholds)', () => {
  it('takes none up to 6 h, up to 30 min up to 9 h 30, up to 45 min beyond', () => {
    expect(minimumBreakSecondsOf(6 * 3600)).toBe(0);
    expect(minimumBreakSecondsOf(6 * 3600 + 600)).toBe(600);
    expect(minimumBreakSecondsOf(8 * 3600)).toBe(1800);
    expect(minimumBreakSecondsOf(9 * 3600 + 40 * 60)).toBe(1800 + 600);
    expect(minimumBreakSecondsOf(11 * 3600)).toBe(2700);
  });

  it('follows the company minimums: 20 min after 4 h, 40 after 8 h', () => {
    const minimums = [
      { afterMinutes: 240, minutes: 20 },
      { afterMinutes: 480, minutes: 40 },
    ];
    expect(minimumBreakSecondsOf(4 * 3600, minimums)).toBe(0);
    expect(minimumBreakSecondsOf(4 * 3600 + 600, minimums)).toBe(600);
    expect(minimumBreakSecondsOf(6 * 3600, minimums)).toBe(1200);
    expect(minimumBreakSecondsOf(8 * 3600 + 30 * 60, minimums)).toBe(1200 + 600);
    expect(minimumBreakSecondsOf(10 * 3600, minimums)).toBe(2400);
    expect(minimumBreakSecondsOf(10 * 3600, [])).toBe(0);
  });

  it('counts fixed windows in the company zone, the larger of windows and minimum', () => {
    // 12:00-12:30 and 18:00-18:15 in Berlin (UTC+1 in November): 11:00-11:30 and 17:00-17:15 UTC.
    const working = {
      timeZone: 'Europe/Berlin',
      breaks: {
        windows: [
          { fromMinute: 720, toMinute: 750 },
          { fromMinute: 1080, toMinute: 1095 },
        ],
        minimums: [],
      },
    };
    expect(breakSecondsOf('2026-11-23T06:00:00.000Z', '2026-11-23T11:15:00.000Z', working)).toBe(900);
    expect(breakSecondsOf('2026-11-23T06:00:00.000Z', '2026-11-23T18:00:00.000Z', working)).toBe(2700);
    // Across midnight: the window of each day counts.
    expect(breakSecondsOf('2026-11-23T10:00:00.000Z', '2026-11-24T12:00:00.000Z', working)).toBe(2 * 1800 + 900);
    // With the statutory minimum as well, 8 h covering one 30-minute window: 30 minutes, not 60.
    const both = { ...working, breaks: { ...working.breaks, minimums: statutoryBreaks.minimums } };
    expect(breakSecondsOf('2026-11-23T06:00:00.000Z', '2026-11-23T14:00:00.000Z', both)).toBe(1800);
    // 7 h before the window: the minimum's 30 minutes.
    expect(breakSecondsOf('2026-11-23T00:00:00.000Z', '2026-11-23T07:00:00.000Z', both)).toBe(1800);
    // No rule: the statutory one.
    expect(breakSecondsOf('2026-11-23T06:00:00.000Z', '2026-11-23T14:00:00.000Z', {})).toBe(1800);
  });
});

// The worked example of docs/labour-and-costs.md, "Worked example": Anna and Ben on order 1001 at SAW.
describe('the worked example: time per operator, order and station', () => {
  const saw = 'saw';
  const at = (time: string) => `2026-11-23T${time}:00.000Z`;
  const anna: LabourEvent[] = [
    { type: 'ClockedIn', data: { attendanceId: 'a1', userId: 'anna', stationId: saw, at: at('06:00'), dayEndsAt: at('21:00') } },
    { type: 'OrderWorkJoined', data: { userId: 'anna', orderId: '1001', stationId: saw, at: at('07:00') } },
    { type: 'OrderWorkPaused', data: { userId: 'anna', orderId: '1001', stationId: saw, reason: 'material', at: at('08:00') } },
    { type: 'OrderWorkResumed', data: { userId: 'anna', orderId: '1001', stationId: saw, pausedAt: at('08:00'), at: at('08:30') } },
    { type: 'OrderWorkJoined', data: { userId: 'anna', orderId: '1002', stationId: saw, at: at('09:00') } },
    { type: 'OrderWorkLeft', data: { userId: 'anna', orderId: '1001', stationId: saw, cause: 'completed', at: at('10:00') } },
    { type: 'OrderWorkLeft', data: { userId: 'anna', orderId: '1002', stationId: saw, cause: 'clockedOut', at: at('11:00') } },
    { type: 'ClockedOut', data: { attendanceId: 'a1', userId: 'anna', stationId: saw, clockedInAt: at('06:00'), at: at('11:00') } },
  ];
  const ben: LabourEvent[] = [
    { type: 'ClockedIn', data: { attendanceId: 'b1', userId: 'ben', stationId: saw, at: at('07:30'), dayEndsAt: at('21:00') } },
    { type: 'OrderWorkJoined', data: { userId: 'ben', orderId: '1001', stationId: saw, at: at('07:30') } },
    { type: 'OrderWorkLeft', data: { userId: 'ben', orderId: '1001', stationId: saw, cause: 'completed', at: at('10:00') } },
    {
      type: 'WorkTimeCorrected',
      data: {
        correctionId: 'c1',
        userId: 'ben',
        orderId: '1001',
        stationId: saw,
        bookedAt: at('00:00'),
        seconds: -600,
        reason: 'Coffee, pause not pressed',
        correctedBy: 'boss',
        at: at('12:00'),
      },
    },
  ];
  const minutesOn = (events: LabourEvent[], orderId: string) =>
    workPiecesOf(events)
      .filter((piece) => piece.orderId === orderId)
      .reduce((sum, piece) => sum + piece.seconds, 0) / 60;

  it('Anna: 1001 60 + 30 + 30 (half of 09:00-10:00) = 120 min; 1002 30 + 60 = 90 min', () => {
    expect(minutesOn(anna, '1001')).toBe(120);
    expect(minutesOn(anna, '1002')).toBe(90);
  });

  it('Ben: 1001 150 min, less the 10 min his supervisor took off = 140 min', () => {
    expect(minutesOn(ben, '1001')).toBe(140);
  });

  it('order 1001 at SAW took 260 person-minutes in all', () => {
    expect(minutesOn(anna, '1001') + minutesOn(ben, '1001')).toBe(260);
  });

  // "Split evenly unless stated" (docs/labour-and-costs.md, "Stated split"): Anna's 09:00-10:00 on 1001 and 1002.
  const split = (unit: 'percent' | 'minutes', on1001: number, on1002: number, statedAt: string): LabourEvent => ({
    type: 'WorkSplitStated',
    data: {
      splitId: `s-${unit}`,
      userId: 'anna',
      periodStartedAt: at('09:00'),
      unit,
      shares: [
        { orderId: '1001', stationId: saw, amount: on1001 },
        { orderId: '1002', stationId: saw, amount: on1002 },
      ],
      reason: null,
      statedBy: 'anna',
      at: statedAt,
    },
  });

  it('stated at the station at 09:15, 75 % on 1001: 1001 60 + 30 + 45 = 135 min; 1002 15 + 60 = 75 min', () => {
    const stated = [...anna.slice(0, 5), split('percent', 75, 25, at('09:15')), ...anna.slice(5)];
    expect(minutesOn(stated, '1001')).toBe(135);
    expect(minutesOn(stated, '1002')).toBe(75);
  });

  it('stated afterwards by the supervisor, 45 and 15 minutes: the same', () => {
    const stated = [...anna, split('minutes', 45, 15, at('12:00'))];
    expect(minutesOn(stated, '1001')).toBe(135);
    expect(minutesOn(stated, '1002')).toBe(75);
    // The other work periods stay as they were: 1002 alone from 10:00 is 60 min.
    expect(workPiecesOf(stated).find((piece) => piece.orderId === '1002' && piece.from === at('10:00'))?.seconds).toBe(3600);
  });
});

describe('a stated split adds up to the whole period', () => {
  it('in percent to 100, in whole minutes to the closed period', () => {
    expect(splitSumProblem('percent', [75, 25], null)).toBeNull();
    expect(splitSumProblem('percent', [33.3, 33.3, 33.4], null)).toBeNull();
    expect(splitSumProblem('percent', [70, 20], null)).toBe('labour.validation.splitPercentSum');
    expect(splitSumProblem('minutes', [45, 15], 60)).toBeNull();
    expect(splitSumProblem('minutes', [45, 20], 60)).toBe('labour.validation.splitMinutesSum');
    expect(splitSumProblem('minutes', [44.5, 15.5], 60)).toBe('validation.wholeNumber');
    expect(splitSumProblem('minutes', [45, 15], null)).toBe('labour.validation.splitMinutesRunning');
  });
});
