import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from './support/tenant-isolation.js';

// Improvement suggestions (read model of the `suggestion-<id>` streams: the admins' list) and the
// company data exports of the Account tab (a job writes the zip under the company's folder and
// its progress here). Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table suggestions (
      id uuid primary key,
      company_id uuid not null references companies (id) on delete cascade,
      text text not null,
      submitted_by uuid not null,
      station_id uuid,
      status text not null check (status in ('SUBMITTED', 'ACCEPTED', 'REJECTED', 'IMPLEMENTED')),
      version int not null,
      submitted_at timestamptz not null,
      status_changed_at timestamptz
    )
  `.execute(db);
  await sql`create index suggestions_by_company on suggestions (company_id, submitted_at desc, id)`.execute(db);
  await sql`
    create table company_exports (
      id uuid primary key,
      company_id uuid not null references companies (id) on delete cascade,
      requested_by uuid not null,
      status text not null check (status in ('PENDING', 'RUNNING', 'READY', 'FAILED')),
      progress int not null default 0 check (progress between 0 and 100),
      size_bytes bigint,
      requested_at timestamptz not null,
      finished_at timestamptz
    )
  `.execute(db);
  await sql`create index company_exports_by_company on company_exports (company_id, requested_at desc)`.execute(db);
  await enableTenantIsolation(db, ['suggestions', 'company_exports']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists company_exports`.execute(db);
  await sql`drop table if exists suggestions`.execute(db);
}
