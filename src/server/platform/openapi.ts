import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiKeyNeeds } from '../../domain/integration/api-keys.rules.js';
import type { ApiKeyScope } from '../../domain/integration/api-keys.schema.js';
import * as devMailboxViews from '../../domain/shared/dev-mailbox.views.js';
import { routeAccess } from './auth.js';
import type { Config } from './config.js';
import { errorBodySchema } from './errors.js';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from './idempotency.js';
import type { ApiTag, ModuleManifest } from './module.js';

/** The platform's own tag; every module names its own in its manifest (`openApi.tags`). */
const platformTag: ApiTag = {
  name: 'platform',
  description: 'Health and readiness, the live event feed (WebSocket), metrics and the development mailbox.',
};

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

function registerComponent(schema: z.ZodType, id: string, description?: string): void {
  if (z.globalRegistry.has(schema)) return;
  // Two modules with an export of the same name: the second keeps its own, longer name.
  let unique = id;
  for (let n = 2; z.globalRegistry._idmap.has(unique); n += 1) unique = `${id}${n}`;
  z.globalRegistry.add(schema, { id: unique, ...(description ? { description } : {}) });
}

/**
 * Answer schemas shared by routes become components (`$ref`), so the document stays small and a generated
 * client has named types: every `...Schema` export of the modules' views (their manifests' `openApi.views`)
 * and of the platform's, named without the suffix (`orderViewSchema` -> `OrderView`), plus the one error
 * body of every failure. Registered once per schema: a second app in the process finds them there.
 */
function registerComponents(viewModules: readonly Record<string, unknown>[]): void {
  registerComponent(errorBodySchema, 'Error', 'Every failure: a catalogue code, an English message, and the fields it concerns');
  for (const module of [devMailboxViews, ...viewModules]) {
    for (const [name, value] of Object.entries(module)) {
      if (name.endsWith('Schema') && value instanceof z.ZodType) registerComponent(value, pascal(name.slice(0, -'Schema'.length)));
    }
  }
}

/**
 * A stable camelCase operation id from the method and the path, for routes that do not name one:
 * `GET /api/orders/:id/history` -> `getOrdersByIdHistory`, `POST /api/auth/forgot-password/reset`
 * -> `postAuthForgotPasswordReset`. Unique because method and path are; a route may set its own
 * `schema.operationId` instead.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^[:{](\w+)\??}?$/.exec(segment);
      if (param) return ['by', param[1]];
      return segment.split(/[^A-Za-z0-9]+/).filter(Boolean);
    });
  return method.toLowerCase() + words.map(pascal).join('');
}

const roleText = (roles: readonly string[]) => roles.join(', ');

/**
 * The scope an API key needs for the route (auth.ts, docs/integration.md), or null when no key reaches
 * it: a key acts as a service user of role ADMIN whose change rights are its scopes, and reaches only
 * routes of its scopes' areas (by their tag).
 */
function apiKeyScopeOf(route: RouteOptions, tags: readonly string[] | undefined, method: string): ApiKeyScope | null {
  const access = routeAccess(route);
  if (!access.signedIn || (access.roles && !access.roles.includes('ADMIN'))) return null;
  const need = apiKeyNeeds(tags, method);
  if (!need || (access.changeRight && access.changeRight.area !== need.area)) return null;
  return need;
}

/** Who may call the route, from its access steps (auth.ts `routeAccess`). */
function accessText(route: RouteOptions, keyScope: ApiKeyScope | null): { text: string; signedIn: boolean } {
  const access = routeAccess(route);
  if (!access.signedIn) return { text: 'Access: anyone, no sign-in.', signedIn: false };
  const parts = [access.roles ? `Access: ${roleText(access.roles)} (bearer token; 403 for other roles).` : 'Access: any signed-in user (bearer token).'];
  const needRight = access.changeRight ? (access.roles ?? []).filter((role) => !access.changeRight?.exempt.includes(role)) : [];
  if (access.changeRight && needRight.length > 0) parts.push(`${roleText(needRight)} also need the change right ${access.changeRight.area}.`);
  if (access.companyFunction) parts.push(`Answers 404 while the company has the ${access.companyFunction} function switched off.`);
  parts.push(
    keyScope
      ? `API keys: with the scope ${keyScope.area} (${keyScope.access === 'write' ? 'read and write' : 'read or write'}).`
      : 'API keys: not allowed (403 API_KEY_SCOPE_MISSING).',
  );
  parts.push('Without a valid token or key: 401.');
  return { text: parts.join(' '), signedIn: true };
}

