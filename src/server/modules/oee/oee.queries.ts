import { sql } from 'kysely';
import type { WorkingTime } from '../../../domain/company/working-time.rules.js';
import { instantsOf, periodsAsked, zoneOfWorking, type Day, type PeriodRange } from '../../../domain/key-figures/key-figures.rules.js';
import type { KeyFigurePeriod } from '../../../domain/key-figures/key-figures.schema.js';
import {
  downtimeMsOf,
  figuresFrom,
  lossParetoOf,
  plannedMsOf,
  plantOeeOf,
  quantityFiguresOf,
  stationOeeOf,
  type DowntimeFact,
  type QuantityFigures,
  type QuantitySums,
} from '../../../domain/oee/oee.rules.js';
import type { OeeLossesView, OeeView } from '../../../domain/oee/oee.views.js';
import type { Executor } from '../../platform/db.js';
import { workingTimeOfCompany } from '../company/index.js';
import { stationNamesById } from '../stations/index.js';
import './oee.tables.js';

/** How many periods the OEE chart shows, the current one included. */
export const oeeSeriesLength: Record<KeyFigurePeriod, number> = { day: 14, week: 12, month: 12 };

const truncUnit: Record<KeyFigurePeriod, string> = { day: 'day', week: 'week', month: 'month' };
const iso = (moment: Date) => moment.toISOString();

/**
 * Pieces per station and period (day, week from Monday or month of the company's time zone) from
 * `from` to `to`: one aggregate over the reports. `unknown` when a report with pieces had no planned time.
 */
async function quantitySumsBetween(db: Executor, period: KeyFigurePeriod, zone: string, from: Date, to: Date) {
  const rows = await db
    .selectFrom('oee_reports')
    .leftJoin('oee_rework_orders', 'oee_rework_orders.order_id', 'oee_reports.order_id')
    .select((eb) => [
      'station_id',
      sql<string>`to_char(date_trunc(${truncUnit[period]}, at at time zone ${zone}), 'YYYY-MM-DD')`.as('start'),
      eb.fn.sum<string>('good').as('good'),
      eb.fn.sum<string>('scrap').as('scrap'),
      eb.fn.sum<string>('rework').as('rework'),
      sql<number | null>`sum(piece_minutes * (good + scrap + rework))`.as('ideal'),
      sql<boolean>`coalesce(bool_or(piece_minutes is null and good + scrap + rework > 0), false)`.as('unknown'),
      sql<string | null>`sum(good) filter (where oee_rework_orders.order_id is null)`.as('first_pass_good'),
      sql<string | null>`sum(good + scrap + rework) filter (where oee_rework_orders.order_id is null)`.as('first_pass_made'),
    ])
    .where('at', '>=', from)
    .where('at', '<', to)
    .groupBy(['station_id', 'start'])
    .execute();
  return rows.map((row) => ({
    stationId: row.station_id,
    start: row.start,
    sums: {
      good: Number(row.good),
      scrap: Number(row.scrap),
      rework: Number(row.rework),
      idealMinutes: row.unknown ? null : Number(row.ideal ?? 0),
      firstPassGood: Number(row.first_pass_good ?? 0),
      firstPassMade: Number(row.first_pass_made ?? 0),
    } satisfies QuantitySums,
  }));
}

/** Interruptions overlapping `from` to `to` (open ones too). */
async function downtimesBetween(db: Executor, from: Date, to: Date, stationId?: string): Promise<DowntimeFact[]> {
  let query = db
    .selectFrom('oee_downtimes')
    .select(['station_id', 'order_id', 'reason_id', 'reason_name', 'from_at', 'to_at'])
    .where('from_at', '<', to)
    .where((eb) => eb.or([eb('to_at', 'is', null), eb('to_at', '>', from)]));
  if (stationId) query = query.where('station_id', '=', stationId);
  const rows = await query.execute();
  return rows.map((row) => ({
    stationId: row.station_id,
    orderId: row.order_id,
    reasonId: row.reason_id,
    reasonName: row.reason_name,
    from: iso(row.from_at),
    to: row.to_at ? iso(row.to_at) : null,
  }));
}

