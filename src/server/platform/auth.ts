import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { apiKeyMayChange, apiKeyMayReach } from '../../domain/integration/api-keys.rules.js';
import { API_KEY_PREFIX, type ApiKeyScope } from '../../domain/integration/api-keys.schema.js';
import { DomainError } from '../../domain/shared/errors.js';
import { writerRoles, type Role } from '../../domain/shared/roles.js';
import type { ChangeRight } from '../../domain/team/rights.js';
import type { EventMetadata } from './event-store.js';

/** What a bearer token says about its holder. */
export interface Principal {
  userId: string;
  role: Role;
  /** The company the holder acts for; null for a master user who has not picked one. */
  companyId: string | null;
  /** Token id, for revocation. */
  tokenId: string;
  /**
   * Set when the request came with an API key instead of a session: the key acts as a service user
   * of its company (`userId` and `tokenId` are the key's id, role ADMIN), within its scopes only.
   */
  apiKey?: ApiKeyHolder;
}

/** The API key a request came with: what its scopes allow, and its name for the event log. */
export interface ApiKeyHolder {
  id: string;
  name: string;
  scopes: readonly ApiKeyScope[];
}

interface TokenClaims {
  sub: string;
  role: Role;
  companyId: string | null;
  jti: string;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
    user: TokenClaims;
  }
}

/** Decides whether a verified token is still valid (not revoked, user still there). */
export type TokenCheck = (principal: Principal) => Promise<boolean>;

/**
 * Runs before every write (POST, PUT, PATCH, DELETE) of an authenticated route and throws a
 * DomainError when the holder may only read now (a company whose trial has ended). Routes that
 * must work regardless (logout, change password) set `config: { skipWriteCheck: true }`.
 */
export type WriteCheck = (principal: Principal) => Promise<void>;

/**
 * Throws CHANGE_RIGHT_MISSING when the holder (one of the writer roles) may not change `area`
 * (authorizations for changes, spec section 6). The team module owns the rights.
 */
export type ChangeRightCheck = (principal: Principal, area: ChangeRight) => Promise<void>;

/**
 * The principal of an API key secret (`sfk_...`), or null when no key of that secret works now
 * (unknown, revoked, expired). The integration module owns the keys.
 */
export type ApiKeyCheck = (secret: string) => Promise<Principal | null>;

export interface AuthService {
  /** Signs a session token (lifetime per spec: 360 hours). */
  sign(principal: Omit<Principal, 'tokenId'> & { tokenId: string }): string;
  /** Verifies a raw bearer token (HTTP header or live feed); throws UNAUTHORIZED. */
  verify(token: string): Promise<Principal>;
}

/**
 * The auth plugin's options: the key, and the three checks it cannot work without (ports provided by
 * the identity, company and team modules, resolved from the manifests before anything registers).
 * There is no default: a missing check stops the start, so no token, write or change passes unchecked.
 */
export interface AuthOptions {
  secret: string;
  tokenCheck: TokenCheck;
  writeCheck: WriteCheck;
  changeRightCheck: ChangeRightCheck;
  apiKeyCheck: ApiKeyCheck;
  /** Requests one API key may make per minute (per instance); over it 429. */
  apiKeyRequestsPerMinute: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
    /** preHandler: a valid bearer token is required. */
    authenticate: preHandlerAsyncHookHandler;
    /** preHandler factory: a valid token with one of these roles is required. */
    requireRole(...roles: Role[]): preHandlerAsyncHookHandler;
    /**
     * preHandler factory for a write of `area`: a writer role holding the change right (the owner
     * and the product operator hold all), or one of `alsoRoles` without it (operators at their station).
     */
    requireChangeRight(area: ChangeRight, ...alsoRoles: Role[]): preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    principal?: Principal;
  }
  interface FastifyContextConfig {
    /** The route works even for a read-only account (see `WriteCheck`). */
    skipWriteCheck?: boolean;
  }
}

export const SESSION_LIFETIME_SECONDS = 360 * 60 * 60;

