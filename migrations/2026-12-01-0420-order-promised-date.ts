import { sql, type Kysely } from 'kysely';

// Promise a date (docs/capacity-plan.md): the day promised to the customer, written by the orders'
// inline projection from the order's details (`promisedDate`; absent on earlier events: null).
// Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders add column promised_date date`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders drop column if exists promised_date`.execute(db);
}
