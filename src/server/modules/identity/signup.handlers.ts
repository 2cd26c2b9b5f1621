import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { trialEndFrom } from '../../../domain/company/company.rules.js';
import { initialBasicSettings } from '../../../domain/company/company.schema.js';
import { tokenIsUsable, VERIFICATION_CODE_MAX_ATTEMPTS } from '../../../domain/identity/identity.rules.js';
import type { registerSchema, verifyEmailSchema } from '../../../domain/identity/identity.schema.js';
import type { SessionView } from '../../../domain/identity/identity.views.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { withSystem, withTenant, type Tx } from '../../platform/db.js';
import type { EventMetadata } from '../../platform/event-store.js';
import { hashCode, sameDigest, seal } from '../../platform/secrets.js';
import { openCompanyAccount } from '../company/index.js';
import { appendUserEvent, isUniqueViolation, type IdentityDeps } from './identity.context.js';
import { hashPassword } from './passwords.js';
import { openSession } from './sessions.js';
import { currentVerificationCode, findLinkToken, issueLinkToken, issueVerificationCode, takeAttempt, useToken } from './user-tokens.js';
import { confirmEmail, findUserByEmail, insertUser, loginNameTaken, type UserRow } from './users.queries.js';

const alreadyExists = () => new DomainError('USER_ALREADY_EXISTS', [{ path: 'email', message: 'errors.USER_ALREADY_EXISTS' }]);
const invalidCode = () => new DomainError('INVALID_OR_EXPIRED_CODE', [{ path: 'code', message: 'errors.INVALID_OR_EXPIRED_CODE' }]);

/** Issues a fresh 6-digit code and records it, sealed, for the email job. */
async function sendVerificationCode(deps: IdentityDeps, tx: Tx, user: UserRow, metadata: EventMetadata, now: Date) {
  const { code, expiresAt } = await issueVerificationCode(tx, deps.codeKey, user, now);
  await appendUserEvent(
    tx,
    deps.eventStore,
    { id: user.id, companyId: user.company_id },
    {
      type: 'EmailVerificationCodeIssued',
      data: {
        userId: user.id,
        email: user.email ?? '',
        firstName: user.first_name,
        locale: user.locale,
        sealedCode: seal(deps.sealKey, code),
        expiresAt: expiresAt.toISOString(),
      },
    },
    metadata,
  );
  return expiresAt;
}

/**
 * Sign-up: the company in a 30-day trial and its super user (email not yet confirmed), in one
 * transaction as the new tenant; the code goes out by email.
 */
export async function register(deps: IdentityDeps, input: z.infer<typeof registerSchema>, metadata: EventMetadata, now: Date) {
  if (await withSystem(deps.db, (tx) => loginNameTaken(tx, { email: input.email }))) throw alreadyExists();
  const passwordHash = await hashPassword(input.password);
  const companyId = randomUUID();
  const userId = randomUUID();
  const result = await withTenant(deps.db, companyId, async (tx) => {
    await openCompanyAccount(
      tx,
      deps.eventStore,
      { id: companyId, companyName: input.companyName, plan: 'trial', trialEndsAt: trialEndFrom(now), basicSettings: initialBasicSettings(input.companyName) },
      metadata,
    );
    let user: UserRow;
    try {
      user = await insertUser(tx, {
        id: userId,
        companyId,
        role: 'SUPER_USER',
        email: input.email,
        username: null,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        emailConfirmedAt: null,
        locale: input.locale,
      });
    } catch (error) {
      throw isUniqueViolation(error) ? alreadyExists() : error;
    }
    await appendUserEvent(
      tx,
      deps.eventStore,
      { id: userId, companyId },
      {
        type: 'UserRegistered',
        data: { userId, companyId, role: 'SUPER_USER', email: input.email, firstName: input.firstName, lastName: input.lastName, locale: input.locale },
      },
      metadata,
    );
    const codeExpiresAt = await sendVerificationCode(deps, tx, user, metadata, now);
    const { token: ticket } = await issueLinkToken(tx, user, 'SIGNUP_TICKET', now);
    return { userId, companyId, email: input.email, ticket, codeExpiresAt: codeExpiresAt.toISOString() };
  });
  deps.eventStore.committed();
  return result;
}

type VerifyOutcome = { kind: 'confirmed'; session: SessionView | null } | { kind: 'wrong-code' };

/**
 * Confirms the email with the emailed code. Each try is counted before the comparison, so a
 * code dies after 5 wrong tries even under parallel guessing; a wrong try still commits its count.
 */
export async function verifyEmail(deps: IdentityDeps, input: z.infer<typeof verifyEmailSchema>, metadata: EventMetadata, now: Date) {
  const outcome = await withSystem(deps.db, async (tx): Promise<VerifyOutcome> => {
    const user = await findUserByEmail(tx, input.email);
    if (!user) throw invalidCode();
    if (user.email_confirmed_at) throw new DomainError('EMAIL_ALREADY_CONFIRMED');
    const token = await currentVerificationCode(tx, user.id);
    if (!token || !(await takeAttempt(tx, token.id, VERIFICATION_CODE_MAX_ATTEMPTS, now))) throw invalidCode();
    if (!sameDigest(token.token_hash, hashCode(deps.codeKey, user.id, input.code))) return { kind: 'wrong-code' };
    if (!(await useToken(tx, token.id))) throw invalidCode();
    await confirmEmail(tx, user.id);
    await appendUserEvent(tx, deps.eventStore, { id: user.id, companyId: user.company_id }, { type: 'EmailConfirmed', data: { userId: user.id } }, metadata);
    return { kind: 'confirmed', session: input.ticket ? await redeemTicket(deps, tx, user, input.ticket, now) : null };
  });
  if (outcome.kind === 'wrong-code') throw invalidCode();
  deps.eventStore.committed();
  return { confirmed: true as const, session: outcome.session };
}

/** The sign-up ticket signs the new user in, once, within 15 minutes, and only for that user. */
async function redeemTicket(deps: IdentityDeps, tx: Tx, user: UserRow, ticket: string, now: Date): Promise<SessionView | null> {
  const row = await findLinkToken(tx, ticket, ['SIGNUP_TICKET']);
  if (!row || row.user_id !== user.id || !tokenIsUsable({ expiresAt: row.expires_at, usedAt: row.used_at, attempts: 0 }, now)) return null;
  if (!(await useToken(tx, row.id))) return null;
  const session = await openSession(tx, deps.auth, { id: user.id, role: user.role, ownCompanyId: user.company_id }, user.company_id);
  return { access_token: session.access_token, userId: session.userId, role: session.role, company: session.companyId };
}

/**
 * Sends a new code (the old one stops working). Unknown addresses get the same answer as known
 * ones; a confirmed address gets EMAIL_ALREADY_CONFIRMED, as the spec has it.
 */
export async function resendCode(deps: IdentityDeps, email: string, metadata: EventMetadata, now: Date): Promise<void> {
  const sent = await withSystem(deps.db, async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user || !user.password_hash) return false;
    if (user.email_confirmed_at) throw new DomainError('EMAIL_ALREADY_CONFIRMED');
    await sendVerificationCode(deps, tx, user, metadata, now);
    return true;
  });
  if (sent) deps.eventStore.committed();
}
