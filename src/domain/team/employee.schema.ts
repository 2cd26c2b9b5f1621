import { z } from 'zod';
import { basicSettingsSchema, missingAs } from '../company/company.schema.js';
import { firstNameSchema, lastNameSchema, NAME_MAX_LENGTH } from '../identity/identity.schema.js';
import { calendarDaySchema } from '../orders/order.schema.js';
import { optionalText } from '../shared/validation.js';

/** A calendar day `YYYY-MM-DD` that exists (no 31 February). Days compare as strings. */
export { calendarDaySchema };
export type CalendarDay = string;

/** Genders a profile may state; none is required. */
export const genders = ['FEMALE', 'MALE', 'DIVERSE'] as const;
export type Gender = (typeof genders)[number];

/** Leave is counted in half days; no field holds more days than a year has. */
export const VACATION_DAYS_MAX = 366;

const optionalDay = calendarDaySchema.nullable().default(null);

/** Rules across fields judge only fields that are valid on their own: a day that does not exist is reported once, as such. */
const fieldsValid = { when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0 };

/** A phone number as in the company data (spec section 5, Company: max 15, digits and + ( ) / . - space). */
const phoneSchema = basicSettingsSchema.shape.phone;

/** An emergency contact's phone is only useful with the name of whom it reaches. */
export const emergencyContactNeedsName = (contact: { name: string; phone: string }): boolean => contact.phone === '' || contact.name !== '';

export const emergencyContactSchema = z
  .object({ name: optionalText(NAME_MAX_LENGTH), phone: phoneSchema })
  .refine(emergencyContactNeedsName, { path: ['name'], message: 'team.validation.emergencyContactName' });

/** A date of birth lies before `today` (the day the command was given, `YYYY-MM-DD`). */
export const bornBeforeToday = (dateOfBirth: CalendarDay | null, today: CalendarDay): boolean => dateOfBirth === null || dateOfBirth < today;

/**
 * The employee profile (spec User): names as identity writes them, and the optional personal
 * fields. A factory, because "in the past" is relative to the day the server or the form decides on.
 */
export const employeeProfileSchema = (today: CalendarDay) =>
  z
    .object({
      firstName: firstNameSchema,
      lastName: lastNameSchema,
      gender: z.enum(genders, { error: 'validation.invalidValue' }).nullable().default(null),
      dateOfBirth: optionalDay,
      emergencyContact: emergencyContactSchema.default({ name: '', phone: '' }),
    })
    .refine((profile) => bornBeforeToday(profile.dateOfBirth, today), {
      path: ['dateOfBirth'],
      message: 'team.validation.dateOfBirthNotPast',
      ...fieldsValid,
    });
export type EmployeeProfile = z.infer<ReturnType<typeof employeeProfileSchema>>;
export type EmployeeProfileInput = z.input<ReturnType<typeof employeeProfileSchema>>;

/** Two optional days in order: the later one is not before the earlier one (the same day is fine). */
const inOrder = (earlier: CalendarDay | null, later: CalendarDay | null): boolean => earlier === null || later === null || earlier <= later;

/** Probation ends on or after the day the employee started. */
export const probationEndsAfterStart = (organization: { inOperationSince: CalendarDay | null; endOfProbation: CalendarDay | null }) =>
  inOrder(organization.inOperationSince, organization.endOfProbation);

/** A fixed-term contract ends on or after the day the employee started. */
export const contractEndsAfterStart = (organization: { inOperationSince: CalendarDay | null; fixedTermContractUntil: CalendarDay | null }) =>
  inOrder(organization.inOperationSince, organization.fixedTermContractUntil);

/** Probation ends no later than a fixed-term contract does. */
export const probationEndsWithinContract = (organization: { endOfProbation: CalendarDay | null; fixedTermContractUntil: CalendarDay | null }) =>
  inOrder(organization.endOfProbation, organization.fixedTermContractUntil);

const masterDataId = z.uuid({ error: 'validation.invalidValue' }).toLowerCase().nullable().default(null);

/**
 * Organization (spec Vacation/Organization): the job title and department picked from the
 * company's master data (whether the entry exists and is active is checked against the list,
 * `entryMayBePicked`), and the contract's days, which must be in order.
 */
