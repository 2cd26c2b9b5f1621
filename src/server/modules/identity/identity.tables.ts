import type { Generated } from 'kysely';
import type { Locale } from '../../../domain/identity/identity.schema.js';
import type { TokenPurpose } from '../../../domain/identity/identity.rules.js';
import type { Role } from '../../../domain/shared/roles.js';

/** Users of every company, and the product operator (role MASTER, no company). */
export interface UsersTable {
  id: string;
  company_id: string | null;
  role: Role;
  /** Lower-cased; unique across the product. Operators have none. */
  email: string | null;
  /** Operators only; unique across the product, any case. */
  username: string | null;
  first_name: string;
  last_name: string;
  /** argon2id; null until an invited administration user sets a password. */
  password_hash: string | null;
  email_confirmed_at: Date | null;
  locale: Generated<Locale>;
  /** Set while the user is deactivated: refused at sign-in and station login. */
  deactivated_at: Generated<Date | null>;
  /** Set when the invitation email failed for good (`InvitationNotSent`); a resend clears it. */
  invitation_failed_at: Generated<Date | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** One row per issued bearer token (`jti`): a token whose row is revoked, expired or gone no longer works. */
export interface SessionsTable {
  id: string;
  /** The user's own company (null for the master), so deleting a company deletes its sessions. */
  company_id: string | null;
  user_id: string;
  /** The station a station login opened the session at; null for a console session. */
  station_id: Generated<string | null>;
  created_at: Generated<Date>;
  expires_at: Date;
  revoked_at: Date | null;
}

/** Single-use secrets sent by email (or handed to the browser), stored only as hashes. */
export interface UserTokensTable {
  id: string;
  company_id: string | null;
  user_id: string;
  purpose: TokenPurpose;
  token_hash: string;
  attempts: Generated<number>;
  expires_at: Date;
  used_at: Date | null;
  created_at: Generated<Date>;
}

/** Failed logins by account name and by address, for the throttle; not tenant data. */
export interface LoginFailuresTable {
  id: Generated<string>;
  key: string;
  failed_at: Generated<Date>;
}

/** Addresses an account signed in from (login-throttle.ts): its owner is not locked out there by others' failures. */
interface KnownSignInAddressesTable {
  account: string;
  address: string;
  signed_in_at: Date;
}

declare module '../../platform/db.js' {
  interface Tables {
    users: UsersTable;
    sessions: SessionsTable;
    user_tokens: UserTokensTable;
    login_failures: LoginFailuresTable;
    known_sign_in_addresses: KnownSignInAddressesTable;
  }
}
