import { sql, type Kysely } from 'kysely';

// The Message-IDs the mail server accepted: a send job retried after a worker crash checks here
// first and does not send again (docs/jobs.md, Email). A Message-ID holds a job id, no address.
// Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sent_emails (
      message_id text primary key,
      sent_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`revoke all on sent_emails from shopfloor_app`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table sent_emails`.execute(db);
}
