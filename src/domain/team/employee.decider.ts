import { employeeEvents } from './employee.events.js';
import type { z } from 'zod';
import type { Decider } from '../shared/decider.js';
import { DomainError, type ErrorDetail } from '../shared/errors.js';
import { issueToDetail } from '../shared/validation.js';
import type { EmployeeCommand } from './employee.commands.js';
import type { EmployeeEvent } from './employee.events.js';
import {
  absenceBookingSchema,
  employeeProfileSchema,
  organizationSchema,
  vacationEntitlementSchema,
  type AbsenceBooking,
  type EmployeeProfile,
  type Organization,
  type VacationEntitlement,
} from './employee.schema.js';
import { entryMayBePicked } from './master-data.decider.js';
import { absenceCoversAWorkingDay, absenceMustNotOverlap } from './vacations.js';

/** The forms of an employee saved on a version: each is stale only through a later save of itself. */
export type EmployeeForm = { form: 'profile' } | { form: 'organization' } | { form: 'entitlement'; year: number };

/**
 * Whether a form's copy, made on `clientVersion` of the employee's stream, is too old to save:
 * only a later save of the same form makes it stale (409), so booking an absence or saving the
 * organization does not spoil a profile edit. `laterEvents` are the stream's events after the copy.
 */
export function employeeCopyIsStale(form: EmployeeForm, clientVersion: number, currentVersion: number, laterEvents: readonly EmployeeEvent[]): boolean {
  if (clientVersion > currentVersion) return true;
  return laterEvents.some((event) => {
    switch (form.form) {
      case 'profile':
        return event.type === 'EmployeeProfileChanged';
      case 'organization':
        return event.type === 'EmployeeOrganizationChanged';
      case 'entitlement':
        return event.type === 'VacationEntitlementSet' && event.data.year === form.year;
    }
  });
}

/** Years an entitlement may be set for. */
export const ENTITLEMENT_YEARS = { min: 2000, max: 2100 } as const;

/** One employee's records; `absences` holds the booked ones by id (cancelled ones are gone). */
export type EmployeeState =
  | { status: 'empty' }
  | {
      status: 'recorded';
      userId: string;
      profile: EmployeeProfile | null;
      organization: Organization | null;
      entitlements: Readonly<Record<number, VacationEntitlement>>;
      absences: Readonly<Record<string, AbsenceBooking>>;
    };

export const initialEmployeeState: EmployeeState = { status: 'empty' };

const recorded = (state: EmployeeState, userId: string): Extract<EmployeeState, { status: 'recorded' }> =>
  state.status === 'recorded' ? state : { status: 'recorded', userId, profile: null, organization: null, entitlements: {}, absences: {} };

/** The absences booked, in order of their first day. */
export const bookedAbsences = (state: EmployeeState): (AbsenceBooking & { absenceId: string })[] =>
  state.status === 'recorded'
    ? Object.entries(state.absences)
        .map(([absenceId, booking]) => ({ absenceId, ...booking }))
        .sort((a, b) => a.from.localeCompare(b.from))
    : [];

export function evolveEmployee(state: EmployeeState, event: EmployeeEvent): EmployeeState {
  const current = recorded(state, event.data.userId);
  switch (event.type) {
    case 'EmployeeProfileChanged':
      return { ...current, profile: event.data.profile };
    case 'EmployeeOrganizationChanged':
      return { ...current, organization: event.data.organization };
    case 'VacationEntitlementSet':
      return { ...current, entitlements: { ...current.entitlements, [event.data.year]: event.data.entitlement } };
    case 'AbsenceBooked':
      return { ...current, absences: { ...current.absences, [event.data.absenceId]: event.data.booking } };
    case 'AbsenceCancelled': {
      const { [event.data.absenceId]: _cancelled, ...absences } = current.absences;
      return { ...current, absences };
    }
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

function parsed<T>(schema: z.ZodType<T>, input: unknown): T | DomainError {
  const result = schema.safeParse(input);
  return result.success ? result.data : new DomainError('VALIDATION_ERROR', result.error.issues.map(issueToDetail));
}

const refusedWith = (problems: (ErrorDetail | null)[]): DomainError | null => {
  const found = problems.filter((problem): problem is ErrorDetail => problem !== null);
  return found.length ? new DomainError('VALIDATION_ERROR', found) : null;
};

/** An entitlement belongs to one calendar year within a sensible range. */
export const entitlementYearIsValid = (year: number): DomainError | null =>
  Number.isInteger(year) && year >= ENTITLEMENT_YEARS.min && year <= ENTITLEMENT_YEARS.max
    ? null
    : new DomainError('VALIDATION_ERROR', [{ path: 'year', message: 'validation.invalidValue' }]);

export function decideEmployee(command: EmployeeCommand, state: EmployeeState): EmployeeEvent[] | DomainError {
  const { userId, at } = command;
  const current = recorded(state, userId);
  switch (command.type) {
    case 'ChangeProfile': {
      const profile = parsed(employeeProfileSchema(command.today), command.input);
      if (profile instanceof DomainError) return profile;
      return [{ type: 'EmployeeProfileChanged', data: { userId, profile, at } }];
    }
    case 'ChangeOrganization': {
      const organization = parsed(organizationSchema, command.input);
      if (organization instanceof DomainError) return organization;
      const refused = refusedWith([
        entryMayBePicked(command.activeJobTitleIds, organization.jobTitleId, 'jobTitleId', current.organization?.jobTitleId ?? null),
        entryMayBePicked(command.activeDepartmentIds, organization.departmentId, 'departmentId', current.organization?.departmentId ?? null),
      ]);
      if (refused) return refused;
      return [{ type: 'EmployeeOrganizationChanged', data: { userId, organization, at } }];
    }
    case 'SetVacationEntitlement': {
      const entitlement = parsed(vacationEntitlementSchema, command.input);
      if (entitlement instanceof DomainError) return entitlement;
      const refused = entitlementYearIsValid(command.year);
      if (refused) return refused;
      return [{ type: 'VacationEntitlementSet', data: { userId, year: command.year, entitlement, at } }];
    }
    case 'BookAbsence': {
      if (current.absences[command.absenceId]) return new DomainError('CONFLICT_ERROR');
      const booking = parsed(absenceBookingSchema({ halfDaysAllowed: command.halfDaysAllowed }), command.input);
      if (booking instanceof DomainError) return booking;
      const refused =
        refusedWith([entryMayBePicked(command.activeReasonIds, booking.reasonId, 'reasonId')]) ??
        absenceCoversAWorkingDay(booking, command.workingDays) ??
        absenceMustNotOverlap(booking, Object.values(current.absences));
      if (refused) return refused;
      return [{ type: 'AbsenceBooked', data: { userId, absenceId: command.absenceId, booking, at } }];
    }
    case 'CancelAbsence':
      if (!current.absences[command.absenceId]) return new DomainError('NOT_FOUND');
      return [{ type: 'AbsenceCancelled', data: { userId, absenceId: command.absenceId, at } }];
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

/** The employee decider in the shape every decider has. */
export const employeeDecider: Decider<EmployeeState, EmployeeCommand, EmployeeEvent> = {
  events: employeeEvents,
  initialState: initialEmployeeState,
  evolve: evolveEmployee,
  decide: decideEmployee,
};
