import { describe, expect, it } from 'vitest';
import { givenFor } from '../shared/decider.testing.js';
import type { EmployeeCommand } from './employee.commands.js';
import { bookedAbsences, employeeCopyIsStale, employeeDecider } from './employee.decider.js';
import type { EmployeeEvent } from './employee.events.js';
import type { AbsenceBooking } from './employee.schema.js';

const at = '2026-11-21T08:00:00.000Z';
const today = '2026-11-21';
const userId = '9a8b7c6d-0000-4000-8000-000000000001';
const welder = '9a8b7c6d-0000-4000-8000-0000000000a1';
const retiredTitle = '9a8b7c6d-0000-4000-8000-0000000000a2';
const assembly = '9a8b7c6d-0000-4000-8000-0000000000b1';
const holiday = '9a8b7c6d-0000-4000-8000-0000000000c1';
const firstAbsence = '9a8b7c6d-0000-4000-8000-0000000000d1';
const secondAbsence = '9a8b7c6d-0000-4000-8000-0000000000d2';

const given = givenFor(employeeDecider);

const organize = (input: object, activeJobTitleIds: string[] = [welder]): EmployeeCommand => ({
  type: 'ChangeOrganization',
  userId,
  input,
  activeJobTitleIds,
  activeDepartmentIds: [assembly],
  at,
});
const organizationChanged = (values: object): EmployeeEvent => ({
  type: 'EmployeeOrganizationChanged',
  data: {
    userId,
    organization: { jobTitleId: null, departmentId: null, inOperationSince: null, fixedTermContractUntil: null, endOfProbation: null, ...values },
    at,
  },
});
const booking = (from: string, to: string = from, halfDay = false): AbsenceBooking => ({ from, to, halfDay, reasonId: holiday });
const book = (input: object, absenceId = secondAbsence, halfDaysAllowed = true): EmployeeCommand => ({
  type: 'BookAbsence',
  userId,
  absenceId,
  input: { reasonId: holiday, ...input } as AbsenceBooking,
  halfDaysAllowed,
  activeReasonIds: [holiday],
  workingDays: [1, 2, 3, 4, 5],
  at,
});
const booked = (absenceId: string, value: AbsenceBooking): EmployeeEvent => ({ type: 'AbsenceBooked', data: { userId, absenceId, booking: value, at } });

describe('the profile', () => {
  it('records the profile as parsed', () => {
    given()
      .when({ type: 'ChangeProfile', userId, input: { firstName: 'Anna', lastName: 'Becker', dateOfBirth: '1990-05-17' }, today, at })
      .then([
        {
          type: 'EmployeeProfileChanged',
          data: {
            userId,
            profile: { firstName: 'Anna', lastName: 'Becker', gender: null, dateOfBirth: '1990-05-17', emergencyContact: { name: '', phone: '' } },
            at,
          },
        },
      ]);
  });

  it('refuses a date of birth that is not in the past', () => {
    given()
      .when({ type: 'ChangeProfile', userId, input: { firstName: 'Anna', lastName: 'Becker', dateOfBirth: today }, today, at })
      .thenError('VALIDATION_ERROR', [{ path: 'dateOfBirth', message: 'team.validation.dateOfBirthNotPast' }]);
  });
});

describe('the organization', () => {
  it('records a job title and department of the master data with days in order', () => {
    given()
      .when(organize({ jobTitleId: welder, departmentId: assembly, inOperationSince: '2026-01-01' }))
      .then([organizationChanged({ jobTitleId: welder, departmentId: assembly, inOperationSince: '2026-01-01' })]);
  });

  it('refuses days out of order', () => {
    given()
      .when(organize({ inOperationSince: '2026-01-01', endOfProbation: '2025-12-31' }))
      .thenError('VALIDATION_ERROR', [{ path: 'endOfProbation', message: 'team.validation.probationBeforeStart' }]);
  });

  it('refuses a job title or department that is not an active entry', () => {
    given()
      .when(organize({ jobTitleId: retiredTitle, departmentId: welder }))
      .thenError('VALIDATION_ERROR', [
        { path: 'jobTitleId', message: 'team.validation.unknownEntry' },
        { path: 'departmentId', message: 'team.validation.unknownEntry' },
      ]);
  });

  it('keeps a job title retired since it was picked', () => {
    given(organizationChanged({ jobTitleId: retiredTitle }))
      .when(organize({ jobTitleId: retiredTitle, inOperationSince: '2026-01-01' }))
      .then([organizationChanged({ jobTitleId: retiredTitle, inOperationSince: '2026-01-01' })]);
  });
});

describe('the vacation entitlement', () => {
  it('records the entitlement of a year', () => {
    given()
      .when({ type: 'SetVacationEntitlement', userId, year: 2026, input: { annualLeaveDays: 30, carryOverDays: 3, carryOverUntil: '2026-03-31' }, at })
      .then([
        {
          type: 'VacationEntitlementSet',
          data: { userId, year: 2026, entitlement: { annualLeaveDays: 30, carryOverDays: 3, carryOverUntil: '2026-03-31' }, at },
        },
      ]);
  });

  it('refuses bad days and a year out of range', () => {
    given()
      .when({ type: 'SetVacationEntitlement', userId, year: 2026, input: { annualLeaveDays: 0.3 }, at })
      .thenError('VALIDATION_ERROR', [{ path: 'annualLeaveDays', message: 'team.validation.halfDaySteps' }]);
    given()
      .when({ type: 'SetVacationEntitlement', userId, year: 1999, input: { annualLeaveDays: 30 }, at })
      .thenError('VALIDATION_ERROR', [{ path: 'year', message: 'validation.invalidValue' }]);
  });
});

