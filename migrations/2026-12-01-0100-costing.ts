import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from './support/tenant-isolation.js';

// Job costing (docs/labour-and-costs.md, "Costs"): the read models of the `costing-<companyId>` streams
// (machine and labour rates, material prices, each valid from a day) and the costing's own view of
// materials (bill of materials, planned times), employees' job titles over time, orders (pieces, net
// price, planned and consumed material) and each order's work at a station (machine time).
// Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table costing_rates (
      id uuid primary key,
      company_id uuid not null references companies (id) on delete cascade,
      kind text not null,
      target text not null,
      target_id uuid,
      amount numeric(12, 2) not null,
      valid_from date not null,
      effective_from timestamptz not null,
      effective_to timestamptz,
      set_by uuid not null,
      set_at timestamptz not null
    )
  `.execute(db);
  await sql`create index costing_rates_by_target on costing_rates (company_id, kind, target, target_id, effective_from)`.execute(db);
  await sql`
    create table costing_job_titles (
      company_id uuid not null references companies (id) on delete cascade,
      user_id uuid not null,
      from_at timestamptz not null,
      to_at timestamptz,
      job_title_id uuid,
      primary key (user_id, from_at)
    )
  `.execute(db);
  await sql`
    create table costing_materials (
      material_id uuid primary key,
      company_id uuid not null references companies (id) on delete cascade,
      name text not null,
      material_number text not null,
      components jsonb not null,
      steps jsonb not null
    )
  `.execute(db);
  await sql`
    create table costing_orders (
      order_id uuid primary key,
      company_id uuid not null references companies (id) on delete cascade,
      kind text not null,
      order_number text not null,
      customer_order_id uuid,
      client_id uuid,
      customer text not null,
      material_id uuid,
      pieces int not null,
      net_price numeric(16, 2) not null,
      created_at timestamptz not null,
      split_from_order_id uuid,
      started_at timestamptz,
      planned_material numeric(16, 2) not null,
      actual_material numeric(16, 2) not null,
      material_complete boolean not null,
      pieces_scrap int not null
    )
  `.execute(db);
  await sql`create index costing_orders_by_customer_order on costing_orders (company_id, customer_order_id)`.execute(db);
  await sql`create index costing_orders_by_created on costing_orders (company_id, created_at)`.execute(db);
  await sql`
    create table costing_planned_stations (
      order_id uuid not null,
      station_id uuid not null,
      company_id uuid not null references companies (id) on delete cascade,
      minutes numeric(12, 2) not null,
      labour numeric(16, 2) not null,
      machine numeric(16, 2) not null,
      complete boolean not null,
      primary key (order_id, station_id)
    )
  `.execute(db);
  await sql`
    create table costing_station_work (
      order_id uuid not null,
      station_id uuid not null,
      started_at timestamptz not null,
      company_id uuid not null references companies (id) on delete cascade,
      ended_at timestamptz,
      seconds numeric(14, 3),
      primary key (order_id, station_id, started_at)
    )
  `.execute(db);
  await enableTenantIsolation(db, [
    'costing_rates',
    'costing_job_titles',
    'costing_materials',
    'costing_orders',
    'costing_planned_stations',
    'costing_station_work',
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['costing_station_work', 'costing_planned_stations', 'costing_orders', 'costing_materials', 'costing_job_titles', 'costing_rates']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
