import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from './support/tenant-isolation.js';

// Team: read models of the employee streams (profile with organization, vacation entitlements per
// year, booked absences), of the master-data lists, and of the change rights of the user-rights
// matrix (its station rights are projected into station_authorizations, which station login reads).
// The data step moves what exists into the matrix stream: admins get the default change rights and
// an operator's station authorisations become station rights granted.
// Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table employee_profiles (
      user_id uuid primary key references users (id) on delete cascade,
      company_id uuid not null references companies (id) on delete cascade,
      gender text check (gender in ('FEMALE', 'MALE', 'DIVERSE')),
      date_of_birth date,
      emergency_contact_name text not null default '',
      emergency_contact_phone text not null default '',
      job_title_id uuid,
      department_id uuid,
      in_operation_since date,
      fixed_term_contract_until date,
      end_of_probation date,
      version integer not null,
      updated_at timestamptz not null
    )
  `.execute(db);
  await sql`create index employee_profiles_job_title on employee_profiles (job_title_id)`.execute(db);
  await sql`create index employee_profiles_department on employee_profiles (department_id)`.execute(db);

  await sql`
    create table vacation_entitlements (
      user_id uuid not null references users (id) on delete cascade,
      company_id uuid not null references companies (id) on delete cascade,
      year integer not null,
      annual_leave_days numeric(5, 1) not null,
      carry_over_days numeric(5, 1) not null,
      carry_over_until date,
      primary key (user_id, year)
    )
  `.execute(db);

  await sql`
    create table absences (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      company_id uuid not null references companies (id) on delete cascade,
      from_day date not null,
      to_day date not null,
      half_day boolean not null default false,
      reason_id uuid not null,
      booked_at timestamptz not null
    )
  `.execute(db);
  await sql`create index absences_user_days on absences (user_id, from_day)`.execute(db);
  await sql`create index absences_company_days on absences (company_id, from_day, to_day)`.execute(db);
  await sql`create index absences_reason on absences (reason_id)`.execute(db);

  await sql`
    create table master_data_entries (
      id uuid primary key,
      company_id uuid not null references companies (id) on delete cascade,
      list text not null check (list in ('jobTitles', 'departments', 'absenceReasons', 'interruptionReasons')),
      name text not null,
      status text not null check (status in ('active', 'retired')),
      updated_at timestamptz not null
    )
  `.execute(db);
  await sql`create index master_data_entries_list on master_data_entries (company_id, list, name)`.execute(db);

  await sql`
    create table user_change_rights (
      user_id uuid not null references users (id) on delete cascade,
      company_id uuid not null references companies (id) on delete cascade,
      change_right text not null,
      primary key (user_id, change_right)
    )
  `.execute(db);

  await enableTenantIsolation(db, ['employee_profiles', 'vacation_entitlements', 'absences', 'master_data_entries', 'user_change_rights']);

  // Existing data into the matrix: station rights are for operators only.
  await sql`delete from station_authorizations a using users u where u.id = a.user_id and u.role <> 'OPERATOR'`.execute(db);
  await sql`
    insert into user_change_rights (user_id, company_id, change_right)
    select u.id, u.company_id, r.change_right
    from users u cross join (values ('materials'), ('orders'), ('stations'), ('shipments')) as r (change_right)
    where u.role = 'ADMIN' and u.company_id is not null
  `.execute(db);
  await sql`
    with facts as (
      select u.company_id, u.id as user_id, 1 as kind, 'ChangeRightsGranted' as type,
        jsonb_build_object('rights', jsonb_build_array('materials', 'orders', 'shipments', 'stations')) as payload
      from users u where u.role = 'ADMIN' and u.company_id is not null
      union all
      select a.company_id, a.user_id, 0, 'StationRightsGranted', jsonb_build_object('stationIds', jsonb_agg(a.station_id::text order by a.station_id))
      from station_authorizations a group by a.company_id, a.user_id
    ),
    numbered as (
      select company_id, type,
        payload || jsonb_build_object('userId', user_id::text, 'changedBy', 'system', 'at', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) as data,
        row_number() over (partition by company_id order by user_id, kind) as version
      from facts
    ),
    appended as (
      insert into events (company_id, stream_id, stream_type, stream_version, type, data, metadata)
      select company_id, 'user-rights-' || company_id, 'user-rights', version, type, data, '{}'::jsonb from numbered
      returning company_id, stream_version
    )
    insert into streams (stream_id, company_id, stream_type, version)
    select 'user-rights-' || company_id, company_id, 'user-rights', max(stream_version) from appended group by company_id
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table user_change_rights`.execute(db);
  await sql`drop table master_data_entries`.execute(db);
  await sql`drop table absences`.execute(db);
  await sql`drop table vacation_entitlements`.execute(db);
  await sql`drop table employee_profiles`.execute(db);
}
