import { sql, type Kysely } from 'kysely';

// The order's customer linked (issue 25, item 19): the client of the company's customer directory an
// order was made for, written by the orders' inline projection from `OrderCreated` / `OrderChanged`
// (`clientId`, absent on earlier events: null). No foreign key: a removed client leaves the orders that
// named it as they were (they keep the name and address copied when made). Frozen once landed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders add column client_id uuid`.execute(db);
  await sql`create index orders_by_client on orders (company_id, client_id) where client_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists orders_by_client`.execute(db);
  await sql`alter table orders drop column if exists client_id`.execute(db);
}
