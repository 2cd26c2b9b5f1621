import { sql, type Kysely } from 'kysely';

// Partial shipments (docs/shipments.md "Partial shipments"): a shipment line holds a quantity of
// its customer order's ready pieces. Lines made before hold the whole order: null. "At most one
// open line per order" stays the partial unique index shipment_orders_one_open_per_order.
// Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table shipment_orders add column quantity integer check (quantity >= 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table shipment_orders drop column quantity`.execute(db);
}
