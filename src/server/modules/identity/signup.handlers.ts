import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { trialEndFrom } from '../../../domain/company/company.rules.js';
import { initialBasicSettings } from '../../../domain/company/company.schema.js';
import { tokenIsUsable, VERIFICATION_CODE_MAX_ATTEMPTS, VERIFICATION_CODE_TTL_MS } from '../../../domain/identity/identity.rules.js';
import type { registerSchema, verifyEmailSchema } from '../../../domain/identity/identity.schema.js';
import type { SessionView } from '../../../domain/identity/identity.views.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { runAsPlatform, runInTenant, type CommandContext } from '../../platform/command.js';
import { withSystem } from '../../platform/db.js';
import type { EventMetadata } from '../../platform/event-store.js';
import { isUniqueViolation } from '../../platform/pg-errors.js';
import { hashCode, randomToken, sameDigest, seal } from '../../platform/secrets.js';
import { openCompanyAccount } from '../company/index.js';
import type { IdentityDeps } from './identity.deps.js';
import { hashPassword } from './passwords.js';
import { openSession } from './sessions.js';
import { currentVerificationCode, findLinkToken, issueLinkToken, issueVerificationCode, takeAttempt, useToken } from './user-tokens.js';
import { findUserByEmail, loginNameTaken, type UserRow } from './users.queries.js';
import { confirmEmail, deleteUser, insertUser, recordUserEvent } from './users.records.js';

const invalidCode = () => new DomainError('INVALID_OR_EXPIRED_CODE', [{ path: 'code', message: 'errors.INVALID_OR_EXPIRED_CODE' }]);

/** Issues a fresh 6-digit code and records it, sealed, for the email job. */
async function sendVerificationCode(ctx: CommandContext, deps: IdentityDeps, user: UserRow) {
  const { code, expiresAt } = await issueVerificationCode(ctx.tx, deps.secrets.codeKey, user, ctx.now);
  await recordUserEvent(
    ctx,
    { id: user.id, companyId: user.company_id },
    {
      type: 'EmailVerificationCodeIssued',
      data: {
        userId: user.id,
        email: user.email ?? '',
        firstName: user.first_name,
        locale: user.locale,
        sealedCode: seal(deps.secrets.sealKey, code),
        expiresAt: expiresAt.toISOString(),
      },
    },
  );
  return expiresAt;
}

/**
 * An invitation to join another company that was never accepted does not keep the address from
 * signing up itself: the invited (passwordless) administration user is removed from that company,
 * recorded there as `UserRemoved` with the reason, and the sign-up goes on.
 */
async function withdrawUnacceptedInvitation(deps: IdentityDeps, metadata: EventMetadata, email: string): Promise<void> {
  const invited = await withSystem(deps.db, (tx) => findUserByEmail(tx, email));
  if (!invited || invited.password_hash !== null || invited.role !== 'ADMIN' || !invited.company_id) return;
  const companyId = invited.company_id;
  await runInTenant(deps, { companyId, actor: null, metadata }, async (ctx) => {
    await deleteUser(ctx.tx, invited.id);
    await recordUserEvent(
      ctx,
      { id: invited.id, companyId },
      { type: 'UserRemoved', data: { userId: invited.id, companyId, role: 'ADMIN', reason: 'INVITED_ADDRESS_SIGNED_UP' } },
    );
  });
}

/**
 * Tells the owner of an address that someone tried to sign up with it (sign in or reset the
 * password instead). Nothing of the account changes; the mail carries no secret.
 */
async function tellOwnerOfExistingAddress(deps: IdentityDeps, metadata: EventMetadata, email: string): Promise<void> {
  await runAsPlatform(deps, { actor: null, metadata }, async (ctx) => {
    const user = await findUserByEmail(ctx.tx, email);
    if (!user) return;
    await recordUserEvent(
      ctx,
      { id: user.id, companyId: user.company_id },
      { type: 'SignUpWithExistingAddressAttempted', data: { userId: user.id, email: user.email ?? email, firstName: user.first_name, locale: user.locale } },
    );
  });
}

/**
 * The answer of a sign-up whose address already has an account: shaped like a real one (fresh
 * ids, a ticket that opens nothing), so the caller cannot tell the two apart (issue 17, 5b).
 */
const lookAlikeAnswer = (email: string, now: Date) => ({
  userId: randomUUID(),
  companyId: randomUUID(),
  email,
  ticket: randomToken(),
  codeExpiresAt: new Date(now.getTime() + VERIFICATION_CODE_TTL_MS).toISOString(),
});

/**
 * Sign-up: the company in a 30-day trial and its super user (email not yet confirmed), in one
 * command as the new tenant; the code goes out by email. An address that already has an account
 * gets the same answer, after the same work (the password is hashed either way), and its owner an
 * email instead of a code: the route never tells whether an address is registered.
 */
