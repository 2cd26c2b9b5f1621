import { sql, type Kysely } from 'kysely';

// The genealogy and recall walk (docs/quality-and-lots.md, Bench) looks edges up by order: the lots an
// order made (`lots.order_id`), the lots it consumed (`lot_consumptions.order_id`), and a shipment's
// delivery bills (`documents.subject_id`). A tenant's query carries the row-level policies
// `tenant_isolation OR platform_access`, so `company_id` is never an index condition there and an index
// led by it is read whole for the second column; PostgreSQL then also estimates the recursive query
// dear enough to JIT-compile it (about 100 ms per call). Indexes on the edge column alone make each step
// a point lookup. They replace lots_by_order and lot_consumptions_by_order.
// Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index lots_order on lots (order_id)`.execute(db);
  await sql`drop index lots_by_order`.execute(db);
  await sql`create index lot_consumptions_order on lot_consumptions (order_id)`.execute(db);
  await sql`drop index lot_consumptions_by_order`.execute(db);
  await sql`create index documents_subject_id on documents (subject_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index documents_subject_id`.execute(db);
  await sql`create index lot_consumptions_by_order on lot_consumptions (company_id, order_id)`.execute(db);
  await sql`drop index lot_consumptions_order`.execute(db);
  await sql`create index lots_by_order on lots (company_id, order_id)`.execute(db);
  await sql`drop index lots_order`.execute(db);
}
