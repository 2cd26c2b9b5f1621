import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { predictionsSchema, stationBoardSchema } from '../../../domain/orders/board.views.js';
import { companyOf } from '../../platform/auth.js';
import { runQuery } from '../../platform/command.js';
import type { Executor } from '../../platform/db.js';
import { errorResponses } from '../../platform/errors.js';
import { workingTimeOfCompany } from '../company/index.js';
import { predictionsOf, stationBoardOf, type PredictionSettings } from './board.queries.js';
import type { OrderHoldsReader } from './orders.queries.js';

/** The station board and the predicted completions (docs/board.md, docs/prediction.md). Moving a card is `POST /api/orders/{id}/move-to-station`. */
export async function boardRoutes(app: FastifyInstance, deps: { holdsOf: OrderHoldsReader }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const readers = { preHandler: app.authenticate };
  // The company's working time (its settings), else the server's WORKING_TIME; the window is the server's.
  const settingsOf = async (tx: Executor, companyId: string): Promise<PredictionSettings> => ({
    window: app.config.predictionWindow,
    working: await workingTimeOfCompany(tx, companyId, app.config.workingTime),
  });

  r.get('/api/orders/station-board', {
    ...readers,
    schema: {
      tags: ['orders'],
      summary:
        'The station board: a column per station in sequence order, then WIP, with counts, WIP limits, the bottleneck, predicted completion and the open NCR (hold) per order',
      response: { 200: stationBoardSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, async (tx, now) => stationBoardOf(tx, now, await settingsOf(tx, companyOf(request)), deps.holdsOf)),
  });

  r.get('/api/orders/predictions', {
    ...readers,
    schema: {
      tags: ['orders'],
      summary: 'Predicted completion of every production order in progress, and whether it will be late',
      response: { 200: predictionsSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, async (tx, now) => predictionsOf(tx, now, await settingsOf(tx, companyOf(request)))),
  });
}
