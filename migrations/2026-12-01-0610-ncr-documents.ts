import { sql, type Kysely } from 'kysely';

// The NCR report (docs/quality-and-lots.md): a document of the type `ncr-report` printed for an NCR
// (after 2026-12-01-0200, which added the timesheet: both stay allowed).
// Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table documents drop constraint documents_type_check`.execute(db);
  await sql`
    alter table documents add constraint documents_type_check
      check (type in ('delivery-bill', 'material-label', 'order-traveler', 'test-protocol', 'receipt', 'timesheet', 'ncr-report'))
  `.execute(db);
  await sql`alter table documents drop constraint documents_subject_type_check`.execute(db);
  await sql`alter table documents add constraint documents_subject_type_check check (subject_type in ('shipment', 'material', 'order', 'employee', 'ncr'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from documents where type = 'ncr-report'`.execute(db);
  await sql`alter table documents drop constraint documents_type_check`.execute(db);
  await sql`
    alter table documents add constraint documents_type_check
      check (type in ('delivery-bill', 'material-label', 'order-traveler', 'test-protocol', 'receipt', 'timesheet'))
  `.execute(db);
  await sql`alter table documents drop constraint documents_subject_type_check`.execute(db);
  await sql`alter table documents add constraint documents_subject_type_check check (subject_type in ('shipment', 'material', 'order', 'employee'))`.execute(
    db,
  );
}
