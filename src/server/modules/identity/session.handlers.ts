import type { z } from 'zod';
import { loginKindOf } from '../../../domain/identity/identity.rules.js';
import type { loginSchema } from '../../../domain/identity/identity.schema.js';
import type { SessionView, UserView } from '../../../domain/identity/identity.views.js';
import { DomainError } from '../../../domain/shared/errors.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eventMetadataOf, principalOf, type Principal } from '../../platform/auth.js';
import { runAsPlatform, type CommandContext } from '../../platform/command.js';
import { withSystem } from '../../platform/db.js';
import { findCompany } from '../company/index.js';
import type { IdentityDeps } from './identity.deps.js';
import { loginThrottleFor, recordLoginFailure, rememberSignIn, throttleKeys } from './login-throttle.js';
import { passwordMatches } from './passwords.js';
import { endSession, endStationSessionsOf, openSession, revokeSession } from './sessions.js';
import { recordUserEvent } from './users.records.js';
import { readAsPrincipal, runAsPrincipal } from './principal-scope.js';
import { findUserById, findUserByLogin, userView } from './users.queries.js';

export type SignInOutcome = { kind: 'signed-in'; session: SessionView } | { kind: 'throttled'; retryAfterSeconds: number };

/**
 * Login by email or operator username. An unknown name and a wrong password answer alike and
 * cost alike (a dummy hash is verified); 10 failures of one account from one address, or 30 from
 * one address (not counted against an account that signed in from it before), within 15 minutes
 * block further tries until the window moves on (login-throttle.ts).
 */
export async function signIn(deps: IdentityDeps, input: z.infer<typeof loginSchema>, ip: string): Promise<SignInOutcome> {
  const now = deps.clock.now();
  const keys = throttleKeys(input.usernameOrEmail, ip);
  const throttle = await loginThrottleFor(deps.db, keys, now);
  if (throttle.blocked) return { kind: 'throttled', retryAfterSeconds: throttle.retryAfterSeconds };

  const user = await withSystem(deps.db, (tx) => findUserByLogin(tx, input.usernameOrEmail, loginKindOf(input.usernameOrEmail)));
  if (!(await passwordMatches(input.password, user?.password_hash)) || !user) {
    await recordLoginFailure(deps.db, keys, now);
    throw new DomainError('INVALID_CREDENTIALS');
  }
  if (user.deactivated_at) throw new DomainError('USER_DEACTIVATED');
  if (user.role !== 'OPERATOR' && !user.email_confirmed_at) throw new DomainError('EMAIL_NOT_CONFIRMED');
  await rememberSignIn(deps.db, keys, now);
  const session = await withSystem(deps.db, (tx) =>
    openSession(tx, deps.auth, { id: user.id, role: user.role, ownCompanyId: user.company_id }, user.company_id),
  );
  return {
    kind: 'signed-in',
    session: { access_token: session.access_token, userId: session.userId, role: session.role, company: session.companyId, locale: user.locale },
  };
}

/**
 * Ends the session of this token; a later request with it answers 401. Signing out at a station is
 * recorded on the user's stream, so who is signed in where updates live.
 */
export async function signOut(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const { tokenId, userId } = principalOf(request);
  await runAsPrincipal(app, request, async (ctx) => {
    const { stationId } = await endSession(ctx.tx, tokenId);
    if (stationId && ctx.companyId) {
      await recordUserEvent(ctx, { id: userId, companyId: ctx.companyId }, { type: 'SignedOutAtStation', data: { userId, stationId, at: ctx.at } });
    }
  });
}

/**
 * An operator works at one station at a time: before a new station sign-in, their open sessions at
 * stations (this one too, from another tablet) end, each recorded as a sign-out there, so who is
 * signed in where shows only where they are now.
 */
export async function endEarlierStationSessions(ctx: CommandContext, userId: string): Promise<void> {
  const companyId = ctx.companyId;
  if (!companyId) return;
  for (const stationId of await endStationSessionsOf(ctx.tx, userId)) {
    await recordUserEvent(ctx, { id: userId, companyId }, { type: 'SignedOutAtStation', data: { userId, stationId, at: ctx.at } });
  }
}

/** The master switches to a customer: a new token for that company, the old one ends. */
export async function switchCompany(deps: IdentityDeps, request: FastifyRequest, companyId: string) {
  const principal = principalOf(request);
  const scope = { actor: { userId: principal.userId, role: principal.role }, metadata: eventMetadataOf(request) };
  return runAsPlatform(deps, scope, async ({ tx }) => {
    if (!(await findCompany(tx, companyId))) throw new DomainError('COMPANY_ACCOUNT_NOT_FOUND');
    await revokeSession(tx, principal.tokenId);
    const session = await openSession(tx, deps.auth, { id: principal.userId, role: principal.role, ownCompanyId: null }, companyId);
    return { access_token: session.access_token, userId: session.userId, role: session.role, companyId };
  });
}

/** The signed-in user's own record. */
export async function currentUser(deps: IdentityDeps, principal: Principal): Promise<UserView> {
  const user = await readAsPrincipal(deps.db, principal, (tx) => findUserById(tx, principal.userId));
  if (!user) throw new DomainError('USER_NOT_FOUND');
  return userView(user);
}
