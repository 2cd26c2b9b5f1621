import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeSuggestionStatusSchema, submitSuggestionSchema, suggestionListQuerySchema } from '../../../domain/suggestions/suggestion.schema.js';
import { suggestionPageSchema, suggestionViewSchema } from '../../../domain/suggestions/suggestions.views.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { writerRoles } from '../../../domain/shared/roles.js';
import type { Executor } from '../../platform/db.js';
import { runCommand, runQuery } from '../../platform/command.js';
import { errorResponses } from '../../platform/errors.js';
import { changeSuggestionStatus, submitSuggestion } from './suggestions.handlers.js';
import { suggestionPageOf, suggestionViewOf } from './suggestions.queries.js';

const tags = ['suggestions'];
const suggestionParams = z.object({ id: z.uuid({ error: 'validation.invalidId' }) });

async function suggestionOf(db: Executor, suggestionId: string) {
  const view = await suggestionViewOf(db, suggestionId);
  if (!view) throw new DomainError('SUGGESTION_NOT_FOUND');
  return view;
}

/** Improvement suggestions: every user of the company submits; its writers (owner, admins, the operator) list and mark them. */
export async function suggestionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const writers = { preHandler: app.requireRole(...writerRoles) };

  r.post('/api/suggestions', {
    preHandler: app.authenticate,
    schema: {
      tags,
      summary: 'Submits an improvement suggestion (any user; from the station work screen with its station); emailed to the suggestion recipient',
      body: submitSuggestionSchema,
      response: { 201: suggestionViewSchema, ...errorResponses() },
    },
    handler: async (request, reply) => {
      const view = await runCommand(app, request, async (ctx) => suggestionOf(ctx.tx, await submitSuggestion(ctx, request.body)));
      return reply.status(201).send(view);
    },
  });

  r.get('/api/suggestions', {
    ...writers,
    schema: {
      tags,
      summary: "The company's suggestions, newest first, paged, optionally of one status",
      querystring: suggestionListQuerySchema,
      response: { 200: suggestionPageSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, (tx) => suggestionPageOf(tx, request.query)),
  });

  r.post('/api/suggestions/:id/status', {
    ...writers,
    schema: {
      tags,
      summary: 'Marks a suggestion accepted, rejected or implemented (allowed transitions only; a stale version answers 409)',
      params: suggestionParams,
      body: changeSuggestionStatusSchema,
      response: { 200: suggestionViewSchema, ...errorResponses(409) },
    },
    handler: async (request) =>
      runCommand(app, request, async (ctx) => {
        await changeSuggestionStatus(ctx, request.params.id, request.body);
        return suggestionOf(ctx.tx, request.params.id);
      }),
  });
}
