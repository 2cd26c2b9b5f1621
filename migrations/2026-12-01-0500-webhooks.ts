import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from './support/tenant-isolation.js';

// Webhooks of a company (issue 31, docs/integration.md): plain records beside the `webhook-endpoint`
// stream's facts. An endpoint's cursor (`cursor_tx_id`, `cursor_position`) is the log position of the
// last event it was given or passed over: deliveries go in log order from there, one in flight
// (`lease_until`). The signing secret is kept sealed (AES-GCM), since every delivery must sign with it.
// `webhook_deliveries` is the delivery log: one row per endpoint and message (retries update it).
// Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table webhook_endpoints (
      id uuid primary key,
      company_id uuid not null references companies (id) on delete cascade,
      url text not null,
      description text not null default '',
      event_types jsonb not null,
      secret_sealed text not null,
      status text not null check (status in ('active', 'paused')),
      paused_reason text,
      cursor_tx_id xid8 not null,
      cursor_position bigint not null,
      consecutive_failures integer not null default 0,
      next_attempt_at timestamptz,
      lease_until timestamptz,
      runs integer not null default 0,
      created_at timestamptz not null
    )
  `.execute(db);
  await sql`create index webhook_endpoints_company on webhook_endpoints (company_id, created_at)`.execute(db);
  await sql`create index webhook_endpoints_due on webhook_endpoints (status, next_attempt_at)`.execute(db);
  await sql`
    create table webhook_deliveries (
      id text not null,
      endpoint_id uuid not null references webhook_endpoints (id) on delete cascade,
      company_id uuid not null references companies (id) on delete cascade,
      global_position bigint not null,
      event_type text not null,
      status text not null check (status in ('delivered', 'retrying', 'failed')),
      attempts integer not null,
      response_code integer,
      error text,
      duration_ms integer,
      first_attempt_at timestamptz not null,
      last_attempt_at timestamptz not null,
      next_attempt_at timestamptz,
      primary key (endpoint_id, id)
    )
  `.execute(db);
  await sql`create index webhook_deliveries_log on webhook_deliveries (endpoint_id, last_attempt_at desc)`.execute(db);
  await enableTenantIsolation(db, ['webhook_endpoints', 'webhook_deliveries']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table webhook_deliveries`.execute(db);
  await sql`drop table webhook_endpoints`.execute(db);
}
