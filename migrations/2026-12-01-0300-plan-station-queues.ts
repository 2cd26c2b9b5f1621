import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from './support/tenant-isolation.js';

// The capacity plan's queue orders (docs/capacity-plan.md, "Manual queue order"): the read model of
// the `plan-queue-<stationId>` streams, the latest order a supervisor set for the orders waiting at
// each station. Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table plan_station_queues (
      station_id uuid primary key,
      company_id uuid not null references companies (id) on delete cascade,
      order_ids uuid[] not null,
      set_by uuid not null,
      set_at timestamptz not null,
      version int not null
    )
  `.execute(db);
  await sql`create index plan_station_queues_by_company on plan_station_queues (company_id)`.execute(db);
  await enableTenantIsolation(db, ['plan_station_queues']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists plan_station_queues`.execute(db);
}
