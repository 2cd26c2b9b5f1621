import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from './support/tenant-isolation.js';

// Documents (PDFs): the list read model of the document streams (one row per document, written
// inline) and the per-company document number counter. The PDF bytes live under the company's data
// folder (`documents/<id>.pdf`).
// Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table document_counters (
      company_id uuid primary key references companies (id) on delete cascade,
      last_number integer not null default 0 check (last_number >= 0)
    )
  `.execute(db);

  await sql`
    create table documents (
      id uuid primary key,
      company_id uuid not null references companies (id) on delete cascade,
      number integer not null,
      document_number text not null,
      type text not null check (type in ('delivery-bill', 'material-label', 'order-traveler', 'test-protocol', 'receipt')),
      subject_type text not null check (subject_type in ('shipment', 'material', 'order')),
      subject_id uuid not null,
      -- The order a station action printed a material label for; null otherwise.
      order_id uuid,
      label_size text check (label_size in ('single', 'a4-sheet')),
      locale text not null check (locale in ('en', 'de')),
      status text not null check (status in ('requested', 'generated', 'failed')),
      failure text check (failure in ('no-pdf', 'error')),
      requested_by uuid,
      station_id uuid,
      -- Relative to the company's folder under DATA_DIR; null until generated.
      path text,
      size integer,
      version integer not null,
      requested_at timestamptz not null,
      finished_at timestamptz,
      unique (company_id, number)
    )
  `.execute(db);
  await sql`create index documents_subject on documents (company_id, subject_type, subject_id, requested_at desc)`.execute(db);
  await sql`create index documents_order on documents (order_id) where order_id is not null`.execute(db);

  await enableTenantIsolation(db, ['document_counters', 'documents']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table documents`.execute(db);
  await sql`drop table document_counters`.execute(db);
}
