import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/errors.js';
import type { LabourCommand } from './labour.commands.js';
import { labourEvents, type LabourEvent, type PauseReason } from './labour.events.js';
import { periodMinutesOf, splitSumProblem } from './labour.rules.js';

/** One attendance (clocked in to clocked out) as the decider remembers it, corrections applied. */
export interface Attendance {
  attendanceId: string;
  clockedInAt: string;
  clockedOutAt: string | null;
  dayEndsAt: string;
}

/** An order the person is clocked onto at a station; `pausedAt` set while their work on it pauses. */
export interface OrderWork {
  orderId: string;
  stationId: string;
  pausedAt: string | null;
  reason: PauseReason | null;
}

/** A work period: from `startedAt` until `endedAt` (null: running) the person ran these orders at once, none paused. */
export interface WorkPeriod {
  startedAt: string;
  endedAt: string | null;
  orders: { orderId: string; stationId: string }[];
}

/**
 * One person's labour time as the decider needs it: the closed attendances (for the overlap rule),
 * the open one, the orders they are on, the work periods with several orders (a split may be stated
 * of them; the last one may be running, with any number), and the moment of their last fact (no
 * later fact is dated before it, so time never runs backwards in their stream).
 */
export interface LabourState {
  closed: Attendance[];
  open: Attendance | null;
  orders: OrderWork[];
  periods: WorkPeriod[];
  lastAt: string | null;
}

const ms = (at: string) => Date.parse(at);
const later = (a: string, b: string | null) => (b !== null && ms(b) > ms(a) ? b : a);
const sameWork = (work: OrderWork, orderId: string, stationId: string) => work.orderId === orderId && work.stationId === stationId;

/** A named rule: attendances of one person never overlap (touching at an end is fine). */
export const attendanceOverlaps = (state: LabourState, from: string, to: string | null, except?: string): boolean =>
  state.closed.some(
    (attendance) =>
      attendance.attendanceId !== except &&
      attendance.clockedOutAt !== null &&
      ms(attendance.clockedInAt) < (to === null ? Number.POSITIVE_INFINITY : ms(to)) &&
      ms(attendance.clockedOutAt) > ms(from),
  ) ||
  (state.open !== null && state.open.attendanceId !== except && (to === null || ms(state.open.clockedInAt) < ms(to)));

/** A named rule: a clock-in is refused while the person is clocked in and their working day has not ended. */
export const stillClockedIn = (state: LabourState, at: string): boolean => state.open !== null && ms(at) < ms(state.open.dayEndsAt);

/** A named rule: a forgotten clock-out is due once the working day of the open attendance has ended. */
export const clockOutMissed = (state: LabourState, at: string): boolean => state.open !== null && ms(at) >= ms(state.open.dayEndsAt);

/** The work periods once the orders running change to those of `orders` at `at` (a period of one order is not kept once closed). */
function periodsAfter(state: LabourState, orders: OrderWork[], at: string): WorkPeriod[] {
  const closed = state.periods.flatMap((period) => {
    if (period.endedAt !== null) return [period];
    if (ms(at) <= ms(period.startedAt) || period.orders.length < 2) return [];
    return [{ ...period, endedAt: at }];
  });
  const running = orders.filter((work) => work.pausedAt === null).map(({ orderId, stationId }) => ({ orderId, stationId }));
  return running.length ? [...closed, { startedAt: at, endedAt: null, orders: running }] : closed;
}

