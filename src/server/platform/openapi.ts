import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as clientsViews from '../../domain/clients/clients.views.js';
import * as companyAccountViews from '../../domain/company/company-account.views.js';
import * as companyViews from '../../domain/company/company.views.js';
import * as customerAccountViews from '../../domain/company/customer-account.views.js';
import * as documentsViews from '../../domain/documents/documents.views.js';
import * as identityViews from '../../domain/identity/identity.views.js';
import * as interruptionsViews from '../../domain/interruptions/interruptions.views.js';
import * as keyFiguresViews from '../../domain/key-figures/key-figures.views.js';
import * as ordersViews from '../../domain/orders/orders.views.js';
import * as devMailboxViews from '../../domain/shared/dev-mailbox.views.js';
import * as shipmentTrackingViews from '../../domain/shipments/shipment-tracking.views.js';
import * as shipmentsViews from '../../domain/shipments/shipments.views.js';
import * as stationsViews from '../../domain/stations/stations.views.js';
import * as suggestionsViews from '../../domain/suggestions/suggestions.views.js';
import * as teamViews from '../../domain/team/team.views.js';
import { routeAccess } from './auth.js';
import type { Config } from './config.js';
import { errorBodySchema } from './errors.js';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from './idempotency.js';

/**
 * Every tag a route uses, with what it covers: Spectral's `operation-tag-defined` wants each
 * defined, and a generated client groups its operations by them. A route's `schema.tags` names one.
 */
export const apiTags = [
  { name: 'platform', description: 'Health and readiness, the live event feed (WebSocket), metrics and the development mailbox.' },
  { name: 'auth', description: 'Sign-up with e-mail verification, sign-in, password links and changes, sign-out, the current session.' },
  { name: 'users', description: 'The users of a company: invitations, operators, deactivation and reactivation, station authorizations.' },
  { name: 'company-account', description: "The caller's company: display data, settings with their version, logo, referral source." },
  { name: 'company', description: "The company's account: plan and trial, storage, data exports, account deletion." },
  { name: 'customers', description: "The master user's list of customer companies and their accounts." },
  { name: 'clients', description: "The company's customer directory: name, contact, addresses; order and shipment forms pick from it." },
  { name: 'materials', description: 'Materials with attributes, bills of materials, manufacturing steps, images and the CSV export.' },
  { name: 'stations', description: 'Production stations, their sequence and maintenance, station sign-in, worklists and history.' },
  { name: 'orders', description: 'Orders and their life cycle: placing, production at the stations, measurements, dispatch, delivery, history.' },
  { name: 'shipments', description: 'Shipping orders, carriers, attachments, and tracking links for the end customer.' },
  { name: 'team', description: 'Employees: profiles, organization, absences and vacations, records, master data, user rights.' },
  { name: 'documents', description: 'Generated PDF documents (order and shipping papers) and their files.' },
  { name: 'suggestions', description: 'Improvement suggestions: submitted by any user, marked by the writers.' },
  { name: 'key-figures', description: 'Key figures from the event history, their settings and rebuild.' },
  { name: 'interruptions', description: 'Interruptions reported at a station and their resolution.' },
  { name: 'home', description: "The home screen's boards in one read: the orders, the station board, the open interruptions, today's key figures." },
] as const;

// Answer schemas shared by routes become components (`$ref`), so the document stays small and a generated
// client has named types: every `...Schema` export of the modules' views, named without the suffix
// (`orderViewSchema` -> `OrderView`), plus the one error body of every failure.
const viewModules = [
  clientsViews,
  companyAccountViews,
  companyViews,
  customerAccountViews,
  documentsViews,
  identityViews,
  interruptionsViews,
  keyFiguresViews,
  ordersViews,
  devMailboxViews,
  shipmentTrackingViews,
  shipmentsViews,
  stationsViews,
  suggestionsViews,
  teamViews,
];

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

function registerComponent(schema: z.ZodType, id: string, description?: string): void {
  if (z.globalRegistry.has(schema)) return;
  // Two modules with an export of the same name: the second keeps its own, longer name.
  let unique = id;
  for (let n = 2; z.globalRegistry._idmap.has(unique); n += 1) unique = `${id}${n}`;
  z.globalRegistry.add(schema, { id: unique, ...(description ? { description } : {}) });
}

registerComponent(errorBodySchema, 'Error', 'Every failure: a catalogue code, an English message, and the fields it concerns');
for (const module of viewModules) {
  for (const [name, value] of Object.entries(module)) {
    if (name.endsWith('Schema') && value instanceof z.ZodType) registerComponent(value, pascal(name.slice(0, -'Schema'.length)));
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

/** Who may call the route, from its access steps (auth.ts `routeAccess`). */
function accessText(route: RouteOptions): { text: string; signedIn: boolean } {
  const access = routeAccess(route);
  if (!access.signedIn) return { text: 'Access: anyone, no sign-in.', signedIn: false };
  const parts = [access.roles ? `Access: ${roleText(access.roles)} (bearer token; 403 for other roles).` : 'Access: any signed-in user (bearer token).'];
  const needRight = access.changeRight ? (access.roles ?? []).filter((role) => !access.changeRight?.exempt.includes(role)) : [];
  if (access.changeRight && needRight.length > 0) parts.push(`${roleText(needRight)} also need the change right ${access.changeRight.area}.`);
  if (access.companyFunction) parts.push(`Answers 404 while the company has the ${access.companyFunction} function switched off.`);
  parts.push('Without a valid token: 401.');
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
  401: 'No valid session (UNAUTHORIZED)',
  403: 'Not allowed for this user or role',
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
  const access = accessText(route);
  const summary = typeof schema.summary === 'string' ? schema.summary : '';
  return {
    ...transformed,
    schema: {
      ...withNullInNullableEnums(schema),
      ...(schema.response ? { response: describedResponses(withNullInNullableEnums(schema.response)) } : {}),
      operationId: schema.operationId ?? operationIdOf(method, input.url),
      description: schema.description ?? [summary ? `${summary}.` : '', access.text].filter(Boolean).join(' '),
      ...(access.signedIn && !schema.security ? { security: [{ bearer: [] }] } : {}),
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

/** The @fastify/swagger options of the server (app.ts). */
export function openApiOptions(config: Pick<Config, 'publicUrl'>): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Shopfloor Console API',
        version: '1.0.0',
        description:
          'The API of the Shopfloor Console, which the web console uses too. Sign in with POST /api/auth/authenticate and send ' +
          'the token as `Authorization: Bearer <token>`. Every failure answers `{ error: { code, message, details } }` with a ' +
          'code of the error catalogue. docs/api.md describes the conventions.',
        contact: { name: 'Shopfloor Console', url: `${config.publicUrl}/api/docs` },
      },
      servers: [{ url: config.publicUrl, description: 'This server (PUBLIC_URL)' }],
      tags: apiTags.map((tag) => ({ ...tag })),
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: openApiTransform as FastifyDynamicSwaggerOptions['transform'],
    // Schemas registered with an id (`.meta({ id })`, the recursive BOM tree; the views above) become components.
    transformObject: openApiTransformObject as FastifyDynamicSwaggerOptions['transformObject'],
  };
}
