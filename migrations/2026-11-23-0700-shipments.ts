import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from './support/tenant-isolation.js';

// Shipments (shipping orders): the list read model with the folded shipment (one row per shipment
// stream, written inline), the orders each shipment holds with the rule "one open shipment per
// order", the per-company shipment number counter, and the attachments' metadata (the bytes live
// under the company's data folder).
// Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table shipment_counters (
      company_id uuid primary key references companies (id) on delete cascade,
      last_number integer not null default 0 check (last_number >= 0)
    )
  `.execute(db);

  await sql`
    create table shipments (
      id uuid primary key,
      company_id uuid not null references companies (id) on delete cascade,
      number integer not null,
      shipment_number text not null,
      status text not null check (status in ('open', 'ready-for-dispatch', 'sent', 'delivered', 'canceled')),
      customer_name text not null,
      -- The master-data carrier; null when its name was typed.
      carrier_id uuid,
      carrier_name text not null,
      tracking_id text not null,
      link text not null,
      shipping_date date not null,
      order_ids uuid[] not null,
      -- The shipment as the domain's evolve folded it (what the details answer and the projection folds on).
      state jsonb not null,
      version integer not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (company_id, number)
    )
  `.execute(db);
  await sql`create index shipments_company_number on shipments (company_id, number desc)`.execute(db);
  await sql`create index shipments_company_status on shipments (company_id, status)`.execute(db);

  // An order in a shipment: open while the shipment is Open or Ready for dispatch. A released order
  // or a canceled shipment's orders leave the table. The partial unique index is the rule "an order
  // sits in at most one open shipment", held even when two commands assign the same order at once.
  await sql`
    create table shipment_orders (
      shipment_id uuid not null references shipments (id) on delete cascade,
      order_id uuid not null,
      company_id uuid not null references companies (id) on delete cascade,
      open boolean not null,
      primary key (shipment_id, order_id)
    )
  `.execute(db);
  await sql`create unique index shipment_orders_one_open_per_order on shipment_orders (order_id) where open`.execute(db);
  await sql`create index shipment_orders_order on shipment_orders (order_id)`.execute(db);

  await sql`
    create table shipment_attachments (
      id uuid primary key,
      shipment_id uuid not null references shipments (id) on delete cascade,
      company_id uuid not null references companies (id) on delete cascade,
      file_name text not null,
      content_type text not null check (content_type in ('application/pdf', 'image/png', 'image/jpeg')),
      size integer not null check (size > 0),
      -- Relative to the company's folder under DATA_DIR.
      path text not null,
      created_at timestamptz not null
    )
  `.execute(db);
  await sql`create index shipment_attachments_shipment on shipment_attachments (shipment_id)`.execute(db);

  await enableTenantIsolation(db, ['shipment_counters', 'shipments', 'shipment_orders', 'shipment_attachments']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table shipment_attachments`.execute(db);
  await sql`drop table shipment_orders`.execute(db);
  await sql`drop table shipments`.execute(db);
  await sql`drop table shipment_counters`.execute(db);
}
