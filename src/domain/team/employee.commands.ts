import type { AbsenceBookingInput, CalendarDay, EmployeeProfileInput, OrganizationInput, VacationEntitlementInput } from './employee.schema.js';

/**
 * Intents on one employee's records. `at` is the ISO time the command was given; `today` the
 * company's calendar day at that time; lists from the master data arrive as their active ids.
 */
export type EmployeeCommand =
  | { type: 'ChangeProfile'; userId: string; input: EmployeeProfileInput; today: CalendarDay; at: string }
  | {
      type: 'ChangeOrganization';
      userId: string;
      input: OrganizationInput;
      /** Active entries of the job-title and department lists. */
      activeJobTitleIds: readonly string[];
      activeDepartmentIds: readonly string[];
      at: string;
    }
  | { type: 'SetVacationEntitlement'; userId: string; year: number; input: VacationEntitlementInput; at: string }
  | {
      type: 'BookAbsence';
      userId: string;
      absenceId: string;
      input: AbsenceBookingInput;
      /** The company's setting "half vacation days". */
      halfDaysAllowed: boolean;
      /** Active entries of the absence-reason list. */
      activeReasonIds: readonly string[];
      /** The company's working days (weekdays, 0 Sunday .. 6 Saturday): a booking must take one. */
      workingDays: readonly number[];
      at: string;
    }
  | { type: 'CancelAbsence'; userId: string; absenceId: string; at: string };
