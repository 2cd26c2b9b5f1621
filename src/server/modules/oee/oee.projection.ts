import { interruptionEvents, type InterruptionEvent } from '../../../domain/interruptions/interruption.events.js';
import { materialEvents, type MaterialEvent } from '../../../domain/materials/materials.events.js';
import { plannedTimeAt } from '../../../domain/oee/planned-time.rules.js';
import { orderEvents, type OrderEvent, type OrderPosition } from '../../../domain/orders/order.events.js';
import type { Tx } from '../../platform/db.js';
import { eventProjection } from '../../platform/event-store.js';
import './oee.tables.js';

const piecesOf = (positions: readonly OrderPosition[]) => positions.reduce((sum, position) => sum + position.quantity, 0);
/** The order's one material; null when its positions name several (no one planned time fits). */
const materialOf = (positions: readonly OrderPosition[]) => {
  const ids = new Set(positions.map((position) => position.materialId));
  return ids.size === 1 ? [...ids][0] : null;
};

/** The planned minutes per piece of the order's material at the station, as the projection knows them now. */
async function pieceMinutesAt(tx: Tx, orderId: string, stationId: string): Promise<number | null> {
  const row = await tx
    .selectFrom('oee_orders')
    .innerJoin('oee_material_times', 'oee_material_times.material_id', 'oee_orders.material_id')
    .select('oee_material_times.piece_minutes')
    .where('oee_orders.order_id', '=', orderId)
    .where('oee_material_times.station_id', '=', stationId)
    .executeTakeFirst();
  return row?.piece_minutes ?? null;
}

/**
 * The facts of OEE (docs/oee.md), written in the append's transaction from material, order and
 * interruption events: planned times per material and station, orders, pieces reported per station
 * (a `QuantityReported`; a `WorkCompleted` without one since its `WorkStarted` counts the order's
 * pieces as good), orders of reworked pieces (split off for rework: not a first pass) and
 * interruptions as downtime. Every value comes from the events, so a rebuild
 * from the log writes the same rows.
 */
type OeeEvent = MaterialEvent | OrderEvent | InterruptionEvent;

export const oeeProjection = eventProjection<OeeEvent>({
  name: 'oee',
  events: [materialEvents, orderEvents, interruptionEvents],
  tables: ['oee_material_times', 'oee_orders', 'oee_station_work', 'oee_reports', 'oee_downtimes', 'oee_rework_orders'],
  async project(tx, event, { companyId, streamVersion }) {
    if (!companyId) return;
    switch (event.type) {
      case 'MaterialCreated':
      case 'MaterialUpdated':
        return keepPlannedTimes(tx, companyId, event);
      case 'MaterialDeleted':
        await tx.deleteFrom('oee_material_times').where('material_id', '=', event.data.materialId).execute();
        return;
      case 'OrderCreated':
        await tx
          .insertInto('oee_orders')
          .values({
            order_id: event.data.orderId,
            company_id: companyId,
            order_number: event.data.orderNumber,
            material_id: materialOf(event.data.positions),
            pieces: piecesOf(event.data.positions),
          })
          .onConflict((conflict) => conflict.column('order_id').doNothing())
          .execute();
        return;
      case 'OrderChanged':
        await tx
          .updateTable('oee_orders')
          .set({ material_id: materialOf(event.data.positions), pieces: piecesOf(event.data.positions) })
          .where('order_id', '=', event.data.orderId)
          .execute();
        return;
      case 'WorkStarted':
        await tx
          .insertInto('oee_station_work')
          .values({ order_id: event.data.orderId, station_id: event.data.stationId, company_id: companyId, started_at: event.data.at, reported: false })
          .onConflict((conflict) => conflict.columns(['order_id', 'station_id']).doUpdateSet({ started_at: event.data.at, reported: false }))
          .execute();
        return;
      case 'QuantityReported':
        return recordReport(tx, companyId, streamVersion, event);
      case 'OrderSplit':
        return recordReworkOrder(tx, companyId, event);
      case 'WorkCompleted':
        return recordCompletion(tx, companyId, streamVersion, event);
      case 'InterruptionReported':
        return recordDowntime(tx, companyId, event);
      case 'InterruptionResolved':
        await tx.updateTable('oee_downtimes').set({ to_at: event.data.at }).where('interruption_id', '=', event.data.interruptionId).execute();
        return;
      default:
        return;
    }
  },
});

/** A material's planned times per station, as its manufacturing steps say now. */
async function keepPlannedTimes(tx: Tx, companyId: string, event: Extract<OeeEvent, { type: 'MaterialCreated' | 'MaterialUpdated' }>): Promise<void> {
  const { material } = event.data;
  const stations = [...new Set(material.manufacturingSteps.map((step) => step.stationId).filter((id): id is string => id !== null))];
  // A new material has no rows yet: one without steps at stations needs no statement (a bulk import's 10,000).
  if (event.type === 'MaterialUpdated') await tx.deleteFrom('oee_material_times').where('material_id', '=', material.id).execute();
  if (stations.length === 0) return;
  await tx
    .insertInto('oee_material_times')
    .values(
      stations.map((stationId) => {
        const planned = plannedTimeAt(material.manufacturingSteps, stationId);
        return {
          material_id: material.id,
          station_id: stationId,
          company_id: companyId,
          setup_minutes: planned.setupMinutes,
          piece_minutes: planned.pieceMinutes,
        };
      }),
    )
    .execute();
}