/**
 * OpenAPI 3.0 reads `nullable` with `enum` strictly: null must be one of the values (3.0.3 clarified it),
 * so an answer or a default of null is valid. zod's conversion leaves it out; this puts it in.
 */
function withNullInNullableEnums<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withNullInNullableEnums) as T;
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value).map(([key, inner]) => [key, withNullInNullableEnums(inner)] as const);
  const result = Object.fromEntries(entries) as Record<string, unknown>;
  if (result.nullable === true && Array.isArray(result.enum) && !result.enum.includes(null)) result.enum = [...result.enum, null];
  return result as T;
}

// What each status means, for the response descriptions (instead of @fastify/swagger's "Default Response").
const statusTexts: Record<string, string> = {
  200: 'Success',
  201: 'Created',
  202: 'Accepted: the work goes on in the background',
  204: 'Done, no content',
  400: 'The input is invalid (VALIDATION_ERROR with the fields, or a rule of the domain)',
  401: 'No valid session or API key (UNAUTHORIZED; a revoked or expired key too)',
  403: 'Not allowed for this user, role or API key scope',
  404: "Not found, or not of the caller's company",
  409: 'Conflict: a stale version or a state that does not allow it',
  413: 'The upload is too large',
  415: 'Unsupported media type',
  422: 'The input cannot be processed',
  429: 'Too many requests: wait and try again',
  500: 'Unexpected server error',
  503: 'A service the server needs is unavailable',
};

function describedResponses(response: unknown): unknown {
  if (!response || typeof response !== 'object') return response;
  return Object.fromEntries(
    Object.entries(response).map(([status, schema]) => {
      const text = statusTexts[status];
      if (!text || !schema || typeof schema !== 'object' || 'description' in schema) return [status, schema];
      return [status, { ...schema, description: text }];
    }),
  );
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & { route?: RouteOptions };

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The `Idempotency-Key` header a signed-in write may carry (platform/idempotency.ts), added to the route's headers. */
function withIdempotencyKey(headers: unknown): Record<string, unknown> {
  const given = headers && typeof headers === 'object' ? (headers as { properties?: Record<string, unknown> }) : {};
  return {
    type: 'object',
    ...given,
    properties: {
      ...given.properties,
      'Idempotency-Key': {
        type: 'string',
        minLength: 1,
        maxLength: IDEMPOTENCY_KEY_MAX_LENGTH,
        pattern: '^[\\x21-\\x7e]+$',
        description:
          'Optional. A key of your choice (a UUID, say) that makes a retry safe: a repeat with the same key and request gets the ' +
          'first answer again without running (24 hours); the same key with another request answers 422 IDEMPOTENCY_KEY_REUSED, ' +
          'a repeat while the first still runs 409 IDEMPOTENCY_KEY_IN_USE. Keys are per user.',
      },
    },
  };
}

/**
 * fastify-type-provider-zod's transform (zod to JSON Schema), then what Spectral and a client need:
 * an operation id, a description (the summary and who may call the route) and the bearer security
 * requirement of a signed-in route.
 */
export function openApiTransform(input: TransformInput) {
  const transformed = jsonSchemaTransform(input);
  const schema = transformed.schema as Record<string, unknown> | undefined;
  const route = input.route;
  if (!schema || schema.hide || !route) return transformed;
  const method = Array.isArray(route.method) ? route.method[0] : route.method;
  const keyScope = apiKeyScopeOf(route, schema.tags as string[] | undefined, method);
  const access = accessText(route, keyScope);
  const summary = typeof schema.summary === 'string' ? schema.summary : '';
  return {
    ...transformed,
    schema: {
      ...withNullInNullableEnums(schema),
      ...(schema.response ? { response: describedResponses(withNullInNullableEnums(schema.response)) } : {}),
      operationId: schema.operationId ?? operationIdOf(method, input.url),
      description: schema.description ?? [summary ? `${summary}.` : '', access.text].filter(Boolean).join(' '),
      ...(access.signedIn && !schema.security ? { security: keyScope ? [{ bearer: [] }, { apiKey: [] }] : [{ bearer: [] }] } : {}),
      ...(access.signedIn && writeMethods.has(method) ? { headers: withIdempotencyKey(schema.headers) } : {}),
    },
  };
}

type OpenApiDocument = ReturnType<typeof jsonSchemaTransformObject>;

function referencesIn(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) for (const item of value) referencesIn(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string' && inner.startsWith('#/components/schemas/')) into.add(inner.slice('#/components/schemas/'.length));
      else referencesIn(inner, into);
    }
  }
}