describe('booking absences', () => {
  it('records a booking with an active reason', () => {
    given()
      .when(book({ from: '2026-08-03', to: '2026-08-14' }))
      .then([booked(secondAbsence, booking('2026-08-03', '2026-08-14'))]);
  });

  it('refuses a booking that overlaps one booked', () => {
    given(booked(firstAbsence, booking('2026-08-03', '2026-08-07')))
      .when(book({ from: '2026-08-07', to: '2026-08-10' }))
      .thenError('ABSENCE_OVERLAPS', [{ path: 'from', message: 'team.validation.absenceOverlaps' }]);
  });

  it('takes a booking again after the overlapping one was cancelled', () => {
    const cancelled: EmployeeEvent = { type: 'AbsenceCancelled', data: { userId, absenceId: firstAbsence, at } };
    const state = given(booked(firstAbsence, booking('2026-08-03', '2026-08-07')), cancelled);
    expect(bookedAbsences(state.state)).toEqual([]);
    state.when(book({ from: '2026-08-07', to: '2026-08-10' })).then([booked(secondAbsence, booking('2026-08-07', '2026-08-10'))]);
  });

  it('refuses a half day when the company does not allow half days', () => {
    given()
      .when(book({ from: '2026-08-03', to: '2026-08-03', halfDay: true }, secondAbsence, false))
      .thenError('VALIDATION_ERROR', [{ path: 'halfDay', message: 'team.validation.halfDaysNotAllowed' }]);
    given()
      .when(book({ from: '2026-08-03', to: '2026-08-03', halfDay: true }))
      .then([booked(secondAbsence, booking('2026-08-03', '2026-08-03', true))]);
  });

  it('refuses a reason that is not an active entry, and weekend days alone', () => {
    const withoutReasons: EmployeeCommand = {
      ...(book({ from: '2026-08-03', to: '2026-08-03' }) as Extract<EmployeeCommand, { type: 'BookAbsence' }>),
      activeReasonIds: [],
    };
    given()
      .when(withoutReasons)
      .thenError('VALIDATION_ERROR', [{ path: 'reasonId', message: 'team.validation.unknownEntry' }]);
    given()
      .when(book({ from: '2026-08-08', to: '2026-08-09' }))
      .thenError('VALIDATION_ERROR', [{ path: 'from', message: 'team.validation.absenceWithoutWorkingDay' }]);
  });

  it('counts the company’s working days: a plant that works Saturdays books a Saturday', () => {
    const onSaturday = {
      ...(book({ from: '2026-08-08', to: '2026-08-08' }) as Extract<EmployeeCommand, { type: 'BookAbsence' }>),
      workingDays: [1, 2, 3, 4, 5, 6],
    };
    given()
      .when(onSaturday)
      .then([{ type: 'AbsenceBooked', data: { userId, absenceId: secondAbsence, booking: booking('2026-08-08'), at } }]);
  });

  it('refuses an absence id already booked', () => {
    given(booked(secondAbsence, booking('2026-08-03')))
      .when(book({ from: '2026-09-01', to: '2026-09-01' }))
      .thenError('CONFLICT_ERROR');
  });
});

describe('cancelling an absence', () => {
  it('records the cancellation', () => {
    given(booked(firstAbsence, booking('2026-08-03')))
      .when({ type: 'CancelAbsence', userId, absenceId: firstAbsence, at })
      .then([{ type: 'AbsenceCancelled', data: { userId, absenceId: firstAbsence, at } }]);
  });

  it('refuses an absence that is not booked', () => {
    given().when({ type: 'CancelAbsence', userId, absenceId: firstAbsence, at }).thenError('NOT_FOUND');
  });
});

describe('a versioned save of an employee form', () => {
  const profileChanged: EmployeeEvent = {
    type: 'EmployeeProfileChanged',
    data: { userId, at, profile: { firstName: 'Olga', lastName: 'Berg', gender: null, dateOfBirth: null, emergencyContact: { name: '', phone: '' } } },
  };
  const entitlementSet = (year: number): EmployeeEvent => ({
    type: 'VacationEntitlementSet',
    data: { userId, year, at, entitlement: { annualLeaveDays: 30, carryOverDays: 0, carryOverUntil: null } },
  });

  it('is stale only through a later save of the same form', () => {
    expect(employeeCopyIsStale({ form: 'profile' }, 1, 2, [profileChanged])).toBe(true);
    expect(employeeCopyIsStale({ form: 'organization' }, 1, 2, [profileChanged])).toBe(false);
    expect(employeeCopyIsStale({ form: 'entitlement', year: 2026 }, 1, 2, [entitlementSet(2026)])).toBe(true);
    expect(employeeCopyIsStale({ form: 'entitlement', year: 2027 }, 1, 2, [entitlementSet(2026)])).toBe(false);
    expect(employeeCopyIsStale({ form: 'profile' }, 2, 2, [])).toBe(false);
  });

  it('is stale when made on a version the records never had', () => {
    expect(employeeCopyIsStale({ form: 'profile' }, 5, 2, [])).toBe(true);
  });
});
