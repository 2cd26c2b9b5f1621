import { sql } from 'kysely';
import { calendarDayIn, startOfDayIn } from '../../../domain/company/working-time.rules.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { stationEvents, stationStreamId } from '../../../domain/stations/station.events.js';
import { WIP_STAGE_NAME } from '../../../domain/stations/station.schema.js';
import type { KeyFigures, SequenceView, StationHistory, StationView } from '../../../domain/stations/stations.views.js';
import { likePattern, type Executor } from '../../platform/db.js';
import type { EventStore } from '../../platform/event-store.js';
import { findUserById, historyEntriesOf } from '../identity/index.js';
import './stations.tables.js';

/** A station row with its place in the saved sequence (1-based; null when not in it). */
export async function findStationRow(db: Executor, stationId: string) {
  return db
    .selectFrom('stations')
    .leftJoin('station_sequences as sequence', 'sequence.company_id', 'stations.company_id')
    .selectAll('stations')
    .select([
      sql<number | null>`array_position(sequence.station_ids, stations.id)`.as('sequence_position'),
      sql<boolean>`coalesce(sequence.start_station_id = stations.id, false)`.as('is_start_station'),
    ])
    .where('stations.id', '=', stationId)
    .executeTakeFirst();
}

export type StationRow = NonNullable<Awaited<ReturnType<typeof findStationRow>>>;

export type StationSort = 'sequence' | 'name';

export interface StationListQuery {
  page: number;
  limit: number;
  /** Part of the name, any case. */
  q?: string;
  /** `sequence` (default): the saved sequence first, in order, then the other stations by name. */
  sort: StationSort;
}

/** One page of the company's stations and how many match in all. */
export async function listStationRows(db: Executor, query: StationListQuery): Promise<{ rows: StationRow[]; total: number }> {
  const pattern = query.q ? likePattern(query.q) : undefined;
  const base = db
    .selectFrom('stations')
    .leftJoin('station_sequences as sequence', 'sequence.company_id', 'stations.company_id')
    .$if(pattern !== undefined, (q) => q.where('stations.name', 'ilike', pattern as string));
  const rows = await base
    .selectAll('stations')
    .select([
      sql<number | null>`array_position(sequence.station_ids, stations.id)`.as('sequence_position'),
      sql<boolean>`coalesce(sequence.start_station_id = stations.id, false)`.as('is_start_station'),
    ])
    .$if(query.sort === 'sequence', (q) => q.orderBy(sql`array_position(sequence.station_ids, stations.id)`, (order) => order.asc().nullsLast()))
    .orderBy('stations.name')
    .orderBy('stations.id')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  return { rows, total: Number(total) };
}

/** Names of the company's stations, but the one being edited: a name is unique per company. */
export async function stationNamesInUse(db: Executor, exceptStationId?: string): Promise<string[]> {
  const rows = await db
    .selectFrom('stations')
    .select('name')
    .$if(exceptStationId !== undefined, (q) => q.where('id', '<>', exceptStationId as string))
    .execute();
  return rows.map((row) => row.name);
}

/** Ids of the company's stations that exist now. */
export async function existingStationIds(db: Executor): Promise<string[]> {
  const rows = await db.selectFrom('stations').select('id').execute();
  return rows.map((row) => row.id);
}

/** The company's saved sequence row, or undefined before the first save. */
export async function findSequenceRow(db: Executor) {
  return db.selectFrom('station_sequences').selectAll().executeTakeFirst();
}

