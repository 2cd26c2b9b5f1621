import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from './support/tenant-isolation.js';

// The company's customer directory (issue 25, item 19): "clients" in code, since the master user's
// "customers" are the companies. Addresses are jsonb (delivery and billing, the order's address
// fields); `version` counts the edits, so a stale form is refused. Frozen once landed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table clients (
      id uuid primary key,
      company_id uuid not null references companies (id) on delete cascade,
      name text not null,
      contact_person text not null default '',
      email text not null default '',
      phone text not null default '',
      delivery_address jsonb not null,
      billing_address jsonb not null,
      version integer not null default 1,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )
  `.execute(db);
  await sql`create unique index clients_name_per_company on clients (company_id, lower(name))`.execute(db);
  await enableTenantIsolation(db, ['clients']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists clients`.execute(db);
}
