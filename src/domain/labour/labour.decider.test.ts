import { describe, expect, it } from 'vitest';
import { givenFor } from '../shared/decider.testing.js';
import { foldEvents } from '../shared/decider.js';
import type { LabourCommand } from './labour.commands.js';
import { attendanceOverlaps, labourDecider } from './labour.decider.js';
import type { LabourEvent } from './labour.events.js';

const userId = '0d7e1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
const supervisorId = '1e8f2b3c-4d5e-4f6a-9b0c-1d2e3f4a5b6c';
const stationId = '5a1d3c2b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const orderA = '6b2e4d3c-5f6a-4b7c-9d8e-0f1a2b3c4d5e';
const orderB = '7c3f5e4d-6a7b-4c8d-8e9f-1a2b3c4d5e6f';
const first = '11111111-1111-4111-8111-111111111111';
const second = '22222222-2222-4222-8222-222222222222';
const correctionId = '33333333-3333-4333-8333-333333333333';
const day = (time: string) => `2026-11-23T${time}:00.000Z`;
const dayEndsAt = day('22:00');

const clockIn = (attendanceId: string, at: string, ends = dayEndsAt): LabourCommand => ({
  type: 'ClockIn',
  attendanceId,
  userId,
  stationId,
  at,
  dayEndsAt: ends,
});
const clockedIn = (attendanceId: string, at: string, ends = dayEndsAt): LabourEvent => ({
  type: 'ClockedIn',
  data: { attendanceId, userId, stationId, at, dayEndsAt: ends },
});
const clockedOut = (attendanceId: string, clockedInAt: string, at: string, station: string | null = stationId): LabourEvent => ({
  type: 'ClockedOut',
  data: { attendanceId, userId, stationId: station, clockedInAt, at },
});
const joined = (orderId: string, at: string): LabourEvent => ({ type: 'OrderWorkJoined', data: { userId, orderId, stationId, at } });
const left = (orderId: string, at: string, cause: 'left' | 'completed' | 'clockedOut' = 'clockedOut'): LabourEvent => ({
  type: 'OrderWorkLeft',
  data: { userId, orderId, stationId, cause, at },
});
const paused = (orderId: string, at: string): LabourEvent => ({ type: 'OrderWorkPaused', data: { userId, orderId, stationId, reason: 'material', at } });

const given = givenFor(labourDecider);

describe('labour decider: attendance', () => {
  it('clocks in, then out', () => {
    given()
      .when(clockIn(first, day('06:00')))
      .then([clockedIn(first, day('06:00'))]);
    given(clockedIn(first, day('06:00')))
      .when({ type: 'ClockOut', userId, stationId, at: day('14:00') })
      .then([clockedOut(first, day('06:00'), day('14:00'))]);
  });

  it('refuses a second clock-in while clocked in (stillClockedIn)', () => {
    given(clockedIn(first, day('06:00')))
      .when(clockIn(second, day('07:00')))
      .thenError('LABOUR_ALREADY_CLOCKED_IN');
  });

  it('refuses a clock-in inside an attendance already recorded (attendanceOverlaps)', () => {
    given(clockedIn(first, day('06:00')), clockedOut(first, day('06:00'), day('14:00')))
      .when(clockIn(second, day('13:00')))
      .thenError('LABOUR_ATTENDANCE_OVERLAPS');
    const state = foldEvents(labourDecider, [clockedIn(first, day('06:00')), clockedOut(first, day('06:00'), day('14:00'))]);
    expect(attendanceOverlaps(state, day('14:00'), null)).toBe(false);
  });

  it('refuses a clock-out without a clock-in, and one before the clock-in', () => {
    given()
      .when({ type: 'ClockOut', userId, stationId, at: day('14:00') })
      .thenError('LABOUR_NOT_CLOCKED_IN');
    given(clockedIn(first, day('06:00')))
      .when({ type: 'ClockOut', userId, stationId, at: day('05:00') })
      .thenError('LABOUR_CLOCK_OUT_BEFORE_CLOCK_IN');
  });

  it('clocking out leaves every order worked on', () => {
    given(clockedIn(first, day('06:00')), joined(orderA, day('07:00')), joined(orderB, day('08:00')))
      .when({ type: 'ClockOut', userId, stationId: null, at: day('14:00') })
      .then([left(orderA, day('14:00')), left(orderB, day('14:00')), clockedOut(first, day('06:00'), day('14:00'), null)]);
  });

  it('closes a forgotten clock-out at the end of the working day, flagged (ClockOutMissed), and not before', () => {
    given(clockedIn(first, day('06:00')))
      .when({ type: 'CloseMissedClockOut', userId, at: day('21:59') })
      .then([]);
    given(clockedIn(first, day('06:00')), joined(orderA, day('07:00')))
      .when({ type: 'CloseMissedClockOut', userId, at: day('23:30') })
      .then([left(orderA, dayEndsAt), { type: 'ClockOutMissed', data: { attendanceId: first, userId, clockedInAt: day('06:00'), at: dayEndsAt } }]);
    given()
      .when({ type: 'CloseMissedClockOut', userId, at: day('23:30') })
      .then([]);
  });

  it('a clock-in the next day closes the forgotten one first', () => {
    const next = '2026-11-24T06:00:00.000Z';
    given(clockedIn(first, day('06:00')))
      .when(clockIn(second, next, '2026-11-24T22:00:00.000Z'))
      .then([
        { type: 'ClockOutMissed', data: { attendanceId: first, userId, clockedInAt: day('06:00'), at: dayEndsAt } },
        clockedIn(second, next, '2026-11-24T22:00:00.000Z'),
      ]);
  });
});

