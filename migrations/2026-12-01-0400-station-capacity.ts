import { sql, type Kysely } from 'kysely';

// The capacity plan (docs/capacity-plan.md): orders a station works at once, written by the
// stations' inline projection from `StationCreated` / `StationChanged` (absent in the event: 1).
// Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table stations add column capacity integer not null default 1 check (capacity between 1 and 99)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table stations drop column if exists capacity`.execute(db);
}
