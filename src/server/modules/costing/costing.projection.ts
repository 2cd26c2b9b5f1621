import { sql } from 'kysely';
import { costingEvents, type CostingEvent } from '../../../domain/costing/costing.events.js';
import { materialCostOf, plannedMinutesOf, roundMoney, type BomPart } from '../../../domain/costing/costing.rules.js';
import { materialEvents, type MaterialEvent } from '../../../domain/materials/materials.events.js';
import { orderEvents, type OrderEvent, type OrderPosition, type StockMove } from '../../../domain/orders/order.events.js';
import { employeeEvents, type EmployeeEvent } from '../../../domain/team/employee.events.js';
import type { Tx } from '../../platform/db.js';
import { eventProjection, knownRecordedOf, type InlineProjection } from '../../platform/event-store.js';
import type { PlannedStep } from './costing.tables.js';
import './costing.tables.js';

type RateKind = 'machine' | 'labour' | 'material';

/** The amount of a target's rate or price that applies at `at` (null: none yet). */
export async function amountAt(tx: Tx, kind: RateKind, target: string, targetId: string | null, at: string): Promise<number | null> {
  let query = tx
    .selectFrom('costing_rates')
    .select('amount')
    .where('kind', '=', kind)
    .where('target', '=', target)
    .where('effective_from', '<=', new Date(at))
    .where((eb) => eb.or([eb('effective_to', 'is', null), eb('effective_to', '>', new Date(at))]));
  query = targetId === null ? query.where('target_id', 'is', null) : query.where('target_id', '=', targetId);
  const row = await query.orderBy('effective_from', 'desc').orderBy('set_at', 'desc').limit(1).executeTakeFirst();
  return row ? Number(row.amount) : null;
}

/** Each rate of the target counts until the next one's `effective_from` (of equal ones the later set wins; the earlier gets an empty span). */
async function recordRate(tx: Tx, companyId: string, event: CostingEvent): Promise<void> {
  const { validFrom, effectiveFrom, setBy, at } = event.data;
  const [id, kind, target, targetId, amount] =
    event.type === 'MachineRateSet'
      ? [event.data.rateId, 'machine' as const, 'station', event.data.stationId, event.data.hourlyRate]
      : event.type === 'LabourRateSet'
        ? [event.data.rateId, 'labour' as const, event.data.target, event.data.targetId, event.data.hourlyRate]
        : [event.data.priceId, 'material' as const, 'material', event.data.materialId, event.data.price];
  await tx
    .insertInto('costing_rates')
    .values({
      id,
      company_id: companyId,
      kind,
      target,
      target_id: targetId,
      amount,
      valid_from: validFrom,
      effective_from: effectiveFrom,
      effective_to: null,
      set_by: setBy,
      set_at: at,
    })
    .execute();
  await sql`
    update costing_rates set effective_to = next.effective_to
    from (
      select id, lead(effective_from) over (order by effective_from, set_at, id) as effective_to
      from costing_rates
      where company_id = ${companyId} and kind = ${kind} and target = ${target} and target_id is not distinct from ${targetId}
    ) next
    where costing_rates.id = next.id and costing_rates.effective_to is distinct from next.effective_to
  `.execute(tx);
}

/** The material cost of one piece of each material at `at`: its bill of materials now, each purchased part at its price then. */
async function materialCostsAt(tx: Tx, materialIds: readonly string[], at: string): Promise<Map<string, { cost: number; complete: boolean }>> {
  const parts = new Map<string, BomPart>();
  let wanted = [...new Set(materialIds)];
  while (wanted.length > 0) {
    const rows = await tx.selectFrom('costing_materials').select(['material_id', 'components']).where('material_id', 'in', wanted).execute();
    for (const row of rows) parts.set(row.material_id, { price: await amountAt(tx, 'material', 'material', row.material_id, at), components: row.components });
    wanted = [...new Set(rows.flatMap((row) => row.components.map((component) => component.materialId)))].filter((id) => !parts.has(id));
  }
  return new Map(materialIds.map((id) => [id, materialCostOf(id, parts)]));
}

