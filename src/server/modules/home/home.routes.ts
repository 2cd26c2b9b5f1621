import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { firstStepsSchema, homeScreenSchema, type HomeScreen } from '../../../domain/home/home.views.js';
import { homeBoardQuerySchema } from '../../../domain/orders/order.schema.js';
import { timeZoneOf } from '../../../domain/company/working-time.rules.js';
import { companyOf, principalOf } from '../../platform/auth.js';
import { runCommand, runQuery } from '../../platform/command.js';
import { errorResponses } from '../../platform/errors.js';
import { workingTimeOfCompany } from '../company/index.js';
import { interruptionPageOf } from '../interruptions/index.js';
import { keyFiguresOf } from '../key-figures/index.js';
import { homeBoardOf, stationBoardOf, type OrderHoldsReader } from '../orders/index.js';
import { dismissFirstSteps } from './first-steps.handlers.js';
import { firstStepsOf } from './first-steps.queries.js';

const ordersShown = homeBoardQuerySchema.parse({}).limit;

/**
 * `GET /api/home`: the home screen's boards in one read, in one transaction, each as its own route
 * answers it, so the console's first paint of the home screen waits for one request instead of five.
 * Every signed-in user of a company reads it, like the boards (a master without a company gets 403).
 */
export async function homeRoutes(app: FastifyInstance, deps: { holdsOf: OrderHoldsReader }) {
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
          stationBoard: await stationBoardOf(tx, now, { window: app.config.predictionWindow, working }, deps.holdsOf),
          openInterruptions: await interruptionPageOf(tx, { open: true, page: 1, limit: 100 }, now),
          keyFigures: keyFiguresOn ? await keyFiguresOf(tx, companyId, 'day', undefined, now, app.config.workingTime) : null,
        };
      });
    },
  });

  // The owner and the administration users set the company up; operators work at stations.
  const setUp = app.requireRole('SUPER_USER', 'ADMIN');

  r.get('/api/home/first-steps', {
    preHandler: setUp,
    schema: {
      tags: ['home'],
      summary:
        "A new company's first steps (company data, stations, team, first material, first order): which are done, read from its rows, and whether the user dismissed the list",
      response: { 200: firstStepsSchema, ...errorResponses() },
    },
    handler: async (request) => {
      const companyId = companyOf(request);
      return runQuery(app, request, (tx) => firstStepsOf(tx, companyId, principalOf(request).userId));
    },
  });

  r.post('/api/home/first-steps/dismiss', {
    preHandler: setUp,
    config: { skipWriteCheck: true },
    schema: {
      tags: ['home'],
      summary: 'Puts the first-steps list away for the signed-in user (recorded once; again answers the same)',
      body: z.object({}).optional(),
      response: { 200: firstStepsSchema, ...errorResponses() },
    },
    handler: async (request) => runCommand(app, request, (ctx) => dismissFirstSteps(ctx, principalOf(request).userId)),
  });
}
