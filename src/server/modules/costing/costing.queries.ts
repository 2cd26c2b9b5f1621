import { sql } from 'kysely';
import { calendarDayIn, endOfDayIn, startOfDayIn } from '../../../domain/company/working-time.rules.js';
import { customerCostingOf, orderCostingOf, type OrderCosting, type TimeCost } from '../../../domain/costing/costing.rules.js';
import type { MarginsView, OrderCostingView, RatesView, RateView } from '../../../domain/costing/costing.views.js';
import { DomainError } from '../../../domain/shared/errors.js';
import type { Executor } from '../../platform/db.js';
import type { CostingOrdersTable } from './costing.tables.js';
import type { Selectable } from 'kysely';
import './costing.tables.js';

const nameOf = (user: { first_name: string | null; last_name: string | null; username: string | null }) =>
  [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username || '';

/** Every rate and price (newest first) with its target's name, and what one can set rates for. */
export async function ratesOf(db: Executor, now: Date, zone: string): Promise<RatesView> {
  const [stations, jobTitles, users, materials, rates] = await Promise.all([
    db.selectFrom('stations').select(['id', 'name']).orderBy('name').execute(),
    db.selectFrom('master_data_entries').select(['id', 'name']).where('list', '=', 'jobTitles').where('status', '=', 'active').orderBy('name').execute(),
    db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'username'])
      .where('role', '!=', 'MASTER')
      .orderBy('last_name')
      .orderBy('first_name')
      .execute(),
    db.selectFrom('costing_materials').select(['material_id as id', 'name', 'material_number']).orderBy('name').execute(),
    db
      .selectFrom('costing_rates')
      .select(['id', 'kind', 'target', 'target_id', 'amount', sql<string>`to_char(valid_from, 'YYYY-MM-DD')`.as('valid_from'), 'effective_from', 'set_at'])
      .orderBy('set_at', 'desc')
      .orderBy('id')
      .execute(),
  ]);
  const allTitles = await db.selectFrom('master_data_entries').select(['id', 'name']).where('list', '=', 'jobTitles').execute();
  const names = new Map<string, string>([
    ...stations.map((station) => [station.id, station.name] as const),
    ...allTitles.map((title) => [title.id, title.name] as const),
    ...users.map((user) => [user.id, nameOf(user)] as const),
    ...materials.map((material) => [material.id, `${material.name} (${material.material_number})`] as const),
  ]);
  return {
    rates: rates.map((rate): RateView => ({
      id: rate.id,
      kind: rate.kind,
      target: rate.target as RateView['target'],
      targetId: rate.target_id,
      targetName: rate.target_id === null ? '' : (names.get(rate.target_id) ?? ''),
      amount: Number(rate.amount),
      validFrom: rate.valid_from,
      effectiveFrom: rate.effective_from.toISOString(),
      setAt: rate.set_at.toISOString(),
    })),
    stations,
    jobTitles,
    employees: users.map((user) => ({ id: user.id, name: nameOf(user) })),
    materials: materials.map((material) => ({ id: material.id, name: `${material.name} (${material.material_number})` })),
    today: calendarDayIn(now, zone),
  };
}

/** Labour and machine time and cost per order and station, each piece at the rate valid when it started (docs/labour-and-costs.md). */
export interface StationCostRow {
  order_id: string;
  station_id: string;
  kind: 'labour' | 'machine';
  seconds: string;
  cost: string;
  complete: boolean;
}

/**
 * The recorded times of these orders × the rates valid then, summed per order and station: a person's
 * work pieces at their own rate, else their job title's then, else the standard rate; the order's
 * work at a station at the station's machine rate. Closed pieces only (running time counts once it ends).
 */
export async function stationCostsOf(db: Executor, orderIds: readonly string[]): Promise<StationCostRow[]> {
  if (orderIds.length === 0) return [];
  const ids = sql`${`{${orderIds.join(',')}}`}::uuid[]`;
  const valid = (alias: string, at: string) => sql.raw(`${alias}.effective_from <= ${at} and (${alias}.effective_to is null or ${alias}.effective_to > ${at})`);
  const result = await sql<StationCostRow>`
    select p.order_id, p.station_id, 'labour' as kind, sum(p.seconds)::text as seconds,
      round(sum(p.seconds / 3600 * coalesce(er.amount, jr.amount, sr.amount, 0)), 2)::text as cost,
      bool_and(coalesce(er.amount, jr.amount, sr.amount) is not null) as complete
    from labour_work_pieces p
    left join costing_rates er on er.kind = 'labour' and er.target = 'employee' and er.target_id = p.user_id and ${valid('er', 'p.started_at')}
    left join costing_job_titles jt on jt.user_id = p.user_id and jt.from_at <= p.started_at and (jt.to_at is null or jt.to_at > p.started_at)
    left join costing_rates jr on jr.kind = 'labour' and jr.target = 'jobTitle' and jr.target_id = jt.job_title_id and ${valid('jr', 'p.started_at')}
    left join costing_rates sr on sr.kind = 'labour' and sr.target = 'standard' and sr.company_id = p.company_id and ${valid('sr', 'p.started_at')}
    where p.order_id = any(${ids}) and p.seconds is not null
    group by p.order_id, p.station_id
    union all
    select w.order_id, w.station_id, 'machine' as kind, sum(w.seconds)::text as seconds,
      round(sum(w.seconds / 3600 * coalesce(r.amount, 0)), 2)::text as cost,
      bool_and(r.amount is not null) as complete
    from costing_station_work w
    left join costing_rates r on r.kind = 'machine' and r.target = 'station' and r.target_id = w.station_id and ${valid('r', 'w.started_at')}
    where w.order_id = any(${ids}) and w.seconds is not null
    group by w.order_id, w.station_id
  `.execute(db);
  return result.rows;
}

