import { sql, type Kysely } from 'kysely';

// A company sends at most so many invitations a day (issue 26, item 9; docs/security.md): each one mails an
// outside address a text of the company's choosing. The count reads the company's `AdminUserInvited` events of
// the last 24 hours; this index keeps that a short range read however long the company's log grows.
// Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index events_invitations_sent on events (company_id, recorded_at) where type = 'AdminUserInvited'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index events_invitations_sent`.execute(db);
}
