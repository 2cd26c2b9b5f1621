import { sql, type Kysely } from 'kysely';

// The job ledger of the event->job dispatcher and the dev mailbox. Frozen once landed.
// Both are platform tables: tenant transactions (role shopfloor_app) may not touch them at all.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table dispatched_jobs (
      job_id text primary key,
      queue text not null,
      name text not null,
      data jsonb not null,
      global_position bigint not null,
      created_at timestamptz not null default now(),
      enqueued_at timestamptz
    )
  `.execute(db);
  await sql`create index dispatched_jobs_pending on dispatched_jobs (global_position) where enqueued_at is null`.execute(db);

  await sql`
    create table dev_mailbox (
      id uuid primary key default gen_random_uuid(),
      message_id text not null unique,
      to_address text not null,
      from_address text not null,
      subject text not null,
      text_body text not null,
      html_body text not null,
      sent_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index dev_mailbox_to_sent on dev_mailbox (lower(to_address), sent_at desc)`.execute(db);

  await sql`revoke all on dispatched_jobs, dev_mailbox from shopfloor_app`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table dev_mailbox`.execute(db);
  await sql`drop table dispatched_jobs`.execute(db);
}