/** Names of the given stations, by id. */
export async function stationNamesById(db: Executor, stationIds: readonly string[]): Promise<Map<string, string>> {
  if (stationIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('stations')
    .select(['id', 'name'])
    .where('id', 'in', [...stationIds])
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The figures shown for a station on the overview (`since` is the start of its "today"). */
export type StationKeyFigures = KeyFigures;

export const noKeyFigures: StationKeyFigures = { worklistCount: 0, cycleTimeSeconds: 0, finishedToday: 0 };

/**
 * Key figures per station from the worklist and completion tables. Both are empty until the
 * orders module feeds them; a station without rows reads zero, never blank.
 */
export async function stationKeyFigures(db: Executor, stationIds: readonly string[], since: Date): Promise<Map<string, StationKeyFigures>> {
  const figures = new Map(stationIds.map((id) => [id, { ...noKeyFigures }]));
  if (stationIds.length === 0) return figures;
  const ids = [...stationIds];
  const worklists = await db
    .selectFrom('station_worklist_entries')
    .select(['station_id', (eb) => eb.fn.countAll<string>().as('count')])
    .where('station_id', 'in', ids)
    .groupBy('station_id')
    .execute();
  for (const row of worklists) figures.get(row.station_id)!.worklistCount = Number(row.count);
  const completions = await db
    .selectFrom('station_completions')
    .select([
      'station_id',
      (eb) => eb.fn.countAll<string>().as('finished'),
      sql<string>`round(avg(extract(epoch from finished_at - arrived_at)))`.as('cycle_seconds'),
    ])
    .where('station_id', 'in', ids)
    .where('finished_at', '>=', since)
    .groupBy('station_id')
    .execute();
  for (const row of completions) {
    const entry = figures.get(row.station_id)!;
    entry.finishedToday = Number(row.finished);
    entry.cycleTimeSeconds = Number(row.cycle_seconds ?? 0);
  }
  return figures;
}

/** Whether an admin authorised the user for the station. */
export async function isAuthorizedForStation(db: Executor, userId: string, stationId: string): Promise<boolean> {
  const row = await db
    .selectFrom('station_authorizations')
    .select('station_id')
    .where('user_id', '=', userId)
    .where('station_id', '=', stationId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The company's user of this id; another company's user is not found (the tenant transaction sees only the company's). */
export async function requireCompanyUser(db: Executor, userId: string) {
  const user = await findUserById(db, userId);
  if (!user) throw new DomainError('USER_NOT_FOUND');
  return user;
}

/** The stations a company user may sign in at. */
export async function stationAuthorizationsOf(db: Executor, userId: string): Promise<string[]> {
  await requireCompanyUser(db, userId);
  return authorizedStationIds(db, userId);
}

/** The stations the user may sign in at, in name order. */
export async function authorizedStationIds(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('station_authorizations')
    .innerJoin('stations', 'stations.id', 'station_authorizations.station_id')
    .select('stations.id')
    .where('station_authorizations.user_id', '=', userId)
    .orderBy('stations.name')
    .execute();
  return rows.map((row) => row.id);
}

export function stationView(row: StationRow, keyFigures: StationKeyFigures): StationView {
  return {
    id: row.id,
    name: row.name,
    parameters: row.parameters.map((p) => ({ name: p.name, value: p.value, unit: p.unit, from: p.from ?? null, to: p.to ?? null })),
    actions: row.actions.map((a) => ({ action: a.action, element: a.element })),
    incomingGoodsCheckIn: row.incoming_goods_check_in,
    valueChecks: { mode: row.value_checks.mode, names: row.value_checks.names, ...(row.value_checks.holdOutOfTolerance ? { holdOutOfTolerance: true } : {}) },
    wipLimit: row.wip_limit ?? null,
    capacity: row.capacity,
    lastMaintenanceAt: row.last_maintenance_at ? new Date(row.last_maintenance_at).toISOString() : null,
    version: row.version,
    sequencePosition: row.sequence_position === null ? null : Number(row.sequence_position),
    isStartStation: row.is_start_station,
    keyFigures,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export function sequenceView(
  saved: { station_ids: string[]; start_station_id: string | null; version: number; saved_at: Date } | undefined,
  names: Map<string, string>,
): SequenceView {
  const stationIds = saved?.station_ids ?? [];
  const startStationId = saved?.start_station_id ?? null;
  return {
    stationIds,
    startStationId,
    stages: [
      ...stationIds.map((stationId) => ({
        kind: 'station' as const,
        stationId,
        name: names.get(stationId) ?? '',
        isStartStation: stationId === startStationId,
      })),
      { kind: 'wip' as const, name: WIP_STAGE_NAME },
    ],
    version: saved?.version ?? 0,
    savedAt: saved ? new Date(saved.saved_at).toISOString() : null,
  };
}

/** The start of the company's day of `now`, local midnight in its `timeZone`: "finished today" counts from here. */
export const startOfDay = (now: Date, timeZone: string) => startOfDayIn(calendarDayIn(now, timeZone), timeZone);

/** A station as GET /api/stations/{id} answers it, with its key figures of the company's day of `now` (in its `timeZone`). */
export async function stationViewOf(db: Executor, stationId: string, now: Date, timeZone: string): Promise<StationView> {
  const row = await findStationRow(db, stationId);
  if (!row) throw new DomainError('NOT_FOUND');
  const figures = await stationKeyFigures(db, [row.id], startOfDay(now, timeZone));
  return stationView(row, figures.get(row.id) ?? noKeyFigures);
}

/** One page of the overview, each station with its key figures of the company's day of `now` (in its `timeZone`). */
export async function stationPageOf(db: Executor, query: StationListQuery, now: Date, timeZone: string) {
  const { rows, total } = await listStationRows(db, query);
  const figures = await stationKeyFigures(
    db,
    rows.map((row) => row.id),
    startOfDay(now, timeZone),
  );
  return { data: rows.map((row) => stationView(row, figures.get(row.id) ?? noKeyFigures)), total, page: query.page, limit: query.limit };
}

/** The saved sequence as the editor draws it. */
export async function sequenceViewOf(db: Executor): Promise<SequenceView> {
  const saved = await findSequenceRow(db);
  return sequenceView(saved, await stationNamesById(db, saved?.station_ids ?? []));
}

/** Every event of the station's stream, with who and when; a station never created (or another company's) is 404. */
export async function stationHistoryOf(db: Executor, eventStore: EventStore, stationId: string): Promise<StationHistory> {
  const events = await eventStore.readStream(db, stationEvents, stationStreamId(stationId));
  if (events.length === 0) throw new DomainError('NOT_FOUND');
  return { stationId, data: await historyEntriesOf(db, events) };
}

/** The users authorised at each station that has any (station rights): the capacity plan's operators. */
export async function authorisedUsersByStation(db: Executor): Promise<Map<string, string[]>> {
  const rows = await db.selectFrom('station_authorizations').select(['station_id', 'user_id']).orderBy('station_id').orderBy('user_id').execute();
  const byStation = new Map<string, string[]>();
  for (const row of rows) byStation.set(row.station_id, [...(byStation.get(row.station_id) ?? []), row.user_id]);
  return byStation;
}
