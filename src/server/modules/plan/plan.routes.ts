import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { planQuerySchema, promiseRequestSchema, stationQueueSchema, type PlanQuery } from '../../../domain/plan/plan.schema.js';
import { planIndexOf, planTimeZone, planViewOf, planWindowOf } from '../../../domain/plan/plan-window.rules.js';
import {
  capacityPlanSchema,
  type CapacityPlanView,
  deliveryPromiseSchema,
  orderPlanViewSchema,
  promisesAtRiskSchema,
  stationQueueSchema as stationQueueViewSchema,
} from '../../../domain/plan/plan.views.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { companyOf } from '../../platform/auth.js';
import { runCommand, runQuery } from '../../platform/command.js';
import type { Executor } from '../../platform/db.js';
import { errorResponses } from '../../platform/errors.js';
import { withReadModelsAsOf } from '../../platform/projection-rebuild.js';
import { workingTimeOfCompany, workingTimeOfCompanyAsOf } from '../company/index.js';
import { orderStationQueue } from './plan.handlers.js';
import { createPlanCache, keepAnswer, type LivePlan } from './plan.cache.js';
import { livePlanOf, deliveryPromiseOf, orderPlanOf, promisesAtRiskOf, stationQueueOf, type PlanSettings } from './plan.queries.js';

/** A replay moment in the future (or one the log cannot hold) is refused: the plan of then is not known yet. */
const notYet = () =>
  new DomainError('VALIDATION_ERROR', [{ path: 'at', message: 'validation.invalidValue' }], 'The moment to replay the plan at must not be in the future.');

/** A window that ends before it starts or spans more than a year is refused. */
const badWindow = () =>
  new DomainError(
    'VALIDATION_ERROR',
    [{ path: 'querystring.to', message: 'validation.invalidValue' }],
    'The window must end after it starts and span at most 366 days.',
  );

/**
 * The JSON answer of `GET /api/plan` from a plan: serialised once per kept plan, window and rows
 * (every open Gantt reads the same first pages), then kept with it (`keepAnswer`).
 */
function planAnswer(live: LivePlan, query: PlanQuery): string {
  const { from, to, explain = false, offset, limit = null } = query;
  const window = planWindowOf({ from, to }, live.plan.now, planTimeZone(live.plan));
  if (!window) throw badWindow();
  const key = `${window.from}/${window.to}/${explain}/${offset}/${limit}`;
  let json = live.answers.get(key);
  if (json === undefined) {
    live.index ??= planIndexOf(live.plan);
    json = JSON.stringify(planViewOf(live.plan, window, explain, { offset, limit }, live.index));
    keepAnswer(live, key, json);
  }
  return json;
}

/**
 * The capacity plan (docs/capacity-plan.md): read by every company user, as the board and the
 * predictions are, now or as it stood at a past moment; the queue order at a station is set by
 * the company's writers with the orders right (owner, master, an admin holding it).
 */
export async function planRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** The plan's settings for a company: the server's median window and the company's working time. */
  const settingsOf = async (tx: Executor, companyId: string): Promise<PlanSettings> => ({
    window: app.config.predictionWindow,
    working: await workingTimeOfCompany(tx, companyId, app.config.workingTime),
  });
  // One plan kept per company on this instance, checked against the log on every read (plan.cache.ts).
  const cache = createPlanCache();
  /** The company's live plan at the request's moment, kept or computed in its transaction. */
  const livePlanIn = (tx: Executor, request: FastifyRequest, now: Date) => {
    const companyId = companyOf(request);
    return () => cache.planOf(tx, companyId, now, async () => livePlanOf(tx, now, await settingsOf(tx, companyId)));
  };
  /** The plan as it stood at `at`, made from the log (never kept: asked now and then). */
  const replayedPlan = (companyId: string, at: Date, work: (plan: LivePlan) => unknown) =>
    // The read models replayed to `at`; the plain records the plan reads (working time, planned times) from the log as of then.
    withReadModelsAsOf(app.db, companyId, at, app.eventStore.inlineProjections(), async (tx) =>
      work(
        await livePlanOf(tx, at, {
          window: app.config.predictionWindow,
          working: await workingTimeOfCompanyAsOf(tx, companyId, at, app.config.workingTime),
          asOf: at,
        }),
      ),
    );

  r.get('/api/plan', {
    preHandler: app.authenticate,
    schema: {
      tags: ['plan'],
      summary:
        'The capacity plan now (or, with `at`, as it stood then, made from the log up to that moment) in a window of time (`from`/`to`, default today and 42 days on) for the station rows asked (`offset`/`limit`, default all): the open production orders with an operation at those stations in the window, over their remaining stations in working time, and the totals of the whole plan in the window; explanations with `explain=true` (else per order)',
      querystring: planQuerySchema,
      response: { 200: capacityPlanSchema, ...errorResponses() },
    },
    handler: async (request, reply) => {
      const { at: asked } = request.query;
      const answer = (live: LivePlan) => planAnswer(live, request.query);
      // Already the schema's JSON (`planViewOf` is typed by it): a string is sent as it is, not serialised again.
      const send = (json: string) => reply.type('application/json; charset=utf-8').send(json as unknown as CapacityPlanView);
      if (asked === undefined) return send(await runQuery(app, request, async (tx, now) => answer(await livePlanIn(tx, request, now)())));
      const at = new Date(asked);
      if (at.getTime() > app.clock.now().getTime()) throw notYet();
      return send((await replayedPlan(companyOf(request), at, answer)) as string);
    },
  });

  r.get('/api/plan/orders/:orderId', {
    preHandler: app.authenticate,
    schema: {
      tags: ['plan'],
      summary: "One open production order's whole plan now, every operation explained (the Gantt's details; every company user)",
      params: z.object({ orderId: z.uuid({ error: 'validation.invalidId' }) }),
      response: { 200: orderPlanViewSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, async (tx, now) => orderPlanOf(await livePlanIn(tx, request, now)(), request.params.orderId)),
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
    handler: async (request) => runQuery(app, request, async (tx, now) => deliveryPromiseOf(tx, livePlanIn(tx, request, now), request.body)),
  });

  r.get('/api/plan/promises', {
    preHandler: app.authenticate,
    schema: {
      tags: ['plan'],
      summary: 'The production orders whose planned finish breaks the date promised to their customer (every company user, as the board)',
      response: { 200: promisesAtRiskSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, async (tx, now) => promisesAtRiskOf(await livePlanIn(tx, request, now)())),
  });

  r.get('/api/plan/stations/:stationId', {
    preHandler: app.authenticate,
    schema: {
      tags: ['plan'],
      summary:
        "A station's worklist in plan order: the orders there in the order the plan starts them, each marked startable when nothing holds it (every company user)",
      params: z.object({ stationId: z.uuid({ error: 'validation.invalidId' }) }),
      response: { 200: stationQueueViewSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, async (tx, now) => stationQueueOf(tx, livePlanIn(tx, request, now), request.params.stationId)),
  });
}
