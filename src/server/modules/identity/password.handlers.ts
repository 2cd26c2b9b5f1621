import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tokenIsUsable, type TokenPurpose } from '../../../domain/identity/identity.rules.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { principalOf } from '../../platform/auth.js';
import { runAsPlatform } from '../../platform/command.js';
import { withSystem, type Executor } from '../../platform/db.js';
import type { EventMetadata } from '../../platform/event-store.js';
import { seal } from '../../platform/secrets.js';
import type { IdentityDeps } from './identity.deps.js';
import { loginThrottleFor, recordLoginFailure, throttleKeys } from './login-throttle.js';
import { hashPassword, passwordMatches } from './passwords.js';
import { readAsPrincipal, runAsPrincipal } from './principal-scope.js';
import { revokeUserSessions } from './sessions.js';
import { drawDecoyLinkToken, findLinkToken, issueLinkToken, useToken, type UserTokenRow } from './user-tokens.js';
import { findUserByEmail, findUserById, type UserRow } from './users.queries.js';
import { recordUserEvent, setPassword } from './users.records.js';

type LinkPurpose = Extract<TokenPurpose, 'PASSWORD_RESET' | 'INVITATION'>;

const invalidToken = () => new DomainError('INVALID_TOKEN');

/**
 * Sends a reset link when the address belongs to a user; the answer is the same either way, so
 * the route tells nobody which addresses exist. An unknown address costs comparable work (the
 * token statements run for no user, a token is drawn, hashed and sealed, then dropped), and either
 * answers no sooner than `RESET_ANSWER_MS` after the request: a known address's event and commit
 * (a few milliseconds more) disappear under it. `npm run bench -- sign-in-enumeration` compares
 * the medians (docs/security.md).
 */
export async function requestPasswordReset(deps: IdentityDeps, metadata: EventMetadata, email: string): Promise<void> {
  const answerAt = performance.now() + RESET_ANSWER_MS;
  try {
    await resetLinkFor(deps, metadata, email);
  } finally {
    const left = answerAt - performance.now();
    if (left > 0) await sleep(left);
  }
}

/** The least time a forgot-password request takes to answer, known address or not. */
export const RESET_ANSWER_MS = 60;

async function resetLinkFor(deps: IdentityDeps, metadata: EventMetadata, email: string): Promise<void> {
  await runAsPlatform(deps, { actor: null, metadata }, async (ctx) => {
    const user = await findUserByEmail(ctx.tx, email);
    if (!user) {
      seal(deps.secrets.sealKey, await drawDecoyLinkToken(ctx.tx, ctx.now));
      return;
    }
    const { token, expiresAt } = await issueLinkToken(ctx.tx, user, 'PASSWORD_RESET', ctx.now);
    await recordUserEvent(
      ctx,
      { id: user.id, companyId: user.company_id },
      {
        type: 'PasswordResetRequested',
        data: {
          userId: user.id,
          email: user.email ?? email,
          firstName: user.first_name,
          locale: user.locale,
          sealedToken: seal(deps.secrets.sealKey, token),
          expiresAt: expiresAt.toISOString(),
        },
      },
    );
  });
}

async function usableLink(tx: Executor, token: string, purposes: LinkPurpose[], now: Date): Promise<{ row: UserTokenRow; user: UserRow }> {
  const row = await findLinkToken(tx, token, purposes);
  if (!row || !tokenIsUsable({ expiresAt: row.expires_at, usedAt: row.used_at, attempts: row.attempts }, now)) throw invalidToken();
  const user = await findUserById(tx, row.user_id);
  if (!user) throw invalidToken();
  return { row, user };
}

/** Whether a reset or invitation link still works (the page shows the form, or the invalid-token page). */
export async function checkLinkToken(deps: IdentityDeps, token: string) {
  const now = deps.clock.now();
  const { row, user } = await withSystem(deps.db, (tx) => usableLink(tx, token, ['PASSWORD_RESET', 'INVITATION'], now));
  return { data: { purpose: row.purpose as LinkPurpose, email: user.email ?? '', firstName: user.first_name } };
}

/**
 * Sets a password from an emailed link, once. The link proves the address, so the email counts
 * as confirmed. A reset also ends every session of the user.
 */
export async function setPasswordFromLink(deps: IdentityDeps, metadata: EventMetadata, purpose: LinkPurpose, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await runAsPlatform(deps, { actor: null, metadata }, async (ctx) => {
    const { row, user } = await usableLink(ctx.tx, token, [purpose], ctx.now);
    if (!(await useToken(ctx.tx, row.id, ctx.now))) throw invalidToken();
    await setPassword(ctx.tx, user.id, passwordHash, true, ctx.now);
    if (purpose === 'PASSWORD_RESET') await revokeUserSessions(ctx.tx, user.id);
    await recordUserEvent(
      ctx,
      { id: user.id, companyId: user.company_id },
      purpose === 'PASSWORD_RESET' ? { type: 'PasswordReset', data: { userId: user.id } } : { type: 'AdminPasswordSet', data: { userId: user.id } },
    );
  });
}

/**
 * A signed-in user changes the password; every other session of the user ends. The check of the
 * current password is throttled like a sign-in, on the same counters (the account's login from this
 * address), so a stolen session cannot guess the password either (issue 26).
 */
export async function changePassword(
  app: FastifyInstance,
  request: FastifyRequest,
  input: { currentPassword: string; password: string },
): Promise<{ kind: 'changed' } | { kind: 'throttled'; retryAfterSeconds: number }> {
  const principal = principalOf(request);
  const user = await readAsPrincipal(app.db, principal, (tx) => findUserById(tx, principal.userId));
  if (!user) throw new DomainError('USER_NOT_FOUND');
  const now = app.clock.now();
  const keys = throttleKeys(user.email ?? user.username ?? user.id, request.ip);
  const throttle = await loginThrottleFor(app.db, keys, now);
  if (throttle.blocked) return { kind: 'throttled', retryAfterSeconds: throttle.retryAfterSeconds };
  if (!(await passwordMatches(input.currentPassword, user.password_hash))) {
    await recordLoginFailure(app.db, keys, now);
    throw new DomainError('CURRENT_PASSWORD_WRONG', [{ path: 'currentPassword', message: 'errors.CURRENT_PASSWORD_WRONG' }]);
  }
  const passwordHash = await hashPassword(input.password);
  await runAsPrincipal(app, request, async (ctx) => {
    await setPassword(ctx.tx, user.id, passwordHash, false, ctx.now);
    await revokeUserSessions(ctx.tx, user.id, principal.tokenId);
    await recordUserEvent(ctx, { id: user.id, companyId: user.company_id }, { type: 'PasswordChanged', data: { userId: user.id } });
  });
  return { kind: 'changed' };
}
