import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderStreamId } from '../../../domain/orders/order.events.js';
import {
  advertisementSchema,
  changeOrderSchema,
  createOrderSchema,
  moveToStationSchema,
  orderActionSchema,
  orderListQuerySchema,
  orderNumberParamsSchema,
  stationActionSchema,
} from '../../../domain/orders/order.schema.js';
import { DomainError } from '../../../domain/shared/errors.js';
import type { Role } from '../../../domain/shared/roles.js';
import { companyOf, eventMetadataOf, principalOf } from '../../platform/auth.js';
import { withTenant, type Tx } from '../../platform/db.js';
import { errorResponses } from '../../platform/errors.js';
import { findUserById } from '../identity/index.js';
import { findStationRow, stationNamesById } from '../stations/index.js';
import {
  changeOrder,
  checkIn,
  completeWork,
  createOrder,
  moveToStation,
  runPlainAction,
  setAdvertisement,
  startProduction,
  startWork,
  type OrderContext,
  type PlainAction,
} from './orders.commands.js';
import {
  findAdvertisement,
  findOrderIdByNumber,
  findOrderRow,
  homeBoardRows,
  inProductionRows,
  listOrders,
  orderHistoryEntry,
  orderListItem,
  orderView,
  productionOrdersOf,
  todayOf,
  worklistRows,
  type OrderListRow,
} from './orders.queries.js';
import {
  advertisementViewSchema,
  homeBoardSchema,
  orderHistorySchema,
  orderPageSchema,
  orderViewSchema,
  worklistSchema,
} from '../../../domain/orders/orders.views.js';

/** Who writes orders: the company's owner and administrators, and the product operator acting for the company. */
export const orderWriters: readonly Role[] = ['MASTER', 'SUPER_USER', 'ADMIN'];

const orderParams = z.object({ id: z.uuid() });

/** The order as the details screen shows it, read in the transaction that may just have changed it. */
async function orderViewOf(tx: Tx, orderId: string, today: string) {
  const row = await findOrderRow(tx, orderId);
  if (!row) throw new DomainError('NOT_FOUND');
  const state = row.state;
  const children = state.kind === 'customer' ? await productionOrdersOf(tx, orderId) : [];
  const parent = state.parentOrderId ? await findOrderRow(tx, state.parentOrderId) : undefined;
  const stationIds = state.location?.stage === 'station' ? [state.location.stationId] : [];
  return orderView(
    state,
    row.version,
    {
      parentOrderNumber: parent?.order_number ?? null,
      children: new Map(children.map((child) => [child.id, { status: child.status }])),
      stationNames: await stationNamesById(tx, stationIds),
    },
    today,
  );
}

/** List rows with their station names. */
async function listItemsOf(tx: Tx, rows: Omit<OrderListRow, 'total'>[]) {
  const stationIds = [...new Set(rows.flatMap((row) => (row.station_id ? [row.station_id] : [])))];
  const names = await stationNamesById(tx, stationIds);
  return rows.map((row) => orderListItem(row, names));
}

/** Display names of the users who caused an order's events (users of other companies, such as the master, stay unnamed). */
async function namesOf(tx: Tx, userIds: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const userId of new Set(userIds)) {
    const user = await findUserById(tx, userId);
    if (user) names.set(userId, `${user.first_name} ${user.last_name}`.trim() || (user.username ?? ''));
  }
  return names;
}

