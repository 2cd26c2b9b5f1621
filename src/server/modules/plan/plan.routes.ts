import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { planQuerySchema, stationQueueSchema } from '../../../domain/plan/plan.schema.js';
import { capacityPlanSchema } from '../../../domain/plan/plan.views.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { companyOf } from '../../platform/auth.js';
import { runCommand, runQuery } from '../../platform/command.js';
import type { Executor } from '../../platform/db.js';
import { errorResponses } from '../../platform/errors.js';
import { withReadModelsAsOf } from '../../platform/projection-rebuild.js';
import { workingTimeOfCompany } from '../company/index.js';
import { orderStationQueue } from './plan.handlers.js';
import { capacityPlanOf } from './plan.queries.js';

/** A replay moment in the future (or one the log cannot hold) is refused: the plan of then is not known yet. */
const notYet = () =>
  new DomainError('VALIDATION_ERROR', [{ path: 'at', message: 'validation.invalidValue' }], 'The moment to replay the plan at must not be in the future.');

/**
 * The capacity plan (docs/capacity-plan.md): read by every company user, as the board and the
 * predictions are, now or as it stood at a past moment; the queue order at a station is set by
 * the company's writers with the orders right (owner, master, an admin holding it).
 */
export async function planRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const settingsOf = async (tx: Executor, companyId: string) => ({
    window: app.config.predictionWindow,
    working: await workingTimeOfCompany(tx, companyId, app.config.workingTime),
  });
  r.get('/api/plan', {
    preHandler: app.authenticate,
    schema: {
      tags: ['plan'],
      summary:
        'The capacity plan now (or, with `at`, as it stood then, made from the log up to that moment): every open production order over its remaining stations, in working time, each operation explained',
      querystring: planQuerySchema,
      response: { 200: capacityPlanSchema, ...errorResponses() },
    },
    handler: async (request) => {
      const companyId = companyOf(request);
      if (request.query.at === undefined) return runQuery(app, request, async (tx, now) => capacityPlanOf(tx, now, await settingsOf(tx, companyId)));
      const at = new Date(request.query.at);
      if (at.getTime() > app.clock.now().getTime()) throw notYet();
      return withReadModelsAsOf(app.db, companyId, at, app.eventStore.inlineProjections(), async (tx) =>
        capacityPlanOf(tx, at, await settingsOf(tx, companyId)),
      );
    },
  });

  r.put('/api/plan/stations/:id/queue', {
    preHandler: app.requireChangeRight('orders'),
    schema: {
      tags: ['plan'],
      summary:
        'Sets the order of the orders waiting at a station (every one of them, first first); the plan follows it for everyone. 409 when the waiting orders changed meanwhile',
      params: z.object({ id: z.uuid() }),
      body: stationQueueSchema,
      response: { 200: z.object({ orderIds: z.array(z.string()) }), ...errorResponses(409) },
    },
    handler: async (request) => runCommand(app, request, (ctx) => orderStationQueue(ctx, request.params.id, request.body.orderIds)),
  });
}
