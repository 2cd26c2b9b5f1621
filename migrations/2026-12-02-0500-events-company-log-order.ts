import { sql, type Kysely } from 'kysely';

// The webhooks read one company's events in log order after an endpoint's cursor (the delivery job's
// read and the scheduler's "anything waiting?" probe, docs/integration.md), and so does the live feed's
// catch-up of a reconnecting browser (live-connection.ts): `company_id = $1 and
// (tx_id, global_position) > $cursor order by tx_id, global_position`. With only (tx_id, global_position)
// and (company_id, global_position) PostgreSQL walks every company's events after the cursor, or all of
// the company's and sorts them; this index makes both a short range read however many tenants write.
// Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index events_company_tx_position on events (company_id, tx_id, global_position)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index events_company_tx_position`.execute(db);
}
