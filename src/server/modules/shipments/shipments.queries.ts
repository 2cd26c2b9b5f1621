import { sql, type Expression } from 'kysely';
import { piecesOf } from '../../../domain/orders/order.decider.js';
import { availableShipmentActions, editableShipmentStatuses } from '../../../domain/shipments/shipment.decider.js';
import { shipmentEvents, shipmentStreamId } from '../../../domain/shipments/shipment.events.js';
import { shipmentSortColumns, type ShipmentListQuery, type ShipmentSortColumn, type ShipmentStatus } from '../../../domain/shipments/shipment.schema.js';
import type { ShipmentHistory, ShipmentListItem, ShipmentPage, ShipmentView, ShippableOrders } from '../../../domain/shipments/shipments.views.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { parseSort } from '../../../domain/shared/paging.js';
import { likePattern, type Executor } from '../../platform/db.js';
import type { EventStore } from '../../platform/event-store.js';
import { historyEntriesOf } from '../identity/index.js';
import { orderSummariesOf, shippableOrderRows, type OrderShipment } from '../orders/index.js';
import './shipments.tables.js';

const notFound = () => new DomainError('SHIPPING_ORDER_NOT_FOUND');

/** The shipping date as `YYYY-MM-DD` text, whatever the driver makes of a `date`. */
const shippingDay = sql<string>`to_char(shipments.shipping_date, 'YYYY-MM-DD')`.as('shipping_date');

const listColumns = [
  'shipments.id',
  'shipments.number',
  'shipments.shipment_number',
  'shipments.status',
  'shipments.customer_name',
  'shipments.carrier_id',
  'shipments.carrier_name',
  'shipments.tracking_id',
  'shipments.link',
  'shipments.order_ids',
  'shipments.version',
  'shipments.created_at',
  'shipments.updated_at',
] as const;

const sortExpressions: Record<ShipmentSortColumn, Expression<unknown>> = {
  number: sql`shipments.number`,
  shipmentNumber: sql`shipments.shipment_number`,
  customerName: sql`lower(shipments.customer_name)`,
  carrierName: sql`lower(shipments.carrier_name)`,
  shippingDate: sql`shipments.shipping_date`,
  status: sql`shipments.status`,
  createdAt: sql`shipments.created_at`,
  updatedAt: sql`shipments.updated_at`,
};

function orderOf(sort: string) {
  const { column, descending } = parseSort(sort, shipmentSortColumns, 'number');
  return sql`${sortExpressions[column]} ${descending ? sql`desc` : sql`asc`} nulls last, shipments.id asc`;
}

/** The list page as one statement: the page's rows with the count of all matches beside each. */
function shipmentListStatement(db: Executor, query: ShipmentListQuery) {
  const pattern = query.q ? likePattern(query.q) : undefined;
  return db
    .selectFrom('shipments')
    .select(listColumns)
    .select([shippingDay, sql<string>`count(*) over ()`.as('total')])
    .$if(query.status !== undefined, (q) => q.where('shipments.status', 'in', query.status as ShipmentStatus[]))
    .$if(query.orderId !== undefined, (q) => q.where(sql<boolean>`${query.orderId}::uuid = any(shipments.order_ids)`))
    .$if(pattern !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          eb('shipments.shipment_number', 'ilike', pattern as string),
          eb('shipments.customer_name', 'ilike', pattern as string),
          eb('shipments.carrier_name', 'ilike', pattern as string),
          eb('shipments.tracking_id', 'ilike', pattern as string),
        ]),
      ),
    )
    .orderBy(orderOf(query.sort))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
}

type ShipmentListRow = Awaited<ReturnType<ReturnType<typeof shipmentListStatement>['execute']>>[number];

const iso = (value: Date | string) => new Date(value).toISOString();