export const organizationSchema = z
  .object({
    jobTitleId: masterDataId,
    departmentId: masterDataId,
    inOperationSince: optionalDay,
    fixedTermContractUntil: optionalDay,
    endOfProbation: optionalDay,
  })
  .superRefine((organization, ctx) => {
    if (!probationEndsAfterStart(organization)) ctx.addIssue({ code: 'custom', path: ['endOfProbation'], message: 'team.validation.probationBeforeStart' });
    if (!contractEndsAfterStart(organization)) {
      ctx.addIssue({ code: 'custom', path: ['fixedTermContractUntil'], message: 'team.validation.contractEndsBeforeStart' });
    }
    if (!probationEndsWithinContract(organization)) {
      ctx.addIssue({ code: 'custom', path: ['endOfProbation'], message: 'team.validation.probationAfterContractEnd' });
    }
  }, fieldsValid);
export type Organization = z.infer<typeof organizationSchema>;
export type OrganizationInput = z.input<typeof organizationSchema>;

/** A number of leave days: 0 to 366 in steps of a half day. */
const leaveDays = z
  .number({ error: missingAs('validation.required') })
  .min(0)
  .max(VACATION_DAYS_MAX)
  .refine((days) => Number.isInteger(days * 2), 'team.validation.halfDaySteps');

/**
 * The vacation entitlement of one year: annual leave, the days carried over from last year, and
 * the last day they may be taken ("transfer possible until"; null: all year).
 */
export const vacationEntitlementSchema = z.object({
  annualLeaveDays: leaveDays,
  carryOverDays: leaveDays.default(0),
  carryOverUntil: optionalDay,
});
export type VacationEntitlement = z.infer<typeof vacationEntitlementSchema>;
export type VacationEntitlementInput = z.input<typeof vacationEntitlementSchema>;

/**
 * What a save of the profile, the organization or a year's entitlement adds to its fields: the
 * version of the employee's stream the form was loaded with (`employeeCopyIsStale` judges it).
 */
export const employeeSaveVersion = { version: z.number({ error: 'validation.required' }).int().min(0) };

/** An absence ends on or after the day it starts. */
export const absenceEndsAfterStart = (booking: { from: CalendarDay; to: CalendarDay }): boolean => booking.from <= booking.to;

/** Half a day is a part of one day: a half-day booking starts and ends on the same day. */
export const halfDayIsOneDay = (booking: { from: CalendarDay; to: CalendarDay; halfDay: boolean }): boolean => !booking.halfDay || booking.from === booking.to;

/** Half days may be booked only when the company's settings allow half vacation days (spec: Company settings). */
export const halfDayNeedsCompanyConsent = (booking: { halfDay: boolean }, halfDaysAllowed: boolean): boolean => !booking.halfDay || halfDaysAllowed;

/**
 * One booked absence: a range of days (both included), possibly a half day, and its reason from
 * the company's master data. A factory, because half days depend on the company's settings.
 */
export const absenceBookingSchema = (settings: { halfDaysAllowed: boolean }) =>
  z
    .object({
      from: calendarDaySchema,
      to: calendarDaySchema,
      halfDay: z.boolean().default(false),
      reasonId: z.uuid({ error: missingAs('validation.required') }).toLowerCase(),
    })
    .superRefine((booking, ctx) => {
      if (!absenceEndsAfterStart(booking)) ctx.addIssue({ code: 'custom', path: ['to'], message: 'team.validation.absenceEndsBeforeStart' });
      else if (!halfDayIsOneDay(booking)) ctx.addIssue({ code: 'custom', path: ['halfDay'], message: 'team.validation.halfDayOneDay' });
      if (!halfDayNeedsCompanyConsent(booking, settings.halfDaysAllowed)) {
        ctx.addIssue({ code: 'custom', path: ['halfDay'], message: 'team.validation.halfDaysNotAllowed' });
      }
    }, fieldsValid);
export type AbsenceBooking = z.infer<ReturnType<typeof absenceBookingSchema>>;
export type AbsenceBookingInput = z.input<ReturnType<typeof absenceBookingSchema>>;
