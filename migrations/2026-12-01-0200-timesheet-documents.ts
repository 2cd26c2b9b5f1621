import { sql, type Kysely } from 'kysely';

// Timesheets (docs/labour-and-costs.md, Timesheet and payroll export): an employee's week of labour
// time printed through the documents' PDF job. A document of type `timesheet` has the subject type
// `employee` (the user) and the week it is of (its Monday); other documents have no week.
// Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table documents drop constraint documents_type_check`.execute(db);
  await sql`alter table documents add constraint documents_type_check
    check (type in ('delivery-bill', 'material-label', 'order-traveler', 'test-protocol', 'receipt', 'timesheet'))`.execute(db);
  await sql`alter table documents drop constraint documents_subject_type_check`.execute(db);
  await sql`alter table documents add constraint documents_subject_type_check
    check (subject_type in ('shipment', 'material', 'order', 'employee'))`.execute(db);
  await sql`alter table documents add column week text check (week ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from documents where type = 'timesheet'`.execute(db);
  await sql`alter table documents drop column week`.execute(db);
  await sql`alter table documents drop constraint documents_subject_type_check`.execute(db);
  await sql`alter table documents add constraint documents_subject_type_check check (subject_type in ('shipment', 'material', 'order'))`.execute(db);
  await sql`alter table documents drop constraint documents_type_check`.execute(db);
  await sql`alter table documents add constraint documents_type_check
    check (type in ('delivery-bill', 'material-label', 'order-traveler', 'test-protocol', 'receipt'))`.execute(db);
}
