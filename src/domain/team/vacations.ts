import { DomainError } from '../shared/errors.js';
import type { AbsenceBooking, CalendarDay, VacationEntitlement } from './employee.schema.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The refusal of a booking that overlaps another (409); the detail names the field. */
export const ABSENCE_OVERLAPS_CODE = 'ABSENCE_OVERLAPS' as const;

const dayNumber = (day: CalendarDay): number => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (dayNumberValue: number): CalendarDay => new Date(dayNumberValue * DAY_MS).toISOString().slice(0, 10);

/** The working days when the company names none (weekdays, 0 Sunday .. 6 Saturday): Monday to Friday. */
export const mondayToFriday: readonly number[] = [1, 2, 3, 4, 5];

/**
 * A working day is a weekday of the company's working time (company settings, 0 Sunday .. 6
 * Saturday; Monday to Friday when none is given). Public holidays count as working days (the product
 * keeps no holiday calendar, so a holiday inside a booking counts as leave taken).
 */
export function isWorkingDay(day: CalendarDay, workingDays: readonly number[] = mondayToFriday): boolean {
  return workingDays.includes(new Date(`${day}T00:00:00Z`).getUTCDay());
}

/** Working days from `from` to `to`, both included; none when `to` is before `from`. */
export function workingDaysBetween(from: CalendarDay, to: CalendarDay, workingDays: readonly number[] = mondayToFriday): number {
  let count = 0;
  for (let day = dayNumber(from); day <= dayNumber(to); day++) if (isWorkingDay(dayOf(day), workingDays)) count++;
  return count;
}

type Booked = Pick<AbsenceBooking, 'from' | 'to' | 'halfDay'>;

/**
 * The leave a booking takes between `from` and `until` (both included): its working days in that
 * range, a half day counting 0.5.
 */
export function leaveTaken(booking: Booked, from: CalendarDay, until: CalendarDay, workingDays: readonly number[] = mondayToFriday): number {
  const start = booking.from > from ? booking.from : from;
  const end = booking.to < until ? booking.to : until;
  const days = workingDaysBetween(start, end, workingDays);
  return booking.halfDay ? days / 2 : days;
}

export interface RemainingVacation {
  year: number;
  annualLeaveDays: number;
  carryOverDays: number;
  /** Carried-over days taken up by bookings on or before the carry-over deadline. */
  carryOverUsed: number;
  /** Carried-over days left unused when the deadline has passed: they are gone. */
  carryOverExpired: number;
  /** Working days booked in the year (half days 0.5), whatever the deadline. */
  bookedDays: number;
  /** Days still free to book; negative when more was booked than the year allows. */
  remainingDays: number;
}

/**
 * What is left of a year's leave on `today`. Bookings are clipped to the year (an absence over New
 * Year counts in each year for its own days). Carried-over days are spent first, by the days booked
 * on or before "transfer possible until"; what is unused by then expires once that day has passed
 * (a deadline of null means the carry-over lasts the whole year). Pass only bookings whose reason
 * counts as leave. `workingDays`: the company's (Monday to Friday when absent).
 */
export function remainingVacation(input: {
  year: number;
  entitlement: VacationEntitlement;
  bookings: readonly Booked[];
  today: CalendarDay;
  workingDays?: readonly number[];
}): RemainingVacation {
  const { year, entitlement, bookings, today, workingDays = mondayToFriday } = input;
  const firstDay = `${year}-01-01`;
  const lastDay = `${year}-12-31`;
  const deadline = entitlement.carryOverUntil ?? lastDay;
  const bookedDays = sum(bookings.map((booking) => leaveTaken(booking, firstDay, lastDay, workingDays)));
  const bookedByDeadline =
    deadline < firstDay ? 0 : sum(bookings.map((booking) => leaveTaken(booking, firstDay, deadline < lastDay ? deadline : lastDay, workingDays)));
  const carryOverUsed = Math.min(entitlement.carryOverDays, bookedByDeadline);
  const deadlinePassed = today > deadline;
  const carryOverExpired = deadlinePassed ? entitlement.carryOverDays - carryOverUsed : 0;
  return {
    year,
    annualLeaveDays: entitlement.annualLeaveDays,
    carryOverDays: entitlement.carryOverDays,
    carryOverUsed,
    carryOverExpired,
    bookedDays,
    remainingDays: entitlement.annualLeaveDays + entitlement.carryOverDays - carryOverExpired - bookedDays,
  };
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/**
 * Two absences overlap when they share a calendar day (weekends included). A half day takes its
 * whole day: the product does not record which half, so two half days on one day are refused too.
 */
export const bookingsOverlap = (a: Pick<AbsenceBooking, 'from' | 'to'>, b: Pick<AbsenceBooking, 'from' | 'to'>): boolean => a.from <= b.to && b.from <= a.to;

/** An employee is absent at most once a day: a new booking may not overlap one already booked. */
export function absenceMustNotOverlap(
  booking: Pick<AbsenceBooking, 'from' | 'to'>,
  booked: readonly Pick<AbsenceBooking, 'from' | 'to'>[],
): DomainError | null {
  return booked.some((other) => bookingsOverlap(booking, other))
    ? new DomainError(ABSENCE_OVERLAPS_CODE, [{ path: 'from', message: 'team.validation.absenceOverlaps' }])
    : null;
}

/** An absence must take at least one working day of the company: a weekend alone is no leave to book. */
export function absenceCoversAWorkingDay(booking: Pick<AbsenceBooking, 'from' | 'to'>, workingDays: readonly number[] = mondayToFriday): DomainError | null {
  return workingDaysBetween(booking.from, booking.to, workingDays) > 0
    ? null
    : new DomainError('VALIDATION_ERROR', [{ path: 'from', message: 'team.validation.absenceWithoutWorkingDay' }]);
}
