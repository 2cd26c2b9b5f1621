import { userEvents, type UserEvent } from '../../../domain/identity/identity.events.js';
import { stationEvents, type StationEvent } from '../../../domain/stations/station.events.js';
import { employeeEvents, type EmployeeEvent } from '../../../domain/team/employee.events.js';
import { masterDataEvents, type MasterDataEvent } from '../../../domain/team/master-data.events.js';
import type { RightsHolder } from '../../../domain/team/rights.commands.js';
import { userRightsEvents, type UserRightsEvent } from '../../../domain/team/rights.events.js';
import { roles } from '../../../domain/shared/roles.js';
import type { Tx } from '../../platform/db.js';
import { eventProjection, type EventMetadata, type EventStore, type InlineProjection, type StoredEvent } from '../../platform/event-store.js';
import { revokeSessionsAtStation, revokeStationSessions } from '../identity/index.js';
import { decideOnRightsWithin } from './team.handlers.js';
import './team.tables.js';

/**
 * Profile and organization in one row, entitlements per year, and the booked absences of each
 * employee; a removed user's go with them. (The users row's foreign keys drop them too, but that
 * is not the log: a rebuild from it must see the removal.)
 */
export const employeesProjection = eventProjection<EmployeeEvent | UserEvent>({
  name: 'employees',
  events: [employeeEvents, userEvents],
  tables: ['employee_profiles', 'vacation_entitlements', 'absences'],
  // The names are identity's record, which identity's handlers write too: not owned here.
  alsoWrites: ['users'],
  async project(tx, event, stored) {
    if (employeeEvents.has(event)) await projectEmployee(tx, event, stored);
    else if (event.type === 'UserRemoved') await forgetEmployee(tx, event.data.userId);
  },
});

async function forgetEmployee(tx: Tx, userId: string): Promise<void> {
  await tx.deleteFrom('absences').where('user_id', '=', userId).execute();
  await tx.deleteFrom('vacation_entitlements').where('user_id', '=', userId).execute();
  await tx.deleteFrom('employee_profiles').where('user_id', '=', userId).execute();
}

