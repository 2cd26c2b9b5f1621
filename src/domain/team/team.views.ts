import { z } from 'zod';
import { userViewSchema } from '../identity/identity.views.js';
import { genders } from './employee.schema.js';
import { masterDataLists } from './master-data.js';
import { changeRights } from './rights.js';

const day = z.string().describe('YYYY-MM-DD');

/** The answers of the team area; the web's types are inferred from them. */
export const employeeProfileViewSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  gender: z.enum(genders).nullable(),
  dateOfBirth: day.nullable(),
  emergencyContact: z.object({ name: z.string(), phone: z.string() }),
});

export const organizationViewSchema = z.object({
  jobTitleId: z.string().nullable(),
  departmentId: z.string().nullable(),
  inOperationSince: day.nullable(),
  fixedTermContractUntil: day.nullable(),
  endOfProbation: day.nullable(),
});

export const absenceViewSchema = z.object({
  id: z.string(),
  from: day,
  to: day,
  halfDay: z.boolean(),
  reasonId: z.string(),
  /** Working days the absence takes (half day 0.5). */
  days: z.number(),
});
export type AbsenceView = z.infer<typeof absenceViewSchema>;

/** One year's leave: the entitlement and what is left of it on the day asked (see `remainingVacation`). */
export const vacationYearViewSchema = z.object({
  year: z.number().int(),
  annualLeaveDays: z.number(),
  carryOverDays: z.number(),
  carryOverUntil: day.nullable(),
  carryOverUsed: z.number(),
  carryOverExpired: z.number(),
  bookedDays: z.number(),
  remainingDays: z.number(),
});
export type VacationYearView = z.infer<typeof vacationYearViewSchema>;

export const vacationsViewSchema = z.object({
  /** Whether half days may be booked (company setting "half vacation days"). */
  halfDaysAllowed: z.boolean(),
  years: z.array(vacationYearViewSchema),
  absences: z.array(absenceViewSchema),
});

export const employeeRightsViewSchema = z.object({
  stationIds: z.array(z.string()),
  /** The change rights held in effect (all for the owner, the granted ones for an admin). */
  changeRights: z.array(z.enum(changeRights)),
});

/** The employee profile screen: the user, profile, organization, vacations and rights. */
export const employeeViewSchema = z.object({
  user: userViewSchema,
  profile: employeeProfileViewSchema,
  organization: organizationViewSchema,
  vacations: vacationsViewSchema,
  rights: employeeRightsViewSchema,
  /** Version of the employee's stream (0: nothing recorded yet). */
  version: z.number().int(),
});
export type EmployeeView = z.infer<typeof employeeViewSchema>;

/** What the employee profile adds to a user account (`GET /users/account/{id}`, spec section 7). */
export const accountEmployeeSchema = employeeViewSchema.omit({ user: true });
export type AccountEmployee = z.infer<typeof accountEmployeeSchema>;

/** The account answer: the user, and their employee records (null until the team module answers them). */
export const accountViewSchema = userViewSchema.extend({ employee: accountEmployeeSchema.nullable() });
export type AccountView = z.infer<typeof accountViewSchema>;

export const masterDataEntryViewSchema = z.object({
  id: z.string(),
  list: z.enum(masterDataLists),
  name: z.string(),
  status: z.enum(['active', 'retired']),
  /** How many records name the entry; one in use cannot be deleted. */
  usageCount: z.number().int(),
});
export type MasterDataEntryView = z.infer<typeof masterDataEntryViewSchema>;

export const masterDataListViewSchema = z.object({ list: z.enum(masterDataLists), data: z.array(masterDataEntryViewSchema) });

/** The user-rights matrix: every user of the company with what they hold, the stations, and the version to save on. */
export const userRightsMatrixViewSchema = z.object({
  version: z.number().int(),
  users: z.array(
    z.object({
      userId: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      role: userViewSchema.shape.role,
      /** A deactivated user keeps their rights (they apply again on reactivation) but cannot sign in. */
      deactivated: z.boolean(),
      stationIds: z.array(z.string()),
      changeRights: z.array(z.enum(changeRights)),
    }),
  ),
  stations: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type UserRightsMatrixView = z.infer<typeof userRightsMatrixViewSchema>;

export const recordKinds = ['WorkStarted', 'WorkCompleted', 'OrderMovedToStation'] as const;

/** One thing an employee did at a station, from the event log. */
export const employeeRecordViewSchema = z.object({
  kind: z.enum(recordKinds),
  at: z.string(),
  orderId: z.string(),
  orderNumber: z.string().nullable(),
  stationId: z.string(),
  stationName: z.string().nullable(),
  /** Where the order went (moved only). */
  toStationId: z.string().nullable(),
  toStationName: z.string().nullable(),
  /** Seconds from starting to completing the work (completed only). */
  cycleTimeSeconds: z.number().nullable(),
});
export type EmployeeRecordView = z.infer<typeof employeeRecordViewSchema>;

/** The employee's labour time over the records' days (docs/labour-and-costs.md): worked hours and the orders worked on. */
export const recordsWorkTimeViewSchema = z.object({
  /** Attendances that began in the days: clocked in, breaks by the company's rule, net (worked hours). */
  attendanceSeconds: z.number(),
  breakSeconds: z.number(),
  netSeconds: z.number(),
  /** Work on orders in the days (split time its share, corrections where booked). */
  workSeconds: z.number(),
  orders: z.array(
    z.object({
      orderId: z.string(),
      orderNumber: z.string(),
      stationId: z.string(),
      stationName: z.string().nullable(),
      seconds: z.number(),
      correctedSeconds: z.number(),
    }),
  ),
});
export type RecordsWorkTimeView = z.infer<typeof recordsWorkTimeViewSchema>;

export const employeeRecordsViewSchema = z.object({ userId: z.string(), data: z.array(employeeRecordViewSchema), workTime: recordsWorkTimeViewSchema });
export type EmployeeRecordsView = z.infer<typeof employeeRecordsViewSchema>;

/** The company's absences touching a date range (team overview: who is away today and this week). */
export const teamAbsencesViewSchema = z.object({
  from: day,
  to: day,
  data: z.array(
    z.object({
      absenceId: z.string(),
      userId: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      from: day,
      to: day,
      halfDay: z.boolean(),
      reasonId: z.string(),
      /** The absence reason's name from the master data (null once deleted). */
      reasonName: z.string().nullable(),
    }),
  ),
});
export type TeamAbsencesView = z.infer<typeof teamAbsencesViewSchema>;

/** One week of the development chart: work completed at stations and its median cycle time. */
export const developmentWeekViewSchema = z.object({
  /** The Monday the week (UTC) starts on, `YYYY-MM-DD`. */
  week: day,
  completed: z.number().int(),
  /** Median seconds from starting to completing the work; null in a week without completions. */
  medianCycleTimeSeconds: z.number().nullable(),
  /** Labour time (docs/labour-and-costs.md): net attendance of the attendances that began that week (worked hours). */
  workedSeconds: z.number(),
  /** Work on orders that began that week (split time its share). */
  orderWorkSeconds: z.number(),
  /** Distinct orders worked on that week. */
  ordersWorkedOn: z.number().int(),
});
export type DevelopmentWeekView = z.infer<typeof developmentWeekViewSchema>;

/** Weekly trends of one employee (`userId`) or the whole team (null), every week of the range listed. */
export const developmentViewSchema = z.object({ userId: z.string().nullable(), from: day, to: day, weeks: z.array(developmentWeekViewSchema) });
export type DevelopmentView = z.infer<typeof developmentViewSchema>;
