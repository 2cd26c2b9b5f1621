import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { USER_STREAM_TYPE } from '../../../domain/identity/identity.events.js';
import * as identityViews from '../../../domain/identity/identity.views.js';
import { withSystem } from '../../platform/db.js';
import { defineModule, type Ports } from '../../platform/module.js';
import { authRoutes } from './auth.routes.js';
import { identityEmailTemplates } from './identity.emails.js';
import { identityDispatchRoutes, sendIdentityEmailJob } from './identity.jobs.js';
import { identitySecretsFrom, type AccountDetailsReader, type IdentityDeps } from './identity.deps.js';
import { sessionCheck } from './sessions.js';
import { inviteToCompany } from './users.handlers.js';
import { loginNameTaken } from './users.queries.js';
import { userRoutes } from './users.routes.js';
import { identityLiveRules } from './identity.live.js';

export type { AccountDetailsReader, IdentityDeps } from './identity.deps.js';
export { createMasterUser, masterExists, provisionCompany, type ProvisionedCompany, type ProvisionedUser } from './provisioning.js';
export { loginThrottleFor, recordLoginFailure, rememberSignIn, throttleKeys } from './login-throttle.js';
export { passwordMatches } from './passwords.js';
export { endEarlierStationSessions } from './session.handlers.js';
export { openSession, openStationSessions, revokeSessionsAtStation, revokeStationSessions, revokeUserSessions, type IssuedSession } from './sessions.js';
export { companyOwnersWithEmail, findUserById, findUserByLogin, historyEntriesOf, userNamesByIds, userView, type UserRow } from './users.queries.js';
// The team import (modules/imports) invites through the invitation form's own command.
export { inviteAdministrationUser } from './users.handlers.js';
export { loginNameTaken } from './users.queries.js';
export { sealKeyFrom } from './identity.deps.js';

declare module '../../platform/module.js' {
  interface Ports {
    /** Provided by team: what the account answer adds about the employee (the team builds on identity). */
    accountDetails: AccountDetailsReader;
  }
}

/**
 * Identity: sign-up, login and sessions (revocable tokens, port `tokenCheck`), passwords and emailed
 * links, the company's team (invitations, ports `userInviter` and `emailTakenCheck`) and the product
 * operator's company switch.
 */
export const identityModule = defineModule({
  name: 'identity',
  requires: ['accountDetails'],
  provides: {
    tokenCheck: (deps) => sessionCheck(deps.db),
    userInviter: (deps) => {
      const secrets = identitySecretsFrom(deps.config);
      return async (ctx, input) => ({ userId: (await inviteToCompany(ctx, secrets, input)).id });
    },
    emailTakenCheck: (deps) => (email) => withSystem(deps.db, (tx) => loginNameTaken(tx, { email })),
  },
  contributes: { companyTables: [{ exported: ['users'], notExported: ['known_sign_in_addresses', 'login_failures', 'sessions', 'user_tokens'] }] },
  plugin: fp(
    async (app: FastifyInstance, { ports }: { ports: Pick<Ports, 'accountDetails'> }) => {
      const deps: IdentityDeps = { db: app.db, eventStore: app.eventStore, clock: app.clock, auth: app.auth, secrets: identitySecretsFrom(app.config) };
      await app.register(async (scope) => authRoutes(scope, deps));
      await app.register(async (scope) => userRoutes(scope, deps, ports.accountDetails));
    },
    { name: 'identity' },
  ),
  jobs: { definitions: [sendIdentityEmailJob], dispatchRoutes: identityDispatchRoutes, emailTemplates: identityEmailTemplates },
  openApi: {
    tags: [
      { name: 'auth', description: 'Sign-up with e-mail verification, sign-in, password links and changes, sign-out, the current session.' },
      { name: 'users', description: 'The users of a company: invitations, operators, deactivation and reactivation, station authorizations.' },
    ],
    views: [identityViews],
  },
  liveTopics: [USER_STREAM_TYPE],
  liveRules: identityLiveRules,
});
