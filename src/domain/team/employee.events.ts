import { eventCatalogue } from '../shared/decider.js';
import type { AbsenceBooking, EmployeeProfile, Organization, VacationEntitlement } from './employee.schema.js';

/** Stream type of one employee's records (profile, organization, vacations), stream `employee-<userId>`. */
export const EMPLOYEE_STREAM_TYPE = 'employee';
export const employeeStreamId = (userId: string) => `employee-${userId}`;

/** Facts of one employee. `at` is the ISO time the command was given; who gave it is in the event's metadata. */
export type EmployeeEvent =
  | { type: 'EmployeeProfileChanged'; data: { userId: string; profile: EmployeeProfile; at: string } }
  | { type: 'EmployeeOrganizationChanged'; data: { userId: string; organization: Organization; at: string } }
  | { type: 'VacationEntitlementSet'; data: { userId: string; year: number; entitlement: VacationEntitlement; at: string } }
  | { type: 'AbsenceBooked'; data: { userId: string; absenceId: string; booking: AbsenceBooking; at: string } }
  | { type: 'AbsenceCancelled'; data: { userId: string; absenceId: string; at: string } };

export type EmployeeEventType = EmployeeEvent['type'];

/** An employee's events as every reader reads them. */
export const employeeEvents = eventCatalogue<EmployeeEvent>({
  streamType: EMPLOYEE_STREAM_TYPE,
  types: { EmployeeProfileChanged: true, EmployeeOrganizationChanged: true, VacationEntitlementSet: true, AbsenceBooked: true, AbsenceCancelled: true },
});
