import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createApiKeySchema } from '../../../domain/integration/api-keys.schema.js';
import { apiKeyListSchema, apiKeyViewSchema, createdApiKeySchema } from '../../../domain/integration/api-keys.views.js';
import { runCommand, runQuery } from '../../platform/command.js';
import { errorResponses } from '../../platform/errors.js';
import { createApiKey, revokeApiKey } from './api-keys.handlers.js';
import { apiKeyListOf } from './api-keys.queries.js';

const tags = ['api-keys'];
const apiKeyParams = z.object({ id: z.uuid({ error: 'validation.invalidId' }) });

/**
 * The company's API keys (docs/integration.md): its owner (and the product operator acting for it)
 * lists, creates and revokes them. No key reaches these routes, whatever its scopes.
 */
export async function apiKeyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const owners = { preHandler: app.requireRole('SUPER_USER', 'MASTER') };

  r.get('/api/api-keys', {
    ...owners,
    schema: {
      tags,
      summary: "The company's API keys, newest first, revoked ones too: name, scopes, created, expiry, last use (never the secret)",
      response: { 200: apiKeyListSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, (tx) => apiKeyListOf(tx)),
  });

  r.post('/api/api-keys', {
    ...owners,
    schema: {
      tags,
      summary:
        'Creates an API key with its scopes (read or write per area) and an optional expiry; answers its secret this once (stored only hashed). At most 50 keys not revoked (409)',
      body: createApiKeySchema,
      response: { 201: createdApiKeySchema, ...errorResponses(409) },
    },
    handler: async (request, reply) => reply.status(201).send(await runCommand(app, request, (ctx) => createApiKey(ctx, request.body))),
  });

  r.post('/api/api-keys/:id/revoke', {
    ...owners,
    schema: {
      tags,
      summary: 'Revokes an API key: its next request answers 401. A key revoked already answers 409',
      params: apiKeyParams,
      response: { 200: apiKeyViewSchema, ...errorResponses(409) },
    },
    handler: async (request) => runCommand(app, request, (ctx) => revokeApiKey(ctx, request.params.id)),
  });
}