describe('labour decider: work on orders', () => {
  const onA = [clockedIn(first, day('06:00')), joined(orderA, day('07:00'))];

  it('joins an order only when clocked in, and once', () => {
    given()
      .when({ type: 'JoinOrderWork', userId, orderId: orderA, stationId, at: day('07:00') })
      .thenError('LABOUR_NOT_CLOCKED_IN');
    given(clockedIn(first, day('06:00')))
      .when({ type: 'JoinOrderWork', userId, orderId: orderA, stationId, at: day('07:00') })
      .then([joined(orderA, day('07:00'))]);
    given(...onA)
      .when({ type: 'JoinOrderWork', userId, orderId: orderA, stationId, at: day('08:00') })
      .thenError('LABOUR_ALREADY_ON_ORDER');
  });

  it('pauses with a reason and resumes; refuses pausing twice, resuming what runs, either off the order', () => {
    given(...onA)
      .when({ type: 'PauseOrderWork', userId, orderId: orderA, stationId, reason: 'material', at: day('09:00') })
      .then([paused(orderA, day('09:00'))]);
    given(...onA, paused(orderA, day('09:00')))
      .when({ type: 'ResumeOrderWork', userId, orderId: orderA, stationId, at: day('09:30') })
      .then([{ type: 'OrderWorkResumed', data: { userId, orderId: orderA, stationId, pausedAt: day('09:00'), at: day('09:30') } }]);
    given(...onA, paused(orderA, day('09:00')))
      .when({ type: 'PauseOrderWork', userId, orderId: orderA, stationId, reason: 'break', at: day('09:10') })
      .thenError('LABOUR_ALREADY_PAUSED');
    given(...onA)
      .when({ type: 'ResumeOrderWork', userId, orderId: orderA, stationId, at: day('09:30') })
      .thenError('LABOUR_NOT_PAUSED');
    given(...onA)
      .when({ type: 'PauseOrderWork', userId, orderId: orderB, stationId, reason: 'break', at: day('09:10') })
      .thenError('LABOUR_NOT_ON_ORDER');
  });

  it('never dates a fact before the last one (a late tap from the offline queue)', () => {
    given(...onA)
      .when({ type: 'LeaveOrderWork', userId, orderId: orderA, stationId, cause: 'left', at: day('06:30') })
      .then([left(orderA, day('07:00'), 'left')]);
  });
});

