import { EMPLOYEE_STREAM_TYPE, type EmployeeEvent } from '../../../domain/team/employee.events.js';
import { MASTER_DATA_STREAM_TYPE, type MasterDataEvent } from '../../../domain/team/master-data.events.js';
import { USER_RIGHTS_STREAM_TYPE, type UserRightsEvent } from '../../../domain/team/rights.events.js';
import { eventProjection } from '../../platform/event-store.js';
import './team.tables.js';

/** Profile and organization in one row, entitlements per year, and the booked absences of each employee. */
export const employeesProjection = eventProjection<EmployeeEvent>({
  name: 'employees',
  streamTypes: [EMPLOYEE_STREAM_TYPE],
  async project(tx, event, stored) {
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
  },
});

/** The company's master-data lists. */
export const masterDataProjection = eventProjection<MasterDataEvent>({
  name: 'master-data',
  streamTypes: [MASTER_DATA_STREAM_TYPE],
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
  streamTypes: [USER_RIGHTS_STREAM_TYPE],
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
