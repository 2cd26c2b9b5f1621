import { sql, type Kysely } from 'kysely';

// Deactivated users (refused at sign-in and station login, their sessions ended; reactivation
// clears it) and the station a session was opened at (station login records it: who is signed in
// at which station right now, and revoking one station's right ends only that station's session).
// Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column deactivated_at timestamptz`.execute(db);
  await sql`alter table sessions add column station_id uuid`.execute(db);
  await sql`create index sessions_company_station on sessions (company_id, station_id) where station_id is not null and revoked_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index sessions_company_station`.execute(db);
  await sql`alter table sessions drop column station_id`.execute(db);
  await sql`alter table users drop column deactivated_at`.execute(db);
}
