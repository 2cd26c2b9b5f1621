import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from './support/tenant-isolation.js';

// Key figures: the facts the figures are computed from, projected from the order and suggestion
// streams in the append's transaction and rebuildable from the log (docs/key-figures.md).
// Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table key_figure_orders (
      id uuid primary key,
      company_id uuid not null references companies (id) on delete cascade,
      kind text not null,
      pieces integer not null,
      delivery_date date,
      created_at timestamptz not null,
      done_at timestamptz
    )
  `.execute(db);
  await sql`create index key_figure_orders_done on key_figure_orders (company_id, done_at)`.execute(db);
  await sql`
    create table key_figure_station_runs (
      order_id uuid not null,
      stream_version integer not null,
      company_id uuid not null references companies (id) on delete cascade,
      station_id uuid not null,
      started_at timestamptz not null,
      completed_at timestamptz not null,
      pieces integer not null,
      primary key (order_id, stream_version)
    )
  `.execute(db);
  await sql`create index key_figure_station_runs_completed on key_figure_station_runs (company_id, completed_at)`.execute(db);
  await sql`
    create table key_figure_suggestions (
      id uuid primary key,
      company_id uuid not null references companies (id) on delete cascade,
      station_id uuid,
      implemented_at timestamptz
    )
  `.execute(db);
  await sql`create index key_figure_suggestions_implemented on key_figure_suggestions (company_id, implemented_at)`.execute(db);
  await enableTenantIsolation(db, ['key_figure_orders', 'key_figure_station_runs', 'key_figure_suggestions']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists key_figure_suggestions`.execute(db);
  await sql`drop table if exists key_figure_station_runs`.execute(db);
  await sql`drop table if exists key_figure_orders`.execute(db);
}
