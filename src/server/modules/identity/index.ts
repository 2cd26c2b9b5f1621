import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth.routes.js';
import { identitySecretsFrom, type IdentityDeps } from './identity.deps.js';
import { sessionCheck } from './sessions.js';
import { userRoutes } from './users.routes.js';

export type { IdentityDeps } from './identity.deps.js';
export { createMasterUser, masterExists, provisionCompany, type ProvisionedCompany, type ProvisionedUser } from './provisioning.js';
export { identityDispatchRoutes, sendIdentityEmailJob } from './identity.jobs.js';
export { identityEmailTemplates } from './identity.emails.js';
export { forgetAccountFailures, loginThrottleFor, recordLoginFailure, throttleKeys } from './login-throttle.js';
export { passwordMatches } from './passwords.js';
export { openSession, revokeUserSessions, type IssuedSession } from './sessions.js';
export { findUserById, findUserByLogin, userNamesByIds, userView, type UserRow } from './users.queries.js';

/**
 * Identity: sign-up, login and sessions (revocable tokens), passwords and emailed links, the
 * company's team and the product operator's company switch.
 */
export async function identityModule(app: FastifyInstance) {
  const deps: IdentityDeps = { db: app.db, eventStore: app.eventStore, clock: app.clock, auth: app.auth, secrets: identitySecretsFrom(app.config) };
  app.auth.setTokenCheck(sessionCheck(app.db));
  await app.register(async (scope) => authRoutes(scope, deps));
  await app.register(async (scope) => userRoutes(scope, deps));
}
