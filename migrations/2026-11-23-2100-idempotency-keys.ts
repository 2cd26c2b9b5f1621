import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from './support/tenant-isolation.js';

// The answers of state-changing requests sent with an `Idempotency-Key` header, kept 24 hours per
// company, user and key (docs/offline-station.md): a repeat gets the stored answer instead of
// running again. `state` is 'running' from the first request's start until its answer is stored.
// Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table idempotency_keys (
      company_id uuid not null,
      user_id uuid not null,
      key text not null,
      fingerprint text not null,
      state text not null check (state in ('running', 'done')),
      status_code integer,
      content_type text,
      body text,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      primary key (company_id, user_id, key)
    )
  `.execute(db);
  await sql`create index idempotency_keys_expires_at on idempotency_keys (expires_at)`.execute(db);
  await enableTenantIsolation(db, ['idempotency_keys']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table idempotency_keys`.execute(db);
}
