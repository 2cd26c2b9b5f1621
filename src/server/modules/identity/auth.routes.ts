import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { passwordPairSchema } from '../../../domain/identity/password.schema.js';
import {
  changePasswordSchema,
  emailOnlySchema,
  loginSchema,
  registerSchema,
  tokenQuerySchema,
  verifyEmailSchema,
} from '../../../domain/identity/identity.schema.js';
import {
  okSchema,
  regeneratedSessionSchema,
  sessionViewSchema,
  signUpAnswerSchema,
  tokenCheckAnswerSchema,
  userViewSchema,
  verifyEmailAnswerSchema,
} from '../../../domain/identity/identity.views.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { eventMetadataOf, principalOf } from '../../platform/auth.js';
import { errorResponses } from '../../platform/errors.js';
import type { IdentityDeps } from './identity.deps.js';
import { changePassword, checkLinkToken, requestPasswordReset, setPasswordFromLink } from './password.handlers.js';
import { currentUser, signIn, signOut, switchCompany } from './session.handlers.js';
import { register, resendCode, verifyEmail } from './signup.handlers.js';

const tags = ['auth'];
const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;

/** Per-address limits of the public routes that send mail or check codes (login has its own throttle). */
export const publicRateLimits = {
  register: { max: 10, timeWindow: FIFTEEN_MINUTES_MS },
  verifyEmail: { max: 20, timeWindow: FIFTEEN_MINUTES_MS },
  resendCode: { max: 5, timeWindow: FIFTEEN_MINUTES_MS },
  forgotPassword: { max: 5, timeWindow: FIFTEEN_MINUTES_MS },
};

/** Routes without input still declare an (empty) body, so every route states what it takes. */
const noBody = z.object({}).nullish();

export async function authRoutes(app: FastifyInstance, deps: IdentityDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  signUpRoutes(app, deps);

  r.post('/api/auth/authenticate', {
    schema: {
      tags,
      summary: 'Sign in by email (super users, administration users, master) or username (operators)',
      body: loginSchema,
      response: { 200: sessionViewSchema, ...errorResponses() },
    },
    handler: async (request, reply) => {
      const outcome = await signIn(deps, request.body, request.ip);
      if (outcome.kind === 'throttled') throw throttled(reply, outcome.retryAfterSeconds);
      return outcome.session;
    },
  });

  passwordLinkRoutes(app, deps);
  sessionRoutes(app, deps);
}

/** Sign-up: register, confirm the email, resend the code. */
function signUpRoutes(app: FastifyInstance, deps: IdentityDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/auth/register', {
    config: { rateLimit: publicRateLimits.register },
    schema: {
      tags,
      summary:
        'Sign up: a company in a 30-day trial and its super user; a 6-digit code goes out by email (an address with an account gets the same answer, its owner a note instead)',
      body: registerSchema,
      response: { 201: signUpAnswerSchema, ...errorResponses() },
    },
    handler: async (request, reply) => {
      const answer = await register(deps, eventMetadataOf(request), request.body);
      return reply.status(201).send(answer);
    },
  });

  r.post('/api/auth/verify-email', {
    config: { rateLimit: publicRateLimits.verifyEmail },
    schema: {
      tags,
      summary: 'Confirm the email with the 6-digit code; with the sign-up ticket the user is signed in',
      body: verifyEmailSchema,
      response: { 200: verifyEmailAnswerSchema, ...errorResponses() },
    },
    handler: async (request) => verifyEmail(deps, eventMetadataOf(request), request.body),
  });

  r.post('/api/auth/resend-code', {
    config: { rateLimit: publicRateLimits.resendCode },
    schema: {
      tags,
      summary: 'Send a new email code (the previous one stops working); the same answer for any address',
      body: emailOnlySchema,
      response: { 200: okSchema, ...errorResponses() },
    },
    handler: async (request) => {
      await resendCode(deps, eventMetadataOf(request), request.body.email);
      return { ok: true as const };
    },
  });
}

