import { keyFigureSettingsDecider } from '../../../domain/key-figures/key-figures.decider.js';
import { keyFigureSettingsStreamId } from '../../../domain/key-figures/key-figures.events.js';
import { figuresOf, instantsOf, periodsAsked, stationFiguresOf, type Day, type KeyFigureFacts } from '../../../domain/key-figures/key-figures.rules.js';
import type { KeyFigurePeriod } from '../../../domain/key-figures/key-figures.schema.js';
import type { KeyFigureSettingsView, KeyFiguresView } from '../../../domain/key-figures/key-figures.views.js';
import type { WorkingTime } from '../../../domain/company/working-time.rules.js';
import type { Executor } from '../../platform/db.js';
import { foldStream } from '../../platform/event-store.js';
import { workingTimeOfCompany } from '../company/index.js';
import { plantQualityFiguresOf } from '../oee/index.js';
import { ncrOpeningsBetween } from '../quality/index.js';
import { stationNamesById } from '../stations/index.js';
import './key-figures.tables.js';

/** How many periods the charts show, the current one included. */
export const seriesLength: Record<KeyFigurePeriod, number> = { day: 14, week: 12, month: 12 };

const iso = (moment: Date) => moment.toISOString();

/** The company's targets and home figures as last saved, and the version to save on (0: never saved). */
export async function keyFigureSettings(db: Executor, companyId: string): Promise<KeyFigureSettingsView> {
  const { state, version } = await foldStream(db, keyFigureSettingsDecider, keyFigureSettingsStreamId(companyId));
  return { targets: state.targets, homeFigures: [...state.homeFigures], version };
}

/**
 * The facts of the company (row-level security scopes the tenant) that fall in the days `from` to
 * `to` of its time zone `zone`, as read at `asOf`.
 */
async function factsBetween(db: Executor, from: Day, to: Day, asOf: Date, zone: string): Promise<KeyFigureFacts> {
  const instants = instantsOf({ period: 'day', start: from, end: to }, zone);
  const first = new Date(instants.from);
  const end = new Date(instants.to);
  // One after another: the three reads share the request's transaction.
  const orders = await db
    .selectFrom('key_figure_orders')
    .select(['kind', 'pieces', 'created_at', 'done_at'])
    .select((eb) => eb.fn<string | null>('to_char', ['delivery_date', eb.val('YYYY-MM-DD')]).as('delivery_date'))
    .where('done_at', '>=', first)
    .where('done_at', '<', end)
    .execute();
  const runs = await db
    .selectFrom('key_figure_station_runs')
    .select(['station_id', 'started_at', 'completed_at', 'pieces'])
    .where('completed_at', '>=', first)
    .where('completed_at', '<', end)
    .execute();
  const suggestions = await db
    .selectFrom('key_figure_suggestions')
    .select(['station_id', 'implemented_at'])
    .where('implemented_at', '>=', first)
    .where('implemented_at', '<', end)
    .execute();
  // Interruptions overlapping the periods or the time of any run read (a run may start before the first period).
  const since = runs.reduce((earliest, run) => (run.started_at < earliest ? run.started_at : earliest), first);
  const interruptions = await db
    .selectFrom('key_figure_interruptions')
    .select(['station_id', 'reported_at', 'resolved_at'])
    .where('reported_at', '<', end)
    .where((eb) => eb.or([eb('resolved_at', 'is', null), eb('resolved_at', '>=', since)]))
    .execute();
  // NCRs opened (the quality module's read model, docs/quality-and-lots.md).
  const ncrsOpened = await ncrOpeningsBetween(db, first, end);
  return {
    asOf: iso(asOf),
    interruptions: interruptions.map((row) => ({
      stationId: row.station_id,
      reportedAt: iso(row.reported_at),
      resolvedAt: row.resolved_at ? iso(row.resolved_at) : null,
    })),
    orders: orders.map((row) => ({
      kind: row.kind,
      pieces: row.pieces,
      deliveryDate: row.delivery_date,
      createdAt: iso(row.created_at),
      doneAt: row.done_at ? iso(row.done_at) : null,
    })),
    runs: runs.map((row) => ({ stationId: row.station_id, startedAt: iso(row.started_at), completedAt: iso(row.completed_at), pieces: row.pieces })),
    suggestions: suggestions.map((row) => ({ stationId: row.station_id, implementedAt: row.implemented_at ? iso(row.implemented_at) : null })),
    ncrsOpened,
  };
}

/**
 * The key figures of the period of this kind holding `day`: the period, the one before (the trend),
 * the series of `seriesLength` periods up to it, and per station, against the saved targets. A
 * station's availability counts the company's working time (else `defaultWorkingTime`, the server's WORKING_TIME).
 */
export async function keyFiguresOf(
  db: Executor,
  companyId: string,
  period: KeyFigurePeriod,
  /** A day of the period; undefined: today in the company's time zone. */
  asked: Day | undefined,
  now: Date,
  defaultWorkingTime: WorkingTime,
): Promise<KeyFiguresView> {
  const working = await workingTimeOfCompany(db, companyId, defaultWorkingTime);
  // Days, weeks and months are the company's: they start at midnight in its time zone.
  const { zone, day, ranges, current } = periodsAsked(working, period, asked, now, seriesLength[period]);
  const settings = await keyFigureSettings(db, companyId);
  // Yield, scrap rate, first-pass yield and OEE come from the OEE module's facts (docs/oee.md).
  const quantities = await plantQualityFiguresOf(db, ranges, now, working);
  const facts = { ...(await factsBetween(db, ranges[0].start, current.end, now, zone)), working, quantities };
  const series = ranges.map((range) => figuresOf(range, facts, settings.targets));
  const stations = stationFiguresOf(current, facts);
  const names = await stationNamesById(
    db,
    stations.map((station) => station.stationId),
  );
  return {
    period,
    day,
    current: series[series.length - 1],
    // Every series holds at least two periods.
    previous: series[series.length - 2],
    series,
    stations: stations.map((station) => ({ ...station, stationName: names.get(station.stationId) ?? '' })),
    settings,
  };
}