const spanOf = (range: PeriodRange, zone: string) => instantsOf(range, zone);
const emptySums: QuantitySums = { good: 0, scrap: 0, rework: 0, idealMinutes: 0, firstPassGood: 0, firstPassMade: 0 };

/**
 * OEE of the company's stations and plant in the period of this kind holding `day` (default: today
 * in its time zone, live up to `now`), with the plant's series for the chart (docs/oee.md).
 */
export async function oeeOf(
  db: Executor,
  companyId: string,
  period: KeyFigurePeriod,
  asked: Day | undefined,
  now: Date,
  defaultWorkingTime: WorkingTime,
): Promise<OeeView> {
  const working = await workingTimeOfCompany(db, companyId, defaultWorkingTime);
  const { zone, day, ranges, current } = periodsAsked(working, period, asked, now, oeeSeriesLength[period]);
  const first = new Date(spanOf(ranges[0], zone).from);
  const end = new Date(spanOf(current, zone).to);
  const asOf = now.getTime();
  const sums = await quantitySumsBetween(db, period, zone, first, end);
  const downtimes = await downtimesBetween(db, first, end);

  // Sums by period and station, and each period's planned time once (the same for every station).
  const sumsOf = new Map(sums.map((row) => [`${row.start}|${row.stationId}`, row.sums]));
  const stationsOf = (range: PeriodRange) => {
    const span = spanOf(range, zone);
    const plannedMs = plannedMsOf(span, asOf, working);
    const downtimeMs = new Map<string, number>();
    for (const downtime of downtimes) {
      if (Date.parse(downtime.from) >= span.to || (downtime.to !== null && Date.parse(downtime.to) <= span.from)) continue;
      downtimeMs.set(downtime.stationId, (downtimeMs.get(downtime.stationId) ?? 0) + downtimeMsOf(downtime, span, asOf, working));
    }
    const ids = new Set<string>(downtimeMs.keys());
    for (const row of sums) if (row.start === range.start) ids.add(row.stationId);
    return [...ids].sort().map((stationId) => ({
      stationId,
      figures: figuresFrom({ plannedMs, downtimeMs: downtimeMs.get(stationId) ?? 0, ...(sumsOf.get(`${range.start}|${stationId}`) ?? emptySums) }),
    }));
  };
  const series = ranges.map((range) => ({ start: range.start, end: range.end, plant: plantOeeOf(stationsOf(range).map((station) => station.figures)) }));
  const stations = stationsOf(current);
  const names = await stationNamesById(
    db,
    stations.map((station) => station.stationId),
  );
  return {
    period,
    day,
    start: current.start,
    end: current.end,
    live: asOf < spanOf(current, zone).to && asOf >= spanOf(current, zone).from,
    asOf: iso(now),
    plant: series[series.length - 1].plant,
    stations: stations
      .map((station) => ({ ...station, stationName: names.get(station.stationId) ?? '' }))
      .sort((a, b) => a.stationName.localeCompare(b.stationName) || a.stationId.localeCompare(b.stationId)),
    series,
  };
}

