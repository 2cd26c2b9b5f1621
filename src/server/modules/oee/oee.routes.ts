import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { oeeLossesQuerySchema, oeeQuerySchema } from '../../../domain/oee/oee.schema.js';
import { oeeLossesViewSchema, oeeViewSchema } from '../../../domain/oee/oee.views.js';
import { writerRoles } from '../../../domain/shared/roles.js';
import { companyOf } from '../../platform/auth.js';
import { runQuery } from '../../platform/command.js';
import { errorResponses } from '../../platform/errors.js';
import { oeeLossesOf, oeeOf } from './oee.queries.js';

const tags = ['oee'];

/**
 * OEE from the event log (docs/oee.md). Every user of the company reads the figures (the station
 * board and the wall display show them); the loss Pareto with its orders is for writers. A company
 * that switched key figures off gets 404, as on the key-figures routes.
 */
export async function oeeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const readers = { preHandler: [app.authenticate, app.requireFunction('keyFigures')] };
  const writers = { preHandler: [app.requireRole(...writerRoles), app.requireFunction('keyFigures')] };

  r.get('/api/oee', {
    ...readers,
    schema: {
      tags,
      summary:
        "Availability, performance, quality and OEE per station and for the plant in the day (default; live today), week (from Monday) or month of the company's time zone holding `day`, with the plant's series",
      querystring: oeeQuerySchema,
      response: { 200: oeeViewSchema, ...errorResponses() },
    },
    handler: async (request) =>
      runQuery(app, request, (tx, now) => oeeOf(tx, companyOf(request), request.query.period, request.query.day, now, app.config.workingTime)),
  });

  r.get('/api/oee/losses', {
    ...writers,
    schema: {
      tags,
      summary:
        'The loss Pareto of a station (`stationId`) or the plant in the period: minutes by interruption reason, pieces by scrap reason, speed loss; each bar with its orders',
      querystring: oeeLossesQuerySchema,
      response: { 200: oeeLossesViewSchema, ...errorResponses() },
    },
    handler: async (request) =>
      runQuery(app, request, (tx, now) =>
        oeeLossesOf(tx, companyOf(request), request.query.period, request.query.day, request.query.stationId, now, app.config.workingTime),
      ),
  });
}
