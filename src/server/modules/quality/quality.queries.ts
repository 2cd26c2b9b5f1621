import { sql, type Selectable } from 'kysely';
import { ncrEvents, ncrStreamId, dispositions } from '../../../domain/quality/ncr.events.js';
import { ncrSortColumns, type NcrListQuery } from '../../../domain/quality/ncr.schema.js';
import type { NcrHistory, NcrListItem, NcrPage, NcrView, QualityFigures } from '../../../domain/quality/quality.views.js';
import { parseSort } from '../../../domain/shared/paging.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { likePattern, totalOfPage, type Executor } from '../../platform/db.js';
import type { EventStore } from '../../platform/event-store.js';
import { userNamesByIds } from '../identity/index.js';
import type { OrderHold } from '../orders/index.js';
import type { NcrsTable } from './quality.tables.js';
import './quality.tables.js';

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

/** The order's open NCR (held or in rework), if any: the orders' hold check (port `orderHoldCheck`). */
export async function openNcrOfOrder(db: Executor, orderId: string): Promise<OrderHold | undefined> {
  const row = await db
    .selectFrom('ncrs')
    .select(['id', 'number', 'status'])
    .where('order_id', '=', orderId)
    .where('status', '<>', 'closed')
    .orderBy('opened_at', 'desc')
    .executeTakeFirst();
  return row && row.status !== 'closed' ? { ncrId: row.id, number: row.number, status: row.status } : undefined;
}

/** The open NCRs of these orders (held or rework), by order id: the boards' hold badge. */
export async function openNcrsOfOrders(db: Executor, orderIds: readonly string[]): Promise<Map<string, OrderHold>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('ncrs')
    .select(['id', 'number', 'status', 'order_id'])
    .where('order_id', 'in', [...new Set(orderIds)])
    .where('status', '<>', 'closed')
    .execute();
  const holds = new Map<string, OrderHold>();
  for (const row of rows) if (row.status !== 'closed') holds.set(row.order_id, { ncrId: row.id, number: row.number, status: row.status });
  return holds;
}

export async function findNcrRow(db: Executor, ncrId: string) {
  return db.selectFrom('ncrs').selectAll().where('id', '=', ncrId).executeTakeFirst();
}

export async function ncrViewOf(db: Executor, ncrId: string): Promise<NcrView> {
  const row = await findNcrRow(db, ncrId);
  if (!row) throw new DomainError('NOT_FOUND');
  const { ncrId: id, ...state } = row.state;
  return { id, ...state, version: row.version };
}

const listItemOf = (row: Selectable<NcrsTable>): NcrListItem => ({
  id: row.id,
  number: row.number,
  status: row.status,
  orderId: row.order_id,
  orderNumber: row.order_number,
  stationId: row.station_id,
  stationName: row.station_name,
  materialName: row.material_name,
  valueName: row.value_name,
  disposition: row.disposition,
  openedAt: new Date(row.opened_at).toISOString(),
  decidedAt: iso(row.decided_at),
  closedAt: iso(row.closed_at),
});

const sortColumn = { number: 'number', openedAt: 'opened_at', status: 'status' } as const;

