import { sql, type Expression, type SqlBool } from 'kysely';
import { availableActions, measurementsOf, piecesOf, quantitiesOf, readyToShipOf, type LiveOrderState } from '../../../domain/orders/order.decider.js';
import { customerOrderProgressOf, productionBalanceOf } from '../../../domain/orders/order-tree.rules.js';
import { inProductionStatuses, isDelayed, isEditable, settledStatuses } from '../../../domain/orders/order.machine.js';
import { calendarDayIn, startOfDayIn } from '../../../domain/company/working-time.rules.js';
import { parseOrderNumber } from '../../../domain/company/company.numbering.js';
import { positionNetCents, type OrderKind, type OrderListQuery, type OrderSortColumn, type OrderStatus } from '../../../domain/orders/order.schema.js';
import { orderEvents, orderStreamId } from '../../../domain/orders/order.events.js';
import type { AdvertisementView, HomeBoard, OrderHistory, OrderListItem, OrderPage, OrderView, WorklistItem } from '../../../domain/orders/orders.views.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { likePattern, type Executor } from '../../platform/db.js';
import { orderBySort } from '../../platform/paging.js';
import type { EventStore } from '../../platform/event-store.js';
import { findClient } from '../clients/index.js';
import { historyEntriesOf } from '../identity/index.js';
import { stationNamesById } from '../stations/index.js';
import type { PositionSummary } from './orders.tables.js';

/** Columns the list and boards show: everything but the folded state. */
const listColumns = [
  'orders.id',
  'orders.kind',
  'orders.number',
  'orders.order_number',
  'orders.status',
  'orders.name',
  'orders.place',
  'orders.prioritize',
  'orders.stock_order',
  'orders.net_sum',
  'orders.parent_order_id',
  'orders.stage',
  'orders.station_id',
  'orders.arrived_at',
  'orders.work_started_at',
  'orders.positions',
  'orders.note_for_production',
  'orders.quality',
  'orders.split_from_order_id',
  'orders.pieces_ordered',
  'orders.pieces_open',
  'orders.pieces_good',
  'orders.pieces_scrap',
  'orders.pieces_rework',
  'orders.version',
  'orders.created_at',
  'orders.updated_at',
] as const;

/** The delivery date as `YYYY-MM-DD` text, whatever the driver makes of a `date`. */
const deliveryDay = sql<string | null>`to_char(orders.delivery_date, 'YYYY-MM-DD')`.as('delivery_date');

/** Delayed, as `isDelayed` says: the delivery date before `today` and the order not settled. */
const delayedSql = (today: string) =>
  sql<boolean>`coalesce(orders.delivery_date < ${today}::date and orders.status <> all(${[...settledStatuses]}::text[]), false)`;

/** The order list's row of an order, with the order as `evolveOrder` folded it. */
export async function findOrderRow(db: Executor, orderId: string) {
  return db
    .selectFrom('orders')
    .innerJoin('order_states', 'order_states.id', 'orders.id')
    .selectAll('orders')
    .select(['order_states.state', deliveryDay])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
}

/** Orders of the tenant by id, in one read (ids of another company or none are left out). */
export async function findOrderRows(db: Executor, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('orders')
    .innerJoin('order_states', 'order_states.id', 'orders.id')
    .selectAll('orders')
    .select(['order_states.state', deliveryDay])
    .where('orders.id', 'in', [...orderIds])
    .execute();
}

/**
 * The id of the company's order with this number. The consecutive number finds the one row
 * (unique per company); the letters must match too, in any case, as an operator may type them.
 */
export async function findOrderIdByNumber(db: Executor, orderNumber: string): Promise<string | undefined> {
  const parsed = parseOrderNumber(orderNumber);
  if (!parsed) return undefined;
  // Split orders share their parent's number (their order number adds a suffix, which the scan's format has not).
  const row = await db
    .selectFrom('orders')
    .select(['id', 'order_number'])
    .where('number', '=', parsed.number)
    .where('split_from_order_id', 'is', null)
    .executeTakeFirst();
  return row && row.order_number.toLowerCase() === orderNumber.toLowerCase() ? row.id : undefined;
}

const sortExpressions: Record<OrderSortColumn, Expression<unknown>> = {
  number: sql`orders.number`,
  orderNumber: sql`orders.order_number`,
  name: sql`lower(orders.name)`,
  status: sql`orders.status`,
  deliveryDate: sql`orders.delivery_date`,
  netSum: sql`orders.net_sum`,
  createdAt: sql`orders.created_at`,
  updatedAt: sql`orders.updated_at`,
};