export async function ordersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const readers = { preHandler: app.authenticate };
  const writers = { preHandler: app.requireRole(...orderWriters) };
  const operators = { preHandler: app.requireRole('OPERATOR') };
  const writersAndOperators = { preHandler: app.requireRole(...orderWriters, 'OPERATOR') };

  const read = <T>(request: FastifyRequest, work: (tx: Tx, today: string) => Promise<T>) =>
    withTenant(app.db, companyOf(request), (tx) => work(tx, todayOf(new Date())));

  /** One tenant transaction for a write and the answer read after it; consumers are woken once it commits. */
  async function write<T>(request: FastifyRequest, work: (ctx: OrderContext, today: string) => Promise<T>): Promise<T> {
    const companyId = companyOf(request);
    const principal = principalOf(request);
    const now = new Date();
    const result = await withTenant(app.db, companyId, (tx) =>
      work(
        {
          tx,
          eventStore: app.eventStore,
          companyId,
          metadata: eventMetadataOf(request),
          actor: { userId: principal.userId, role: principal.role },
          at: now.toISOString(),
        },
        todayOf(now),
      ),
    );
    app.eventStore.committed();
    return result;
  }

  r.get('/api/orders', {
    ...readers,
    schema: {
      tags: ['orders'],
      summary: 'Orders of the company, filtered, paged and sorted',
      querystring: orderListQuerySchema,
      response: { 200: orderPageSchema, ...errorResponses() },
    },
    handler: async (request) =>
      read(request, async (tx, today) => {
        const { rows, total } = await listOrders(tx, request.query, today);
        return { data: await listItemsOf(tx, rows), total, page: request.query.page, limit: request.query.limit };
      }),
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
      const view = await write(request, async (ctx, today) => orderViewOf(ctx.tx, await createOrder(ctx, kind, form), today));
      return reply.status(201).send(view);
    },
  });

  r.get('/api/orders/board', {
    ...readers,
    schema: {
      tags: ['orders'],
      summary: 'The home board: orders with number, status and delayed',
      querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(200) }),
      response: { 200: homeBoardSchema, ...errorResponses() },
    },
    handler: async (request) =>
      read(request, async (tx, today) => {
        const { rows, total } = await homeBoardRows(tx, today, request.query.limit);
        return { data: await listItemsOf(tx, rows), total, today };
      }),
  });

  const advertisementOf = async (tx: Tx, today: string) => {
    const saved = await findAdvertisement(tx);
    const rows = await inProductionRows(tx, today, 200);
    return { comment: saved?.comment ?? '', updatedAt: saved ? new Date(saved.updated_at).toISOString() : null, orders: await listItemsOf(tx, rows) };
  };

  r.get('/api/orders/advertisement', {
    ...readers,
    schema: {
      tags: ['orders'],
      summary: 'The shop-floor display: announcement line and orders in production',
      response: { 200: advertisementViewSchema, ...errorResponses() },
    },
    handler: async (request) => read(request, (tx, today) => advertisementOf(tx, today)),
  });

  r.put('/api/orders/advertisement', {
    ...writers,
    schema: {
      tags: ['orders'],
      summary: 'Sets the announcement line (max 100)',
      body: advertisementSchema,
      response: { 200: advertisementViewSchema, ...errorResponses() },
    },
    handler: async (request) =>
      write(request, async (ctx, today) => {
        await setAdvertisement(ctx, request.body.comment);
        return advertisementOf(ctx.tx, today);
      }),
  });

  r.get('/api/orders/:id', {
    ...readers,
    schema: { tags: ['orders'], params: orderParams, response: { 200: orderViewSchema, ...errorResponses() } },
    handler: async (request) => read(request, (tx, today) => orderViewOf(tx, request.params.id, today)),
  });

  r.get('/api/orders/by-number/:orderNumber', {
    ...readers,
    schema: {
      tags: ['orders'],
      summary: 'The order of this number (a scanned or typed order number), as GET /api/orders/{id} answers it',
      params: orderNumberParamsSchema,
      response: { 200: orderViewSchema, ...errorResponses() },
    },
    handler: async (request) =>
      read(request, async (tx, today) => {
        const orderId = await findOrderIdByNumber(tx, request.params.orderNumber);
        if (!orderId) throw new DomainError('NOT_FOUND');
        return orderViewOf(tx, orderId, today);
      }),
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
      return write(request, async (ctx, today) => {
        await changeOrder(ctx, request.params.id, form, version);
        return orderViewOf(ctx.tx, request.params.id, today);
      });
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
    handler: async (request) =>
      read(request, async (tx) => {
        const events = await app.eventStore.readStream(tx, orderStreamId(request.params.id));
        if (events.length === 0) throw new DomainError('NOT_FOUND');
        const names = await namesOf(tx, events.flatMap((event) => (event.metadata.userId ? [event.metadata.userId] : [])));
        const created = events[0].data as { orderNumber?: string };
        return { orderId: request.params.id, orderNumber: created.orderNumber ?? '', data: events.map((event) => orderHistoryEntry(event, names)) };
      }),
  });

  const actionRoute = (summary: string, statuses: number[] = []) => ({
    tags: ['orders'],
    summary,
    params: orderParams,
    response: { 200: orderViewSchema, ...errorResponses(409, ...statuses) },
  });

  const plainActions: Record<PlainAction, string> = {
    place: 'Open -> Ordered',
    'ready-to-use': 'A finished production order is ready to use',
    'ready-to-dispatch': 'Ready to ship -> Ready for dispatch',
    dispatch: 'Ready for dispatch -> Dispatched',
    deliver: 'Dispatched -> Delivered',
    finish: 'Delivered (or ready to use) -> Finished',
    cancel: 'Open or Ordered -> Canceled',
  };
  for (const [action, summary] of Object.entries(plainActions) as [PlainAction, string][]) {
    r.post(`/api/orders/:id/${action}`, {
      ...writers,
      schema: { ...actionRoute(summary), body: orderActionSchema },
      handler: async (request) =>
        write(request, async (ctx, today) => {
          await runPlainAction(ctx, request.params.id, request.body.version, action);
          return orderViewOf(ctx.tx, request.params.id, today);
        }),
    });
  }

  r.post('/api/orders/:id/start-production', {
    ...writers,
    schema: { ...actionRoute('Creates the production orders and takes use-inventory positions from stock', [422]), body: orderActionSchema },
    handler: async (request) =>
      write(request, async (ctx, today) => {
        await startProduction(ctx, request.params.id, request.body.version);
        return orderViewOf(ctx.tx, request.params.id, today);
      }),
  });

  r.post('/api/orders/:id/start-work', {
    ...operators,
    schema: { ...actionRoute('An operator signed in at the station starts work on the order'), body: stationActionSchema },
    handler: async (request) =>
      write(request, async (ctx, today) => {
        await startWork(ctx, request.params.id, request.body.version, request.body.stationId);
        return orderViewOf(ctx.tx, request.params.id, today);
      }),
  });

  r.post('/api/orders/:id/complete-work', {
    ...operators,
    schema: { ...actionRoute('Work done: the order goes to the next station of the sequence, or to WIP after the last'), body: stationActionSchema },
    handler: async (request) =>
      write(request, async (ctx, today) => {
        await completeWork(ctx, request.params.id, request.body.version, request.body.stationId);
        return orderViewOf(ctx.tx, request.params.id, today);
      }),
  });

  r.post('/api/orders/:id/move-to-station', {
    ...writersAndOperators,
    schema: { ...actionRoute('Moves the order to another station (rework)'), body: moveToStationSchema },
    handler: async (request) =>
      write(request, async (ctx, today) => {
        await moveToStation(ctx, request.params.id, request.body.version, request.body.toStationId);
        return orderViewOf(ctx.tx, request.params.id, today);
      }),
  });

  r.post('/api/orders/:id/check-in', {
    ...writersAndOperators,
    schema: { ...actionRoute("Checks a logistics order's goods in at an incoming-goods station"), body: stationActionSchema },
    handler: async (request) =>
      write(request, async (ctx, today) => {
        await checkIn(ctx, request.params.id, request.body.version, request.body.stationId);
        return orderViewOf(ctx.tx, request.params.id, today);
      }),
  });

  r.get('/api/stations/:id/worklist', {
    ...readers,
    schema: {
      tags: ['stations'],
      summary: 'Orders at the station: prioritized first, then by delivery date',
      params: orderParams,
      response: { 200: worklistSchema, ...errorResponses() },
    },
    handler: async (request) =>
      read(request, async (tx, today) => {
        const station = await findStationRow(tx, request.params.id);
        if (!station) throw new DomainError('NOT_FOUND');
        const rows = await worklistRows(tx, station.id, today);
        const items = await listItemsOf(tx, rows);
        return { stationId: station.id, stationName: station.name, data: items.map((item) => ({ ...item, inWork: item.workStartedAt !== null })) };
      }),
  });
}