async function projectEmployee(tx: Tx, event: EmployeeEvent, stored: StoredEvent): Promise<void> {
  const companyId = stored.companyId as string;
  const { userId } = event.data;
  const touch = { version: stored.streamVersion, updated_at: stored.recordedAt };
  const upsertProfile = (columns: Record<string, string | null>) =>
    tx
      .insertInto('employee_profiles')
      .values({ user_id: userId, company_id: companyId, emergency_contact_name: '', emergency_contact_phone: '', ...columns, ...touch })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ ...columns, ...touch }))
      .execute();
  switch (event.type) {
    case 'EmployeeProfileChanged': {
      const { profile } = event.data;
      await upsertProfile({
        gender: profile.gender,
        date_of_birth: profile.dateOfBirth,
        emergency_contact_name: profile.emergencyContact.name,
        emergency_contact_phone: profile.emergencyContact.phone,
      });
      // The names are the user's: identity's table shows them everywhere else.
      await tx.updateTable('users').set({ first_name: profile.firstName, last_name: profile.lastName }).where('id', '=', userId).execute();
      return;
    }
    case 'EmployeeOrganizationChanged': {
      const { organization } = event.data;
      await upsertProfile({
        job_title_id: organization.jobTitleId,
        department_id: organization.departmentId,
        in_operation_since: organization.inOperationSince,
        fixed_term_contract_until: organization.fixedTermContractUntil,
        end_of_probation: organization.endOfProbation,
      });
      return;
    }
    case 'VacationEntitlementSet': {
      const { entitlement, year } = event.data;
      const row = {
        annual_leave_days: entitlement.annualLeaveDays,
        carry_over_days: entitlement.carryOverDays,
        carry_over_until: entitlement.carryOverUntil,
      };
      await tx
        .insertInto('vacation_entitlements')
        .values({ user_id: userId, company_id: companyId, year, ...row })
        .onConflict((conflict) => conflict.columns(['user_id', 'year']).doUpdateSet(row))
        .execute();
      await upsertProfile({});
      return;
    }
    case 'AbsenceBooked': {
      const { booking, absenceId } = event.data;
      await tx
        .insertInto('absences')
        .values({
          id: absenceId,
          user_id: userId,
          company_id: companyId,
          from_day: booking.from,
          to_day: booking.to,
          half_day: booking.halfDay,
          reason_id: booking.reasonId,
          booked_at: stored.recordedAt,
        })
        .execute();
      await upsertProfile({});
      return;
    }
    case 'AbsenceCancelled':
      await tx.deleteFrom('absences').where('id', '=', event.data.absenceId).execute();
      await upsertProfile({});
      return;
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/** The company's master-data lists. */
export const masterDataProjection = eventProjection<MasterDataEvent>({
  name: 'master-data',
  events: [masterDataEvents],
  tables: ['master_data_entries'],
  async project(tx, event, stored) {
    const { entryId } = event.data;
    const update = (columns: { name?: string; status?: 'active' | 'retired' }) =>
      tx
        .updateTable('master_data_entries')
        .set({ ...columns, updated_at: stored.recordedAt })
        .where('id', '=', entryId)
        .execute();
    switch (event.type) {
      case 'MasterDataEntryAdded':
        await tx
          .insertInto('master_data_entries')
          .values({
            id: entryId,
            company_id: stored.companyId as string,
            list: event.data.list,
            name: event.data.name,
            status: 'active',
            updated_at: stored.recordedAt,
          })
          .execute();
        return;
      case 'MasterDataEntryRenamed':
        await update({ name: event.data.name });
        return;
      case 'MasterDataEntryRetired':
        await update({ status: 'retired' });
        return;
      case 'MasterDataEntryReinstated':
        await update({ status: 'active' });
        return;
      case 'MasterDataEntryDeleted':
        await tx.deleteFrom('master_data_entries').where('id', '=', entryId).execute();
        return;
      default: {
        const _exhaustive: never = event;
        return _exhaustive;
      }
    }
  },
});

/** The change rights of the matrix, which every write of an admin is checked against. */
export const changeRightsProjection = eventProjection<UserRightsEvent>({
  name: 'user-change-rights',
  events: [userRightsEvents],
  tables: ['user_change_rights'],
  async project(tx, event, stored) {
    const { userId } = event.data;
    switch (event.type) {
      case 'ChangeRightsGranted':
        await tx
          .insertInto('user_change_rights')
          .values(event.data.rights.map((right) => ({ user_id: userId, company_id: stored.companyId as string, change_right: right })))
          .onConflict((conflict) => conflict.doNothing())
          .execute();
        return;
      case 'ChangeRightsRevoked':
        await tx.deleteFrom('user_change_rights').where('user_id', '=', userId).where('change_right', 'in', event.data.rights).execute();
        return;
      case 'StationRightsGranted':
      case 'StationRightsRevoked':
        return;
      default: {
        const _exhaustive: never = event;
        return _exhaustive;
      }
    }
  },
});

/**
 * The team's inline projections: its read models, and the matrix's reactions to other modules'
 * facts in the same transaction. `src/server/projections.ts` registers them for the server and the
 * worker alike.
 */
export function teamProjections(eventStore: EventStore): InlineProjection[] {
  return [
    employeesProjection,
    masterDataProjection,
    changeRightsProjection,

    // A new administration user gets the default change rights, a removed user keeps none: in the
    // transaction that created or removed them, as facts of the matrix.
    eventProjection<UserEvent>({
      name: 'user-rights-of-new-users',
      events: [userEvents],
      // Reactions own no read model: what they decide is appended to the log, which a rebuild replays.
      tables: [],
      async project(tx, event, stored) {
        const at = stored.recordedAt.toISOString();
        const changedBy = stored.metadata.userId ?? 'system';
        const companyId = 'companyId' in event.data ? event.data.companyId : null;
        if (!companyId) return;
        if ((event.type === 'AdminUserInvited' || event.type === 'UserCreated') && event.data.role === 'ADMIN') {
          const user = { userId: event.data.userId, role: event.data.role };
          const grantedBy = grantorOf(stored.metadata);
          await decideOnRightsWithin(tx, eventStore, companyId, stored.metadata, { type: 'GrantDefaultRights', user, grantedBy, changedBy, at });
        } else if (event.type === 'UserRemoved') {
          await decideOnRightsWithin(tx, eventStore, companyId, stored.metadata, { type: 'DropUserRights', userId: event.data.userId, changedBy, at });
        }
      },
    }),

    // An operator signed in at a station whose right is revoked is signed out of that station: their
    // sessions opened there end in the revoking transaction (their others stay), so the station screen's
    // next request answers 401 and the live feed's heartbeat closes its socket; the revocation itself
    // reaches the company's live topic at once.
    eventProjection<UserRightsEvent>({
      name: 'station-sign-out-on-revoke',
      events: [userRightsEvents],
      tables: [],
      async project(tx, event) {
        if (event.type === 'StationRightsRevoked') await revokeStationSessions(tx, event.data.userId, event.data.stationIds);
      },
    }),

    // A deleted station is revoked in the matrix too (its projection and the matrix agree), in the
    // deleting transaction; whoever was signed in there is signed out.
    eventProjection<StationEvent>({
      name: 'user-rights-of-deleted-stations',
      events: [stationEvents],
      tables: [],
      async project(tx, event, stored) {
        if (event.type !== 'StationDeleted' || !stored.companyId) return;
        const changedBy = stored.metadata.userId ?? 'system';
        const command = { type: 'DropStationRights', stationId: event.data.stationId, changedBy, at: stored.recordedAt.toISOString() } as const;
        await decideOnRightsWithin(tx, eventStore, stored.companyId, stored.metadata, command);
        await revokeSessionsAtStation(tx, event.data.stationId);
      },
    }),
  ];
}

/** Who gave the command that created a user, as a rights holder; null for provisioning (no user or no role of the company). */
function grantorOf(metadata: EventMetadata): RightsHolder | null {
  const role = roles.find((candidate) => candidate === metadata.role);
  return metadata.userId && role ? { userId: metadata.userId, role } : null;
}
