import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from './support/tenant-isolation.js';

// The quality loop (docs/quality-and-lots.md): the non-conformance reports' read model (one row per
// `ncr-<uuid>` stream, written inline, with the folded NCR) and the per-company NCR number counter.
// Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table ncr_counters (
      company_id uuid primary key references companies (id) on delete cascade,
      last_number integer not null default 0 check (last_number >= 0)
    )
  `.execute(db);
  await sql`
    create table ncrs (
      id uuid primary key,
      company_id uuid not null references companies (id) on delete cascade,
      number text not null,
      status text not null check (status in ('held', 'rework', 'closed')),
      order_id uuid not null,
      order_number text not null,
      station_id uuid not null,
      station_name text not null,
      material_name text not null,
      value_name text not null,
      disposition text,
      opened_at timestamptz not null,
      decided_at timestamptz,
      closed_at timestamptz,
      state jsonb not null,
      version int not null,
      unique (company_id, number)
    )
  `.execute(db);
  await sql`create index ncrs_by_order on ncrs (company_id, order_id) where status <> 'closed'`.execute(db);
  await sql`create index ncrs_by_opened on ncrs (company_id, opened_at)`.execute(db);
  await enableTenantIsolation(db, ['ncr_counters', 'ncrs']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table ncrs`.execute(db);
  await sql`drop table ncr_counters`.execute(db);
}
