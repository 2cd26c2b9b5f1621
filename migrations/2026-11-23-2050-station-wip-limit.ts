import { sql, type Kysely } from 'kysely';

// The station board (docs/board.md): a station's optional WIP limit, written by the stations'
// inline projection from `StationCreated` / `StationChanged` (null: no limit).
// Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table stations add column wip_limit integer check (wip_limit between 1 and 999)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table stations drop column if exists wip_limit`.execute(db);
}