/** The loss Pareto of one station (or the plant) in the period holding `day` (docs/oee.md, Losses). */
export async function oeeLossesOf(
  db: Executor,
  companyId: string,
  period: KeyFigurePeriod,
  asked: Day | undefined,
  stationId: string | undefined,
  now: Date,
  defaultWorkingTime: WorkingTime,
): Promise<OeeLossesView> {
  const working = await workingTimeOfCompany(db, companyId, defaultWorkingTime);
  const { zone, day, current: range } = periodsAsked(working, period, asked, now, 1);
  const span = spanOf(range, zone);
  const from = new Date(span.from);
  const to = new Date(span.to);
  let query = db
    .selectFrom('oee_reports')
    .leftJoin('oee_rework_orders', 'oee_rework_orders.order_id', 'oee_reports.order_id')
    .select(['station_id', 'oee_reports.order_id', 'at', 'good', 'scrap', 'rework', 'scrap_reason_id', 'scrap_reason', 'piece_minutes', 'work_started_at'])
    .select(sql<boolean>`oee_rework_orders.order_id is not null`.as('reworked'))
    .where('at', '>=', from)
    .where('at', '<', to);
  if (stationId) query = query.where('station_id', '=', stationId);
  const reports = (await query.execute()).map((row) => ({
    stationId: row.station_id,
    orderId: row.order_id,
    at: iso(row.at),
    good: row.good,
    scrap: row.scrap,
    rework: row.rework,
    scrapReasonId: row.scrap_reason_id,
    scrapReason: row.scrap_reason,
    pieceMinutes: row.piece_minutes,
    workStartedAt: row.work_started_at ? iso(row.work_started_at) : null,
    reworked: row.reworked,
  }));
  const downtimes = await downtimesBetween(db, from, to, stationId);
  const asOf = now.getTime();
  const stationIds = [...new Set(reports.map((report) => report.stationId))].sort();
  const stations = stationIds.map((id) => ({
    stationId: id,
    figures: stationOeeOf(
      span,
      asOf,
      working,
      reports.filter((report) => report.stationId === id),
      downtimes.filter((downtime) => downtime.stationId === id),
    ),
  }));
  const bars = lossParetoOf(span, asOf, working, reports, downtimes, stations);
  const orderIds = [...new Set(bars.flatMap((bar) => bar.orders.map((order) => order.orderId)))];
  const numbers = new Map(
    orderIds.length === 0
      ? []
      : (await db.selectFrom('oee_orders').select(['order_id', 'order_number']).where('order_id', 'in', orderIds).execute()).map((row) => [
          row.order_id,
          row.order_number,
        ]),
  );
  const names = await stationNamesById(db, stationIds);
  return {
    period,
    day,
    stationId: stationId ?? null,
    bars: bars.map((bar) => ({
      ...bar,
      label: bar.kind === 'speed' ? (names.get(bar.key) ?? '') : bar.label,
      orders: bar.orders.map((order) => ({ ...order, orderNumber: numbers.get(order.orderId) ?? '' })),
    })),
  };
}

/**
 * The plant's quality figures (yield, scrap rate, first-pass yield) and OEE per period of these
 * ranges, for the key figures (docs/key-figures.md): keyed by each range's first day.
 */
export async function plantQualityFiguresOf(
  db: Executor,
  ranges: readonly PeriodRange[],
  now: Date,
  working: WorkingTime,
): Promise<Map<Day, QuantityFigures & { oee: number | null }>> {
  const result = new Map<Day, QuantityFigures & { oee: number | null }>();
  if (ranges.length === 0) return result;
  const zone = zoneOfWorking(working);
  const period = ranges[0].period;
  const first = new Date(spanOf(ranges[0], zone).from);
  const end = new Date(spanOf(ranges[ranges.length - 1], zone).to);
  const sums = await quantitySumsBetween(db, period, zone, first, end);
  const downtimes = await downtimesBetween(db, first, end);
  for (const range of ranges) {
    const span = spanOf(range, zone);
    const here = sums.filter((row) => row.start === range.start);
    const plannedMs = plannedMsOf(span, now.getTime(), working);
    const overlapping = downtimes.filter((downtime) => Date.parse(downtime.from) < span.to && (downtime.to === null || Date.parse(downtime.to) > span.from));
    const plant = plantOeeOf(
      here.map((row) =>
        figuresFrom({
          plannedMs,
          downtimeMs: overlapping
            .filter((downtime) => downtime.stationId === row.stationId)
            .reduce((total, downtime) => total + downtimeMsOf(downtime, span, now.getTime(), working), 0),
          ...row.sums,
        }),
      ),
    );
    result.set(range.start, { ...quantityFiguresOf(here.map((row) => row.sums)), oee: plant.oee });
  }
  return result;
}