type CostingOrderRow = Selectable<CostingOrdersTable>;

function groupBy<Row>(rows: readonly Row[], keyOf: (row: Row) => string): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

interface PlannedRow {
  order_id: string;
  station_id: string;
  minutes: string;
  labour: string;
  machine: string;
  complete: boolean;
}

/** Each production order's costing from its rows (planned stations, station costs), and whether every figure had its rate. */
function productionCostingsOf(
  orders: readonly CostingOrderRow[],
  planned: readonly PlannedRow[],
  costs: readonly StationCostRow[],
): Map<string, { costing: OrderCosting; complete: boolean }> {
  const costsOf = groupBy(costs, (row) => row.order_id);
  const plannedOf = groupBy(planned, (row) => row.order_id);
  const byOrder = new Map<string, { costing: OrderCosting; complete: boolean }>();
  for (const order of orders) {
    const labour = new Map<string, TimeCost>();
    const machine = new Map<string, TimeCost>();
    let complete = order.material_complete;
    for (const row of costsOf.get(order.order_id) ?? []) {
      (row.kind === 'labour' ? labour : machine).set(row.station_id, { seconds: Number(row.seconds), cost: Number(row.cost), complete: row.complete });
      complete &&= row.complete;
    }
    const plan = plannedOf.get(order.order_id) ?? [];
    complete &&= plan.every((row) => row.complete);
    const costing = orderCostingOf({
      pieces: order.pieces,
      scrap: order.pieces_scrap,
      netPrice: Number(order.net_price),
      plannedMaterial: Number(order.planned_material),
      actualMaterial: Number(order.actual_material),
      planned: plan.map((row) => ({ stationId: row.station_id, minutes: Number(row.minutes), labour: Number(row.labour), machine: Number(row.machine) })),
      labour,
      machine,
    });
    byOrder.set(order.order_id, { costing, complete });
  }
  return byOrder;
}

/** An order's costing, whether every figure had its rate, and (a customer order) its production orders with their actual totals. */
interface OrderCostings {
  costing: OrderCosting;
  complete: boolean;
  parts: { row: CostingOrderRow; actualTotal: number }[];
}

/** The costings of these orders (a customer order: of it and its production orders), computed from the read models. */
export async function costingsOf(db: Executor, orders: readonly CostingOrderRow[]): Promise<Map<string, OrderCostings>> {
  const customerIds = orders.filter((order) => order.kind === 'customer').map((order) => order.order_id);
  const fetched = customerIds.length === 0 ? [] : await db.selectFrom('costing_orders').selectAll().where('customer_order_id', 'in', customerIds).execute();
  // An order asked for and also part of an asked customer order counts once.
  const production = [...new Map([...orders.filter((order) => order.kind !== 'customer'), ...fetched].map((order) => [order.order_id, order])).values()];
  const productionIds = production.map((order) => order.order_id);
  const [planned, costs] = await Promise.all([
    productionIds.length === 0
      ? []
      : db
          .selectFrom('costing_planned_stations')
          .select(['order_id', 'station_id', 'minutes', 'labour', 'machine', 'complete'])
          .where('order_id', 'in', productionIds)
          .execute(),
    stationCostsOf(db, productionIds),
  ]);
  const ofProduction = productionCostingsOf(production, planned, costs);
  const partsOf = groupBy(
    production.filter((part) => part.customer_order_id !== null),
    (part) => part.customer_order_id ?? '',
  );
  const result = new Map<string, OrderCostings>();
  for (const order of orders) {
    if (order.kind !== 'customer') {
      const own = ofProduction.get(order.order_id);
      if (own) result.set(order.order_id, { ...own, parts: [] });
      continue;
    }
    const parts = (partsOf.get(order.order_id) ?? []).sort((a, b) => a.order_number.localeCompare(b.order_number));
    const partCostings = parts.flatMap((part) => ofProduction.get(part.order_id) ?? []);
    result.set(order.order_id, {
      costing: customerCostingOf(
        Number(order.net_price),
        Number(order.actual_material),
        partCostings.map((part) => part.costing),
      ),
      complete: order.material_complete && partCostings.every((part) => part.complete),
      parts: parts.map((part) => ({ row: part, actualTotal: ofProduction.get(part.order_id)?.costing.actual.total ?? 0 })),
    });
  }
  return result;
}

