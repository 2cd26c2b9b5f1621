import { sql, type Kysely } from 'kysely';

// The capacity plan (docs/capacity-plan.md): when an open interruption is expected to be resolved,
// written by the interruptions' inline projection from `InterruptionExpectedEndSet` (null: not known).
// Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table interruptions add column expected_end_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table interruptions drop column if exists expected_end_at`.execute(db);
}
