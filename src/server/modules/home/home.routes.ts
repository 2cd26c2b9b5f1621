import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { homeScreenSchema, type HomeScreen } from '../../../domain/home/home.views.js';
import { homeBoardQuerySchema } from '../../../domain/orders/order.schema.js';
import { timeZoneOf } from '../../../domain/company/working-time.rules.js';
import { companyOf } from '../../platform/auth.js';
import { runQuery } from '../../platform/command.js';
import { errorResponses } from '../../platform/errors.js';
import { workingTimeOfCompany } from '../company/index.js';
import { interruptionPageOf } from '../interruptions/index.js';
import { keyFiguresOf } from '../key-figures/index.js';
import { homeBoardOf, stationBoardOf } from '../orders/index.js';

const ordersShown = homeBoardQuerySchema.parse({}).limit;

/**
 * `GET /api/home`: the home screen's boards in one read, in one transaction, each as its own route
 * answers it, so the console's first paint of the home screen waits for one request instead of five.
 * Every signed-in user of a company reads it, like the boards (a master without a company gets 403).
 */
export async function homeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/home', {
    preHandler: app.authenticate,
    schema: {
      tags: ['home'],
      summary:
        "The home screen's boards at once, each as its own route answers it: the orders' board, the station board, the open interruptions, today's key figures (null when switched off)",
      response: { 200: homeScreenSchema, ...errorResponses() },
    },
    handler: async (request) => {
      const companyId = companyOf(request);
      const keyFiguresOn = (await app.companyFunctions.of(request))?.keyFigures === true;
      return runQuery(app, request, async (tx, now): Promise<HomeScreen> => {
        const working = await workingTimeOfCompany(tx, companyId, app.config.workingTime);
        return {
          orders: await homeBoardOf(tx, ordersShown, now, timeZoneOf(working)),
          stationBoard: await stationBoardOf(tx, now, { window: app.config.predictionWindow, working }),
          openInterruptions: await interruptionPageOf(tx, { open: true, page: 1, limit: 100 }, now),
          keyFigures: keyFiguresOn ? await keyFiguresOf(tx, companyId, 'day', undefined, now, app.config.workingTime) : null,
        };
      });
    },
  });
}