export async function register(deps: IdentityDeps, metadata: EventMetadata, input: z.infer<typeof registerSchema>) {
  await withdrawUnacceptedInvitation(deps, metadata, input.email);
  const passwordHash = await hashPassword(input.password);
  if (await withSystem(deps.db, (tx) => loginNameTaken(tx, { email: input.email }))) {
    await tellOwnerOfExistingAddress(deps, metadata, input.email);
    return lookAlikeAnswer(input.email, deps.clock.now());
  }
  const companyId = randomUUID();
  const userId = randomUUID();
  try {
    return await runInTenant(deps, { companyId, actor: null, metadata }, async (ctx) => {
      await openCompanyAccount(ctx, {
        id: companyId,
        companyName: input.companyName,
        plan: 'trial',
        trialEndsAt: trialEndFrom(ctx.now),
        basicSettings: initialBasicSettings(input.companyName, input.locale),
      });
      const user = await insertUser(ctx.tx, {
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
        at: ctx.now,
      });
      await recordUserEvent(
        ctx,
        { id: userId, companyId },
        {
          type: 'UserRegistered',
          data: { userId, companyId, role: 'SUPER_USER', email: input.email, firstName: input.firstName, lastName: input.lastName, locale: input.locale },
        },
      );
      const codeExpiresAt = await sendVerificationCode(ctx, deps, user);
      const { token: ticket } = await issueLinkToken(ctx.tx, user, 'SIGNUP_TICKET', ctx.now);
      return { userId, companyId, email: input.email, ticket, codeExpiresAt: codeExpiresAt.toISOString() };
    });
  } catch (error) {
    // A sign-up with the same address committed in between: answer as for any taken address.
    if (!isUniqueViolation(error)) throw error;
    await tellOwnerOfExistingAddress(deps, metadata, input.email);
    return lookAlikeAnswer(input.email, deps.clock.now());
  }
}

type VerifyOutcome = { kind: 'confirmed'; session: SessionView | null } | { kind: 'wrong-code' };

/**
 * Confirms the email with the emailed code. Each try is counted before the comparison, so a
 * code dies after 5 wrong tries even under parallel guessing; a wrong try still commits its count.
 */
export async function verifyEmail(deps: IdentityDeps, metadata: EventMetadata, input: z.infer<typeof verifyEmailSchema>) {
  const outcome = await runAsPlatform(deps, { actor: null, metadata }, async (ctx): Promise<VerifyOutcome> => {
    const user = await findUserByEmail(ctx.tx, input.email);
    // A confirmed address has no open code: answered like an unknown one, so nobody learns it exists.
    if (!user || user.email_confirmed_at) throw invalidCode();
    const token = await currentVerificationCode(ctx.tx, user.id);
    if (!token || !(await takeAttempt(ctx.tx, token.id, VERIFICATION_CODE_MAX_ATTEMPTS, ctx.now))) throw invalidCode();
    if (!sameDigest(token.token_hash, hashCode(deps.secrets.codeKey, user.id, input.code))) return { kind: 'wrong-code' };
    if (!(await useToken(ctx.tx, token.id, ctx.now))) throw invalidCode();
    await confirmEmail(ctx.tx, user.id, ctx.now);
    await recordUserEvent(ctx, { id: user.id, companyId: user.company_id }, { type: 'EmailConfirmed', data: { userId: user.id } });
    return { kind: 'confirmed', session: input.ticket ? await redeemTicket(ctx, deps, user, input.ticket) : null };
  });
  if (outcome.kind === 'wrong-code') throw invalidCode();
  return { confirmed: true as const, session: outcome.session };
}

/** The sign-up ticket signs the new user in, once, within 15 minutes, and only for that user. */
async function redeemTicket(ctx: CommandContext, deps: IdentityDeps, user: UserRow, ticket: string): Promise<SessionView | null> {
  const row = await findLinkToken(ctx.tx, ticket, ['SIGNUP_TICKET']);
  if (!row || row.user_id !== user.id || !tokenIsUsable({ expiresAt: row.expires_at, usedAt: row.used_at, attempts: 0 }, ctx.now)) return null;
  if (!(await useToken(ctx.tx, row.id, ctx.now))) return null;
  const session = await openSession(ctx.tx, deps.auth, { id: user.id, role: user.role, ownCompanyId: user.company_id }, user.company_id);
  return { access_token: session.access_token, userId: session.userId, role: session.role, company: session.companyId, locale: user.locale };
}

/**
 * Sends a new code (the old one stops working). Every address gets the same answer: an unknown
 * one gets no mail, a confirmed one the note that the account exists (sign in or reset the
 * password), so the route never tells which addresses are registered or confirmed.
 */
export async function resendCode(deps: IdentityDeps, metadata: EventMetadata, email: string): Promise<void> {
  await runAsPlatform(deps, { actor: null, metadata }, async (ctx) => {
    const user = await findUserByEmail(ctx.tx, email);
    if (!user || !user.password_hash) return;
    if (user.email_confirmed_at) {
      await recordUserEvent(
        ctx,
        { id: user.id, companyId: user.company_id },
        { type: 'SignUpWithExistingAddressAttempted', data: { userId: user.id, email: user.email ?? email, firstName: user.first_name, locale: user.locale } },
      );
      return;
    }
    await sendVerificationCode(ctx, deps, user);
  });
}