/**
 * The list page as one statement: the filtered rows of the page with the count of all matches
 * beside each (a window count, so no second round trip). `today` decides what is delayed.
 * Exported so the benchmark runs the very same SQL directly.
 */
export function orderListStatement(db: Executor, query: OrderListQuery, today: string) {
  const pattern = query.q ? likePattern(query.q) : undefined;
  return db
    .selectFrom('orders')
    .select(listColumns)
    .select([deliveryDay, delayedSql(today).as('delayed'), sql<string>`count(*) over ()`.as('total')])
    .$if(query.kind !== undefined, (q) => q.where('orders.kind', '=', query.kind as OrderKind))
    .$if(query.clientId !== undefined, (q) => q.where('orders.client_id', '=', query.clientId as string))
    .$if(query.status !== undefined, (q) => q.where('orders.status', 'in', query.status as OrderStatus[]))
    .$if(query.delayed !== undefined, (q) => q.where(query.delayed ? delayedSql(today) : sql<SqlBool>`not ${delayedSql(today)}`))
    .$if(pattern !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          eb('orders.order_number', 'ilike', pattern as string),
          eb('orders.name', 'ilike', pattern as string),
          eb('orders.place', 'ilike', pattern as string),
        ]),
      ),
    )
    .orderBy(orderBySort(query.sort, sortExpressions, 'number', sql`orders.id`))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
}

export type OrderListRow = Awaited<ReturnType<ReturnType<typeof orderListStatement>['execute']>>[number];

/** One page of the company's orders and how many match in all. */
export async function listOrders(db: Executor, query: OrderListQuery, today: string): Promise<{ rows: OrderListRow[]; total: number }> {
  const rows = await orderListStatement(db, query, today).execute();
  if (rows.length > 0 || query.page === 1) return { rows, total: Number(rows[0]?.total ?? 0) };
  // Asked past the end: the page is empty, but the count still says how many there are.
  const counted = await orderListStatement(db, { ...query, page: 1, limit: 1 }, today).execute();
  return { rows, total: Number(counted[0]?.total ?? 0) };
}

/** The production orders a customer order made, by number. */
export async function productionOrdersOf(db: Executor, parentOrderId: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'order_number', 'status', 'stage', 'station_id', 'pieces_good', 'pieces_scrap'])
    .where('parent_order_id', '=', parentOrderId)
    .orderBy('number')
    .execute();
}

/**
 * The home board: orders not settled yet, and those settled today (since `todayStartsAt`, the
 * company's local midnight), delayed first, settled last, then prioritized, then by delivery date
 * and newest number. At most `limit`, with the count of all.
 */
export async function homeBoardRows(db: Executor, today: string, todayStartsAt: Date, limit: number) {
  const onBoard = db
    .selectFrom('orders')
    .where((eb) => eb.or([eb('orders.status', 'not in', [...settledStatuses]), eb('orders.updated_at', '>=', todayStartsAt)]));
  const rows = await onBoard
    .select(listColumns)
    .select([deliveryDay, delayedSql(today).as('delayed'), sql<string>`count(*) over ()`.as('total')])
    .orderBy(sql`${delayedSql(today)} desc`)
    .orderBy(sql`orders.status = any(${[...settledStatuses]}::text[])`)
    .orderBy('orders.prioritize', 'desc')
    .orderBy(sql`orders.delivery_date asc nulls last`)
    .orderBy('orders.number', 'desc')
    .limit(limit)
    .execute();
  return { rows, total: Number(rows[0]?.total ?? 0) };
}

/** Orders at a station now (waiting or in work): prioritized first, then by delivery date, then by arrival. */
export async function worklistRows(db: Executor, stationId: string, today: string) {
  return db
    .selectFrom('orders')
    .select(listColumns)
    .select([deliveryDay, delayedSql(today).as('delayed')])
    .where('orders.station_id', '=', stationId)
    .where('orders.status', 'in', [...inProductionStatuses])
    .orderBy('orders.prioritize', 'desc')
    .orderBy(sql`orders.delivery_date asc nulls last`)
    .orderBy('orders.arrived_at')
    .orderBy('orders.number')
    .execute();
}

