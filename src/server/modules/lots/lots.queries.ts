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
interface RecallSqlRow {
  customer: string;
  customer_order_id: string;
  customer_order_number: string;
  shipment_id: string | null;
  shipment_number: string | null;
  shipping_date: string | null;
  delivery_bills: string[];
  serials: string[];
}

function recallRowsSql(lotId: string) {
  return sql<RecallSqlRow>`
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

const recallRowOf = (row: RecallSqlRow): RecallRow => ({
  customer: row.customer,
  customerOrderId: row.customer_order_id,
  customerOrderNumber: row.customer_order_number,
  shipmentId: row.shipment_id,
  shipmentNumber: row.shipment_number,
  shippingDate: row.shipping_date,
  deliveryBills: row.delivery_bills,
  serials: row.serials,
});

/**
 * GET /api/lots/{id}/recall: the customers and delivery bills the lot reached (a customer order not shipped
 * yet: no shipment). One statement: the lot's row with the recall's rows beside it (none reached: one row
 * of the lot alone; another company's or no lot: no row).
 */
export async function lotRecallOf(db: Executor, lotId: string): Promise<LotRecall> {
  const rows = (await lotRecallSql(lotId).execute(db)).rows;
  if (rows.length === 0) throw new DomainError('NOT_FOUND');
  return { lot: lotItemOf(rows[0]), rows: rows.filter((row) => row.customer_order_id !== null).map(recallRowOf) };
}

/** The statement of `lotRecallOf` (the bench explains it). */
export function lotRecallSql(lotId: string) {
  return sql<LotRow & RecallSqlRow>`
    with recall as (${recallRowsSql(lotId)})
    select lots.*, to_char(lots.received_on, 'YYYY-MM-DD') as received_on, recall.*
    from lots left join recall on true
    where lots.id = ${lotId}::uuid
    order by recall.customer, recall.customer_order_number, recall.shipment_number`;
}

/** GET /api/lots/{id}/genealogy: everything the lot went into, up to the shipments and customers. One statement. */
export async function lotGenealogyOf(db: Executor, lotId: string): Promise<LotGenealogy> {
  const row = (
    await sql<
      LotRow & {
        production_orders: { id: string; order_number: string; status: string; material_name: string | null }[];
        produced_lots: LotRow[];
        recall: RecallSqlRow[];
        customer_statuses: Record<string, string> | null;
        shipments: { id: string; shipment_number: string; status: string; customer_name: string; shipping_date: string }[];
      }
    >`
      with recursive recall as (${recallRowsSql(lotId)}),
      reached as (${reachedFromLot(lotId)} select kind, id from reach)
      select lots.*, to_char(lots.received_on, 'YYYY-MM-DD') as received_on,
        (select coalesce(json_agg(json_build_object('id', o.id, 'order_number', o.order_number, 'status', o.status,
            'material_name', o.positions->0->>'materialName') order by o.order_number), '[]')
          from reached r join orders o on r.kind = 'order' and o.id = r.id) as production_orders,
        (select coalesce(json_agg(to_jsonb(l) || jsonb_build_object('received_on', to_char(l.received_on, 'YYYY-MM-DD')) order by l.number), '[]')
          from reached r join lots l on r.kind = 'lot' and l.id = r.id and l.id <> lots.id) as produced_lots,
        (select coalesce(json_agg(row_to_json(recall) order by recall.customer, recall.customer_order_number, recall.shipment_number), '[]')
          from recall) as recall,
        (select json_object_agg(o.id, o.status) from orders o where o.id in (select customer_order_id from recall)) as customer_statuses,
        (select coalesce(json_agg(json_build_object('id', s.id, 'shipment_number', s.shipment_number, 'status', s.status,
            'customer_name', s.customer_name, 'shipping_date', to_char(s.shipping_date, 'YYYY-MM-DD')) order by s.shipment_number), '[]')
          from shipments s where s.id in (select shipment_id from recall)) as shipments
      from lots where lots.id = ${lotId}::uuid`.execute(db)
  ).rows[0];
  if (!row) throw new DomainError('NOT_FOUND');
  const recall = row.recall.map(recallRowOf);
  const customerOrders = [...new Map(recall.map((entry) => [entry.customerOrderId, entry])).values()];
  return {
    lot: lotItemOf(row),
    productionOrders: row.production_orders.map((order) => ({
      orderId: order.id,
      orderNumber: order.order_number,
      status: order.status,
      materialName: order.material_name ?? '',
    })),
    producedLots: row.produced_lots.map(lotItemOf),
    customerOrders: customerOrders.map((entry) => ({
      orderId: entry.customerOrderId,
      orderNumber: entry.customerOrderNumber,
      customer: entry.customer,
      status: row.customer_statuses?.[entry.customerOrderId] ?? '',
    })),
    shipments: row.shipments.map((shipment) => ({
      shipmentId: shipment.id,
      shipmentNumber: shipment.shipment_number,
      status: shipment.status,
      shippingDate: shipment.shipping_date,
      customer: shipment.customer_name,
      deliveryBills: recall.find((entry) => entry.shipmentId === shipment.id)?.deliveryBills ?? [],
    })),
    customers: [...new Set(customerOrders.map((entry) => entry.customer))].sort((a, b) => a.localeCompare(b)),
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
  const rows = (await lotOriginsSql(from).execute(db)).rows;
  if (!rows[0]?.found) throw new DomainError('NOT_FOUND');
  return { lots: rows.filter((row) => row.id !== null).map(lotItemOf) };
}

/**
 * The statement of `lotOriginsOf` (the bench explains it): whether the customer order or shipment is the
 * company's (`found`, on every row), and the lots reached, one row each (none: one row of nulls).
 */
export function lotOriginsSql(from: { orderId?: string; shipmentId?: string }) {
  const subject = from.shipmentId
    ? sql`select id from shipments where id = ${from.shipmentId}::uuid`
    : sql`select id from orders where id = ${from.orderId ?? null}::uuid`;
  const start = from.shipmentId
    ? sql`select p.id from subject join shipment_orders so on so.shipment_id = subject.id join orders p on p.parent_order_id = so.order_id`
    : sql`select p.id from subject join orders p on p.parent_order_id = subject.id union all select id from subject`;
  return sql<LotRow & { found: boolean }>`
    with recursive subject as (${subject}),
    reach(kind, id) as (
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
    select subjects.n > 0 as found, lots.*, to_char(lots.received_on, 'YYYY-MM-DD') as received_on
    from (select count(*) as n from subject) subjects
    left join (reach join lots on reach.kind = 'lot' and lots.id = reach.id) on true
    order by lots.number`;
}
