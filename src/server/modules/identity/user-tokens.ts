import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import { tokenLifetimeMs, type TokenPurpose } from '../../../domain/identity/identity.rules.js';
import type { Executor, Tx } from '../../platform/db.js';
import { hashCode, hashToken, randomDigits, randomToken } from '../../platform/secrets.js';
import type { UserTokensTable } from './identity.tables.js';

export type UserTokenRow = Selectable<UserTokensTable>;

export interface TokenOwner {
  id: string;
  company_id: string | null;
}

/**
 * Retires the unused tokens of one purpose, so only the newest link or code works, and drops
 * spent ones (a spent or missing token is refused alike).
 */
async function retire(tx: Tx, userId: string, purpose: TokenPurpose, now: Date): Promise<void> {
  await tx
    .deleteFrom('user_tokens')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<', now)]))
    .execute();
  await tx.updateTable('user_tokens').set({ used_at: now }).where('user_id', '=', userId).where('purpose', '=', purpose).where('used_at', 'is', null).execute();
}

async function store(tx: Tx, owner: TokenOwner, purpose: TokenPurpose, tokenHash: string, now: Date) {
  const expiresAt = new Date(now.getTime() + tokenLifetimeMs[purpose]);
  await tx
    .insertInto('user_tokens')
    .values({ id: randomUUID(), company_id: owner.company_id, user_id: owner.id, purpose, token_hash: tokenHash, expires_at: expiresAt, used_at: null })
    .execute();
  return expiresAt;
}

/** Issues a link token (reset, invitation, sign-up ticket); only its SHA-256 is stored. */
export async function issueLinkToken(tx: Tx, owner: TokenOwner, purpose: Exclude<TokenPurpose, 'EMAIL_VERIFICATION'>, now: Date) {
  await retire(tx, owner.id, purpose, now);
  const token = randomToken();
  const expiresAt = await store(tx, owner, purpose, hashToken(token), now);
  return { token, expiresAt };
}

/**
 * The work of `issueLinkToken` for an address that has no user: the same two retiring statements
 * (for an id no user has, so they change nothing) and a token drawn and hashed, then dropped.
 * Lets a route answer an unknown address after comparable work (password reset).
 */
export async function drawDecoyLinkToken(tx: Tx, now: Date): Promise<string> {
  await retire(tx, randomUUID(), 'PASSWORD_RESET', now);
  const token = randomToken();
  hashToken(token);
  return token;
}

/** Issues a 6-digit email code; only its keyed hash is stored. */
export async function issueVerificationCode(tx: Tx, codeKey: Buffer, owner: TokenOwner, now: Date) {
  await retire(tx, owner.id, 'EMAIL_VERIFICATION', now);
  const code = randomDigits(6);
  const expiresAt = await store(tx, owner, 'EMAIL_VERIFICATION', hashCode(codeKey, owner.id, code), now);
  return { code, expiresAt };
}

/** The token behind a link, whatever its state; the caller decides whether it is usable. */
export async function findLinkToken(db: Executor, token: string, purposes: TokenPurpose[]): Promise<UserTokenRow | undefined> {
  return db.selectFrom('user_tokens').selectAll().where('token_hash', '=', hashToken(token)).where('purpose', 'in', purposes).executeTakeFirst();
}

/** The newest unused email code of a user. */
export async function currentVerificationCode(db: Executor, userId: string): Promise<UserTokenRow | undefined> {
  return db
    .selectFrom('user_tokens')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', 'EMAIL_VERIFICATION')
    .where('used_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Counts one try of a code before comparing it, atomically, so parallel guesses cannot exceed
 * the limit. Returns false when the code is already spent, expired or out of tries.
 */
export async function takeAttempt(tx: Tx, tokenId: string, maxAttempts: number, now: Date): Promise<boolean> {
  const result = await tx
    .updateTable('user_tokens')
    .set({ attempts: sql`attempts + 1` })
    .where('id', '=', tokenId)
    .where('used_at', 'is', null)
    .where('attempts', '<', maxAttempts)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Marks a token used; false when another request used it first. */
export async function useToken(tx: Tx, tokenId: string, now: Date): Promise<boolean> {
  const result = await tx.updateTable('user_tokens').set({ used_at: now }).where('id', '=', tokenId).where('used_at', 'is', null).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
