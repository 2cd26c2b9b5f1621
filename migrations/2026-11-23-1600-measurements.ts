import { sql, type Kysely } from 'kysely';

// Measured values at the station (docs/orders.md, docs/stations.md): which values of the order's
// material a station checks, and the order's quality flag on the list row every board reads
// (null before any measurement, `passed`, or `failed` while a latest measurement lies outside
// tolerance). Both are written by the inline projections from the events.
// Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table stations add column value_checks jsonb not null default '{"mode":"none","names":[]}'::jsonb`.execute(db);
  await sql`alter table orders add column quality text check (quality in ('passed', 'failed'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders drop column if exists quality`.execute(db);
  await sql`alter table stations drop column if exists value_checks`.execute(db);
}