/** The emailed links: a reset link asked for, a password set from a reset or invitation link, a link checked. */
function passwordLinkRoutes(app: FastifyInstance, deps: IdentityDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/auth/forgot-password', {
    config: { rateLimit: publicRateLimits.forgotPassword },
    schema: {
      tags,
      summary: 'Send a password reset link (same answer whether or not the address is known)',
      body: emailOnlySchema,
      response: { 200: okSchema, ...errorResponses() },
    },
    handler: async (request) => {
      await requestPasswordReset(deps, eventMetadataOf(request), request.body.email);
      return { ok: true as const };
    },
  });

  r.post('/api/auth/forgot-password/reset', {
    schema: {
      tags,
      summary: 'Set a new password with the emailed reset link (1 hour, single use); ends every session',
      querystring: tokenQuerySchema,
      body: passwordPairSchema,
      response: { 200: okSchema, ...errorResponses() },
    },
    handler: async (request) => {
      await setPasswordFromLink(deps, eventMetadataOf(request), 'PASSWORD_RESET', request.query.token, request.body.password);
      return { ok: true as const };
    },
  });

  r.post('/api/auth/verify-token', {
    schema: {
      tags,
      summary: 'Whether a reset or invitation link still works',
      querystring: tokenQuerySchema,
      body: noBody,
      response: { 200: tokenCheckAnswerSchema, ...errorResponses() },
    },
    handler: async (request) => checkLinkToken(deps, request.query.token),
  });

  r.post('/api/auth/create-admin-password', {
    schema: {
      tags,
      summary: 'An invited administration user sets a password (invitation link: 72 hours, single use)',
      querystring: tokenQuerySchema,
      body: passwordPairSchema,
      response: { 200: okSchema, ...errorResponses() },
    },
    handler: async (request) => {
      await setPasswordFromLink(deps, eventMetadataOf(request), 'INVITATION', request.query.token, request.body.password);
      return { ok: true as const };
    },
  });
}

/** The signed-in session: the master's switch of company, sign-out, change of password, who is signed in. */
function sessionRoutes(app: FastifyInstance, deps: IdentityDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/auth/regenerate-jwt/:id', {
    preHandler: app.requireRole('MASTER'),
    schema: {
      tags,
      summary: 'The master switches to a customer company: a new token for it (the old one ends)',
      params: z.object({ id: z.uuid({ error: 'validation.invalidId' }) }),
      body: noBody,
      response: { 200: regeneratedSessionSchema, ...errorResponses() },
    },
    handler: async (request) => switchCompany(deps, request, request.params.id),
  });

  r.post('/api/auth/logout', {
    preHandler: app.authenticate,
    config: { skipWriteCheck: true },
    schema: {
      tags,
      summary: 'End this session: the token stops working',
      body: noBody,
      response: { 200: okSchema, ...errorResponses() },
    },
    handler: async (request) => {
      await signOut(app, request);
      return { ok: true as const };
    },
  });

  r.post('/api/auth/change-password', {
    preHandler: app.authenticate,
    config: { skipWriteCheck: true },
    schema: {
      tags,
      summary: "Change the signed-in user's password; the user's other sessions end",
      body: changePasswordSchema,
      response: { 200: okSchema, ...errorResponses() },
    },
    handler: async (request, reply) => {
      const outcome = await changePassword(app, request, request.body);
      if (outcome.kind === 'throttled') throw throttled(reply, outcome.retryAfterSeconds);
      return { ok: true as const };
    },
  });

  r.get('/api/auth/me', {
    preHandler: app.authenticate,
    schema: {
      tags,
      summary: 'The signed-in user (the master too)',
      response: { 200: userViewSchema, ...errorResponses() },
    },
    handler: async (request) => currentUser(deps, principalOf(request)),
  });
}

/** 429 with `Retry-After`: too many wrong passwords of this account from this address (sign-in, change of password). */
function throttled(reply: FastifyReply, retryAfterSeconds: number): DomainError {
  reply.header('retry-after', String(retryAfterSeconds));
  return new DomainError('TOO_MANY_REQUESTS', [{ path: '', message: 'errors.TOO_MANY_REQUESTS', params: { retryAfterSeconds } }]);
}
