import { sql, type Kysely } from 'kysely';

// A stated split of a work period (docs/labour-and-costs.md, "Stated split"): a work piece counts
// `portion` of its interval (null: evenly, 1/share) and names who stated it. Rebuilt from the log.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table labour_work_pieces add column portion numeric, add column stated_by uuid`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table labour_work_pieces drop column portion, drop column stated_by`.execute(db);
}
