import { sql, type Kysely } from 'kysely';

// An invited user whose invitation email failed for good (`InvitationNotSent`: the mail server
// refused it, or the worker sending it kept dying) shows as "invitation not sent" with a resend
// (docs/identity.md); a resend clears the mark.
// Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column invitation_failed_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column invitation_failed_at`.execute(db);
}
