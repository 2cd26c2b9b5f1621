import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from './support/tenant-isolation.js';

// API keys of a company (issue 31, docs/integration.md): a plain record beside the `api-key` stream's
// facts. The secret is stored only as its SHA-256 (`secret_hash`, unique: the request's lookup);
// `prefix` is its first characters, to tell keys apart. `last_used_at` is bookkeeping of requests,
// not a fact of the log. Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table api_keys (
      id uuid primary key,
      company_id uuid not null references companies (id) on delete cascade,
      name text not null,
      prefix text not null,
      secret_hash text not null unique,
      scopes jsonb not null,
      created_at timestamptz not null,
      expires_at timestamptz,
      revoked_at timestamptz,
      last_used_at timestamptz
    )
  `.execute(db);
  await sql`create index api_keys_company on api_keys (company_id, created_at)`.execute(db);
  await enableTenantIsolation(db, ['api_keys']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table api_keys`.execute(db);
}
