import { sql } from 'kysely';
import { lotSortColumns, type LotListQuery } from '../../../domain/lots/lot.schema.js';
import type { LotGenealogy, LotListItem, LotOrigins, LotRecall, LotView, RecallRow } from '../../../domain/lots/lots.views.js';
import { parseSort } from '../../../domain/shared/paging.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { likePattern, totalOfPage, type Executor } from '../../platform/db.js';
import type { LotRow } from './lots.tables.js';
import './lots.tables.js';

const receivedDay = sql<string>`to_char(lots.received_on, 'YYYY-MM-DD')`.as('received_on');

const lotColumns = [
  'lots.id',
  'lots.company_id',
  'lots.number',
  'lots.origin',
  'lots.material_id',
  'lots.material_name',
  'lots.material_number',
  'lots.order_id',
  'lots.order_number',
  'lots.supplier',
  'lots.supplier_lot_number',
  'lots.quantity',
  'lots.remaining',
  'lots.has_certificate',
  'lots.state',
  'lots.version',
] as const;

export const lotItemOf = (row: LotRow): LotListItem => ({
  id: row.id,
  number: row.number,
  origin: row.origin,
  materialId: row.material_id,
  materialName: row.material_name,
  materialNumber: row.material_number,
  unit: row.state.unit,
  orderId: row.order_id,
  orderNumber: row.order_number,
  supplier: row.supplier,
  supplierLotNumber: row.supplier_lot_number,
  quantity: Number(row.quantity),
  remaining: Number(row.remaining),
  receivedOn: row.received_on,
  hasCertificate: row.has_certificate,
  serials: row.state.serials ?? [],
  version: row.version,
});

/** A lot of the company (another company's: undefined). */
export async function findLotRow(db: Executor, lotId: string): Promise<LotRow | undefined> {
  return db.selectFrom('lots').select(lotColumns).select(receivedDay).where('lots.id', '=', lotId).executeTakeFirst();
}

async function lotRowOrNotFound(db: Executor, lotId: string): Promise<LotRow> {
  const row = await findLotRow(db, lotId);
  if (!row) throw new DomainError('NOT_FOUND');
  return row;
}

export async function lotViewOf(db: Executor, lotId: string): Promise<LotView> {
  const row = await lotRowOrNotFound(db, lotId);
  const { certificate, consumptions } = row.state;
  return {
    ...lotItemOf(row),
    certificate: certificate ? { fileName: certificate.fileName, size: certificate.size, at: certificate.at } : null,
    consumptions,
  };
}

const sortColumn = { number: 'lots.number', receivedOn: 'lots.received_on', material: 'lots.material_name' } as const;

