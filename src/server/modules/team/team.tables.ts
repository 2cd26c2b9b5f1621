import type { ColumnType } from 'kysely';
import type { Gender } from '../../../domain/team/employee.schema.js';
import type { MasterDataEntryStatus, MasterDataList } from '../../../domain/team/master-data.js';
import type { ChangeRight } from '../../../domain/team/rights.js';

/** A calendar day column: written as `YYYY-MM-DD`, read through `to_char` (pg would make it a local Date). */
type DayColumn = ColumnType<string | null, string | null, string | null>;

/** One row per employee stream (profile and organization), written inline. */
export interface EmployeeProfilesTable {
  user_id: string;
  company_id: string;
  gender: Gender | null;
  date_of_birth: DayColumn;
  emergency_contact_name: string;
  emergency_contact_phone: string;
  job_title_id: string | null;
  department_id: string | null;
  in_operation_since: DayColumn;
  fixed_term_contract_until: DayColumn;
  end_of_probation: DayColumn;
  version: number;
  updated_at: Date;
}

/** One row per employee and year. Days come back from numeric columns as text. */
export interface VacationEntitlementsTable {
  user_id: string;
  company_id: string;
  year: number;
  annual_leave_days: ColumnType<string, number, number>;
  carry_over_days: ColumnType<string, number, number>;
  carry_over_until: DayColumn;
}

/** One row per booked absence; a cancelled one is deleted. */
export interface AbsencesTable {
  id: string;
  user_id: string;
  company_id: string;
  from_day: ColumnType<string, string, string>;
  to_day: ColumnType<string, string, string>;
  half_day: boolean;
  reason_id: string;
  booked_at: Date;
}

/** One row per entry of a master-data list; a deleted one is gone. */
export interface MasterDataEntriesTable {
  id: string;
  company_id: string;
  list: MasterDataList;
  name: string;
  status: MasterDataEntryStatus;
  updated_at: Date;
}

/** The change rights an administration user was granted (projection of the user-rights matrix). */
export interface UserChangeRightsTable {
  user_id: string;
  company_id: string;
  change_right: ChangeRight;
}

declare module '../../platform/db.js' {
  interface Tables {
    employee_profiles: EmployeeProfilesTable;
    vacation_entitlements: VacationEntitlementsTable;
    absences: AbsencesTable;
    master_data_entries: MasterDataEntriesTable;
    user_change_rights: UserChangeRightsTable;
  }
}
