import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientInputSchema, clientListQuerySchema, clientUpdateSchema } from '../../../domain/clients/clients.schema.js';
import { clientListSchema, clientViewSchema } from '../../../domain/clients/clients.views.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { runCommand, runQuery } from '../../platform/command.js';
import { errorResponses } from '../../platform/errors.js';
import { clientListOf, findClient } from './clients.queries.js';
import { addClient, changeClient, removeClient } from './clients.records.js';

const tags = ['clients'];
const idParams = z.object({ id: z.uuid({ error: 'validation.invalidId' }) });

/** The customer directory: any user of the company reads it (order and shipment forms pick from it); writers with the orders change right write. */
export async function clientsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { preHandler: app.authenticate };
  const write = { preHandler: app.requireChangeRight('orders') };

  r.get('/api/clients', {
    ...read,
    schema: {
      tags,
      summary: "The company's clients by name; `q` finds a name or contact person",
      querystring: clientListQuerySchema,
      response: { 200: clientListSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, (tx) => clientListOf(tx, request.query.q)),
  });

  r.get('/api/clients/:id', {
    ...read,
    schema: { tags, summary: 'One client', params: idParams, response: { 200: clientViewSchema, ...errorResponses() } },
    handler: async (request) =>
      runQuery(app, request, async (tx) => {
        const client = await findClient(tx, request.params.id);
        if (!client) throw new DomainError('NOT_FOUND');
        return client;
      }),
  });

  r.post('/api/clients', {
    ...write,
    schema: {
      tags,
      summary: 'Adds a client (name unique in the company, any case: 400 DUPLICATE_VALUES)',
      body: clientInputSchema,
      response: { 201: clientViewSchema, ...errorResponses() },
    },
    handler: async (request, reply) => reply.status(201).send(await runCommand(app, request, (ctx) => addClient(ctx, randomUUID(), request.body))),
  });

  r.put('/api/clients/:id', {
    ...write,
    schema: {
      tags,
      summary: 'Replaces a client; `version` is the one the form was loaded with (stale: 409 CONFLICT_ERROR)',
      params: idParams,
      body: clientUpdateSchema,
      response: { 200: clientViewSchema, ...errorResponses(409) },
    },
    handler: async (request) => runCommand(app, request, (ctx) => changeClient(ctx, request.params.id, request.body)),
  });

  r.delete('/api/clients/:id', {
    ...write,
    schema: {
      tags,
      summary: 'Removes a client; orders that named it keep the name and address they were made with',
      params: idParams,
      response: { 204: z.null(), ...errorResponses() },
    },
    handler: async (request, reply) => {
      await runCommand(app, request, (ctx) => removeClient(ctx, request.params.id));
      return reply.status(204).send(null);
    },
  });
}