export function evolveLabour(state: LabourState, event: LabourEvent): LabourState {
  const lastAt = later(event.data.at, state.lastAt);
  switch (event.type) {
    case 'ClockedIn': {
      const { attendanceId, at, dayEndsAt } = event.data;
      return { ...state, open: { attendanceId, clockedInAt: at, clockedOutAt: null, dayEndsAt }, lastAt };
    }
    case 'ClockedOut':
    case 'ClockOutMissed': {
      if (!state.open) return { ...state, lastAt };
      return { ...state, closed: [...state.closed, { ...state.open, clockedOutAt: event.data.at }], open: null, orders: [], lastAt };
    }
    case 'OrderWorkJoined': {
      const { orderId, stationId, at } = event.data;
      const orders = [...state.orders, { orderId, stationId, pausedAt: null, reason: null }];
      return { ...state, orders, periods: periodsAfter(state, orders, at), lastAt };
    }
    case 'OrderWorkPaused': {
      const { orderId, stationId, reason, at } = event.data;
      const orders = state.orders.map((work) => (sameWork(work, orderId, stationId) ? { ...work, pausedAt: at, reason } : work));
      return { ...state, orders, periods: periodsAfter(state, orders, at), lastAt };
    }
    case 'OrderWorkResumed': {
      const { orderId, stationId, at } = event.data;
      const orders = state.orders.map((work) => (sameWork(work, orderId, stationId) ? { ...work, pausedAt: null, reason: null } : work));
      return { ...state, orders, periods: periodsAfter(state, orders, at), lastAt };
    }
    case 'OrderWorkLeft': {
      const { orderId, stationId, at } = event.data;
      const orders = state.orders.filter((work) => !sameWork(work, orderId, stationId));
      return { ...state, orders, periods: periodsAfter(state, orders, at), lastAt };
    }
    case 'AttendanceCorrected': {
      const { attendanceId, after } = event.data;
      const closed = state.closed.map((attendance) => (attendance.attendanceId === attendanceId ? { ...attendance, ...after } : attendance));
      // A correction is dated when it was made, but it does not move the person's own timeline.
      return { ...state, closed };
    }
    case 'WorkTimeCorrected':
    case 'WorkSplitStated':
      return state;
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/** The facts that end an open attendance at `at`: leaving every order (cause clockedOut), then the close itself. */
function closeOpen(state: LabourState, open: Attendance, userId: string, at: string, missed: boolean): LabourEvent[] {
  const left: LabourEvent[] = state.orders.map((work) => ({
    type: 'OrderWorkLeft',
    data: { userId, orderId: work.orderId, stationId: work.stationId, cause: 'clockedOut', at },
  }));
  const close: LabourEvent = missed
    ? { type: 'ClockOutMissed', data: { attendanceId: open.attendanceId, userId, clockedInAt: open.clockedInAt, at } }
    : { type: 'ClockedOut', data: { attendanceId: open.attendanceId, userId, stationId: null, clockedInAt: open.clockedInAt, at } };
  return [...left, close];
}

const invalidShares = (message: string) => new DomainError('VALIDATION_ERROR', [{ path: 'shares', message }]);

/**
 * A stated split of one work period: the period must exist (404) and have several orders (409), the
 * shares name exactly its orders, and add up to the whole (`splitSumProblem`; minutes only of a closed one).
 */
function decideSplit(command: Extract<LabourCommand, { type: 'StateWorkSplit' }>, state: LabourState): LabourEvent[] | DomainError {
  const period = state.periods.find((candidate) => ms(candidate.startedAt) === ms(command.periodStartedAt));
  if (!period) return new DomainError('LABOUR_WORK_PERIOD_NOT_FOUND');
  if (period.orders.length < 2) return new DomainError('LABOUR_NOTHING_TO_SPLIT');
  const named = new Set(command.shares.map((share) => `${share.orderId} ${share.stationId}`));
  if (
    named.size !== command.shares.length ||
    named.size !== period.orders.length ||
    !period.orders.every((work) => named.has(`${work.orderId} ${work.stationId}`))
  ) {
    return invalidShares('labour.validation.splitOrders');
  }
  const whole = period.endedAt === null ? null : periodMinutesOf(period.startedAt, period.endedAt);
  const problem = splitSumProblem(
    command.unit,
    command.shares.map((share) => share.amount),
    whole,
  );
  if (problem) return invalidShares(problem);
  const { splitId, userId, unit, shares, reason, statedBy, at } = command;
  return [{ type: 'WorkSplitStated', data: { splitId, userId, periodStartedAt: period.startedAt, unit, shares, reason, statedBy, at } }];
}

const notClockedIn = () => new DomainError('LABOUR_NOT_CLOCKED_IN');
const notOnOrder = () => new DomainError('LABOUR_NOT_ON_ORDER');

function decideLabour(command: LabourCommand, state: LabourState): LabourEvent[] | DomainError {
  switch (command.type) {
    case 'ClockIn': {
      const { attendanceId, userId, stationId, at, dayEndsAt } = command;
      if (stillClockedIn(state, at)) return new DomainError('LABOUR_ALREADY_CLOCKED_IN');
      // A clock-in after a working day that was never clocked out closes that one first, flagged.
      const missed = state.open && clockOutMissed(state, at) ? closeOpen(state, state.open, userId, later(state.open.dayEndsAt, state.lastAt), true) : [];
      const closedState = missed.reduce(evolveLabour, state);
      if (attendanceOverlaps(closedState, at, null) || (closedState.lastAt !== null && ms(at) < ms(closedState.lastAt))) {
        return new DomainError('LABOUR_ATTENDANCE_OVERLAPS');
      }
      return [...missed, { type: 'ClockedIn', data: { attendanceId, userId, stationId, at, dayEndsAt } }];
    }
    case 'ClockOut': {
      const open = state.open;
      if (!open) return notClockedIn();
      if (ms(command.at) < ms(open.clockedInAt)) return new DomainError('LABOUR_CLOCK_OUT_BEFORE_CLOCK_IN');
      const events = closeOpen(state, open, command.userId, later(command.at, state.lastAt), false);
      const last = events[events.length - 1];
      if (last.type === 'ClockedOut') last.data.stationId = command.stationId;
      return events;
    }
    case 'CloseMissedClockOut': {
      const open = state.open;
      if (!open || !clockOutMissed(state, command.at)) return [];
      return closeOpen(state, open, command.userId, later(open.dayEndsAt, state.lastAt), true);
    }
    case 'JoinOrderWork': {
      const { userId, orderId, stationId } = command;
      if (!state.open) return notClockedIn();
      if (state.orders.some((work) => sameWork(work, orderId, stationId))) return new DomainError('LABOUR_ALREADY_ON_ORDER');
      return [{ type: 'OrderWorkJoined', data: { userId, orderId, stationId, at: later(command.at, state.lastAt) } }];
    }
    case 'PauseOrderWork': {
      const { userId, orderId, stationId, reason } = command;
      const work = state.orders.find((candidate) => sameWork(candidate, orderId, stationId));
      if (!work) return notOnOrder();
      if (work.pausedAt !== null) return new DomainError('LABOUR_ALREADY_PAUSED');
      return [{ type: 'OrderWorkPaused', data: { userId, orderId, stationId, reason, at: later(command.at, state.lastAt) } }];
    }
    case 'ResumeOrderWork': {
      const { userId, orderId, stationId } = command;
      const work = state.orders.find((candidate) => sameWork(candidate, orderId, stationId));
      if (!work) return notOnOrder();
      if (work.pausedAt === null) return new DomainError('LABOUR_NOT_PAUSED');
      return [{ type: 'OrderWorkResumed', data: { userId, orderId, stationId, pausedAt: work.pausedAt, at: later(command.at, state.lastAt) } }];
    }
    case 'LeaveOrderWork': {
      const { userId, orderId, stationId, cause } = command;
      if (!state.orders.some((work) => sameWork(work, orderId, stationId))) return notOnOrder();
      return [{ type: 'OrderWorkLeft', data: { userId, orderId, stationId, cause, at: later(command.at, state.lastAt) } }];
    }
    case 'CorrectAttendance': {
      const { correctionId, attendanceId, userId, clockedInAt, clockedOutAt, reason, correctedBy, at } = command;
      if (state.open?.attendanceId === attendanceId) return new DomainError('LABOUR_ATTENDANCE_OPEN');
      const attendance = state.closed.find((candidate) => candidate.attendanceId === attendanceId);
      if (!attendance || attendance.clockedOutAt === null) return new DomainError('LABOUR_ATTENDANCE_NOT_FOUND');
      if (ms(clockedOutAt) <= ms(clockedInAt)) {
        return new DomainError('VALIDATION_ERROR', [{ path: 'clockedOutAt', message: 'labour.validation.outBeforeIn' }]);
      }
      if (attendanceOverlaps(state, clockedInAt, clockedOutAt, attendanceId)) return new DomainError('LABOUR_ATTENDANCE_OVERLAPS');
      const before = { clockedInAt: attendance.clockedInAt, clockedOutAt: attendance.clockedOutAt };
      return [
        { type: 'AttendanceCorrected', data: { correctionId, attendanceId, userId, before, after: { clockedInAt, clockedOutAt }, reason, correctedBy, at } },
      ];
    }
    case 'CorrectWorkTime': {
      const { correctionId, userId, orderId, stationId, bookedAt, seconds, reason, correctedBy, at } = command;
      return [{ type: 'WorkTimeCorrected', data: { correctionId, userId, orderId, stationId, bookedAt, seconds, reason, correctedBy, at } }];
    }
    case 'StateWorkSplit':
      return decideSplit(command, state);
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

/** One person's labour time (docs/labour-and-costs.md): attendance, the orders they work on, corrections. */
export const labourDecider: Decider<LabourState, LabourCommand, LabourEvent> = {
  events: labourEvents,
  initialState: { closed: [], open: null, orders: [], periods: [], lastAt: null },
  evolve: evolveLabour,
  decide: decideLabour,
};
