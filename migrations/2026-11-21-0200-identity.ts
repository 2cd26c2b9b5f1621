import { sql, type Kysely } from 'kysely';
import { enableTenantIsolation } from './support/tenant-isolation.js';

// Company accounts, users, sessions, one-time tokens and the login throttle.
// Frozen once landed: change the schema in a new file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence company_code_seq start 10001`.execute(db);

  await sql`
    create table companies (
      id uuid primary key,
      company_id uuid generated always as (id) stored,
      company_name text not null,
      code text not null unique default ('C' || nextval('company_code_seq')::text),
      plan text not null check (plan in ('trial', 'demo', 'standard', 'premium')),
      trial_ends_at timestamptz,
      referral_source text,
      basic_settings jsonb not null default '{}'::jsonb,
      logo_file text,
      logo_updated_at timestamptz,
      owner_first_name text,
      owner_last_name text,
      owner_email text,
      user_count integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (plan <> 'trial' or trial_ends_at is not null)
    )
  `.execute(db);
  await sql`create index companies_created on companies (created_at desc)`.execute(db);

  await sql`
    create table users (
      id uuid primary key,
      company_id uuid references companies (id) on delete cascade,
      role text not null check (role in ('MASTER', 'SUPER_USER', 'ADMIN', 'OPERATOR')),
      email text check (email = lower(email)),
      username text,
      first_name text not null,
      last_name text not null,
      password_hash text,
      email_confirmed_at timestamptz,
      locale text not null default 'en' check (locale in ('en', 'de')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check ((role = 'MASTER') = (company_id is null)),
      check (role = 'OPERATOR' or email is not null),
      check (role <> 'OPERATOR' or username is not null)
    )
  `.execute(db);
  // Unique across the product: login has no company field.
  await sql`create unique index users_email on users (email) where email is not null`.execute(db);
  await sql`create unique index users_username on users (lower(username)) where username is not null`.execute(db);
  await sql`create index users_company_role on users (company_id, role)`.execute(db);

  await sql`
    create table sessions (
      id uuid primary key,
      company_id uuid references companies (id) on delete cascade,
      user_id uuid not null references users (id) on delete cascade,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz
    )
  `.execute(db);
  await sql`create index sessions_user on sessions (user_id)`.execute(db);

  await sql`
    create table user_tokens (
      id uuid primary key,
      company_id uuid references companies (id) on delete cascade,
      user_id uuid not null references users (id) on delete cascade,
      purpose text not null check (purpose in ('EMAIL_VERIFICATION', 'PASSWORD_RESET', 'INVITATION', 'SIGNUP_TICKET')),
      token_hash text not null unique,
      attempts integer not null default 0,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index user_tokens_user_purpose on user_tokens (user_id, purpose)`.execute(db);

  await enableTenantIsolation(db, ['companies', 'users', 'sessions', 'user_tokens']);

  // Platform data (keyed by login name or address, not by company): the application role never reads it.
  await sql`
    create table login_failures (
      id bigint generated always as identity primary key,
      key text not null,
      failed_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index login_failures_key on login_failures (key, failed_at)`.execute(db);
  await sql`create index login_failures_failed_at on login_failures (failed_at)`.execute(db);
  await sql`revoke all on login_failures from shopfloor_app`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table login_failures`.execute(db);
  await sql`drop table user_tokens`.execute(db);
  await sql`drop table sessions`.execute(db);
  await sql`drop table users`.execute(db);
  await sql`drop table companies`.execute(db);
  await sql`drop sequence company_code_seq`.execute(db);
}
