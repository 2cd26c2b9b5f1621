import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { authRoutes } from './auth.routes.js';
import { identitySecretsFrom, type AccountDetailsReader, type IdentityDeps } from './identity.deps.js';
import { sessionCheck } from './sessions.js';
import { inviteToCompany } from './users.handlers.js';
import { loginNameTaken } from './users.queries.js';
import { userRoutes } from './users.routes.js';
import type { CommandContext } from '../../platform/command.js';
import { withSystem } from '../../platform/db.js';

export type { AccountDetailsReader, IdentityDeps } from './identity.deps.js';
export { createMasterUser, masterExists, provisionCompany, type ProvisionedCompany, type ProvisionedUser } from './provisioning.js';
export { identityDispatchRoutes, sendIdentityEmailJob } from './identity.jobs.js';
export { identityEmailTemplates } from './identity.emails.js';
export { loginThrottleFor, recordLoginFailure, rememberSignIn, throttleKeys } from './login-throttle.js';
export { passwordMatches } from './passwords.js';
export { endEarlierStationSessions } from './session.handlers.js';
export { openSession, openStationSessions, revokeSessionsAtStation, revokeStationSessions, revokeUserSessions, type IssuedSession } from './sessions.js';
export { findUserById, findUserByLogin, userNamesByIds, userView, type UserRow } from './users.queries.js';

/** What other modules may ask of the identity module. */
export interface IdentityService {
  /** Installs what the account answer adds about the employee; until then `employee` is null. */
  setAccountDetails(reader: AccountDetailsReader): void;
  /** Invites a user who signs in by email into the context's company (the emailed invitation sets the password); 409 when the email is taken. */
  invite(ctx: CommandContext, input: Parameters<typeof inviteToCompany>[2]): Promise<{ userId: string }>;
  /** Whether an email already signs in somewhere (checked before a command that would invite it). */
  emailTaken(email: string): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    identity: IdentityService;
  }
}

/**
 * Identity: sign-up, login and sessions (revocable tokens), passwords and emailed links, the
 * company's team and the product operator's company switch. Registered without encapsulation so
 * `app.identity` is visible to modules registered after it; its routes keep their own scopes.
 */
export const identityModule = fp(
  async (app: FastifyInstance) => {
    const deps: IdentityDeps = { db: app.db, eventStore: app.eventStore, clock: app.clock, auth: app.auth, secrets: identitySecretsFrom(app.config) };
    let accountDetails: AccountDetailsReader = async () => null;
    app.decorate('identity', {
      setAccountDetails(reader: AccountDetailsReader) {
        accountDetails = reader;
      },
      invite: async (ctx, input) => ({ userId: (await inviteToCompany(ctx, deps.secrets, input)).id }),
      emailTaken: (email) => withSystem(app.db, (tx) => loginNameTaken(tx, { email })),
    });
    app.auth.setTokenCheck(sessionCheck(app.db));
    await app.register(async (scope) => authRoutes(scope, deps));
    await app.register(async (scope) => userRoutes(scope, deps, (db, userId, now) => accountDetails(db, userId, now)));
  },
  { name: 'identity' },
);
