import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from './support/tenant-isolation.js';

// Read models of the station and sequence streams, per-user station authorisations, and the
// worklist and completion tables the station key figures are computed from (fed by orders).
// Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table stations (
      id uuid primary key,
      company_id uuid not null references companies (id) on delete cascade,
      name text not null,
      parameters jsonb not null default '[]'::jsonb,
      actions jsonb not null default '[]'::jsonb,
      incoming_goods_check_in boolean not null default false,
      last_maintenance_at timestamptz,
      version integer not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )
  `.execute(db);
  // Also the backstop for two admins creating the same name at once.
  await sql`create unique index stations_company_name on stations (company_id, name)`.execute(db);

  await sql`
    create table station_sequences (
      company_id uuid primary key references companies (id) on delete cascade,
      station_ids uuid[] not null default '{}',
      start_station_id uuid,
      version integer not null,
      saved_at timestamptz not null
    )
  `.execute(db);

  await sql`
    create table station_authorizations (
      company_id uuid not null references companies (id) on delete cascade,
      user_id uuid not null references users (id) on delete cascade,
      -- No foreign key to the read model: the projection removes a deleted station's rows itself.
      station_id uuid not null,
      created_at timestamptz not null default now(),
      primary key (user_id, station_id)
    )
  `.execute(db);
  await sql`create index station_authorizations_station on station_authorizations (station_id)`.execute(db);

  await sql`
    create table station_worklist_entries (
      company_id uuid not null references companies (id) on delete cascade,
      station_id uuid not null,
      order_id uuid not null,
      arrived_at timestamptz not null,
      primary key (station_id, order_id)
    )
  `.execute(db);

  await sql`
    create table station_completions (
      company_id uuid not null references companies (id) on delete cascade,
      station_id uuid not null,
      order_id uuid not null,
      arrived_at timestamptz not null,
      finished_at timestamptz not null,
      primary key (station_id, order_id, finished_at)
    )
  `.execute(db);
  await sql`create index station_completions_finished on station_completions (station_id, finished_at)`.execute(db);

  await enableTenantIsolation(db, ['stations', 'station_sequences', 'station_authorizations', 'station_worklist_entries', 'station_completions']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table station_completions`.execute(db);
  await sql`drop table station_worklist_entries`.execute(db);
  await sql`drop table station_authorizations`.execute(db);
  await sql`drop table station_sequences`.execute(db);
  await sql`drop table stations`.execute(db);
}
