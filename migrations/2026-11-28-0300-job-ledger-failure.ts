import { sql, type Kysely } from 'kysely';

// The job ledger records when a job failed for good and its failure was told to the user
// (`failed_at`: a document failed, an invitation not sent), so the reconciler can tell such a job
// from one that failed without that (its worker died between the queue failing it and the record):
// it runs those afresh, at most `requeues` < 3 times (docs/jobs.md, Reconciling).
// Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table dispatched_jobs add column failed_at timestamptz`.execute(db);
  await sql`alter table dispatched_jobs add column requeues smallint not null default 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table dispatched_jobs drop column requeues`.execute(db);
  await sql`alter table dispatched_jobs drop column failed_at`.execute(db);
}
