import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from './support/tenant-isolation.js';

// Labour time (docs/labour-and-costs.md): the read models of the `labour-<userId>` streams.
// Attendances (as recorded and as corrected), who is on which order now, the work-time pieces
// (per person, order, station and interval, split across orders worked on at once: what a later
// costing sums) and the supervisors' corrections. Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table labour_attendances (
      id uuid primary key,
      company_id uuid not null references companies (id) on delete cascade,
      user_id uuid not null,
      clocked_in_at timestamptz not null,
      clocked_out_at timestamptz,
      recorded_clocked_in_at timestamptz not null,
      recorded_clocked_out_at timestamptz,
      clock_in_station_id uuid,
      clock_out_station_id uuid,
      day_ends_at timestamptz not null,
      closed_at_day_end boolean not null,
      corrected boolean not null,
      version int not null
    )
  `.execute(db);
  await sql`create index labour_attendances_by_user on labour_attendances (company_id, user_id, clocked_in_at)`.execute(db);
  await sql`create index labour_attendances_open on labour_attendances (day_ends_at) where clocked_out_at is null`.execute(db);
  await sql`
    create table labour_assignments (
      company_id uuid not null references companies (id) on delete cascade,
      user_id uuid not null,
      order_id uuid not null,
      station_id uuid not null,
      joined_at timestamptz not null,
      paused_at timestamptz,
      pause_reason text,
      primary key (user_id, order_id, station_id)
    )
  `.execute(db);
  await sql`create index labour_assignments_by_order on labour_assignments (company_id, order_id, station_id)`.execute(db);
  await sql`
    create table labour_work_pieces (
      id text primary key,
      company_id uuid not null references companies (id) on delete cascade,
      user_id uuid not null,
      order_id uuid not null,
      station_id uuid not null,
      started_at timestamptz not null,
      ended_at timestamptz,
      share int not null,
      seconds numeric(14, 3),
      correction_id uuid
    )
  `.execute(db);
  await sql`create index labour_work_pieces_by_user on labour_work_pieces (company_id, user_id, started_at)`.execute(db);
  await sql`create index labour_work_pieces_by_order on labour_work_pieces (company_id, order_id, station_id)`.execute(db);
  await sql`create index labour_work_pieces_running on labour_work_pieces (user_id) where ended_at is null and correction_id is null`.execute(db);
  await sql`
    create table labour_corrections (
      id uuid primary key,
      company_id uuid not null references companies (id) on delete cascade,
      user_id uuid not null,
      kind text not null,
      attendance_id uuid,
      order_id uuid,
      station_id uuid,
      before_clocked_in_at timestamptz,
      before_clocked_out_at timestamptz,
      after_clocked_in_at timestamptz,
      after_clocked_out_at timestamptz,
      seconds numeric(14, 3),
      booked_at timestamptz,
      reason text not null,
      corrected_by uuid not null,
      corrected_at timestamptz not null
    )
  `.execute(db);
  await sql`create index labour_corrections_by_user on labour_corrections (company_id, user_id, corrected_at)`.execute(db);
  await enableTenantIsolation(db, ['labour_attendances', 'labour_assignments', 'labour_work_pieces', 'labour_corrections']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['labour_corrections', 'labour_work_pieces', 'labour_assignments', 'labour_attendances']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
