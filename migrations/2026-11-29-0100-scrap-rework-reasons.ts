import { sql, type Kysely } from 'kysely';

// Quantities at the station (docs/orders.md, Quantities): two new master-data lists, scrap reasons
// and rework reasons, which an operator picks when reporting scrap or rework with a completion.
// Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table master_data_entries drop constraint master_data_entries_list_check`.execute(db);
  await sql`
    alter table master_data_entries add constraint master_data_entries_list_check
      check (list in ('jobTitles', 'departments', 'absenceReasons', 'interruptionReasons', 'scrapReasons', 'reworkReasons'))
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from master_data_entries where list in ('scrapReasons', 'reworkReasons')`.execute(db);
  await sql`alter table master_data_entries drop constraint master_data_entries_list_check`.execute(db);
  await sql`
    alter table master_data_entries add constraint master_data_entries_list_check
      check (list in ('jobTitles', 'departments', 'absenceReasons', 'interruptionReasons'))
  `.execute(db);
}
