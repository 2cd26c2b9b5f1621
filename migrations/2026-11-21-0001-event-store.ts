import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from './support/tenant-isolation.js';

// The application role and the event log. Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    do $$ begin
      create role shopfloor_app nologin;
    exception when duplicate_object or unique_violation then null;
    end $$
  `.execute(db);
  await sql`
    do $$ begin
      execute format('grant shopfloor_app to %I', current_user);
    exception when others then null;
    end $$
  `.execute(db);
  await sql`grant usage on schema public to shopfloor_app`.execute(db);
  await sql`alter default privileges in schema public grant select, insert, update, delete on tables to shopfloor_app`.execute(db);
  await sql`alter default privileges in schema public grant usage, select on sequences to shopfloor_app`.execute(db);

  await sql`
    create table streams (
      stream_id text primary key,
      company_id uuid,
      stream_type text not null,
      version integer not null check (version >= 0),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index streams_company_type on streams (company_id, stream_type)`.execute(db);

  await sql`
    create table events (
      global_position bigint generated always as identity primary key,
      tx_id xid8 not null default pg_current_xact_id(),
      company_id uuid,
      stream_id text not null,
      stream_type text not null,
      stream_version integer not null,
      type text not null,
      data jsonb not null,
      metadata jsonb not null default '{}'::jsonb,
      recorded_at timestamptz not null default now(),
      unique (stream_id, stream_version)
    )
  `.execute(db);
  await sql`create index events_tx_position on events (tx_id, global_position)`.execute(db);
  await sql`create index events_company_position on events (company_id, global_position)`.execute(db);

  await sql`
    create table consumer_checkpoints (
      consumer text primary key,
      tx_id xid8 not null default '0'::xid8,
      global_position bigint not null default 0,
      updated_at timestamptz not null default now()
    )
  `.execute(db);

  await enableTenantIsolation(db, ['streams', 'events']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table consumer_checkpoints`.execute(db);
  await sql`drop table events`.execute(db);
  await sql`drop table streams`.execute(db);
}
