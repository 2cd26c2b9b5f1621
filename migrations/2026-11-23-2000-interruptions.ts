import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from './support/tenant-isolation.js';

// Interruptions (Andon, docs/interruptions.md): the read model of the `station-interruptions-<id>`
// streams (boards, the order history) and the key figures' facts of them (docs/key-figures.md).
// Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table interruptions (
      id uuid primary key,
      company_id uuid not null references companies (id) on delete cascade,
      station_id uuid not null,
      order_id uuid,
      reason_id uuid not null,
      reason_name text not null,
      note text not null,
      reported_by uuid not null,
      reported_at timestamptz not null,
      resolved_by uuid,
      resolved_at timestamptz,
      resolution_note text,
      version int not null
    )
  `.execute(db);
  await sql`create index interruptions_by_company on interruptions (company_id, reported_at desc, id)`.execute(db);
  await sql`create index interruptions_by_order on interruptions (order_id) where order_id is not null`.execute(db);
  // The decider keeps one open interruption per station; the index backs it.
  await sql`create unique index interruptions_one_open_per_station on interruptions (company_id, station_id) where resolved_at is null`.execute(db);
  await sql`
    create table key_figure_interruptions (
      id uuid primary key,
      company_id uuid not null references companies (id) on delete cascade,
      station_id uuid not null,
      order_id uuid,
      reported_at timestamptz not null,
      resolved_at timestamptz
    )
  `.execute(db);
  await sql`create index key_figure_interruptions_by_time on key_figure_interruptions (company_id, reported_at)`.execute(db);
  await enableTenantIsolation(db, ['interruptions', 'key_figure_interruptions']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists key_figure_interruptions`.execute(db);
  await sql`drop table if exists interruptions`.execute(db);
}