/** A production order's plan at `at`: BOM material × pieces, and per station planned minutes × machine rate and × the standard labour rate. */
async function planOrder(tx: Tx, companyId: string, orderId: string, at: string): Promise<void> {
  const order = await tx.selectFrom('costing_orders').selectAll().where('order_id', '=', orderId).executeTakeFirst();
  await tx.deleteFrom('costing_planned_stations').where('order_id', '=', orderId).execute();
  if (!order || order.kind !== 'production' || order.split_from_order_id !== null || order.material_id === null) return;
  const material = (await materialCostsAt(tx, [order.material_id], at)).get(order.material_id) ?? { cost: 0, complete: false };
  const steps = (await tx.selectFrom('costing_materials').select('steps').where('material_id', '=', order.material_id).executeTakeFirst())?.steps ?? [];
  const minutes = new Map<string, number>();
  for (const step of steps)
    minutes.set(step.stationId, (minutes.get(step.stationId) ?? 0) + plannedMinutesOf(step.setupMinutes, step.pieceMinutes, order.pieces));
  const labourRate = await amountAt(tx, 'labour', 'standard', null, at);
  for (const [stationId, planned] of minutes) {
    const machineRate = await amountAt(tx, 'machine', 'station', stationId, at);
    await tx
      .insertInto('costing_planned_stations')
      .values({
        order_id: orderId,
        station_id: stationId,
        company_id: companyId,
        minutes: planned,
        labour: roundMoney((planned / 60) * (labourRate ?? 0)),
        machine: roundMoney((planned / 60) * (machineRate ?? 0)),
        complete: labourRate !== null && machineRate !== null,
      })
      .execute();
  }
  await tx
    .updateTable('costing_orders')
    .set({ planned_material: roundMoney(material.cost * order.pieces), material_complete: material.complete })
    .where('order_id', '=', orderId)
    .execute();
}

const piecesOf = (positions: readonly OrderPosition[]) => positions.reduce((total, position) => total + position.quantity, 0);
const netPriceOf = (positions: readonly OrderPosition[]) => roundMoney(positions.reduce((total, position) => total + position.quantity * position.netPrice, 0));

/** Pieces taken from stock for a customer order: their material cost counts as planned and consumed alike. */
async function takeFromStock(tx: Tx, orderId: string, moves: readonly StockMove[], at: string): Promise<void> {
  if (moves.length === 0) return;
  const costs = await materialCostsAt(
    tx,
    moves.map((move) => move.materialId),
    at,
  );
  let total = 0;
  let complete = true;
  for (const move of moves) {
    const cost = costs.get(move.materialId) ?? { cost: 0, complete: false };
    total += cost.cost * move.quantity;
    complete &&= cost.complete;
  }
  await tx
    .updateTable('costing_orders')
    .set({
      planned_material: sql<number>`planned_material + ${roundMoney(total)}`,
      actual_material: sql<number>`actual_material + ${roundMoney(total)}`,
      material_complete: sql<boolean>`material_complete and ${complete}`,
    })
    .where('order_id', '=', orderId)
    .execute();
}