/** The shop-floor display: every order in production, where it is. */
export async function inProductionRows(db: Executor, today: string, limit: number) {
  return db
    .selectFrom('orders')
    .select(listColumns)
    .select([deliveryDay, delayedSql(today).as('delayed')])
    .where('orders.status', 'in', [...inProductionStatuses])
    .orderBy('orders.prioritize', 'desc')
    .orderBy(sql`orders.delivery_date asc nulls last`)
    .orderBy('orders.number')
    .limit(limit)
    .execute();
}

/** Whether an order in production has a position of the material (MATERIAL_IN_PRODUCTION). */
export async function materialIsInAnOrderInProduction(db: Executor, materialId: string): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('status', 'in', [...inProductionStatuses])
    .where(sql<SqlBool>`positions @> ${JSON.stringify([{ materialId }])}::jsonb`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The station the operator signed in at last, or undefined when they never did (or it was deleted). */
export async function stationOfOperator(db: Executor, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('operator_stations').select('station_id').where('user_id', '=', userId).executeTakeFirst();
  return row?.station_id;
}

export async function findAdvertisement(db: Executor) {
  return db.selectFrom('order_advertisements').select(['comment', 'updated_at']).executeTakeFirst();
}

/** The shipment an order is in, as the order details show it. */
export type OrderShipment = OrderView['shipment'];

/** Reads the shipment of an order; a port the shipments module provides (it builds on orders, so orders cannot import it). */
export type OrderShipmentReader = (db: Executor, shipmentId: string) => Promise<OrderShipment>;

/** An order's open non-conformance report: `held` stops it at its station, `rework` waits for the re-measurement. */
export interface OrderHold {
  ncrId: string;
  number: string;
  status: 'held' | 'rework';
}

/** The open NCR of an order, if any; a port the quality module provides (it builds on orders, so orders cannot import it). */
export type OrderHoldCheck = (db: Executor, orderId: string) => Promise<OrderHold | undefined>;

/** The open NCRs of these orders, by order id; a port the quality module provides (the boards' hold badge). */
export type OrderHoldsReader = (db: Executor, orderIds: readonly string[]) => Promise<Map<string, OrderHold>>;

/** What the order view reads through the ports of modules built on orders. */
export interface OrderReaders {
  shipmentOf: OrderShipmentReader;
  holdOf: OrderHoldCheck;
}

/** Where the order's relatives and stations are named from. */
interface OrderSurroundings {
  shipment: OrderShipment;
  parentOrderNumber: string | null;
  children: Map<string, { status: OrderStatus; piecesGood: number; piecesScrap: number }>;
  splitFromOrderNumber: string | null;
  /** The status of each order split off this one. */
  splitStatuses: Map<string, OrderStatus>;
  stationNames: Map<string, string>;
  client: OrderView['client'];
}

function orderView(order: LiveOrderState, version: number, around: OrderSurroundings, today: string): OrderView {
  const { details, location } = order;
  return {
    id: order.orderId,
    kind: order.kind,
    number: order.number,
    orderNumber: order.orderNumber,
    status: order.status,
    ...details,
    promisedDate: details.promisedDate ?? null,
    clientId: order.clientId ?? null,
    client: around.client,
    positions: order.positions.map((position) => ({ ...position, netAmount: positionNetCents(position) / 100 })),
    netSum: order.netSum,
    parentOrder: order.parentOrderId ? { id: order.parentOrderId, orderNumber: around.parentOrderNumber ?? '' } : null,
    productionOrders: order.productionOrders.map((tracked) => ({
      id: tracked.orderId,
      orderNumber: tracked.orderNumber,
      materialId: tracked.materialId,
      quantity: tracked.quantity,
      status: around.children.get(tracked.orderId)?.status ?? (tracked.done ? 'finished' : 'in-progress'),
      done: tracked.done,
    })),
    forStock: order.forStock,
    quantities: quantityFlowView(order, around.stationNames),
    splitFromOrder: order.splitFromOrderId ? { id: order.splitFromOrderId, orderNumber: around.splitFromOrderNumber ?? '' } : null,
    splitOrders: (order.splits ?? []).map((split) => ({
      id: split.childOrderId,
      orderNumber: split.childOrderNumber,
      quantity: split.quantity,
      reason: split.reason,
      toStationId: split.toStationId,
      status: around.splitStatuses.get(split.childOrderId) ?? 'in-progress',
    })),
    production: order.kind === 'customer' ? productionOfCustomerOrder(order, around.children) : null,
    location: location?.stage === 'station' ? { ...location, stationName: around.stationNames.get(location.stationId) ?? '' } : location,
    shipment: around.shipment,
    progress:
      order.kind === 'customer' ? customerOrderProgressOf({ status: order.status, productionOrders: order.productionOrders, shipment: around.shipment }) : null,
    delayed: isDelayed({ status: order.status, deliveryDate: details.deliveryDate }, today),
    editable: isEditable(order.kind, order.status),
    actions: availableActions(order),
    quality: order.quality ?? null,
    measurements: measurementsOf(order),
    qualityFailures: (order.qualityFailures ?? []).map((failure) => ({ ...failure, missingValues: failure.missingValues ?? [] })),
    version,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
  };
}

function quantityFlowView(order: LiveOrderState, stationNames: Map<string, string>): OrderView['quantities'] {
  const flow = quantitiesOf(order);
  if (!flow) return null;
  const { carried: _carried, reported: _reported, stations, ...counts } = flow;
  return { ...counts, stations: stations.map((station) => ({ ...station, stationName: stationNames.get(station.stationId) ?? '' })) };
}

/** A customer order's pieces to make against the good pieces (and scrap) of every production order made for it, split ones included. */
function productionOfCustomerOrder(order: LiveOrderState, children: OrderSurroundings['children']): OrderView['production'] {
  const ordered = order.positions.filter((position) => !position.useInventory).reduce((sum, position) => sum + position.quantity, 0);
  const made = [...children.values()];
  const good = made.reduce((sum, child) => sum + child.piecesGood, 0);
  const scrap = made.reduce((sum, child) => sum + child.piecesScrap, 0);
  return { ordered, good, scrap, balance: productionBalanceOf({ ordered, good, productionOrders: order.productionOrders }) };
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function orderListItem(row: Omit<OrderListRow, 'total'>, stationNames: Map<string, string>): OrderListItem {
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    orderNumber: row.order_number,
    status: row.status,
    name: row.name,
    place: row.place,
    prioritize: row.prioritize,
    deliveryDate: row.delivery_date,
    stockOrder: row.stock_order,
    netSum: Number(row.net_sum),
    parentOrderId: row.parent_order_id,
    stage: row.stage,
    stationId: row.station_id,
    stationName: row.station_id ? (stationNames.get(row.station_id) ?? '') : null,
    arrivedAt: iso(row.arrived_at),
    workStartedAt: iso(row.work_started_at),
    delayed: Boolean(row.delayed),
    positions: (row.positions as PositionSummary[]).map((p) => ({
      materialId: p.materialId,
      materialName: p.materialName,
      materialNumber: p.materialNumber,
      quantity: p.quantity,
    })),
    noteForProduction: row.note_for_production,
    quality: row.quality ?? null,
    pieces:
      row.kind === 'production'
        ? { ordered: row.pieces_ordered, open: row.pieces_open, good: row.pieces_good, scrap: row.pieces_scrap, rework: row.pieces_rework }
        : null,
    splitFromOrderId: row.split_from_order_id,
    version: row.version,
    createdAt: iso(row.created_at) as string,
    updatedAt: iso(row.updated_at) as string,
  };
}

/** The order's client as the directory names it now; null when none is linked or it was removed since. */
async function linkedClientOf(db: Executor, clientId: string | null): Promise<OrderView['client']> {
  const client = clientId ? await findClient(db, clientId) : undefined;
  return client ? { id: client.id, name: client.name } : null;
}

/** The company's calendar day at `now` in its `timeZone`: what "delayed" compares delivery dates with. */
const todayOf = (now: Date, timeZone: string) => calendarDayIn(now, timeZone);

/**
 * The order as the details screen shows it, read in the transaction that may just have changed it;
 * delayed on the company's day of `now` in its `timeZone`.
 */
export async function orderViewOf(db: Executor, orderId: string, now: Date, timeZone: string, { shipmentOf, holdOf }: OrderReaders): Promise<OrderView> {
  const row = await findOrderRow(db, orderId);
  if (!row) throw new DomainError('NOT_FOUND');
  const state = row.state;
  const children = state.kind === 'customer' ? await productionOrdersOf(db, orderId) : [];
  const parent = state.parentOrderId ? await findOrderRow(db, state.parentOrderId) : undefined;
  const splitFrom = state.splitFromOrderId ? await findOrderRow(db, state.splitFromOrderId) : undefined;
  const splitRows = await findOrderRows(
    db,
    (state.splits ?? []).map((split) => split.childOrderId),
  );
  const stationIds = [
    ...new Set([
      ...(state.location?.stage === 'station' ? [state.location.stationId] : []),
      ...(quantitiesOf(state)?.stations ?? []).map((station) => station.stationId),
    ]),
  ];
  const shipmentId = state.shipmentId ?? null;
  const around: OrderSurroundings = {
    shipment: shipmentId ? await shipmentOf(db, shipmentId) : null,
    parentOrderNumber: parent?.order_number ?? null,
    children: new Map(children.map((child) => [child.id, { status: child.status, piecesGood: child.pieces_good, piecesScrap: child.pieces_scrap }])),
    splitFromOrderNumber: splitFrom?.order_number ?? null,
    splitStatuses: new Map(splitRows.map((split) => [split.id, split.status])),
    stationNames: await stationNamesById(db, stationIds),
    client: await linkedClientOf(db, state.clientId ?? null),
  };
  const view = orderView(state, row.version, around, todayOf(now, timeZone));
  const hold = await holdOf(db, orderId);
  if (!hold) return view;
  // Held: no move, no completion; in rework: no completion before the re-measurement (the buttons the screens show).
  const refused: readonly string[] = hold.status === 'held' ? ['complete-work', 'move-to-station'] : ['complete-work'];
  return { ...view, hold, actions: view.actions.filter((action) => !refused.includes(action)) };
}

/** The order of this number (scanned or typed), as `orderViewOf` answers it. */
export async function orderViewByNumberOf(db: Executor, orderNumber: string, now: Date, timeZone: string, readers: OrderReaders): Promise<OrderView> {
  const orderId = await findOrderIdByNumber(db, orderNumber);
  if (!orderId) throw new DomainError('NOT_FOUND');
  return orderViewOf(db, orderId, now, timeZone, readers);
}

/** List rows with their station names, read in one query. */
async function listItemsOf(db: Executor, rows: readonly Omit<OrderListRow, 'total'>[]): Promise<OrderListItem[]> {
  const stationIds = [...new Set(rows.flatMap((row) => (row.station_id ? [row.station_id] : [])))];
  const names = await stationNamesById(db, stationIds);
  return rows.map((row) => orderListItem(row, names));
}

/** One page of the order list; what is delayed is judged on the company's day of `now` (in its `timeZone`). */
export async function orderPageOf(db: Executor, query: OrderListQuery, now: Date, timeZone: string): Promise<OrderPage> {
  const { rows, total } = await listOrders(db, query, todayOf(now, timeZone));
  return { data: await listItemsOf(db, rows), total, page: query.page, limit: query.limit };
}

/** The home board of the company's day of `now` (in its `timeZone`). */
export async function homeBoardOf(db: Executor, limit: number, now: Date, timeZone: string): Promise<HomeBoard> {
  const today = todayOf(now, timeZone);
  const { rows, total } = await homeBoardRows(db, today, startOfDayIn(today, timeZone), limit);
  return { data: await listItemsOf(db, rows), total, today };
}

/** The shop-floor display: the announcement line and the first 200 orders in production. */
export async function advertisementOf(db: Executor, now: Date, timeZone: string): Promise<AdvertisementView> {
  const saved = await findAdvertisement(db);
  const rows = await inProductionRows(db, todayOf(now, timeZone), 200);
  return { comment: saved?.comment ?? '', updatedAt: saved ? new Date(saved.updated_at).toISOString() : null, orders: await listItemsOf(db, rows) };
}

/** The orders at a station now (waiting or in work), as its worklist shows them. */
export async function stationWorklistOf(db: Executor, stationId: string, now: Date, timeZone: string): Promise<WorklistItem[]> {
  const items = await listItemsOf(db, await worklistRows(db, stationId, todayOf(now, timeZone)));
  return items.map((item) => ({ ...item, inWork: item.workStartedAt !== null }));
}

/** Every event of the order with who caused it (named when a user of the company) and when. */
export async function orderHistoryOf(db: Executor, eventStore: EventStore, orderId: string): Promise<OrderHistory> {
  const events = await eventStore.readStream(db, orderEvents, orderStreamId(orderId));
  if (events.length === 0) throw new DomainError('NOT_FOUND');
  const created = events[0];
  return {
    orderId,
    orderNumber: created.type === 'OrderCreated' ? created.data.orderNumber : '',
    data: await historyEntriesOf(db, events),
  };
}

/** Orders as a shipment command looks them up: kind, status, customer name and the shipment each is in. Unknown or another company's ids are left out. */
export async function orderSummariesOf(db: Executor, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  const rows = await db
    .selectFrom('orders')
    .innerJoin('order_states', 'order_states.id', 'orders.id')
    .select(['orders.id', 'orders.kind', 'orders.order_number', 'orders.status', 'orders.name', 'order_states.state'])
    .where('orders.id', 'in', [...orderIds])
    .execute();
  return rows.map((row) => ({
    orderId: row.id,
    orderNumber: row.order_number,
    kind: row.kind,
    status: row.status,
    customerName: row.name,
    shipmentId: row.state.shipmentId ?? null,
    readyQuantity: readyToShipOf(row.state),
    positions: row.state.positions.map(({ materialName, materialNumber, quantity }) => ({ materialName, materialNumber, quantity })),
  }));
}

/**
 * Customer orders with pieces ready to ship and in no open shipment (the shipment form's picker),
 * by number, each with its pieces ordered and ready (`readyToShipOf`): Ready to ship, or In
 * progress with a production order done. `q` narrows by number or customer.
 */
export async function shippableOrderRows(db: Executor, options: { q?: string; limit: number }) {
  const pattern = options.q ? likePattern(options.q) : undefined;
  const candidates = (after: number | null) =>
    db
      .selectFrom('orders')
      .innerJoin('order_states', 'order_states.id', 'orders.id')
      .select(['orders.id', 'orders.number', 'orders.order_number', 'orders.name', 'orders.place', 'orders.status', 'order_states.state', deliveryDay])
      .where('orders.kind', '=', 'customer')
      .where((eb) =>
        eb.or([
          eb('orders.status', '=', 'ready-to-ship'),
          eb.and([eb('orders.status', '=', 'in-progress'), sql<SqlBool>`order_states.state->'productionOrders' @> '[{"done": true}]'::jsonb`]),
        ]),
      )
      .where(sql<SqlBool>`order_states.state->>'shipmentId' is null`)
      .$if(pattern !== undefined, (q) =>
        q.where((eb) => eb.or([eb('orders.order_number', 'ilike', pattern as string), eb('orders.name', 'ilike', pattern as string)])),
      )
      .$if(after !== null, (q) => q.where('orders.number', '>', after as number))
      .orderBy('orders.number')
      .limit(options.limit)
      .execute();
  // An order In progress whose done pieces have all been shipped passes the filter above with nothing
  // ready: it is left out here, and the next page is read until the limit is filled.
  const offered: Array<Omit<Awaited<ReturnType<typeof candidates>>[number], 'state' | 'number'> & { ordered: number; readyQuantity: number }> = [];
  let after: number | null = null;
  for (;;) {
    const rows = await candidates(after);
    for (const { state, number: _number, ...row } of rows) {
      const readyQuantity = readyToShipOf(state);
      // An order Ready to ship is offered even with nothing made (all scrapped): the whole-order flow as before.
      if (readyQuantity > 0 || row.status === 'ready-to-ship') offered.push({ ...row, ordered: piecesOf(state.positions), readyQuantity });
      if (offered.length === options.limit) return offered;
    }
    if (rows.length < options.limit) return offered;
    after = rows[rows.length - 1].number;
  }
}

/** Order numbers by id (orders the transaction does not see are absent): labour time names the orders worked on. */
export async function orderNumbersById(db: Executor, orderIds: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(orderIds)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('orders').select(['id', 'order_number']).where('id', 'in', unique).execute();
  return new Map(rows.map((row) => [row.id, row.order_number]));
}

/** The orders in work at a station now (work started there, not completed), earliest start first: who may clock onto what (labour time). */
export async function ordersInWorkAtStation(db: Executor, stationId: string): Promise<{ id: string; orderNumber: string; workStartedAt: Date | null }[]> {
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'order_number', 'work_started_at'])
    .where('station_id', '=', stationId)
    .where('stage', '=', 'station')
    .where('work_started_at', 'is not', null)
    .orderBy('work_started_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, orderNumber: row.order_number, workStartedAt: row.work_started_at }));
}

/** Whether an order is in work at a station now; undefined for an order the company does not have. */
export async function orderInWorkAtStation(db: Executor, orderId: string, stationId: string): Promise<boolean | undefined> {
  const row = await db.selectFrom('orders').select(['station_id', 'stage', 'work_started_at']).where('id', '=', orderId).executeTakeFirst();
  if (!row) return undefined;
  return row.station_id === stationId && row.stage === 'station' && row.work_started_at !== null;
}