/**
 * The document with the registered components, keeping only those the operations reach: every
 * registered schema yields an input and an output variant, and a view only ever answers.
 */
export function openApiTransformObject(input: Parameters<typeof jsonSchemaTransformObject>[0]): OpenApiDocument {
  const document = jsonSchemaTransformObject(input) as OpenApiDocument & { components?: { schemas?: Record<string, unknown> } };
  const schemas = document.components?.schemas ?? {};
  const reached = new Set<string>();
  referencesIn(document.paths, reached);
  for (let queue = [...reached]; queue.length > 0;) {
    const next = new Set<string>();
    referencesIn(
      queue.map((name) => schemas[name]),
      next,
    );
    queue = [...next].filter((name) => !reached.has(name));
    for (const name of queue) reached.add(name);
  }
  const kept = Object.fromEntries(Object.entries(schemas).flatMap(([name, schema]) => (reached.has(name) ? [[name, withNullInNullableEnums(schema)]] : [])));
  return { ...document, components: { ...document.components, schemas: kept } } as OpenApiDocument;
}

/** The @fastify/swagger options of the server (app.ts): the tags and components of the platform and of every module. */
export function openApiOptions(config: Pick<Config, 'publicUrl'>, modules: readonly Pick<ModuleManifest, 'openApi'>[]): FastifyDynamicSwaggerOptions {
  registerComponents(modules.flatMap((module) => module.openApi.views ?? []));
  const tags = [platformTag, ...modules.flatMap((module) => module.openApi.tags)];
  return {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Shopfloor Console API',
        version: '1.0.0',
        description:
          'The API of the Shopfloor Console, which the web console uses too. Sign in with POST /api/auth/authenticate and send ' +
          "the token as `Authorization: Bearer <token>`; another system sends an API key (`sfk_...`, made by the company's " +
          'owner at /api/api-keys) the same way, and reaches only the operations whose description names its scope. Every failure answers `{ error: { code, message, details } }` with a ' +
          'code of the error catalogue. docs/api.md describes the conventions.',
        contact: { name: 'Shopfloor Console', url: `${config.publicUrl}/api/docs` },
      },
      servers: [{ url: config.publicUrl, description: 'This server (PUBLIC_URL)' }],
      tags: tags.map((tag) => ({ ...tag })),
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A session token of POST /api/auth/authenticate.' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'API key (sfk_...)',
            description:
              'An API key of the company (POST /api/api-keys): `Authorization: Bearer sfk_...`. It acts as a service user of its ' +
              'company within its scopes (read or write per area: materials, orders, stations, shipments, team); another route ' +
              'answers 403 API_KEY_SCOPE_MISSING, a revoked or expired key 401, more than the per-key limit a minute 429 (docs/integration.md).',
          },
        },
      },
    },
    transform: openApiTransform as FastifyDynamicSwaggerOptions['transform'],
    // Schemas registered with an id (`.meta({ id })`, the recursive BOM tree; the views above) become components.
    transformObject: openApiTransformObject as FastifyDynamicSwaggerOptions['transformObject'],
  };
}
