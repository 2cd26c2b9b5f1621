import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from './support/tenant-isolation.js';

// OEE (issue 27, docs/oee.md): the facts OEE is computed from, projected in the append's transaction
// from material, order and interruption events, and rebuildable from the log. Planned times are
// copied from the material's steps when pieces are reported, so a later change of a material does
// not rewrite past performance. Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table oee_material_times (
      material_id uuid not null,
      station_id uuid not null,
      company_id uuid not null references companies (id) on delete cascade,
      setup_minutes double precision,
      piece_minutes double precision,
      primary key (material_id, station_id)
    )
  `.execute(db);
  await sql`
    create table oee_orders (
      order_id uuid primary key,
      company_id uuid not null references companies (id) on delete cascade,
      order_number text not null,
      material_id uuid,
      pieces integer not null
    )
  `.execute(db);
  await sql`
    create table oee_station_work (
      order_id uuid not null,
      station_id uuid not null,
      company_id uuid not null references companies (id) on delete cascade,
      started_at timestamptz not null,
      reported boolean not null,
      primary key (order_id, station_id)
    )
  `.execute(db);
  await sql`
    create table oee_reports (
      order_id uuid not null,
      stream_version integer not null,
      company_id uuid not null references companies (id) on delete cascade,
      station_id uuid not null,
      at timestamptz not null,
      work_started_at timestamptz,
      good integer not null,
      scrap integer not null,
      rework integer not null,
      scrap_reason_id text,
      scrap_reason text,
      piece_minutes double precision,
      primary key (order_id, stream_version)
    )
  `.execute(db);
  await sql`create index oee_reports_at on oee_reports (company_id, at)`.execute(db);
  await sql`
    create table oee_downtimes (
      interruption_id uuid primary key,
      company_id uuid not null references companies (id) on delete cascade,
      station_id uuid not null,
      order_id uuid,
      reason_id text not null,
      reason_name text not null,
      from_at timestamptz not null,
      to_at timestamptz
    )
  `.execute(db);
  await sql`create index oee_downtimes_from on oee_downtimes (company_id, from_at)`.execute(db);
  await enableTenantIsolation(db, ['oee_material_times', 'oee_orders', 'oee_station_work', 'oee_reports', 'oee_downtimes']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['oee_downtimes', 'oee_reports', 'oee_station_work', 'oee_orders', 'oee_material_times']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
