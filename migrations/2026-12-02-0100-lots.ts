import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from './support/tenant-isolation.js';

// Lots and traceability (docs/quality-and-lots.md, Lots): the lots' read model (one row per `lot-<uuid>`
// stream, written inline, with the folded lot and what is left of it), the consumptions (which production
// order took how much of which lot: the genealogy's edges, from the same events) and the per-company lot
// number counter. Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table lot_counters (
      company_id uuid primary key references companies (id) on delete cascade,
      last_number integer not null default 0 check (last_number >= 0)
    )
  `.execute(db);
  await sql`
    create table lots (
      id uuid primary key,
      company_id uuid not null references companies (id) on delete cascade,
      number text not null,
      origin text not null check (origin in ('received', 'produced')),
      material_id uuid not null,
      material_name text not null,
      material_number text not null,
      order_id uuid not null,
      order_number text not null,
      supplier text not null,
      supplier_lot_number text not null,
      quantity numeric(12, 3) not null,
      remaining numeric(12, 3) not null check (remaining >= 0),
      received_on date not null,
      has_certificate boolean not null default false,
      state jsonb not null,
      version int not null,
      unique (company_id, number)
    )
  `.execute(db);
  await sql`create index lots_by_order on lots (company_id, order_id)`.execute(db);
  await sql`create index lots_by_supplier_lot on lots (company_id, lower(supplier_lot_number))`.execute(db);
  await sql`create index lots_by_material on lots (company_id, material_id)`.execute(db);
  await sql`
    create table lot_consumptions (
      lot_id uuid not null references lots (id) on delete cascade,
      stream_version int not null,
      company_id uuid not null references companies (id) on delete cascade,
      order_id uuid not null,
      order_number text not null,
      quantity numeric(12, 3) not null,
      consumed_at timestamptz not null,
      primary key (lot_id, stream_version)
    )
  `.execute(db);
  await sql`create index lot_consumptions_by_order on lot_consumptions (company_id, order_id)`.execute(db);
  await enableTenantIsolation(db, ['lot_counters', 'lots', 'lot_consumptions']);

  // The lot label: a document of the type `lot-label` printed for a lot (after 2026-12-01-0610: the NCR report stays allowed).
  await sql`alter table documents drop constraint documents_type_check`.execute(db);
  await sql`
    alter table documents add constraint documents_type_check
      check (type in ('delivery-bill', 'material-label', 'order-traveler', 'test-protocol', 'receipt', 'timesheet', 'ncr-report', 'lot-label'))
  `.execute(db);
  await sql`alter table documents drop constraint documents_subject_type_check`.execute(db);
  await sql`alter table documents add constraint documents_subject_type_check check (subject_type in ('shipment', 'material', 'order', 'employee', 'ncr', 'lot'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from documents where type = 'lot-label'`.execute(db);
  await sql`alter table documents drop constraint documents_type_check`.execute(db);
  await sql`
    alter table documents add constraint documents_type_check
      check (type in ('delivery-bill', 'material-label', 'order-traveler', 'test-protocol', 'receipt', 'timesheet', 'ncr-report'))
  `.execute(db);
  await sql`alter table documents drop constraint documents_subject_type_check`.execute(db);
  await sql`alter table documents add constraint documents_subject_type_check check (subject_type in ('shipment', 'material', 'order', 'employee', 'ncr'))`.execute(
    db,
  );
  await sql`drop table lot_consumptions`.execute(db);
  await sql`drop table lots`.execute(db);
  await sql`drop table lot_counters`.execute(db);
}
