import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  interruptionListQuerySchema,
  reportInterruptionSchema,
  resolveInterruptionSchema,
  setExpectedEndSchema,
} from '../../../domain/interruptions/interruption.schema.js';
import { interruptionPageSchema, interruptionViewSchema } from '../../../domain/interruptions/interruptions.views.js';
import { DomainError } from '../../../domain/shared/errors.js';
import type { Executor } from '../../platform/db.js';
import { runCommand, runQuery } from '../../platform/command.js';
import { errorResponses } from '../../platform/errors.js';
import { reportInterruption, resolveInterruption, setExpectedEnd } from './interruptions.handlers.js';
import { interruptionPageOf, interruptionViewOf } from './interruptions.queries.js';

const tags = ['interruptions'];
const interruptionParams = z.object({ id: z.uuid({ error: 'validation.invalidId' }) });

async function interruptionOf(db: Executor, interruptionId: string, now: Date) {
  const view = await interruptionViewOf(db, interruptionId, now);
  if (!view) throw new DomainError('INTERRUPTION_NOT_FOUND');
  return view;
}

/**
 * Interruptions (Andon, docs/interruptions.md): every user of the company reads them (boards);
 * an operator signed in at the station, or an administrator, reports and resolves them.
 */
export async function interruptionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const users = { preHandler: app.authenticate };

  r.get('/api/interruptions', {
    ...users,
    schema: {
      tags,
      summary: "The company's interruptions, newest report first, paged (up to 100); `open=true` gives every open one (at most one per station)",
      querystring: interruptionListQuerySchema,
      response: { 200: interruptionPageSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, (tx, now) => interruptionPageOf(tx, request.query, now)),
  });

  r.get('/api/interruptions/:id', {
    ...users,
    schema: {
      tags,
      summary: 'One interruption',
      params: interruptionParams,
      response: { 200: interruptionViewSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, (tx, now) => interruptionOf(tx, request.params.id, now)),
  });

  r.post('/api/interruptions', {
    ...users,
    schema: {
      tags,
      summary:
        'Reports an interruption at a station (an operator signed in there, or an administrator) with a reason of the master data; one open per station (409). Notifies the supervisors live and by email',
      body: reportInterruptionSchema,
      response: { 201: interruptionViewSchema, ...errorResponses(409) },
    },
    handler: async (request, reply) => {
      const view = await runCommand(app, request, async (ctx) => interruptionOf(ctx.tx, await reportInterruption(ctx, request.body), ctx.now));
      return reply.status(201).send(view);
    },
  });

  r.post('/api/interruptions/:id/resolve', {
    ...users,
    schema: {
      tags,
      summary: 'Resolves an open interruption with a note (an operator signed in at its station, or an administrator); an already resolved one answers 409',
      params: interruptionParams,
      body: resolveInterruptionSchema,
      response: { 200: interruptionViewSchema, ...errorResponses(409) },
    },
    handler: async (request) =>
      runCommand(app, request, async (ctx) => {
        await resolveInterruption(ctx, request.params.id, request.body);
        return interruptionOf(ctx.tx, request.params.id, ctx.now);
      }),
  });

  r.post('/api/interruptions/:id/expected-end', {
    ...users,
    schema: {
      tags,
      summary:
        'Sets when an open interruption is expected to be resolved (null: not known; an operator signed in at its station, or an administrator); the capacity plan stops the station until then. A resolved one answers 409',
      params: interruptionParams,
      body: setExpectedEndSchema,
      response: { 200: interruptionViewSchema, ...errorResponses(409) },
    },
    handler: async (request) =>
      runCommand(app, request, async (ctx) => {
        await setExpectedEnd(ctx, request.params.id, request.body);
        return interruptionOf(ctx.tx, request.params.id, ctx.now);
      }),
  });
}
