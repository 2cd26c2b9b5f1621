import { sql, type Kysely } from 'kysely';

// The job ledger records the company of the event a job came from, so deleting a customer
// deletes its jobs' data too (the deletion clears every table with a company_id column).
// Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table dispatched_jobs add column company_id uuid`.execute(db);
  await sql`
    update dispatched_jobs set company_id = events.company_id
    from events where events.global_position = dispatched_jobs.global_position
  `.execute(db);
  await sql`create index dispatched_jobs_company on dispatched_jobs (company_id) where company_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table dispatched_jobs drop column company_id`.execute(db);
}
