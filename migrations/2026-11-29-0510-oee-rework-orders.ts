import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from './support/tenant-isolation.js';

// First-pass yield (docs/oee.md, Key figures): the production orders that carry reworked pieces (split
// off for rework, or split off such an order). Their reports are a second attempt, so first-pass
// yield leaves them out. Projected by the OEE projection from `OrderSplit`, rebuildable from the log.
// A table of its own (not a column of the OEE tables), so it stands before their migration in name order.
// Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table oee_rework_orders (
      order_id uuid primary key,
      company_id uuid not null references companies (id) on delete cascade
    )
  `.execute(db);
  await enableTenantIsolation(db, ['oee_rework_orders']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists oee_rework_orders`.execute(db);
}
