import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createAdminUserSchema,
  createOperationsUserSchema,
  resetOperatorPasswordSchema,
  userLanguageSchema,
  userListQuerySchema,
} from '../../../domain/identity/identity.schema.js';
import { okSchema, userCountsSchema, userPageSchema, userViewSchema } from '../../../domain/identity/identity.views.js';
import { accountViewSchema } from '../../../domain/team/team.views.js';
import { writerRoles } from '../../../domain/shared/roles.js';
import { principalOf } from '../../platform/auth.js';
import { runCommand, runQuery } from '../../platform/command.js';
import { errorResponses } from '../../platform/errors.js';
import type { AccountDetailsReader, IdentityDeps } from './identity.deps.js';
import {
  createOperationsUser,
  inviteAdminUser,
  listUsers,
  removeUser,
  resendInvitation,
  resetOperatorPassword,
  setUserActive,
  setUserLanguage,
  userAccount,
  usersByRole,
} from './users.handlers.js';
import { hashPassword } from './passwords.js';
import { runAsPrincipal } from './principal-scope.js';

const tags = ['users'];
const idParams = z.object({ id: z.string().max(100) });

/** The company's team: super user, administration users and operation users. */
export async function userRoutes(app: FastifyInstance, deps: IdentityDeps, accountDetails: AccountDetailsReader) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const managers = app.requireRole(...writerRoles);
  const teamChangers = app.requireChangeRight('team');

  r.get('/api/users', {
    preHandler: managers,
    schema: {
      tags,
      summary: "The company's users, paged from page 1, filtered by role and by name, email or username",
      querystring: userListQuerySchema,
      response: { 200: userPageSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, (tx) => listUsers(tx, request.query)),
  });

  r.get('/api/users/account/:id', {
    preHandler: app.authenticate,
    schema: {
      tags,
      summary: 'One user of the company with their employee profile, organization, vacations and rights (operators: only their own account)',
      params: idParams,
      response: { 200: accountViewSchema, ...errorResponses() },
    },
    handler: async (request) =>
      runQuery(app, request, async (tx, now) => {
        const user = await userAccount(tx, principalOf(request), request.params.id);
        return { ...user, employee: await accountDetails(tx, user.id, now) };
      }),
  });

  r.get('/api/users/count-by-role', {
    preHandler: managers,
    schema: {
      tags,
      summary: "Number of the company's users per role",
      response: { 200: userCountsSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, (tx) => usersByRole(tx)),
  });

  r.post('/api/users/create-operations-user', {
    preHandler: teamChangers,
    schema: {
      tags,
      summary: 'Create an operation user, who signs in by username',
      body: createOperationsUserSchema,
      response: { 201: userViewSchema, ...errorResponses(402, 409) },
    },
    handler: async (request, reply) => {
      const user = await createOperationsUser(app, request, request.body);
      return reply.status(201).send(user);
    },
  });

  r.post('/api/users/create-admin-user', {
    preHandler: teamChangers,
    schema: {
      tags,
      summary: 'Invite an administration user by email (the link lets them set a password)',
      body: createAdminUserSchema,
      response: { 201: userViewSchema, ...errorResponses(402, 409) },
    },
    handler: async (request, reply) => {
      const user = await inviteAdminUser(app, request, deps.secrets, request.body);
      return reply.status(201).send(user);
    },
  });

  userActionRoutes(app, deps);
}

/** What the team's changers (and a user for their own language) do to one user: remove, invite again, deactivate, reactivate, language, password. */
function userActionRoutes(app: FastifyInstance, deps: IdentityDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const teamChangers = app.requireChangeRight('team');

  r.delete('/api/users/:id', {
    preHandler: teamChangers,
    schema: {
      tags,
      summary: 'Remove an administration or operation user; their sessions end at once',
      params: idParams,
      response: { 200: okSchema, ...errorResponses(402) },
    },
    handler: async (request) => {
      await runCommand(app, request, (ctx) => removeUser(ctx, principalOf(request), request.params.id));
      return { ok: true as const };
    },
  });

  r.post('/api/users/:id/resend-invitation', {
    preHandler: teamChangers,
    schema: {
      tags,
      summary: 'Send an invited administration user a new invitation; the earlier link stops working (409 once they set a password)',
      params: idParams,
      response: { 200: userViewSchema, ...errorResponses(402, 409) },
    },
    handler: async (request) => runCommand(app, request, (ctx) => resendInvitation(ctx, deps.secrets, request.params.id)),
  });

  r.post('/api/users/:id/deactivate', {
    preHandler: teamChangers,
    schema: {
      tags,
      summary: 'Deactivate an administration or operation user: refused at sign-in and station login, every session of theirs ends at once',
      params: idParams,
      response: { 200: userViewSchema, ...errorResponses(402) },
    },
    handler: async (request) => runCommand(app, request, (ctx) => setUserActive(ctx, principalOf(request), request.params.id, false)),
  });

  r.post('/api/users/:id/reactivate', {
    preHandler: teamChangers,
    schema: {
      tags,
      summary: 'Reactivate a deactivated user: they may sign in again with their password',
      params: idParams,
      response: { 200: userViewSchema, ...errorResponses(402) },
    },
    handler: async (request) => runCommand(app, request, (ctx) => setUserActive(ctx, principalOf(request), request.params.id, true)),
  });

  r.put('/api/users/me/language', {
    preHandler: app.authenticate,
    schema: {
      tags,
      summary: "Set the signed-in user's own language (en, de): their emails, the documents they ask for, the console after sign-in",
      body: userLanguageSchema,
      response: { 200: userViewSchema, ...errorResponses() },
    },
    handler: async (request) => {
      const principal = principalOf(request);
      return runAsPrincipal(app, request, (ctx) => setUserLanguage(ctx, principal, principal.userId, request.body.locale));
    },
  });

  r.put('/api/users/:id/language', {
    preHandler: teamChangers,
    schema: {
      tags,
      summary: 'Set the language of an administration or operation user of the company (en, de): their emails, documents and screens',
      params: idParams,
      body: userLanguageSchema,
      response: { 200: userViewSchema, ...errorResponses(402) },
    },
    handler: async (request) => runCommand(app, request, (ctx) => setUserLanguage(ctx, principalOf(request), request.params.id, request.body.locale)),
  });

  r.post('/api/users/:id/reset-password', {
    preHandler: teamChangers,
    schema: {
      tags,
      summary: 'Set a new password for an operation user; their sessions end at once',
      params: idParams,
      body: resetOperatorPasswordSchema,
      response: { 200: okSchema, ...errorResponses(402) },
    },
    handler: async (request) => {
      const passwordHash = await hashPassword(request.body.password);
      await runCommand(app, request, (ctx) => resetOperatorPassword(ctx, request.params.id, passwordHash));
      return { ok: true as const };
    },
  });
}
