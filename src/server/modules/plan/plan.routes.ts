import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { promiseRequestSchema } from '../../../domain/plan/plan.schema.js';
import { z } from 'zod';
import { capacityPlanSchema, deliveryPromiseSchema, promisesAtRiskSchema, stationQueueSchema } from '../../../domain/plan/plan.views.js';
import { companyOf } from '../../platform/auth.js';
import { runQuery } from '../../platform/command.js';
import type { Tx } from '../../platform/db.js';
import { errorResponses } from '../../platform/errors.js';
import { workingTimeOfCompany } from '../company/index.js';
import { capacityPlanOf, deliveryPromiseOf, promisesAtRiskOf, stationQueueOf, type PlanSettings } from './plan.queries.js';

/** The capacity plan (docs/capacity-plan.md): read by every company user, as the board and the predictions are. */
export async function planRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/plan', {
    preHandler: app.authenticate,
    schema: {
      tags: ['plan'],
      summary: 'The capacity plan now: every open production order over its remaining stations, in working time, each operation explained',
      response: { 200: capacityPlanSchema, ...errorResponses() },
    },
    handler: async (request) =>
      runQuery(app, request, async (tx, now) =>
        capacityPlanOf(tx, now, { window: app.config.predictionWindow, working: await workingTimeOfCompany(tx, companyOf(request), app.config.workingTime) }),
      ),
  });

  /** The plan's settings for the request's company: the server's median window and the company's working time. */
  const settingsOf = async (tx: Tx, request: FastifyRequest): Promise<PlanSettings> => ({
    window: app.config.predictionWindow,
    working: await workingTimeOfCompany(tx, companyOf(request), app.config.workingTime),
  });

  // Promise a date (docs/capacity-plan.md): asked at the customer-order form, so by those who may
  // write orders (an operator 403). It only reads: a read-only account may ask too.
  r.post('/api/plan/promise', {
    preHandler: app.requireChangeRight('orders'),
    config: { skipWriteCheck: true },
    schema: {
      tags: ['plan'],
      summary:
        "The earliest delivery date of a material and quantity in today's plan, the orders it would push late, and the date that delays none (who may write orders)",
      body: promiseRequestSchema,
      response: { 200: deliveryPromiseSchema, ...errorResponses(409) },
    },
    handler: async (request) => runQuery(app, request, async (tx, now) => deliveryPromiseOf(tx, now, await settingsOf(tx, request), request.body)),
  });

  r.get('/api/plan/promises', {
    preHandler: app.authenticate,
    schema: {
      tags: ['plan'],
      summary: 'The production orders whose planned finish breaks the date promised to their customer (every company user, as the board)',
      response: { 200: promisesAtRiskSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, async (tx, now) => promisesAtRiskOf(tx, now, await settingsOf(tx, request))),
  });

  r.get('/api/plan/stations/:stationId', {
    preHandler: app.authenticate,
    schema: {
      tags: ['plan'],
      summary:
        "A station's worklist in plan order: the orders there in the order the plan starts them, each marked startable when nothing holds it (every company user)",
      params: z.object({ stationId: z.uuid({ error: 'validation.invalidId' }) }),
      response: { 200: stationQueueSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, async (tx, now) => stationQueueOf(tx, now, await settingsOf(tx, request), request.params.stationId)),
  });
}