/** The principal of an authenticated request; throws if the route forgot `app.authenticate`. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new DomainError('UNAUTHORIZED');
  return request.principal;
}

/** Who caused the events a request appends, and on behalf of which company (for the event log). */
export function eventMetadataOf(request: FastifyRequest): EventMetadata {
  const principal = request.principal;
  if (!principal) return { correlationId: request.id };
  const apiKey = principal.apiKey ? { apiKey: { id: principal.apiKey.id, name: principal.apiKey.name } } : {};
  return { userId: principal.userId, role: principal.role, onBehalfOf: principal.companyId, correlationId: request.id, ...apiKey };
}

/** The company the request acts for; a master without a selected company gets 403. */
export function companyOf(request: FastifyRequest): string {
  const principal = principalOf(request);
  if (!principal.companyId) throw new DomainError('FORBIDDEN');
  return principal.companyId;
}

export const authPlugin = fp(
  async (app: FastifyInstance, options: AuthOptions) => {
    // Fail closed: without one of its checks the server does not start (docs/decisions.md).
    for (const port of ['tokenCheck', 'writeCheck', 'changeRightCheck', 'apiKeyCheck'] as const) {
      if (typeof options[port] !== 'function') throw new Error(`Port ${port} required by the auth plugin has no provider`);
    }
    const { tokenCheck, writeCheck, changeRightCheck, apiKeyCheck } = options;
    await app.register(fastifyJwt, { secret: options.secret, sign: { expiresIn: SESSION_LIFETIME_SECONDS } });

    const toPrincipal = (claims: TokenClaims): Principal => ({
      userId: claims.sub,
      role: claims.role,
      companyId: claims.companyId ?? null,
      tokenId: claims.jti,
    });

    const auth: AuthService = {
      sign: (principal) => app.jwt.sign({ sub: principal.userId, role: principal.role, companyId: principal.companyId, jti: principal.tokenId }),
      async verify(token) {
        let claims: TokenClaims;
        try {
          claims = app.jwt.verify<TokenClaims>(token);
        } catch {
          throw new DomainError('UNAUTHORIZED');
        }
        const principal = toPrincipal(claims);
        if (!(await tokenCheck(principal))) throw new DomainError('UNAUTHORIZED');
        return principal;
      },
    };
    app.decorate('auth', auth);
    app.decorateRequest('principal', undefined);

    // Per key, in this instance's memory like the other per-address limits (docs/integration.md).
    const limitKey = app.rateLimit({
      max: options.apiKeyRequestsPerMinute,
      timeWindow: 60_000,
      keyGenerator: (request) => `api-key:${request.principal?.apiKey?.id ?? ''}`,
    });
    // A key reaches only the routes of its scopes' areas (by the route's tag), reading or writing as they say.
    const identifyKey = async (request: FastifyRequest, reply: FastifyReply, secret: string) => {
      const principal = await apiKeyCheck(secret);
      if (!principal?.apiKey) throw new DomainError('UNAUTHORIZED');
      request.principal = principal;
      await limitKey.call(app, request, reply);
      if (!apiKeyMayReach(principal.apiKey.scopes, request.routeOptions.schema?.tags, request.method)) throw new DomainError('API_KEY_SCOPE_MISSING');
    };
    const identify = async (request: FastifyRequest, reply: FastifyReply) => {
      const header = request.headers.authorization;
      const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
      if (!match) throw new DomainError('UNAUTHORIZED');
      if (match[1].startsWith(API_KEY_PREFIX)) return identifyKey(request, reply, match[1]);
      request.principal = await auth.verify(match[1]);
    };
    const checkWrite = async (request: FastifyRequest) => {
      if (['GET', 'HEAD', 'OPTIONS'].includes(request.method) || request.routeOptions.config.skipWriteCheck) return;
      await writeCheck(principalOf(request));
    };

    const authenticate: preHandlerAsyncHookHandler = authStep(
      async (request, reply) => {
        await identify(request, reply);
        await checkWrite(request);
      },
      { signedIn: true },
    );
    app.decorate('authenticate', authenticate);
    app.decorate('requireRole', (...allowed: Role[]): preHandlerAsyncHookHandler => {
      return authStep(
        async function (request, reply) {
          await identify(request, reply);
          if (!allowed.includes(principalOf(request).role)) throw new DomainError('FORBIDDEN');
          await checkWrite(request);
        },
        { signedIn: true, roles: allowed },
      );
    });
    app.decorate('requireChangeRight', (area: ChangeRight, ...alsoRoles: Role[]): preHandlerAsyncHookHandler => {
      return authStep(
        async function (request, reply) {
          await identify(request, reply);
          const principal = principalOf(request);
          // A key's scopes are its change rights: it holds no rights of the matrix.
          if (principal.apiKey) {
            if (!apiKeyMayChange(principal.apiKey.scopes, area)) throw new DomainError('API_KEY_SCOPE_MISSING');
          } else if (!alsoRoles.includes(principal.role)) {
            if (!writerRoles.includes(principal.role)) throw new DomainError('FORBIDDEN');
            await changeRightCheck(principal, area);
          }
          await checkWrite(request);
        },
        { signedIn: true, roles: [...new Set([...alsoRoles, ...writerRoles])], changeRight: { area, exempt: alsoRoles } },
      );
    });
  },
  { name: 'auth' },
);

