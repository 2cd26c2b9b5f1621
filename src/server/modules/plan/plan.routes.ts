import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { capacityPlanSchema } from '../../../domain/plan/plan.views.js';
import { companyOf } from '../../platform/auth.js';
import { runQuery } from '../../platform/command.js';
import { errorResponses } from '../../platform/errors.js';
import { workingTimeOfCompany } from '../company/index.js';
import { capacityPlanOf } from './plan.queries.js';

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
}
