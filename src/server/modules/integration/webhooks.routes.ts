import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createWebhookEndpointSchema, webhookEventTypesSchema, webhookReplaySchema } from '../../../domain/integration/webhooks.schema.js';
import {
  createdWebhookEndpointSchema,
  webhookDeliveryListSchema,
  webhookEndpointListSchema,
  webhookEndpointViewSchema,
} from '../../../domain/integration/webhooks.views.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { runCommand, runQuery } from '../../platform/command.js';
import { errorResponses } from '../../platform/errors.js';
import { webhookDepsOf } from './webhooks.deps.js';
import {
  changeWebhookEventTypes,
  createWebhookEndpoint,
  deleteWebhook,
  pauseWebhookEndpoint,
  replayWebhook,
  requestWebhookTest,
  resumeWebhookEndpoint,
} from './webhooks.handlers.js';
import { findWebhookEndpoint, webhookDeliveriesOf, webhookEndpointListOf } from './webhooks.queries.js';

const tags = ['webhooks'];
const endpointParams = z.object({ id: z.uuid({ error: 'validation.invalidId' }) });
const deliveriesQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

/**
 * The company's webhook endpoints (docs/integration.md): its owner (and the product operator acting
 * for it) registers, changes, pauses, resumes, tests, replays and removes them, and reads their
 * delivery log. No API key reaches these routes.
 */
export async function webhookRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const owners = { preHandler: app.requireRole('SUPER_USER', 'MASTER') };
  const deps = webhookDepsOf(app.config);

  r.get('/api/webhooks', {
    ...owners,
    schema: {
      tags,
      summary: "The company's webhook endpoints: URL, event types, state, position, failures in a row (never the secret)",
      response: { 200: webhookEndpointListSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, (tx) => webhookEndpointListOf(tx)),
  });

  r.post('/api/webhooks', {
    ...owners,
    schema: {
      tags,
      summary:
        'Registers an endpoint (https; http only to loopback outside production; no private, link-local or metadata address) for event types; answers its signing secret this once. At most 20 (409)',
      body: createWebhookEndpointSchema,
      response: { 201: createdWebhookEndpointSchema, ...errorResponses(409) },
    },
    handler: async (request, reply) => reply.status(201).send(await runCommand(app, request, (ctx) => createWebhookEndpoint(ctx, deps, request.body))),
  });

  r.put('/api/webhooks/:id/event-types', {
    ...owners,
    schema: {
      tags,
      summary: 'The event types an endpoint gets from now on',
      params: endpointParams,
      body: webhookEventTypesSchema,
      response: { 200: webhookEndpointViewSchema, ...errorResponses() },
    },
    handler: async (request) => runCommand(app, request, (ctx) => changeWebhookEventTypes(ctx, request.params.id, request.body.eventTypes)),
  });

  r.post('/api/webhooks/:id/pause', {
    ...owners,
    schema: {
      tags,
      summary: 'Pauses an endpoint: nothing is sent, nothing is lost. Paused already: 409',
      params: endpointParams,
      response: { 200: webhookEndpointViewSchema, ...errorResponses(409) },
    },
    handler: async (request) => runCommand(app, request, (ctx) => pauseWebhookEndpoint(ctx, request.params.id)),
  });

  r.post('/api/webhooks/:id/resume', {
    ...owners,
    schema: {
      tags,
      summary: 'Resumes a paused endpoint from where it stood. Not paused: 409',
      params: endpointParams,
      response: { 200: webhookEndpointViewSchema, ...errorResponses(409) },
    },
    handler: async (request) => runCommand(app, request, (ctx) => resumeWebhookEndpoint(ctx, request.params.id)),
  });

  r.post('/api/webhooks/:id/test', {
    ...owners,
    schema: {
      tags,
      summary: 'Sends the endpoint a test event (`webhook.test`), in order after what it has waiting',
      params: endpointParams,
      response: { 202: webhookEndpointViewSchema, ...errorResponses() },
    },
    handler: async (request, reply) => reply.status(202).send(await runCommand(app, request, (ctx) => requestWebhookTest(ctx, request.params.id))),
  });

  r.post('/api/webhooks/:id/replay', {
    ...owners,
    schema: {
      tags,
      summary:
        "Delivers the company's events again from a log position or a moment on, in order, with their message ids; a point after the endpoint's position: 400",
      params: endpointParams,
      body: webhookReplaySchema,
      response: { 200: webhookEndpointViewSchema, ...errorResponses() },
    },
    handler: async (request) => runCommand(app, request, (ctx) => replayWebhook(ctx, request.params.id, request.body)),
  });

  r.delete('/api/webhooks/:id', {
    ...owners,
    schema: {
      tags,
      summary: 'Removes an endpoint and its delivery log',
      params: endpointParams,
      response: { 204: z.null().describe('removed'), ...errorResponses() },
    },
    handler: async (request, reply) => {
      await runCommand(app, request, (ctx) => deleteWebhook(ctx, request.params.id));
      return reply.status(204).send(null);
    },
  });

  r.get('/api/webhooks/:id/deliveries', {
    ...owners,
    schema: {
      tags,
      summary: "An endpoint's delivery log, latest attempt first: message, event type, position, status, attempts, response code, time, next retry",
      params: endpointParams,
      querystring: deliveriesQuery,
      response: { 200: webhookDeliveryListSchema, ...errorResponses() },
    },
    handler: async (request) =>
      runQuery(app, request, async (tx) => {
        if (!(await findWebhookEndpoint(tx, request.params.id))) throw new DomainError('WEBHOOK_ENDPOINT_NOT_FOUND');
        return webhookDeliveriesOf(tx, request.params.id, request.query.limit);
      }),
  });
}