/** A production order entered the line: its material is consumed, priced then (an order split off another consumes none of its own). */
async function consumeMaterial(tx: Tx, orderId: string, at: string): Promise<void> {
  const order = await tx
    .selectFrom('costing_orders')
    .select(['material_id', 'pieces', 'split_from_order_id', 'started_at'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  if (!order || order.material_id === null || order.split_from_order_id !== null || order.started_at !== null) return;
  const material = (await materialCostsAt(tx, [order.material_id], at)).get(order.material_id) ?? { cost: 0, complete: false };
  await tx
    .updateTable('costing_orders')
    .set({
      started_at: at,
      actual_material: roundMoney(material.cost * order.pieces),
      material_complete: sql<boolean>`material_complete and ${material.complete}`,
    })
    .where('order_id', '=', orderId)
    .execute();
}

async function createOrder(tx: Tx, companyId: string, event: Extract<OrderEvent, { type: 'OrderCreated' }>): Promise<void> {
  const { orderId, kind, orderNumber, details, positions, parentOrderId, splitFromOrderId, at } = event.data;
  await tx
    .insertInto('costing_orders')
    .values({
      order_id: orderId,
      company_id: companyId,
      kind,
      order_number: orderNumber,
      customer_order_id: parentOrderId,
      client_id: event.data.clientId ?? null,
      customer: details.name,
      material_id: positions[0]?.materialId ?? null,
      pieces: piecesOf(positions),
      net_price: netPriceOf(positions),
      created_at: at,
      split_from_order_id: splitFromOrderId ?? null,
      started_at: null,
      planned_material: 0,
      actual_material: 0,
      material_complete: true,
      pieces_scrap: 0,
    })
    .onConflict((conflict) => conflict.column('order_id').doNothing())
    .execute();
  await planOrder(tx, companyId, orderId, at);
}

async function changeOrder(tx: Tx, companyId: string, event: Extract<OrderEvent, { type: 'OrderChanged' }>): Promise<void> {
  const { orderId, details, positions, at } = event.data;
  await tx
    .updateTable('costing_orders')
    .set({
      customer: details.name,
      client_id: event.data.clientId ?? null,
      material_id: positions[0]?.materialId ?? null,
      pieces: piecesOf(positions),
      net_price: netPriceOf(positions),
    })
    .where('order_id', '=', orderId)
    .execute();
  const order = await tx.selectFrom('costing_orders').select('started_at').where('order_id', '=', orderId).executeTakeFirst();
  if (order && order.started_at === null) await planOrder(tx, companyId, orderId, at);
}

/** Machine time: an order's work at a station from started to completed (or the order canceled). */
async function endStationWork(tx: Tx, orderId: string, stationId: string | null, at: string): Promise<void> {
  let query = tx
    .updateTable('costing_station_work')
    .set({ ended_at: at, seconds: sql<number>`greatest(0, extract(epoch from (${new Date(at)}::timestamptz - started_at)))` })
    .where('order_id', '=', orderId)
    .where('ended_at', 'is', null);
  if (stationId !== null) query = query.where('station_id', '=', stationId);
  await query.execute();
}

async function projectOrder(tx: Tx, companyId: string, event: OrderEvent): Promise<void> {
  switch (event.type) {
    case 'OrderCreated':
      return createOrder(tx, companyId, event);
    case 'OrderChanged':
      return changeOrder(tx, companyId, event);
    case 'ProductionStarted':
      return takeFromStock(tx, event.data.orderId, event.data.takenFromStock, event.data.at);
    case 'ProductionOrderStarted':
      return consumeMaterial(tx, event.data.orderId, event.data.at);
    case 'WorkStarted':
      await endStationWork(tx, event.data.orderId, event.data.stationId, event.data.at);
      await tx
        .insertInto('costing_station_work')
        .values({
          order_id: event.data.orderId,
          station_id: event.data.stationId,
          started_at: event.data.at,
          company_id: companyId,
          ended_at: null,
          seconds: null,
        })
        .onConflict((conflict) => conflict.columns(['order_id', 'station_id', 'started_at']).doNothing())
        .execute();
      return;
    case 'WorkCompleted':
      return endStationWork(tx, event.data.orderId, event.data.stationId, event.data.at);
    case 'OrderCanceled':
      return endStationWork(tx, event.data.orderId, null, event.data.at);
    case 'QuantityReported':
      await tx
        .updateTable('costing_orders')
        .set((eb) => ({ pieces_scrap: eb('pieces_scrap', '+', event.data.scrap) }))
        .where('order_id', '=', event.data.orderId)
        .execute();
      return;
    default:
      return;
  }
}

/** A material's row of `costing_materials` as its event carries it: name, number, positions and planned steps. */
function materialRow(material: Extract<MaterialEvent, { type: 'MaterialCreated' }>['data']['material']) {
  const steps: PlannedStep[] = material.manufacturingSteps.flatMap((step) =>
    step.stationId === null || (step.time === null && step.setupTime === null)
      ? []
      : [{ stationId: step.stationId, setupMinutes: step.setupTime, pieceMinutes: step.time }],
  );
  const components = JSON.stringify(material.components.map((component) => ({ materialId: component.materialId, quantity: component.quantity })));
  return { name: material.name, material_number: material.materialNumber, components, steps: JSON.stringify(steps) };
}

async function projectMaterial(tx: Tx, companyId: string, event: MaterialEvent): Promise<void> {
  if (event.type === 'MaterialDeleted') {
    await tx.deleteFrom('costing_materials').where('material_id', '=', event.data.materialId).execute();
    return;
  }
  if (event.type !== 'MaterialCreated' && event.type !== 'MaterialUpdated') return;
  const { material } = event.data;
  const row = materialRow(material);
  await tx
    .insertInto('costing_materials')
    .values({ material_id: material.id, company_id: companyId, ...row })
    .onConflict((conflict) => conflict.column('material_id').doUpdateSet(row))
    .execute();
}

/** New materials of one append (a bulk import's thousands): their rows in multi-row inserts of this many. */
const newMaterialsChunk = 2000;

/** Rows of new materials, each created once in the append (`appendEach`), inserted together. */
async function insertNewMaterials(
  tx: Tx,
  created: readonly { companyId: string; material: Extract<MaterialEvent, { type: 'MaterialCreated' }>['data']['material'] }[],
) {
  for (let start = 0; start < created.length; start += newMaterialsChunk) {
    await tx
      .insertInto('costing_materials')
      .values(
        created
          .slice(start, start + newMaterialsChunk)
          .map(({ companyId, material }) => ({ material_id: material.id, company_id: companyId, ...materialRow(material) })),
      )
      .execute();
  }
}

/** A person's job title over time: a change closes the span held and opens the next. */
async function projectEmployee(tx: Tx, companyId: string, event: EmployeeEvent): Promise<void> {
  if (event.type !== 'EmployeeOrganizationChanged') return;
  const { userId, organization, at } = event.data;
  const current = await tx
    .selectFrom('costing_job_titles')
    .select(['from_at', 'job_title_id'])
    .where('user_id', '=', userId)
    .where('to_at', 'is', null)
    .executeTakeFirst();
  if ((current?.job_title_id ?? null) === organization.jobTitleId) return;
  if (current) {
    await tx.updateTable('costing_job_titles').set({ to_at: at }).where('user_id', '=', userId).where('from_at', '=', current.from_at).execute();
  }
  await tx
    .insertInto('costing_job_titles')
    .values({ company_id: companyId, user_id: userId, from_at: at, to_at: null, job_title_id: organization.jobTitleId })
    .onConflict((conflict) => conflict.columns(['user_id', 'from_at']).doUpdateSet({ job_title_id: organization.jobTitleId, to_at: null }))
    .execute();
}

type CostingProjected = CostingEvent | OrderEvent | MaterialEvent | EmployeeEvent;

/**
 * The costing's read models (docs/labour-and-costs.md, "Costs"), written in the append's transaction:
 * rates and prices with their spans, materials' bills and planned times, people's job titles over
 * time, orders with the material planned (at creation) and consumed (at the line's start), and machine
 * time per order and station. Every value comes from the events, in log order, so a rebuild writes the same rows.
 */
const costingPerEvent = eventProjection<CostingProjected>({
  name: 'costing',
  events: [costingEvents, orderEvents, materialEvents, employeeEvents],
  tables: ['costing_rates', 'costing_job_titles', 'costing_materials', 'costing_orders', 'costing_planned_stations', 'costing_station_work'],
  async project(tx, event, { companyId, streamType }) {
    if (!companyId) return;
    if (streamType === costingEvents.streamType && costingEvents.has(event)) return recordRate(tx, companyId, event);
    if (streamType === materialEvents.streamType && materialEvents.has(event)) return projectMaterial(tx, companyId, event);
    if (streamType === employeeEvents.streamType && employeeEvents.has(event)) return projectEmployee(tx, companyId, event);
    if (streamType === orderEvents.streamType && orderEvents.has(event)) return projectOrder(tx, companyId, event);
  },
});

/**
 * The costing projection. An append of many new materials (a bulk import, `appendEach`) writes their
 * rows in multi-row inserts; every other append goes event by event, in log order.
 */
export const costingProjection: InlineProjection = {
  ...costingPerEvent,
  async apply(tx, events) {
    const created = events.flatMap((stored) => {
      const event = stored.streamType === materialEvents.streamType ? knownRecordedOf(materialEvents, stored) : undefined;
      return event?.type === 'MaterialCreated' && stored.companyId ? [{ companyId: stored.companyId, material: event.data.material }] : [];
    });
    if (created.length < 2 || created.length !== events.length) return costingPerEvent.apply(tx, events);
    await insertNewMaterials(tx, created);
  },
};
