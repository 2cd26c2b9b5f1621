import { z } from 'zod';
import { pageOf } from '../../../domain/shared/paging.js';
import { materialTypes } from '../../../domain/materials/materials.schema.js';
import { availableActions, type LiveOrderState } from '../../../domain/orders/order.decider.js';
import { calendarDayOf, isDelayed, isEditable, orderActions } from '../../../domain/orders/order.machine.js';
import { incoterms, orderKinds, orderStatuses, positionNetCents } from '../../../domain/orders/order.schema.js';
import { roles } from '../../../domain/shared/roles.js';
import type { StoredEvent } from '../../platform/event-store.js';
import type { OrderListRow } from './orders.queries.js';
import type { PositionSummary } from './orders.tables.js';

const isoDate = z.string();
const calendarDay = z.string().nullable();

const locationSchema = z
  .discriminatedUnion('stage', [
    z.object({ stage: z.literal('station'), stationId: z.uuid(), stationName: z.string(), arrivedAt: isoDate, workStartedAt: isoDate.nullable() }),
    z.object({ stage: z.literal('wip'), arrivedAt: isoDate }),
  ])
  .nullable();

/** An order as the details screen, the edit form and the station screen read it. */
export const orderViewSchema = z.object({
  id: z.uuid(),
  kind: z.enum(orderKinds),
  number: z.number().int(),
  orderNumber: z.string(),
  status: z.enum(orderStatuses),
  name: z.string(),
  street: z.string(),
  houseNumber: z.string(),
  addressSuffix: z.string(),
  zip: z.string(),
  place: z.string(),
  country: z.string(),
  prioritize: z.boolean(),
  deliveryDate: calendarDay,
  noteForProduction: z.string(),
  shippingMethod: z.string(),
  incoterm: z.enum(incoterms).nullable(),
  stockOrder: z.boolean(),
  positions: z.array(
    z.object({
      materialId: z.uuid(),
      materialName: z.string(),
      materialNumber: z.string(),
      materialType: z.enum(materialTypes),
      quantity: z.number().int(),
      netPrice: z.number(),
      useInventory: z.boolean(),
      /** Quantity times net price. */
      netAmount: z.number(),
    }),
  ),
  netSum: z.number(),
  comment: z.string(),
  workInProgress: z.string(),
  packaging: z.string(),
  /** The customer order a production order was made for. */
  parentOrder: z.object({ id: z.uuid(), orderNumber: z.string() }).nullable(),
  /** A customer order's production orders, with where each stands now. */
  productionOrders: z.array(
    z.object({ id: z.uuid(), orderNumber: z.string(), materialId: z.uuid(), quantity: z.number().int(), status: z.enum(orderStatuses), done: z.boolean() }),
  ),
  /** A production order pieces go to stock from when it finishes. */
  forStock: z.boolean(),
  location: locationSchema,
  delayed: z.boolean(),
  editable: z.boolean(),
  /** What can be done now: the buttons to show. */
  actions: z.array(z.enum(orderActions)),
  /** Send it back with every change and action. */
  version: z.number().int(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type OrderView = z.infer<typeof orderViewSchema>;

/** Where the order's relatives and stations are named from. */
export interface OrderSurroundings {
  parentOrderNumber: string | null;
  children: Map<string, { status: (typeof orderStatuses)[number] }>;
  stationNames: Map<string, string>;
}

export function orderView(order: LiveOrderState, version: number, around: OrderSurroundings, today: string): OrderView {
  const { details, location } = order;
  return {
    id: order.orderId,
    kind: order.kind,
    number: order.number,
    orderNumber: order.orderNumber,
    status: order.status,
    ...details,
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
    location:
      location?.stage === 'station'
        ? { ...location, stationName: around.stationNames.get(location.stationId) ?? '' }
        : location,
    delayed: isDelayed({ status: order.status, deliveryDate: details.deliveryDate }, today),
    editable: isEditable(order.kind, order.status),
    actions: availableActions(order),
    version,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
  };
}

const positionSummarySchema = z.object({ materialId: z.uuid(), materialName: z.string(), materialNumber: z.string(), quantity: z.number().int() });

/** A row of the order list (tabs Orders, Production Orders, Logistics Orders). */
export const orderListItemSchema = z.object({
  id: z.uuid(),
  kind: z.enum(orderKinds),
  number: z.number().int(),
  orderNumber: z.string(),
  status: z.enum(orderStatuses),
  name: z.string(),
  place: z.string(),
  prioritize: z.boolean(),
  deliveryDate: calendarDay,
  stockOrder: z.boolean(),
  netSum: z.number(),
  parentOrderId: z.uuid().nullable(),
  stage: z.enum(['station', 'wip']).nullable(),
  stationId: z.uuid().nullable(),
  stationName: z.string().nullable(),
  arrivedAt: isoDate.nullable(),
  workStartedAt: isoDate.nullable(),
  delayed: z.boolean(),
  positions: z.array(positionSummarySchema),
  noteForProduction: z.string(),
  version: z.number().int(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type OrderListItem = z.infer<typeof orderListItemSchema>;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function orderListItem(row: Omit<OrderListRow, 'total'>, stationNames: Map<string, string>): OrderListItem {
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
    version: row.version,
    createdAt: iso(row.created_at) as string,
    updatedAt: iso(row.updated_at) as string,
  };
}

export const orderPageSchema = pageOf(orderListItemSchema);

/** The home board: orders with number, status and delayed (and enough to sort and link). */
export const homeBoardSchema = z.object({ data: z.array(orderListItemSchema), total: z.number().int(), today: z.string() });

/** A station's worklist: orders waiting or in work there, prioritized first, then by delivery date. */
export const worklistSchema = z.object({
  stationId: z.uuid(),
  stationName: z.string(),
  data: z.array(orderListItemSchema.extend({ inWork: z.boolean() })),
});

/** The shop-floor display: the announcement line and every order in production. */
export const advertisementViewSchema = z.object({
  comment: z.string(),
  updatedAt: isoDate.nullable(),
  orders: z.array(orderListItemSchema),
});

/** One entry of an order's history: the event, who caused it, when, and its data (the browser folds these with `evolveOrder`). */
export const orderHistoryEntrySchema = z.object({
  version: z.number().int(),
  type: z.string(),
  at: isoDate,
  who: z.object({ userId: z.string().nullable(), role: z.enum(roles).nullable(), name: z.string().nullable() }),
  data: z.record(z.string(), z.unknown()),
});

export const orderHistorySchema = z.object({ orderId: z.uuid(), orderNumber: z.string(), data: z.array(orderHistoryEntrySchema) });

export function orderHistoryEntry(event: StoredEvent, names: Map<string, string>): z.infer<typeof orderHistoryEntrySchema> {
  const role = event.metadata.role;
  const userId = event.metadata.userId ?? null;
  return {
    version: event.streamVersion,
    type: event.type,
    at: event.recordedAt.toISOString(),
    who: {
      userId,
      role: roles.includes(role as (typeof roles)[number]) ? (role as (typeof roles)[number]) : null,
      name: userId ? (names.get(userId) ?? null) : null,
    },
    data: (event.data ?? {}) as Record<string, unknown>,
  };
}

/** Today's calendar day (UTC): what "delayed" compares delivery dates with. */
export const todayOf = (now: Date) => calendarDayOf(now);