const authStepMark = Symbol('auth step');

/** Who an access step lets through, for the OpenAPI document (platform/openapi.ts). */
export interface StepAccess {
  /** A valid bearer token is needed. */
  signedIn?: boolean;
  /** Only these roles pass. */
  roles?: readonly Role[];
  /** The change right (team module) the roles need, but for the exempt ones. */
  changeRight?: { area: ChangeRight; exempt: readonly Role[] };
  /** The company must have this optional function switched on. */
  companyFunction?: string;
}

/**
 * Marks a handler as an access step (authenticate, requireRole, requireChangeRight, requireFunction):
 * `authenticateBeforeValidation` runs such steps before the body is validated, in their order.
 */
export function authStep(handler: preHandlerAsyncHookHandler, access: StepAccess = {}): preHandlerAsyncHookHandler {
  return Object.assign(handler, { [authStepMark]: access });
}

const isAuthStep = (handler: unknown): boolean => typeof handler === 'function' && authStepMark in handler;

/** What a route's access steps demand together (read after `authenticateBeforeValidation` moved them). */
export function routeAccess(route: Pick<RouteOptions, 'preValidation' | 'preHandler'>): StepAccess {
  const handlers = [route.preValidation, route.preHandler].flatMap((hooks) => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]));
  const access: StepAccess = {};
  for (const handler of handlers) {
    if (!isAuthStep(handler)) continue;
    const step = (handler as unknown as Record<symbol, StepAccess>)[authStepMark];
    if (step.signedIn) access.signedIn = true;
    if (step.roles) access.roles = access.roles ? access.roles.filter((role) => step.roles?.includes(role)) : step.roles;
    if (step.changeRight) access.changeRight = step.changeRight;
    if (step.companyFunction) access.companyFunction = step.companyFunction;
  }
  return access;
}

/**
 * Moves a route's auth steps from `preHandler` to `preValidation` (app.ts calls it from `onRoute`),
 * so a request without a valid session gets 401 before its body is validated: an anonymous caller
 * learns nothing of a route's schema, and hostile bodies of strangers cost no validation.
 */
export function authenticateBeforeValidation(route: RouteOptions): void {
  const preHandlers = route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
  const auth = preHandlers.filter(isAuthStep);
  if (auth.length === 0) return;
  const rest = preHandlers.filter((handler) => !isAuthStep(handler));
  const preValidation = route.preValidation === undefined ? [] : Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation];
  route.preValidation = [...auth, ...preValidation] as RouteOptions['preValidation'];
  route.preHandler = rest.length === 0 ? undefined : (rest as RouteOptions['preHandler']);
}
