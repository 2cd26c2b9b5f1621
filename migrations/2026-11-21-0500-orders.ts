import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from './support/tenant-isolation.js';

// Orders: the order list read model and the folded order (one row each per order stream, written
// inline), the per-company order number counter, where each operator is signed in, and the
// shop-floor announcement line.
// Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table order_counters (
      company_id uuid primary key references companies (id) on delete cascade,
      last_number integer not null default 0 check (last_number >= 0)
    )
  `.execute(db);

  await sql`
    create table orders (
      id uuid primary key,
      company_id uuid not null references companies (id) on delete cascade,
      kind text not null check (kind in ('customer', 'production', 'logistics')),
      number integer not null,
      order_number text not null,
      status text not null,
      name text not null,
      place text not null,
      prioritize boolean not null default false,
      delivery_date date,
      stock_order boolean not null default false,
      net_sum numeric(16, 2) not null,
      parent_order_id uuid,
      -- Where a production order is on the line: at station_id, or in WIP.
      stage text check (stage in ('station', 'wip')),
      station_id uuid,
      arrived_at timestamptz,
      work_started_at timestamptz,
      positions jsonb not null,
      note_for_production text not null default '',
      version integer not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (company_id, number)
    )
  `.execute(db);
  await sql`create index orders_company_kind_number on orders (company_id, kind, number desc)`.execute(db);
  await sql`create index orders_company_status on orders (company_id, status)`.execute(db);
  await sql`create index orders_station on orders (station_id) where station_id is not null`.execute(db);
  await sql`create index orders_parent on orders (parent_order_id) where parent_order_id is not null`.execute(db);

  // The order as the domain's evolve folded it (what GET /api/orders/{id} answers and the projection
  // folds on), beside the list row rather than in it: lists scan many rows and never read it.
  await sql`
    create table order_states (
      id uuid primary key references orders (id) on delete cascade,
      company_id uuid not null references companies (id) on delete cascade,
      state jsonb not null
    )
  `.execute(db);

  await sql`
    create table operator_stations (
      user_id uuid primary key references users (id) on delete cascade,
      company_id uuid not null references companies (id) on delete cascade,
      station_id uuid not null,
      signed_in_at timestamptz not null
    )
  `.execute(db);

  await sql`
    create table order_advertisements (
      company_id uuid primary key references companies (id) on delete cascade,
      comment text not null,
      updated_at timestamptz not null
    )
  `.execute(db);

  await enableTenantIsolation(db, ['order_counters', 'orders', 'order_states', 'operator_stations', 'order_advertisements']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table order_advertisements`.execute(db);
  await sql`drop table operator_stations`.execute(db);
  await sql`drop table order_states`.execute(db);
  await sql`drop table orders`.execute(db);
  await sql`drop table order_counters`.execute(db);
}
