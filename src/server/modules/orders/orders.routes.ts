import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  advertisementSchema,
  changeOrderSchema,
  completeWorkSchema,
  createOrderSchema,
  homeBoardQuerySchema,
  measureValueSchema,
  moveToStationSchema,
  orderActionSchema,
  orderListQuerySchema,
  orderNumberParamsSchema,
  stationActionSchema,
} from '../../../domain/orders/order.schema.js';
import {
  advertisementViewSchema,
  homeBoardSchema,
  orderHistorySchema,
  orderPageSchema,
  orderViewSchema,
  type OrderView,
} from '../../../domain/orders/orders.views.js';
import { timeZoneOf } from '../../../domain/company/working-time.rules.js';
import { companyOf } from '../../platform/auth.js';
import { runCommand, runQuery, type CommandContext } from '../../platform/command.js';
import type { Executor } from '../../platform/db.js';
import { errorResponses } from '../../platform/errors.js';
import { workingTimeOfCompany } from '../company/index.js';
import {
  changeOrder,
  checkIn,
  completeWork,
  createOrder,
  measureValue,
  moveToStation,
  runPlainAction,
  setAdvertisement,
  startProduction,
  startWork,
  type PlainOrderCommand,
} from './orders.handlers.js';
import { advertisementOf, homeBoardOf, orderHistoryOf, orderPageOf, orderViewByNumberOf, orderViewOf, type OrderReaders } from './orders.queries.js';

const orderParams = z.object({ id: z.uuid() });

type RouteGuard = { preHandler: preHandlerAsyncHookHandler };

/** What the orders' route groups share: the company's time zone, the command-then-view of an order, the guards. */
interface OrderRouteKit {
  zoneOf: (tx: Executor, companyId: string) => Promise<string>;
  actOn: (request: FastifyRequest, orderId: string, command: (ctx: CommandContext, orderId: string) => Promise<void>) => Promise<OrderView>;
  readers: RouteGuard;
  writers: RouteGuard;
}