/** One order's costing tab: planned and actual cost, per station with the stations' names, and the margin. */
export async function orderCostingViewOf(db: Executor, orderId: string): Promise<OrderCostingView> {
  const order = await db.selectFrom('costing_orders').selectAll().where('order_id', '=', orderId).executeTakeFirst();
  if (!order) throw new DomainError('NOT_FOUND');
  const found = (await costingsOf(db, [order])).get(orderId);
  if (!found) throw new DomainError('NOT_FOUND');
  const { costing, complete, parts } = found;
  const stationIds = costing.stations.map((station) => station.stationId);
  const stations = stationIds.length === 0 ? [] : await db.selectFrom('stations').select(['id', 'name']).where('id', 'in', stationIds).execute();
  const stationNames = new Map(stations.map((station) => [station.id, station.name]));
  return {
    orderId,
    orderNumber: order.order_number,
    kind: order.kind,
    pieces: order.pieces,
    scrap: order.kind === 'customer' ? parts.reduce((total, part) => total + part.row.pieces_scrap, 0) : order.pieces_scrap,
    netPrice: Number(order.net_price),
    planned: costing.planned,
    actual: costing.actual,
    stations: costing.stations.map((station) => ({ ...station, stationName: stationNames.get(station.stationId) ?? '' })),
    margin: costing.margin,
    marginRate: costing.marginRate,
    complete,
    productionOrders: parts.map((part) => ({ orderId: part.row.order_id, orderNumber: part.row.order_number, actualTotal: part.actualTotal })),
  };
}

/** The instants a report's days span in the company's zone: from the start of `from` to the end of `to`. */
const periodOf = (from: string, to: string, zone: string) => ({ start: startOfDayIn(from, zone), end: endOfDayIn(to, zone) });

interface MarginSum {
  orders: number;
  netPrice: number;
  actualCost: number;
}

const marginOf = (sum: MarginSum) => {
  const margin = Math.round((sum.netPrice - sum.actualCost) * 100) / 100;
  return {
    ...sum,
    netPrice: Math.round(sum.netPrice * 100) / 100,
    actualCost: Math.round(sum.actualCost * 100) / 100,
    margin,
    marginRate: sum.netPrice > 0 ? margin / sum.netPrice : null,
  };
};

/**
 * The margins report: the customer orders created in the period per customer (the directory's client,
 * else the name typed on the order), and the production orders created in it per material; net price,
 * actual cost and margin, highest margin last so the losses come first.
 */
export async function marginsOf(db: Executor, from: string, to: string, zone: string): Promise<MarginsView> {
  const { start, end } = periodOf(from, to, zone);
  const inPeriod = await db
    .selectFrom('costing_orders')
    .selectAll()
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .where('kind', 'in', ['customer', 'production'])
    .execute();
  const costings = await costingsOf(db, inPeriod);
  const customers = new Map<string, MarginSum & { clientId: string | null; customer: string }>();
  const materials = new Map<string, MarginSum & { materialId: string; pieces: number }>();
  for (const order of inPeriod) {
    const actual = costings.get(order.order_id)?.costing.actual.total ?? 0;
    const netPrice = Number(order.net_price);
    if (order.kind === 'customer') {
      const key = order.client_id ?? `name:${order.customer.trim().toLocaleLowerCase()}`;
      const sum = customers.get(key) ?? { clientId: order.client_id, customer: order.customer, orders: 0, netPrice: 0, actualCost: 0 };
      customers.set(key, { ...sum, orders: sum.orders + 1, netPrice: sum.netPrice + netPrice, actualCost: sum.actualCost + actual });
    } else if (order.material_id !== null) {
      const sum = materials.get(order.material_id) ?? { materialId: order.material_id, pieces: 0, orders: 0, netPrice: 0, actualCost: 0 };
      materials.set(order.material_id, {
        ...sum,
        pieces: sum.pieces + order.pieces,
        orders: sum.orders + 1,
        netPrice: sum.netPrice + netPrice,
        actualCost: sum.actualCost + actual,
      });
    }
  }
  const materialIds = [...materials.keys()];
  const materialRows =
    materialIds.length === 0
      ? []
      : await db.selectFrom('costing_materials').select(['material_id', 'name', 'material_number']).where('material_id', 'in', materialIds).execute();
  const materialNames = new Map(materialRows.map((row) => [row.material_id, row]));
  const byMargin = (a: { margin: number }, b: { margin: number }) => a.margin - b.margin;
  return {
    from,
    to,
    customers: [...customers.values()].map((sum) => ({ ...marginOf(sum), clientId: sum.clientId, customer: sum.customer })).sort(byMargin),
    materials: [...materials.values()]
      .map((sum) => ({
        ...marginOf(sum),
        materialId: sum.materialId,
        pieces: sum.pieces,
        material: materialNames.get(sum.materialId)?.name ?? '',
        materialNumber: materialNames.get(sum.materialId)?.material_number ?? '',
      }))
      .sort(byMargin),
  };
}

/** Whether the order is the company's (the tenant transaction sees only its own). */
export async function costingOrderExists(db: Executor, orderId: string): Promise<boolean> {
  return (await db.selectFrom('costing_orders').select('order_id').where('order_id', '=', orderId).executeTakeFirst()) !== undefined;
}
