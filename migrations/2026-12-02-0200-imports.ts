import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from './support/tenant-isolation.js';

// CSV imports (issue 31, docs/integration.md): each uploaded file as decoded text with the column
// mapping it was read with, its progress and, once done, its report (every row's result), beside
// the `import` stream's facts; and the mapping last used per company and kind. Frozen once landed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table imports (
      id uuid primary key,
      company_id uuid not null references companies (id) on delete cascade,
      kind text not null,
      file_name text not null,
      content text not null,
      mapping jsonb not null,
      metadata jsonb not null,
      status text not null check (status in ('PENDING', 'RUNNING', 'DONE', 'FAILED')),
      progress integer not null default 0,
      row_count integer not null,
      report jsonb,
      requested_by uuid not null,
      requested_at timestamptz not null,
      finished_at timestamptz
    )
  `.execute(db);
  await sql`create index imports_company_requested on imports (company_id, requested_at desc)`.execute(db);
  await sql`
    create table import_mappings (
      company_id uuid not null references companies (id) on delete cascade,
      kind text not null,
      mapping jsonb not null,
      updated_at timestamptz not null,
      primary key (company_id, kind)
    )
  `.execute(db);
  await enableTenantIsolation(db, ['imports', 'import_mappings']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table import_mappings`.execute(db);
  await sql`drop table imports`.execute(db);
}
