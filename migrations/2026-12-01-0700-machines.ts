import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from './support/tenant-isolation.js';

// Machine counts over MQTT (issue 31, docs/integration.md): the company's broker (its password only
// sealed) and each station's link to its machine's topic, plain records beside the `machines`
// stream's facts. `last_counter`, `open_interruption_id` and `last_message_at` are the link's
// bookkeeping of messages taken, not facts of the log. Frozen once landed: change it in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table machine_brokers (
      company_id uuid primary key references companies (id) on delete cascade,
      url text not null,
      username text,
      password_sealed text,
      updated_at timestamptz not null
    )
  `.execute(db);
  await sql`
    create table machine_links (
      station_id uuid primary key,
      company_id uuid not null references companies (id) on delete cascade,
      id uuid not null unique,
      topic text not null,
      format text not null check (format in ('json', 'counter')),
      scrap_reason_id uuid,
      default_stop_reason_id uuid,
      stop_reasons jsonb not null,
      last_counter bigint,
      open_interruption_id uuid,
      last_message_at timestamptz,
      updated_at timestamptz not null,
      unique (company_id, topic)
    )
  `.execute(db);
  await enableTenantIsolation(db, ['machine_brokers', 'machine_links']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table machine_links`.execute(db);
  await sql`drop table machine_brokers`.execute(db);
}
