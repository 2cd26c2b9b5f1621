import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from './support/tenant-isolation.js';

// Room an upload in flight holds in its company's storage quota (issue 17): taken under a lock of
// the company's row, so two concurrent uploads cannot both pass the check and together exceed the
// quota. A row goes when its upload ends; `expires_at` frees the room of a server that died mid-upload.
// Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table storage_reservations (
      id uuid primary key,
      company_id uuid not null references companies (id) on delete cascade,
      bytes bigint not null check (bytes >= 0),
      expires_at timestamptz not null
    )
  `.execute(db);
  await sql`create index storage_reservations_company on storage_reservations (company_id, expires_at)`.execute(db);
  await enableTenantIsolation(db, ['storage_reservations']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table storage_reservations`.execute(db);
}