/** The company's NCRs, filtered (status, disposition, order, station, text in number, order number and material), paged and sorted. */
export async function ncrPageOf(db: Executor, query: NcrListQuery): Promise<NcrPage> {
  let filtered = db.selectFrom('ncrs');
  if (query.status) filtered = filtered.where('status', 'in', query.status);
  if (query.disposition) filtered = filtered.where('disposition', 'in', query.disposition);
  if (query.orderId) filtered = filtered.where('order_id', '=', query.orderId);
  if (query.stationId) filtered = filtered.where('station_id', '=', query.stationId);
  if (query.q) {
    const like = likePattern(query.q);
    filtered = filtered.where((eb) => eb.or([eb('number', 'ilike', like), eb('order_number', 'ilike', like), eb('material_name', 'ilike', like)]));
  }
  const { column, descending } = parseSort(query.sort, ncrSortColumns, 'number');
  const rows = await filtered
    .selectAll()
    .select(sql<number>`count(*) over ()`.as('total'))
    .orderBy(sortColumn[column], descending ? 'desc' : 'asc')
    .orderBy('id')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  const total = await totalOfPage(rows, query.page, async () => (await filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return { data: rows.map(listItemOf), total, page: query.page, limit: query.limit };
}

export async function ncrHistoryOf(db: Executor, eventStore: EventStore, ncrId: string): Promise<NcrHistory> {
  const events = await eventStore.readStream(db, ncrEvents, ncrStreamId(ncrId));
  const opened = events[0];
  if (!opened || opened.type !== 'NonConformanceOpened') throw new DomainError('NOT_FOUND');
  const names = await userNamesByIds(
    db,
    events.flatMap((event) => (event.metadata.userId ? [event.metadata.userId] : [])),
  );
  return {
    ncrId,
    number: opened.data.number,
    data: events.map((event) => ({
      version: event.streamVersion,
      type: event.type,
      at: event.recordedAt.toISOString(),
      who: { userId: event.metadata.userId ?? null, name: event.metadata.userId ? (names.get(event.metadata.userId) ?? null) : null },
      data: { ...event.data },
    })),
  };
}

/** When each NCR opened in [from, to) was opened (the key figures' "NCRs opened", docs/key-figures.md). */
export async function ncrOpeningsBetween(db: Executor, from: Date, to: Date): Promise<string[]> {
  const rows = await db.selectFrom('ncrs').select('opened_at').where('opened_at', '>=', from).where('opened_at', '<', to).execute();
  return rows.map((row) => row.opened_at.toISOString());
}

/**
 * The quality loop's figures of [from, to) (docs/quality-and-lots.md, Definitions): NCRs opened and
 * decided in it, open now, and the first-pass yield of the orders measured in it: the share whose
 * first measurement of every value (ever) lay within tolerance.
 */
export async function qualityFiguresOf(db: Executor, from: Date, to: Date): Promise<QualityFigures> {
  const opened = await db
    .selectFrom('ncrs')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('opened_at', '>=', from)
    .where('opened_at', '<', to)
    .executeTakeFirstOrThrow();
  const openNow = await db
    .selectFrom('ncrs')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '<>', 'closed')
    .executeTakeFirstOrThrow();
  const decidedRows = await db
    .selectFrom('events')
    .select([sql<string>`data->>'disposition'`.as('disposition'), (eb) => eb.fn.countAll<string>().as('n')])
    .where('type', '=', 'NonConformanceDecided')
    .where(sql<boolean>`(data->>'at')::timestamptz >= ${from} and (data->>'at')::timestamptz < ${to}`)
    .groupBy(sql`data->>'disposition'`)
    .execute();
  const decided = Object.fromEntries(
    dispositions.map((d) => [d, Number(decidedRows.find((row) => row.disposition === d)?.n ?? 0)]),
  ) as QualityFigures['decided'];
  const firstPass = await sql<{ measured: string; passed: string }>`
    with measured as (
      select distinct stream_id from events
      where type = 'ValueMeasured' and (data->>'at')::timestamptz >= ${from} and (data->>'at')::timestamptz < ${to}
    ), firsts as (
      select distinct on (e.stream_id, lower(trim(e.data->>'valueName'))) e.stream_id, (e.data->>'passed')::boolean as passed
      from events e join measured m on m.stream_id = e.stream_id
      where e.type = 'ValueMeasured'
      order by e.stream_id, lower(trim(e.data->>'valueName')), e.stream_version
    )
    select count(*) as measured, count(*) filter (where ok) as passed
    from (select stream_id, bool_and(passed) as ok from firsts group by stream_id) per_order
  `.execute(db);
  const measured = Number(firstPass.rows[0]?.measured ?? 0);
  const passed = Number(firstPass.rows[0]?.passed ?? 0);
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    ncrsOpened: Number(opened.n),
    ncrsOpenNow: Number(openNow.n),
    decided,
    ordersMeasured: measured,
    ordersPassedFirstTime: passed,
    firstPassYield: measured === 0 ? null : passed / measured,
  };
}

/** Every NCR of an order, oldest first, as folded (the test protocol prints them). */
export async function ncrsOfOrder(db: Executor, orderId: string): Promise<NcrView[]> {
  const rows = await db.selectFrom('ncrs').selectAll().where('order_id', '=', orderId).orderBy('opened_at').orderBy('number').execute();
  return rows.map((row) => {
    const { ncrId: id, ...state } = row.state;
    return { id, ...state, version: row.version };
  });
}