function listItemOf(row: Omit<ShipmentListRow, 'total'>): ShipmentListItem {
  return {
    id: row.id,
    number: row.number,
    shipmentNumber: row.shipment_number,
    status: row.status,
    customerName: row.customer_name,
    carrier: { carrierId: row.carrier_id, name: row.carrier_name },
    trackingId: row.tracking_id,
    link: row.link,
    shippingDate: row.shipping_date,
    orderIds: row.order_ids,
    version: row.version,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** One page of the company's shipments and how many match in all. */
export async function shipmentPageOf(db: Executor, query: ShipmentListQuery): Promise<ShipmentPage> {
  let rows = await shipmentListStatement(db, query).execute();
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && query.page > 1) {
    // Asked past the end: the page is empty, but the count still says how many there are.
    total = Number((await shipmentListStatement(db, { ...query, page: 1, limit: 1 }).execute())[0]?.total ?? 0);
    rows = [];
  }
  return { data: rows.map(listItemOf), total, page: query.page, limit: query.limit };
}

/** The shipment's list row with its folded state; undefined when the company has none of this id. */
export async function findShipmentRow(db: Executor, shipmentId: string) {
  return db.selectFrom('shipments').selectAll('shipments').select(shippingDay).where('shipments.id', '=', shipmentId).executeTakeFirst();
}

/** The shipment as its details screen shows it, with each order's status now; read in the transaction that may just have changed it. */
export async function shipmentViewOf(db: Executor, shipmentId: string): Promise<ShipmentView> {
  const row = await findShipmentRow(db, shipmentId);
  if (!row) throw notFound();
  const state = row.state;
  const orders = new Map(
    (
      await orderSummariesOf(
        db,
        state.orders.map((order) => order.orderId),
      )
    ).map((order) => [order.orderId, order]),
  );
  const attachments = await db
    .selectFrom('shipment_attachments')
    .select(['id', 'file_name', 'content_type', 'size'])
    .where('shipment_id', '=', shipmentId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return {
    ...listItemOf(row),
    orders: state.orders.flatMap((shipped) => {
      const order = orders.get(shipped.orderId);
      if (!order) return [];
      const ordered = piecesOf(order.positions);
      return [
        { id: shipped.orderId, orderNumber: shipped.orderNumber, status: order.status, name: order.customerName, quantity: shipped.quantity ?? null, ordered },
      ];
    }),
    attachments: attachments.map((attachment) => ({
      id: attachment.id,
      fileName: attachment.file_name,
      contentType: attachment.content_type,
      size: attachment.size,
    })),
    editable: editableShipmentStatuses.includes(state.status),
    actions: availableShipmentActions(state),
  };
}

/** The shipment an order is in, as the order details show it (installed into the orders module). */
export async function shipmentOfOrder(db: Executor, shipmentId: string): Promise<OrderShipment> {
  const row = await db.selectFrom('shipments').select(['id', 'shipment_number', 'status']).where('id', '=', shipmentId).executeTakeFirst();
  return row ? { id: row.id, shipmentNumber: row.shipment_number, status: row.status } : null;
}

/** An attachment of a shipment of the company; undefined for another company's or an unknown one. */
export async function findAttachment(db: Executor, shipmentId: string, attachmentId: string) {
  return db.selectFrom('shipment_attachments').selectAll().where('shipment_id', '=', shipmentId).where('id', '=', attachmentId).executeTakeFirst();
}

/** The customer orders the shipment form's picker offers: pieces ready to ship, in no open shipment. */
export async function shippableOrdersOf(db: Executor, options: { q?: string; limit: number }): Promise<ShippableOrders> {
  const rows = await shippableOrderRows(db, options);
  return {
    data: rows.map((row) => ({
      id: row.id,
      orderNumber: row.order_number,
      name: row.name,
      place: row.place,
      deliveryDate: row.delivery_date,
      ordered: row.ordered,
      readyQuantity: row.readyQuantity,
    })),
  };
}

/** Every event of the shipment with who caused it and when; fold `data` with `evolveShipment` to replay. */
export async function shipmentHistoryOf(db: Executor, eventStore: EventStore, shipmentId: string): Promise<ShipmentHistory> {
  const events = await eventStore.readStream(db, shipmentEvents, shipmentStreamId(shipmentId));
  if (events.length === 0) throw notFound();
  const created = events[0];
  return {
    shipmentId,
    shipmentNumber: created.type === 'ShipmentCreated' ? created.data.shipmentNumber : '',
    data: await historyEntriesOf(db, events),
  };
}
