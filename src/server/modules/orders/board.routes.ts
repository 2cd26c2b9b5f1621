import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { predictionsSchema, stationBoardSchema } from '../../../domain/orders/board.views.js';
import { runQuery } from '../../platform/command.js';
import { errorResponses } from '../../platform/errors.js';
import { predictionsOf, stationBoardOf, type PredictionSettings } from './board.queries.js';

/** The station board and the predicted completions (docs/board.md, docs/prediction.md). Moving a card is `POST /api/orders/{id}/move-to-station`. */
export async function boardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const readers = { preHandler: app.authenticate };
  const settings: PredictionSettings = { window: app.config.predictionWindow, working: app.config.workingTime };

  r.get('/api/orders/station-board', {
    ...readers,
    schema: {
      tags: ['orders'],
      summary:
        'The station board: a column per station in sequence order, then WIP, with counts, WIP limits, the bottleneck and predicted completion per order',
      response: { 200: stationBoardSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, (tx, now) => stationBoardOf(tx, now, settings)),
  });

  r.get('/api/orders/predictions', {
    ...readers,
    schema: {
      tags: ['orders'],
      summary: 'Predicted completion of every production order in progress, and whether it will be late',
      response: { 200: predictionsSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, (tx, now) => predictionsOf(tx, now, settings)),
  });
}
