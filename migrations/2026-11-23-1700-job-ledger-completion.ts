import { sql, type Kysely } from 'kysely';

// The job ledger records when a job finished, so the dispatcher's reconciler can tell a job the
// queue lost (Redis restarted without persistence, the in-process queue after a restart) from one
// that ran: it enqueues the lost ones again under the same job id (docs/jobs.md, Reconciling).
// Rows from before this migration were enqueued long ago and count as finished.
// Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table dispatched_jobs add column completed_at timestamptz`.execute(db);
  await sql`update dispatched_jobs set completed_at = enqueued_at where enqueued_at is not null`.execute(db);
  await sql`
    create index dispatched_jobs_unfinished on dispatched_jobs (enqueued_at)
    where enqueued_at is not null and completed_at is null
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table dispatched_jobs drop column completed_at`.execute(db);
}