export async function ordersRoutes(app: FastifyInstance, deps: OrderReaders) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const readers = { preHandler: app.authenticate };
  // The company's time zone (its working time, else WORKING_TIME's): its "today" decides what is delayed.
  const zoneOf = async (tx: Executor, companyId: string) => timeZoneOf(await workingTimeOfCompany(tx, companyId, app.config.workingTime));
  const writers = { preHandler: app.requireChangeRight('orders') };
  const operators = { preHandler: app.requireRole('OPERATOR') };
  // Operators keep their station actions; admins need the orders right for them too.
  const writersAndOperators = { preHandler: app.requireChangeRight('orders', 'OPERATOR') };

  const actionSchema = <Body extends z.ZodType>(summary: string, body: Body, statuses: number[] = []) => ({
    tags: ['orders'],
    summary,
    params: orderParams,
    body,
    response: { 200: orderViewSchema, ...errorResponses(409, ...statuses) },
  });

  /** Runs a command on the order of the route and answers the order as it is afterwards, read in the same transaction. */
  const actOn = (request: FastifyRequest, orderId: string, command: (ctx: CommandContext, orderId: string) => Promise<void>) =>
    runCommand(app, request, async (ctx) => {
      await command(ctx, orderId);
      return orderViewOf(ctx.tx, orderId, ctx.now, await zoneOf(ctx.tx, ctx.companyId), deps);
    });

  /** Registers a status change that needs nothing but the client's version; it answers the order as it is afterwards. */
  const plainAction = (path: `/api/orders/:id/${string}`, type: PlainOrderCommand, summary: string) =>
    r.post(path, {
      ...writers,
      schema: actionSchema(summary, orderActionSchema),
      handler: async (request) => actOn(request, request.params.id, (ctx, orderId) => runPlainAction(ctx, orderId, request.body.version, type)),
    });

  r.get('/api/orders', {
    ...readers,
    schema: {
      tags: ['orders'],
      summary: 'Orders of the company, filtered, paged and sorted',
      querystring: orderListQuerySchema,
      response: { 200: orderPageSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, async (tx, now) => orderPageOf(tx, request.query, now, await zoneOf(tx, companyOf(request)))),
  });

  r.post('/api/orders', {
    ...writers,
    schema: {
      tags: ['orders'],
      summary: 'Creates a customer, production or logistics order',
      body: createOrderSchema,
      response: { 201: orderViewSchema, ...errorResponses(409, 422) },
    },
    handler: async (request, reply) => {
      const { kind, ...form } = request.body;
      const view = await runCommand(app, request, async (ctx) =>
        orderViewOf(ctx.tx, await createOrder(ctx, kind, form), ctx.now, await zoneOf(ctx.tx, ctx.companyId), deps),
      );
      return reply.status(201).send(view);
    },
  });

  const kit: OrderRouteKit = { zoneOf, actOn, readers, writers };
  orderBoardRoutes(app, kit);
  oneOrderRoutes(app, deps, kit);

  plainAction('/api/orders/:id/place', 'PlaceOrder', 'Open -> Ordered');
  plainAction('/api/orders/:id/ready-to-use', 'MarkReadyToUse', 'A finished production order is ready to use');
  plainAction('/api/orders/:id/ready-to-dispatch', 'MarkReadyToDispatch', 'Ready to ship -> Ready for dispatch');
  plainAction('/api/orders/:id/dispatch', 'Dispatch', 'Ready for dispatch -> Dispatched');
  plainAction('/api/orders/:id/deliver', 'Deliver', 'Dispatched -> Delivered');
  plainAction('/api/orders/:id/finish', 'Finish', 'Delivered (or ready to use) -> Finished');
  plainAction('/api/orders/:id/cancel', 'Cancel', 'Open or Ordered -> Canceled');

  r.post('/api/orders/:id/start-production', {
    ...writers,
    schema: actionSchema('Creates the production orders and takes use-inventory positions from stock', orderActionSchema, [422]),
    handler: async (request) => actOn(request, request.params.id, (ctx, orderId) => startProduction(ctx, orderId, request.body.version)),
  });

  r.post('/api/orders/:id/start-work', {
    ...operators,
    schema: actionSchema('An operator signed in at the station starts work on the order', stationActionSchema),
    handler: async (request) => actOn(request, request.params.id, (ctx, orderId) => startWork(ctx, orderId, request.body.version, request.body.stationId)),
  });

  r.post('/api/orders/:id/complete-work', {
    ...operators,
    schema: actionSchema(
      'Work done, with the pieces reported (good, scrap with a scrap reason, rework with a rework reason and station; none reported: every piece good). ' +
        'Every piece reported: the order goes to the next station of the sequence with its good pieces, or to WIP after the last. ' +
        'Fewer: the good pieces go on as a split production order (number with a suffix) and the rest stays. Rework pieces go to their station as a split order. ' +
        'A value measured outside tolerance in this work needs a reason. Bad counts: 400 with field details; a stale version: 409; ' +
        'held by a non-conformance report: 409 ORDER_ON_HOLD; waiting for the re-measurement after rework: 409 ORDER_AWAITS_REMEASUREMENT.',
      completeWorkSchema,
    ),
    handler: async (request) => {
      const { version, stationId, reason, ...report } = request.body;
      return actOn(request, request.params.id, (ctx, orderId) => completeWork(ctx, deps.holdOf, orderId, version, stationId, reason, report));
    },
  });

  r.post('/api/orders/:id/measure', {
    ...operators,
    schema: actionSchema('An operator in work on the order at the station measures a value of its material that the station checks', measureValueSchema),
    handler: async (request) => actOn(request, request.params.id, (ctx, orderId) => measureValue(ctx, orderId, request.body)),
  });

  r.post('/api/orders/:id/move-to-station', {
    ...writersAndOperators,
    schema: actionSchema('Moves the order to another station (rework). An order held by a non-conformance report: 409 ORDER_ON_HOLD', moveToStationSchema),
    handler: async (request) =>
      actOn(request, request.params.id, (ctx, orderId) => moveToStation(ctx, deps.holdOf, orderId, request.body.version, request.body.toStationId)),
  });

  r.post('/api/orders/:id/check-in', {
    ...writersAndOperators,
    schema: actionSchema("Checks a logistics order's goods in at an incoming-goods station", stationActionSchema),
    handler: async (request) => actOn(request, request.params.id, (ctx, orderId) => checkIn(ctx, orderId, request.body.version, request.body.stationId)),
  });
}