/** The pieces reported at a station, with the planned time per piece as it is now. */
async function recordReport(tx: Tx, companyId: string, streamVersion: number, event: Extract<OeeEvent, { type: 'QuantityReported' }>): Promise<void> {
  const { orderId, stationId } = event.data;
  const work = await tx
    .selectFrom('oee_station_work')
    .select('started_at')
    .where('order_id', '=', orderId)
    .where('station_id', '=', stationId)
    .executeTakeFirst();
  const { at, good, scrap, rework, scrapReasonId, scrapReason } = event.data;
  await insertReport(tx, {
    companyId,
    streamVersion,
    orderId,
    stationId,
    at,
    workStartedAt: work?.started_at ?? null,
    good,
    scrap,
    rework,
    scrapReasonId,
    scrapReason,
  });
  if (work) await tx.updateTable('oee_station_work').set({ reported: true }).where('order_id', '=', orderId).where('station_id', '=', stationId).execute();
}

/** Marks an order of reworked pieces (first-pass yield leaves it out). */
async function recordReworkOrder(tx: Tx, companyId: string, event: Extract<OeeEvent, { type: 'OrderSplit' }>): Promise<void> {
  // Pieces split off for rework, or split off an order of reworked pieces, come back for a second attempt.
  const { orderId, childOrderId, reason } = event.data;
  const reworked =
    reason === 'rework' || (await tx.selectFrom('oee_rework_orders').select('order_id').where('order_id', '=', orderId).executeTakeFirst()) !== undefined;
  if (!reworked) return;
  await tx
    .insertInto('oee_rework_orders')
    .values({ order_id: childOrderId, company_id: companyId })
    .onConflict((conflict) => conflict.column('order_id').doNothing())
    .execute();
}

/** Work done; completed before quantities were reported, the order's pieces count as good. */
async function recordCompletion(tx: Tx, companyId: string, streamVersion: number, event: Extract<OeeEvent, { type: 'WorkCompleted' }>): Promise<void> {
  const { orderId, stationId } = event.data;
  const work = await tx
    .deleteFrom('oee_station_work')
    .where('order_id', '=', orderId)
    .where('station_id', '=', stationId)
    .returning('reported')
    .executeTakeFirst();
  if (work?.reported) return;
  // Completed before quantities were reported: the order's pieces count as good.
  const order = await tx.selectFrom('oee_orders').select('pieces').where('order_id', '=', orderId).executeTakeFirst();
  await insertReport(tx, {
    companyId,
    streamVersion,
    orderId,
    stationId,
    at: event.data.at,
    workStartedAt: event.data.workStartedAt,
    good: order?.pieces ?? 0,
    scrap: 0,
    rework: 0,
    scrapReasonId: null,
    scrapReason: null,
  });
}

/** An interruption: downtime of its station from now until resolved. */
async function recordDowntime(tx: Tx, companyId: string, event: Extract<OeeEvent, { type: 'InterruptionReported' }>): Promise<void> {
  const { interruptionId, stationId, orderId, reasonId, reasonName, at } = event.data;
  await tx
    .insertInto('oee_downtimes')
    .values({
      interruption_id: interruptionId,
      company_id: companyId,
      station_id: stationId,
      order_id: orderId,
      reason_id: reasonId,
      reason_name: reasonName,
      from_at: at,
      to_at: null,
    })
    .onConflict((conflict) => conflict.column('interruption_id').doNothing())
    .execute();
}

/** One row of pieces made at a station (an append's stream version keys it, so a replay writes it once). */
async function insertReport(
  tx: Tx,
  report: {
    companyId: string;
    streamVersion: number;
    orderId: string;
    stationId: string;
    at: string;
    workStartedAt: Date | string | null;
    good: number;
    scrap: number;
    rework: number;
    scrapReasonId: string | null;
    scrapReason: string | null;
  },
): Promise<void> {
  await tx
    .insertInto('oee_reports')
    .values({
      order_id: report.orderId,
      stream_version: report.streamVersion,
      company_id: report.companyId,
      station_id: report.stationId,
      at: report.at,
      work_started_at: report.workStartedAt,
      good: report.good,
      scrap: report.scrap,
      rework: report.rework,
      scrap_reason_id: report.scrapReasonId,
      scrap_reason: report.scrapReason,
      piece_minutes: await pieceMinutesAt(tx, report.orderId, report.stationId),
    })
    .onConflict((conflict) => conflict.columns(['order_id', 'stream_version']).doNothing())
    .execute();
}