/** GET /api/lots: `q` in the lot number, the supplier's lot (heat) number, the material and the supplier. */
export async function lotPageOf(db: Executor, query: LotListQuery) {
  let filtered = db.selectFrom('lots');
  if (query.origin) filtered = filtered.where('origin', '=', query.origin);
  if (query.materialId) filtered = filtered.where('material_id', '=', query.materialId);
  if (query.available === 'true') filtered = filtered.where('remaining', '>', '0' as never);
  if (query.q) {
    const like = likePattern(query.q);
    filtered = filtered.where((eb) =>
      eb.or([eb('number', 'ilike', like), eb('supplier_lot_number', 'ilike', like), eb('material_name', 'ilike', like), eb('supplier', 'ilike', like)]),
    );
  }
  const { column, descending } = parseSort(query.sort, lotSortColumns, 'number');
  const rows = await filtered
    .select(lotColumns)
    .select(receivedDay)
    .select(sql<number>`count(*) over ()`.as('total'))
    .orderBy(sortColumn[column], descending ? 'desc' : 'asc')
    .orderBy('lots.id')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  const total = await totalOfPage(rows, query.page, async () => (await filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return { data: rows.map(lotItemOf), total, page: query.page, limit: query.limit };
}

/**
 * Where a lot went (docs/quality-and-lots.md, Genealogy): the production orders that consumed it, the
 * orders split off them, the lots they made and, again, what consumed those; one recursive query over the
 * genealogy's edges (`lot_consumptions`, `orders.split_from_order_id`, lots made by an order).
 */
function reachedFromLot(lotId: string) {
  return sql`
    with recursive reach(kind, id) as (
      select 'lot'::text, ${lotId}::uuid
      union
      select step.kind, step.id from reach r cross join lateral (
        select 'order'::text as kind, c.order_id as id from lot_consumptions c where r.kind = 'lot' and c.lot_id = r.id
        union all
        select 'order', o.id from orders o where r.kind = 'order' and o.split_from_order_id = r.id
        union all
        select 'lot', l.id from lots l where r.kind = 'order' and l.origin = 'produced' and l.order_id = r.id
      ) step
    )`;
}

/** The customer orders the reached production orders were made for, and their shipments with the delivery bills printed. */
function recallRowsSql(lotId: string) {
  return sql<{
    customer: string;
    customer_order_id: string;
    customer_order_number: string;
    shipment_id: string | null;
    shipment_number: string | null;
    shipping_date: string | null;
    delivery_bills: string[];
    serials: string[];
  }>`
    ${reachedFromLot(lotId)},
    customer_orders as (
      select distinct c.id, c.order_number, c.name
      from reach r join orders p on r.kind = 'order' and p.id = r.id
      join orders c on c.id = p.parent_order_id and c.kind = 'customer'
    )
    select co.name as customer, co.id as customer_order_id, co.order_number as customer_order_number,
      s.id as shipment_id, s.shipment_number, to_char(s.shipping_date, 'YYYY-MM-DD') as shipping_date,
      coalesce((select array_agg(d.document_number order by d.number) from documents d
        where d.subject_type = 'shipment' and d.subject_id = s.id and d.type = 'delivery-bill'), '{}') as delivery_bills,
      coalesce((select array_agg(ls.serial order by ls.serial) from reach rl
        join lots l on rl.kind = 'lot' and l.id = rl.id join orders p on p.id = l.order_id and p.parent_order_id = co.id
        join lot_serials ls on ls.lot_id = l.id), '{}') as serials
    from customer_orders co
    left join (shipment_orders so join shipments s on s.id = so.shipment_id and s.status <> 'canceled') on so.order_id = co.id
    order by co.name, co.order_number, s.shipment_number`;
}

const recallRowOf = (row: Awaited<ReturnType<typeof recallRows>>[number]): RecallRow => ({
  customer: row.customer,
  customerOrderId: row.customer_order_id,
  customerOrderNumber: row.customer_order_number,
  shipmentId: row.shipment_id,
  shipmentNumber: row.shipment_number,
  shippingDate: row.shipping_date,
  deliveryBills: row.delivery_bills,
  serials: row.serials,
});

async function recallRows(db: Executor, lotId: string) {
  return (await recallRowsSql(lotId).execute(db)).rows;
}

/** GET /api/lots/{id}/recall: the customers and delivery bills the lot reached (a customer order not shipped yet: no shipment). */
export async function lotRecallOf(db: Executor, lotId: string): Promise<LotRecall> {
  const lot = lotItemOf(await lotRowOrNotFound(db, lotId));
  return { lot, rows: (await recallRows(db, lotId)).map(recallRowOf) };
}

/** GET /api/lots/{id}/genealogy: everything the lot went into, up to the shipments and customers. */
export async function lotGenealogyOf(db: Executor, lotId: string): Promise<LotGenealogy> {
  const lot = lotItemOf(await lotRowOrNotFound(db, lotId));
  const reached = (await sql<{ kind: 'lot' | 'order'; id: string }>`${reachedFromLot(lotId)} select kind, id from reach`.execute(db)).rows;
  const orderIds = reached.filter((node) => node.kind === 'order').map((node) => node.id);
  const lotIds = reached.filter((node) => node.kind === 'lot' && node.id !== lotId).map((node) => node.id);
  const productionOrders = orderIds.length
    ? await db.selectFrom('orders').select(['id', 'order_number', 'status', 'positions']).where('id', 'in', orderIds).orderBy('order_number').execute()
    : [];
  const producedLots = lotIds.length
    ? await db.selectFrom('lots').select(lotColumns).select(receivedDay).where('lots.id', 'in', lotIds).orderBy('lots.number').execute()
    : [];
  const recall = (await recallRows(db, lotId)).map(recallRowOf);
  const customerOrders = [...new Map(recall.map((row) => [row.customerOrderId, row])).values()];
  const statuses = customerOrders.length
    ? new Map(
        (
          await db
            .selectFrom('orders')
            .select(['id', 'status'])
            .where(
              'id',
              'in',
              customerOrders.map((row) => row.customerOrderId),
            )
            .execute()
        ).map((row) => [row.id, row.status]),
      )
    : new Map<string, string>();
  const shipmentIds = [...new Set(recall.flatMap((row) => (row.shipmentId ? [row.shipmentId] : [])))];
  const shipments = shipmentIds.length
    ? await db
        .selectFrom('shipments')
        .select(['id', 'shipment_number', 'status', 'customer_name'])
        .select(sql<string>`to_char(shipping_date, 'YYYY-MM-DD')`.as('shipping_date'))
        .where('id', 'in', shipmentIds)
        .orderBy('shipment_number')
        .execute()
    : [];
  return {
    lot,
    productionOrders: productionOrders.map((row) => ({
      orderId: row.id,
      orderNumber: row.order_number,
      status: row.status,
      materialName: row.positions[0]?.materialName ?? '',
    })),
    producedLots: producedLots.map(lotItemOf),
    customerOrders: customerOrders.map((row) => ({
      orderId: row.customerOrderId,
      orderNumber: row.customerOrderNumber,
      customer: row.customer,
      status: statuses.get(row.customerOrderId) ?? '',
    })),
    shipments: shipments.map((row) => ({
      shipmentId: row.id,
      shipmentNumber: row.shipment_number,
      status: row.status,
      shippingDate: row.shipping_date,
      customer: row.customer_name,
      deliveryBills: recall.find((entry) => entry.shipmentId === row.id)?.deliveryBills ?? [],
    })),
    customers: [...new Set(customerOrders.map((row) => row.customer))].sort((a, b) => a.localeCompare(b)),
  };
}

/** The lots with a certificate on file in a customer order or a shipment (the origins' lots), with the certificate's ids. */
export async function certificatesIn(db: Executor, from: { orderId?: string; shipmentId?: string }) {
  const withCertificate = (await lotOriginsOf(db, from)).lots.filter((lot) => lot.hasCertificate);
  const certificates: { lotId: string; lotNumber: string; certificateId: string; fileName: string }[] = [];
  for (const lot of withCertificate) {
    const certificate = (await findLotRow(db, lot.id))?.state.certificate;
    if (certificate) certificates.push({ lotId: lot.id, lotNumber: lot.number, certificateId: certificate.certificateId, fileName: certificate.fileName });
  }
  return certificates;
}

/**
 * Every lot in a customer order or a shipment (docs/quality-and-lots.md, Genealogy, downwards): the lots
 * its production orders made and consumed, the orders those were split off, and the orders that made
 * the consumed lots, down to the bought ones with their certificates. One recursive query.
 */
export async function lotOriginsOf(db: Executor, from: { orderId?: string; shipmentId?: string }): Promise<LotOrigins> {
  const start = from.shipmentId
    ? sql`select p.id from shipment_orders so join orders p on p.parent_order_id = so.order_id where so.shipment_id = ${from.shipmentId}::uuid`
    : sql`select p.id from orders p where p.parent_order_id = ${from.orderId ?? null}::uuid union select ${from.orderId ?? null}::uuid`;
  const exists = from.shipmentId
    ? await db.selectFrom('shipments').select('id').where('id', '=', from.shipmentId).executeTakeFirst()
    : await db
        .selectFrom('orders')
        .select('id')
        .where('id', '=', from.orderId ?? '')
        .executeTakeFirst();
  if (!exists) throw new DomainError('NOT_FOUND');
  const rows = await sql<LotRow>`
    with recursive reach(kind, id) as (
      select 'order'::text, id from (${start}) s
      union
      select step.kind, step.id from reach r cross join lateral (
        select 'order'::text as kind, o.split_from_order_id as id from orders o where r.kind = 'order' and o.id = r.id and o.split_from_order_id is not null
        union all
        select 'lot', c.lot_id from lot_consumptions c where r.kind = 'order' and c.order_id = r.id
        union all
        select 'lot', l.id from lots l where r.kind = 'order' and l.origin = 'produced' and l.order_id = r.id
        union all
        select 'order', l.order_id from lots l where r.kind = 'lot' and l.id = r.id and l.origin = 'produced'
      ) step
    )
    select lots.*, to_char(lots.received_on, 'YYYY-MM-DD') as received_on
    from reach join lots on reach.kind = 'lot' and lots.id = reach.id
    order by lots.number`.execute(db);
  return { lots: rows.rows.map(lotItemOf) };
}
