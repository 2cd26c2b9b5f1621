import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { issueToDetail } from '../shared/validation.js';
import { absenceBookingSchema, employeeProfileSchema, organizationSchema, vacationEntitlementSchema } from './employee.schema.js';

const problems = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => [issueToDetail(issue).path, issueToDetail(issue).message]);
};

const today = '2026-11-21';
const profile = employeeProfileSchema(today);
const jobTitleId = '5d0c6b8e-1f3a-4b7e-9a11-000000000001';
const reasonId = '5d0c6b8e-1f3a-4b7e-9a11-000000000002';

describe('employee profile', () => {
  it('takes names and leaves every personal field empty when not given', () => {
    expect(profile.parse({ firstName: ' Anna ', lastName: 'Becker' })).toEqual({
      firstName: 'Anna',
      lastName: 'Becker',
      gender: null,
      dateOfBirth: null,
      emergencyContact: { name: '', phone: '' },
    });
  });

  it('refuses empty names with the codes of spec section 8, and names over 50 characters', () => {
    expect(problems(profile, { firstName: '', lastName: ' ' })).toEqual([
      ['firstName', 'errors.EMPTY_FIRST_NAME'],
      ['lastName', 'errors.EMPTY_LAST_NAME'],
    ]);
    expect(problems(profile, { firstName: 'A'.repeat(51), lastName: 'B' })).toEqual([['firstName', 'validation.maxLength']]);
    expect(problems(profile, { firstName: 'A'.repeat(50), lastName: 'B' })).toEqual([]);
  });

  it('refuses a gender it does not know', () => {
    expect(problems(profile, { firstName: 'A', lastName: 'B', gender: 'OTHER' })).toEqual([['gender', 'validation.invalidValue']]);
  });

  it('takes a date of birth only as a real calendar day before today', () => {
    const born = (dateOfBirth: string) => problems(profile, { firstName: 'A', lastName: 'B', dateOfBirth });
    expect(born('1990-02-28')).toEqual([]);
    expect(born('2026-11-20')).toEqual([]);
    expect(born('1990-02-30')).toEqual([['dateOfBirth', 'validation.invalidFormat']]);
    expect(born('21.11.1990')).toEqual([['dateOfBirth', 'validation.invalidFormat']]);
    expect(born(today)).toEqual([['dateOfBirth', 'team.validation.dateOfBirthNotPast']]);
    expect(born('2030-01-01')).toEqual([['dateOfBirth', 'team.validation.dateOfBirthNotPast']]);
  });

  it('takes an emergency phone as the company data does, and only with a name', () => {
    const contact = (emergencyContact: object) => problems(profile, { firstName: 'A', lastName: 'B', emergencyContact });
    expect(contact({ name: 'Max Becker', phone: '+49 (89) 123-45' })).toEqual([]);
    expect(contact({ name: 'Max Becker', phone: '1'.repeat(16) })).toEqual([['emergencyContact.phone', 'validation.maxLength']]);
    expect(contact({ name: 'Max Becker', phone: 'call me' })).toEqual([['emergencyContact.phone', 'validation.phone']]);
    expect(contact({ name: 'M'.repeat(51), phone: '' })).toEqual([['emergencyContact.name', 'validation.maxLength']]);
    expect(contact({ name: '', phone: '0891234' })).toEqual([['emergencyContact.name', 'team.validation.emergencyContactName']]);
  });
});