describe('labour decider: corrections', () => {
  const worked = [clockedIn(first, day('06:00')), clockedOut(first, day('06:00'), day('14:00'))];
  const correct = (clockedInAt: string, clockedOutAt: string, attendanceId = first): LabourCommand => ({
    type: 'CorrectAttendance',
    correctionId,
    attendanceId,
    userId,
    clockedInAt,
    clockedOutAt,
    reason: 'Forgot to clock out',
    correctedBy: supervisorId,
    at: day('15:00'),
  });

  it('records a correction with the original beside it', () => {
    given(...worked)
      .when(correct(day('06:00'), day('15:00')))
      .then([
        {
          type: 'AttendanceCorrected',
          data: {
            correctionId,
            attendanceId: first,
            userId,
            before: { clockedInAt: day('06:00'), clockedOutAt: day('14:00') },
            after: { clockedInAt: day('06:00'), clockedOutAt: day('15:00') },
            reason: 'Forgot to clock out',
            correctedBy: supervisorId,
            at: day('15:00'),
          },
        },
      ]);
  });

  it('refuses an open, unknown, reversed or overlapping correction', () => {
    given(clockedIn(first, day('06:00')))
      .when(correct(day('06:00'), day('15:00')))
      .thenError('LABOUR_ATTENDANCE_OPEN');
    given(...worked)
      .when(correct(day('06:00'), day('15:00'), second))
      .thenError('LABOUR_ATTENDANCE_NOT_FOUND');
    given(...worked)
      .when(correct(day('15:00'), day('06:00')))
      .thenErrorIncluding('VALIDATION_ERROR', { path: 'clockedOutAt' });
    given(...worked, clockedIn(second, day('16:00')))
      .when(correct(day('06:00'), day('17:00')))
      .thenError('LABOUR_ATTENDANCE_OVERLAPS');
  });

  it('books work time corrections as they are given', () => {
    const correction = {
      correctionId,
      userId,
      orderId: orderA,
      stationId,
      bookedAt: day('00:00'),
      seconds: -600,
      reason: 'Pause not pressed',
      correctedBy: supervisorId,
      at: day('15:00'),
    };
    given()
      .when({ type: 'CorrectWorkTime', ...correction })
      .then([{ type: 'WorkTimeCorrected', data: correction }]);
  });
});

describe('labour decider: a stated split of a work period', () => {
  const splitId = '44444444-4444-4444-8444-444444444444';
  const onBoth = [clockedIn(first, day('06:00')), joined(orderA, day('07:00')), joined(orderB, day('08:00'))];
  const split = (periodStartedAt: string, unit: 'percent' | 'minutes', a: number, b: number) => ({
    splitId,
    userId,
    periodStartedAt,
    unit,
    shares: [
      { orderId: orderA, stationId, amount: a },
      { orderId: orderB, stationId, amount: b },
    ],
    reason: null,
    statedBy: userId,
    at: day('08:30'),
  });
  const state = (...args: Parameters<typeof split>): LabourCommand => ({ type: 'StateWorkSplit', ...split(...args) });
  const stated = (...args: Parameters<typeof split>): LabourEvent => ({ type: 'WorkSplitStated', data: split(...args) });

  it('states the running period in percent adding up to 100, not in minutes (no whole yet)', () => {
    given(...onBoth)
      .when(state(day('08:00'), 'percent', 70, 30))
      .then([stated(day('08:00'), 'percent', 70, 30)]);
    given(...onBoth)
      .when(state(day('08:00'), 'percent', 70, 20))
      .thenError('VALIDATION_ERROR');
    given(...onBoth)
      .when(state(day('08:00'), 'minutes', 20, 10))
      .thenError('VALIDATION_ERROR');
  });

  it('states a closed period in minutes adding up to its length', () => {
    const closed = [...onBoth, paused(orderB, day('09:00'))];
    given(...closed)
      .when(state(day('08:00'), 'minutes', 40, 20))
      .then([stated(day('08:00'), 'minutes', 40, 20)]);
    given(...closed)
      .when(state(day('08:00'), 'minutes', 40, 25))
      .thenError('VALIDATION_ERROR');
  });

  it('refuses a period that does not exist, one of a single order, and shares of other orders', () => {
    given(...onBoth)
      .when(state(day('07:30'), 'percent', 50, 50))
      .thenError('LABOUR_WORK_PERIOD_NOT_FOUND');
    given(...onBoth, paused(orderB, day('09:00')))
      .when(state(day('09:00'), 'percent', 50, 50))
      .thenError('LABOUR_NOTHING_TO_SPLIT');
    given(clockedIn(first, day('06:00')), joined(orderA, day('07:00')), joined(orderB, day('08:00')), joined(second, day('08:10')))
      .when(state(day('08:10'), 'percent', 50, 50))
      .thenError('VALIDATION_ERROR');
  });
});