/** The home board and the shop-floor display's announcement. */
function orderBoardRoutes(app: FastifyInstance, { zoneOf, readers, writers }: OrderRouteKit) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/orders/board', {
    ...readers,
    schema: {
      tags: ['orders'],
      summary: 'The home board: orders with number, status and delayed',
      querystring: homeBoardQuerySchema,
      response: { 200: homeBoardSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, async (tx, now) => homeBoardOf(tx, request.query.limit, now, await zoneOf(tx, companyOf(request)))),
  });

  r.get('/api/orders/advertisement', {
    // The shop-floor display is an optional function of the company (App function): switched off, 404.
    preHandler: [readers.preHandler, app.requireFunction('shopFloorDisplay')],
    schema: {
      tags: ['orders'],
      summary: 'The shop-floor display: announcement line and orders in production',
      response: { 200: advertisementViewSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, async (tx, now) => advertisementOf(tx, now, await zoneOf(tx, companyOf(request)))),
  });

  r.put('/api/orders/advertisement', {
    preHandler: [writers.preHandler, app.requireFunction('shopFloorDisplay')],
    schema: {
      tags: ['orders'],
      summary: 'Sets the announcement line (max 100)',
      body: advertisementSchema,
      response: { 200: advertisementViewSchema, ...errorResponses() },
    },
    handler: async (request) =>
      runCommand(app, request, async (ctx) => {
        await setAdvertisement(ctx, request.body.comment);
        return advertisementOf(ctx.tx, ctx.now, await zoneOf(ctx.tx, ctx.companyId));
      }),
  });
}

/** One order: read by id or number, its form changed, its history. */
function oneOrderRoutes(app: FastifyInstance, deps: OrderReaders, { zoneOf, actOn, readers, writers }: OrderRouteKit) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/orders/:id', {
    ...readers,
    schema: {
      tags: ['orders'],
      summary: 'One order with its positions, status, location, progress and the actions its status allows',
      params: orderParams,
      response: { 200: orderViewSchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, async (tx, now) => orderViewOf(tx, request.params.id, now, await zoneOf(tx, companyOf(request)), deps)),
  });

  r.get('/api/orders/by-number/:orderNumber', {
    // Station scanning is an optional function of the company (App function): switched off, 404.
    preHandler: [readers.preHandler, app.requireFunction('stationScanning')],
    schema: {
      tags: ['orders'],
      summary: 'The order of this number (a scanned or typed order number), as GET /api/orders/{id} answers it',
      params: orderNumberParamsSchema,
      response: { 200: orderViewSchema, ...errorResponses() },
    },
    handler: async (request) =>
      runQuery(app, request, async (tx, now) => orderViewByNumberOf(tx, request.params.orderNumber, now, await zoneOf(tx, companyOf(request)), deps)),
  });

  r.put('/api/orders/:id', {
    ...writers,
    schema: {
      tags: ['orders'],
      summary: 'Changes the order form while the status allows it',
      params: orderParams,
      body: changeOrderSchema,
      response: { 200: orderViewSchema, ...errorResponses(409, 422) },
    },
    handler: async (request) => {
      const { version, ...form } = request.body;
      return actOn(request, request.params.id, (ctx, orderId) => changeOrder(ctx, orderId, form, version));
    },
  });

  r.get('/api/orders/:id/history', {
    ...readers,
    schema: {
      tags: ['orders'],
      summary: 'Every event of the order with who, when and what; fold `data` with evolveOrder to replay',
      params: orderParams,
      response: { 200: orderHistorySchema, ...errorResponses() },
    },
    handler: async (request) => runQuery(app, request, (tx) => orderHistoryOf(tx, app.eventStore, request.params.id)),
  });
}