describe('organization', () => {
  it('takes a job title and the contract days in order', () => {
    expect(
      organizationSchema.parse({
        jobTitleId: jobTitleId.toUpperCase(),
        inOperationSince: '2026-01-01',
        endOfProbation: '2026-06-30',
        fixedTermContractUntil: '2027-12-31',
      }),
    ).toEqual({ jobTitleId, departmentId: null, inOperationSince: '2026-01-01', endOfProbation: '2026-06-30', fixedTermContractUntil: '2027-12-31' });
    expect(problems(organizationSchema, { inOperationSince: '2026-01-01', endOfProbation: '2026-01-01', fixedTermContractUntil: '2026-01-01' })).toEqual([]);
    expect(problems(organizationSchema, {})).toEqual([]);
  });

  it('refuses a job title that is not an id, and days that do not exist', () => {
    expect(problems(organizationSchema, { jobTitleId: 'welder' })).toEqual([['jobTitleId', 'validation.invalidValue']]);
    expect(problems(organizationSchema, { inOperationSince: '2026-13-01' })).toEqual([['inOperationSince', 'validation.invalidFormat']]);
  });

  it('refuses probation ending before the start', () => {
    expect(problems(organizationSchema, { inOperationSince: '2026-03-01', endOfProbation: '2026-02-28' })).toEqual([
      ['endOfProbation', 'team.validation.probationBeforeStart'],
    ]);
  });

  it('refuses a contract ending before the start', () => {
    expect(problems(organizationSchema, { inOperationSince: '2026-03-01', fixedTermContractUntil: '2026-02-28' })).toEqual([
      ['fixedTermContractUntil', 'team.validation.contractEndsBeforeStart'],
    ]);
  });

  it('reports every order broken at once', () => {
    expect(problems(organizationSchema, { inOperationSince: '2026-03-01', endOfProbation: '2026-02-01', fixedTermContractUntil: '2026-01-31' })).toEqual([
      ['endOfProbation', 'team.validation.probationBeforeStart'],
      ['fixedTermContractUntil', 'team.validation.contractEndsBeforeStart'],
      ['endOfProbation', 'team.validation.probationAfterContractEnd'],
    ]);
  });

  it('refuses probation ending after the contract', () => {
    expect(problems(organizationSchema, { endOfProbation: '2027-01-01', fixedTermContractUntil: '2026-12-31' })).toEqual([
      ['endOfProbation', 'team.validation.probationAfterContractEnd'],
    ]);
  });
});

describe('vacation entitlement', () => {
  it('counts leave in half days from 0 to 366, carry-over 0 and lasting all year unless given', () => {
    expect(vacationEntitlementSchema.parse({ annualLeaveDays: 27.5 })).toEqual({ annualLeaveDays: 27.5, carryOverDays: 0, carryOverUntil: null });
    expect(problems(vacationEntitlementSchema, { annualLeaveDays: 30, carryOverDays: 4.5, carryOverUntil: '2026-03-31' })).toEqual([]);
  });

  it('refuses missing, negative, too many and other fractions of days, and a deadline that is no day', () => {
    expect(problems(vacationEntitlementSchema, {})).toEqual([['annualLeaveDays', 'validation.required']]);
    expect(problems(vacationEntitlementSchema, { annualLeaveDays: -1 })).toEqual([['annualLeaveDays', 'validation.min']]);
    expect(problems(vacationEntitlementSchema, { annualLeaveDays: 367 })).toEqual([['annualLeaveDays', 'validation.max']]);
    expect(problems(vacationEntitlementSchema, { annualLeaveDays: 1.25 })).toEqual([['annualLeaveDays', 'team.validation.halfDaySteps']]);
    expect(problems(vacationEntitlementSchema, { annualLeaveDays: 30, carryOverUntil: '2026-02-29' })).toEqual([
      ['carryOverUntil', 'validation.invalidFormat'],
    ]);
  });
});

describe('absence booking', () => {
  const halfDaysAllowed = absenceBookingSchema({ halfDaysAllowed: true });
  const wholeDaysOnly = absenceBookingSchema({ halfDaysAllowed: false });

  it('takes a range of days with a reason, whole days unless said otherwise', () => {
    expect(wholeDaysOnly.parse({ from: '2026-08-03', to: '2026-08-14', reasonId })).toEqual({ from: '2026-08-03', to: '2026-08-14', halfDay: false, reasonId });
  });

  it('requires a reason from the master data and real days', () => {
    expect(problems(wholeDaysOnly, { from: '2026-08-03', to: '2026-08-03' })).toEqual([['reasonId', 'validation.required']]);
    expect(problems(wholeDaysOnly, { from: '2026-08-32', to: '2026-08-03', reasonId })).toEqual([['from', 'validation.invalidFormat']]);
  });

  it('refuses an end before the start', () => {
    expect(problems(halfDaysAllowed, { from: '2026-08-04', to: '2026-08-03', reasonId, halfDay: true })).toEqual([
      ['to', 'team.validation.absenceEndsBeforeStart'],
    ]);
  });

  it('takes a half day only on one day, and only when the company allows half days', () => {
    expect(problems(halfDaysAllowed, { from: '2026-08-03', to: '2026-08-03', reasonId, halfDay: true })).toEqual([]);
    expect(problems(halfDaysAllowed, { from: '2026-08-03', to: '2026-08-04', reasonId, halfDay: true })).toEqual([
      ['halfDay', 'team.validation.halfDayOneDay'],
    ]);
    expect(problems(wholeDaysOnly, { from: '2026-08-03', to: '2026-08-03', reasonId, halfDay: true })).toEqual([
      ['halfDay', 'team.validation.halfDaysNotAllowed'],
    ]);
  });
});
