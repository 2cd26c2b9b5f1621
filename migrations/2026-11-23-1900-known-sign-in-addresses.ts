import { sql, type Kysely } from 'kysely';

// Addresses an account has signed in from: others' failures on such an address do not lock the
// account out there (docs/identity.md, Login throttle). Kept 90 days after the last sign-in.
// Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table known_sign_in_addresses (
      account text not null,
      address text not null,
      signed_in_at timestamptz not null,
      primary key (account, address)
    )
  `.execute(db);
  await sql`create index known_sign_in_addresses_signed_in_at on known_sign_in_addresses (signed_in_at)`.execute(db);
  await sql`revoke all on known_sign_in_addresses from shopfloor_app`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table known_sign_in_addresses`.execute(db);
}
