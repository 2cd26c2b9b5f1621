import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.js';
import type { VacationEntitlement } from './employee.schema.js';
import {
  absenceCoversAWorkingDay,
  absenceMustNotOverlap,
  bookingsOverlap,
  isWorkingDay,
  leaveTaken,
  remainingVacation,
  workingDaysBetween,
} from './vacations.js';

const whole = (from: string, to: string = from) => ({ from, to, halfDay: false });
const half = (day: string) => ({ from: day, to: day, halfDay: true });
const entitlement = (values: Partial<VacationEntitlement> = {}): VacationEntitlement => ({
  annualLeaveDays: 30,
  carryOverDays: 0,
  carryOverUntil: null,
  ...values,
});

describe('working days', () => {
  it('are Monday to Friday; Saturday and Sunday do not count', () => {
    expect(['2026-08-03', '2026-08-07'].map((day) => isWorkingDay(day))).toEqual([true, true]);
    expect(['2026-08-08', '2026-08-09'].map((day) => isWorkingDay(day))).toEqual([false, false]);
    expect(workingDaysBetween('2026-08-03', '2026-08-14')).toBe(10);
    expect(workingDaysBetween('2026-08-08', '2026-08-09')).toBe(0);
    expect(workingDaysBetween('2026-08-04', '2026-08-03')).toBe(0);
  });

  it('are the company’s weekdays when it names them: a plant working Monday to Saturday counts Saturdays as leave', () => {
    const mondayToSaturday = [1, 2, 3, 4, 5, 6];
    expect(isWorkingDay('2026-08-08', mondayToSaturday)).toBe(true);
    expect(isWorkingDay('2026-08-09', mondayToSaturday)).toBe(false);
    expect(workingDaysBetween('2026-08-03', '2026-08-14', mondayToSaturday)).toBe(11);
    expect(leaveTaken(whole('2026-08-03', '2026-08-09'), '2026-01-01', '2026-12-31', mondayToSaturday)).toBe(6);
    expect(
      remainingVacation({
        year: 2026,
        entitlement: entitlement(),
        bookings: [whole('2026-08-03', '2026-08-09')],
        today: '2026-08-10',
        workingDays: mondayToSaturday,
      }).remainingDays,
    ).toBe(24);
    expect(absenceCoversAWorkingDay({ from: '2026-08-08', to: '2026-08-09' }, mondayToSaturday)).toBeNull();
  });

  it('count a half day as 0.5 and only within the range asked for', () => {
    expect(leaveTaken(half('2026-08-10'), '2026-01-01', '2026-12-31')).toBe(0.5);
    expect(leaveTaken(whole('2026-12-28', '2027-01-04'), '2026-01-01', '2026-12-31')).toBe(4);
    expect(leaveTaken(whole('2026-12-28', '2027-01-04'), '2027-01-01', '2027-12-31')).toBe(2);
  });
});

describe('remaining vacation', () => {
  it('given no bookings, is the annual leave plus the carry-over', () => {
    expect(remainingVacation({ year: 2026, entitlement: entitlement({ carryOverDays: 5 }), bookings: [], today: '2026-01-05' })).toEqual({
      year: 2026,
      annualLeaveDays: 30,
      carryOverDays: 5,
      carryOverUsed: 0,
      carryOverExpired: 0,
      bookedDays: 0,
      remainingDays: 35,
    });
  });

  it('subtracts booked working days, half days as 0.5, weekends not at all', () => {
    const bookings = [whole('2026-08-03', '2026-08-14'), half('2026-09-07'), whole('2026-08-08', '2026-08-09')];
    expect(remainingVacation({ year: 2026, entitlement: entitlement(), bookings, today: '2026-01-05' })).toMatchObject({
      bookedDays: 10.5,
      remainingDays: 19.5,
    });
  });

  it('counts an absence over New Year in each year for its own days', () => {
    const bookings = [whole('2026-12-28', '2027-01-04')];
    expect(remainingVacation({ year: 2026, entitlement: entitlement(), bookings, today: '2026-06-01' }).bookedDays).toBe(4);
    expect(remainingVacation({ year: 2027, entitlement: entitlement(), bookings, today: '2026-06-01' }).bookedDays).toBe(2);
  });

  it('keeps carry-over until its deadline, then drops what was not taken by then', () => {
    const carried = entitlement({ carryOverDays: 5, carryOverUntil: '2026-03-31' });
    const bookings = [whole('2026-03-27', '2026-03-31'), whole('2026-08-03', '2026-08-14')];
    expect(remainingVacation({ year: 2026, entitlement: carried, bookings, today: '2026-03-31' })).toMatchObject({
      carryOverUsed: 3,
      carryOverExpired: 0,
      bookedDays: 13,
      remainingDays: 22,
    });
    expect(remainingVacation({ year: 2026, entitlement: carried, bookings, today: '2026-04-01' })).toMatchObject({
      carryOverUsed: 3,
      carryOverExpired: 2,
      remainingDays: 20,
    });
  });

  it('spends carry-over only on days up to the deadline, and never more than was carried', () => {
    const bookings = [whole('2026-03-30', '2026-04-03')];
    const carriedTwo = entitlement({ carryOverDays: 2, carryOverUntil: '2026-03-31' });
    expect(remainingVacation({ year: 2026, entitlement: carriedTwo, bookings, today: '2026-05-01' })).toMatchObject({ carryOverUsed: 2, carryOverExpired: 0 });
    const carriedFour = entitlement({ carryOverDays: 4, carryOverUntil: '2026-03-31' });
    expect(remainingVacation({ year: 2026, entitlement: carriedFour, bookings, today: '2026-05-01' })).toMatchObject({
      carryOverUsed: 2,
      carryOverExpired: 2,
      bookedDays: 5,
      remainingDays: 27,
    });
  });

  it('goes below zero when more was booked than the year allows', () => {
    const bookings = [whole('2026-08-03', '2026-08-14')];
    expect(remainingVacation({ year: 2026, entitlement: entitlement({ annualLeaveDays: 8 }), bookings, today: '2026-01-05' }).remainingDays).toBe(-2);
  });
});

describe('overlapping absences', () => {
  it('overlap when they share a day, ends included', () => {
    expect(bookingsOverlap(whole('2026-08-03', '2026-08-07'), whole('2026-08-07', '2026-08-10'))).toBe(true);
    expect(bookingsOverlap(whole('2026-08-03', '2026-08-14'), whole('2026-08-05'))).toBe(true);
    expect(bookingsOverlap(whole('2026-08-03', '2026-08-07'), whole('2026-08-08', '2026-08-10'))).toBe(false);
  });

  it('given a booked absence, when a new one shares a day (even a half day), then it is refused', () => {
    const booked = [whole('2026-08-03', '2026-08-07'), half('2026-09-07')];
    const refused = absenceMustNotOverlap(whole('2026-08-06', '2026-08-11'), booked);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused?.details).toEqual([{ path: 'from', message: 'team.validation.absenceOverlaps' }]);
    expect(absenceMustNotOverlap(half('2026-09-07'), booked)?.details).toEqual([{ path: 'from', message: 'team.validation.absenceOverlaps' }]);
    expect(absenceMustNotOverlap(whole('2026-08-10', '2026-08-11'), booked)).toBeNull();
  });

  it('refuses an absence of weekend days only', () => {
    expect(absenceCoversAWorkingDay(whole('2026-08-08', '2026-08-09'))?.details).toEqual([
      { path: 'from', message: 'team.validation.absenceWithoutWorkingDay' },
    ]);
    expect(absenceCoversAWorkingDay(whole('2026-08-08', '2026-08-10'))).toBeNull();
  });
});
