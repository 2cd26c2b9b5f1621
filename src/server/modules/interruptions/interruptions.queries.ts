import { sql } from 'kysely';
import type { InterruptionListQuery } from '../../../domain/interruptions/interruption.schema.js';
import type { InterruptionPage, InterruptionView } from '../../../domain/interruptions/interruptions.views.js';
import type { Executor } from '../../platform/db.js';
import { pageOfRows } from '../../platform/paging.js';
import { activeEntryName, type EntryUsageReader } from '../team/index.js';
import './interruptions.tables.js';

const nameOf = (alias: 'rep' | 'res') =>
  sql<
    string | null
  >`coalesce(nullif(trim(concat_ws(' ', ${sql.ref(`${alias}.first_name`)}, ${sql.ref(`${alias}.last_name`)})), ''), ${sql.ref(`${alias}.username`)})`;

const interruptionsJoined = (db: Executor) =>
  db
    .selectFrom('interruptions as i')
    .leftJoin('stations as st', 'st.id', 'i.station_id')
    .leftJoin('orders as o', 'o.id', 'i.order_id')
    .leftJoin('users as rep', 'rep.id', 'i.reported_by')
    .leftJoin('users as res', 'res.id', 'i.resolved_by');

const withColumns = (query: ReturnType<typeof interruptionsJoined>) =>
  query.select([
    'i.id',
    'i.station_id',
    'i.order_id',
    'i.reason_id',
    'i.reason_name',
    'i.note',
    'i.reported_by',
    'i.reported_at',
    'i.resolved_by',
    'i.resolved_at',
    'i.resolution_note',
    'i.expected_end_at',
    'i.version',
    'st.name as station_name',
    'o.order_number',
    nameOf('rep').as('reporter_name'),
    nameOf('res').as('resolver_name'),
  ]);

type InterruptionRow = Awaited<ReturnType<ReturnType<typeof withColumns>['execute']>>[number];

function viewOf(row: InterruptionRow, now: Date): InterruptionView {
  const end = row.resolved_at ?? now;
  return {
    id: row.id,
    stationId: row.station_id,
    stationName: row.station_name ?? null,
    orderId: row.order_id,
    orderNumber: row.order_number ?? null,
    reason: { id: row.reason_id, name: row.reason_name },
    note: row.note,
    reportedAt: row.reported_at.toISOString(),
    reportedBy: { userId: row.reported_by, name: row.reporter_name ?? '' },
    resolvedAt: row.resolved_at?.toISOString() ?? null,
    resolvedBy: row.resolved_by ? { userId: row.resolved_by, name: row.resolver_name ?? '' } : null,
    resolutionNote: row.resolution_note,
    expectedEndAt: row.expected_end_at?.toISOString() ?? null,
    durationSeconds: Math.max(0, Math.round((end.getTime() - row.reported_at.getTime()) / 1000)),
    version: row.version,
  };
}

/** One page of the company's interruptions, newest report first, filtered by open, station and order. */
export async function interruptionPageOf(db: Executor, query: InterruptionListQuery, now: Date): Promise<InterruptionPage> {
  let base = interruptionsJoined(db);
  // A station deleted while stopped stops nothing any more: boards do not show it red.
  if (query.open === true) base = base.where('i.resolved_at', 'is', null).where('st.id', 'is not', null);
  if (query.open === false) base = base.where('i.resolved_at', 'is not', null);
  if (query.stationId) base = base.where('i.station_id', '=', query.stationId);
  if (query.orderId) base = base.where('i.order_id', '=', query.orderId);
  const { rows, total } = await pageOfRows(base, query, (rows) => withColumns(rows).orderBy('i.reported_at', 'desc').orderBy('i.id'));
  return { data: rows.map((row) => viewOf(row, now)), total, page: query.page, limit: query.limit };
}

/** One interruption of the company; undefined when absent or another company's. */
export async function interruptionViewOf(db: Executor, interruptionId: string, now: Date): Promise<InterruptionView | undefined> {
  const row = await withColumns(interruptionsJoined(db)).where('i.id', '=', interruptionId).executeTakeFirst();
  return row && viewOf(row, now);
}

/** The station an interruption was reported at; undefined when absent or another company's. */
export async function stationOfInterruption(db: Executor, interruptionId: string): Promise<string | undefined> {
  const row = await db.selectFrom('interruptions').select('station_id').where('id', '=', interruptionId).executeTakeFirst();
  return row?.station_id;
}

/** The name of an active entry of the company's interruption reasons; undefined when it is none. */
export function activeInterruptionReason(db: Executor, reasonId: string): Promise<string | undefined> {
  return activeEntryName(db, 'interruptionReasons', reasonId);
}

/** How many interruptions name each of these reasons (the team module's usage count of its master data). */
export const interruptionReasonUsage: EntryUsageReader = async (db, entryIds) => {
  const rows = await db
    .selectFrom('interruptions')
    .select(['reason_id', (eb) => eb.fn.countAll<string>().as('count')])
    .where('reason_id', 'in', [...entryIds])
    .groupBy('reason_id')
    .execute();
  return new Map(rows.map((row) => [row.reason_id, Number(row.count)]));
};

/** Whether an order of the company has this id (another company's is not seen). */
export async function orderExists(db: Executor, orderId: string): Promise<boolean> {
  return (await db.selectFrom('orders').select('id').where('id', '=', orderId).executeTakeFirst()) !== undefined;
}

/** The open interruptions of every station (the capacity plan's stops). */
export async function openInterruptionsOf(
  db: Executor,
): Promise<{ id: string; stationId: string; reasonId: string; reasonName: string; reportedAt: Date; expectedEndAt: Date | null }[]> {
  const rows = await db
    .selectFrom('interruptions')
    .select(['id', 'station_id', 'reason_id', 'reason_name', 'reported_at', 'expected_end_at'])
    .where('resolved_at', 'is', null)
    .orderBy('reported_at')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    stationId: row.station_id,
    reasonId: row.reason_id,
    reasonName: row.reason_name,
    reportedAt: row.reported_at,
    expectedEndAt: row.expected_end_at ?? null,
  }));
}
