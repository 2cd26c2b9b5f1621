import { calendarDayIn, startOfDayIn, timeZoneOf, workingMsBetween, type WorkingTime } from '../company/working-time.rules.js';
import type { KeyFigurePeriod, KeyFigureTargets } from './key-figures.schema.js';
import { keyFigureUnits, type KeyFigureId, type ScoredFigureId } from './figure-units.rules.js';

const DAY_MS = 86_400_000;

/** A calendar day, `YYYY-MM-DD`, in the company's time zone. */
export type Day = string;

/** One period: its first day and the day after its last (days of the company's time zone). */
export interface PeriodRange {
  period: KeyFigurePeriod;
  start: Day;
  /** The first day after the period. */
  end: Day;
}

/** The day an instant falls on in `zone` (the company's: its working time's zone). */
export const dayOf = (moment: Date | string, zone = 'UTC'): Day => calendarDayIn(moment, zone);

/** The time zone the figures count days in: the working time's (UTC without one). */
export const zoneOfWorking = (working: WorkingTime | undefined): string => (working ? timeZoneOf(working) : 'UTC');

/** The instants a period runs from and to: local midnights in `zone`. */
export const instantsOf = (range: PeriodRange, zone: string) => ({
  from: startOfDayIn(range.start, zone).getTime(),
  to: startOfDayIn(range.end, zone).getTime(),
});
const addDays = (day: Day, days: number): Day => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The period of this kind that holds `day`: the day itself, its week from Monday, or its calendar month. */
export function periodOf(period: KeyFigurePeriod, day: Day): PeriodRange {
  switch (period) {
    case 'day':
      return { period, start: day, end: addDays(day, 1) };
    case 'week': {
      const start = addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
      return { period, start, end: addDays(start, 7) };
    }
    case 'month': {
      const [year, month] = day.split('-').map(Number);
      const start = `${day.slice(0, 7)}-01`;
      const next = new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
      return { period, start, end: next };
    }
    default: {
      const _exhaustive: never = period;
      return _exhaustive;
    }
  }
}

/** The period before `range`. */
export const previousPeriod = (range: PeriodRange): PeriodRange => periodOf(range.period, addDays(range.start, -1));

/** The `count` periods up to the one holding `day`, oldest first. */
export function periodsUpTo(period: KeyFigurePeriod, day: Day, count: number): PeriodRange[] {
  const ranges = [periodOf(period, day)];
  while (ranges.length < count) ranges.unshift(previousPeriod(ranges[0]));
  return ranges;
}

/**
 * The periods a report asks for, in the company's calendar: the `count` periods of this kind up to
 * the one holding `asked` (default: the day `now` falls on in the working time's zone), oldest first.
 */
export function periodsAsked(working: WorkingTime, period: KeyFigurePeriod, asked: Day | undefined, now: Date, count: number) {
  const zone = zoneOfWorking(working);
  const day = asked ?? dayOf(now, zone);
  const ranges = periodsUpTo(period, day, count);
  return { zone, day, ranges, current: ranges[ranges.length - 1] };
}

/** Days in the period: what a per-day target is multiplied by. */
export const daysIn = (range: PeriodRange): number => Math.round((Date.parse(range.end) - Date.parse(range.start)) / DAY_MS);

const inRange = (moment: string | null, range: PeriodRange, zone: string): moment is string =>
  moment !== null && dayOf(moment, zone) >= range.start && dayOf(moment, zone) < range.end;

/** The median (the mean of the two middle values for an even count); null without values. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The 90th percentile by nearest rank: the value at rank ceil(0.9 n) of the sorted values; null without values. */
export function percentile90(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(0.9 * sorted.length) - 1];
}

const seconds = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 1000);
const rounded = (value: number | null) => (value === null ? null : Math.round(value));

/** An order as the figures read it (the projection's row). */
export interface OrderFact {
  kind: 'customer' | 'production' | 'logistics';
  pieces: number;
  deliveryDate: Day | null;
  createdAt: string;
  /**
   * When the order counts as done: a production order when it finished its last station, a
   * customer order when it was dispatched (a stock order: when it became ready to use). Null until then.
   */
  doneAt: string | null;
}

/** Work done at a station: one Start to Complete. */
export interface StationRunFact {
  stationId: string;
  startedAt: string;
  completedAt: string;
  /** The order's pieces. */
  pieces: number;
}

/** An improvement suggestion; `implementedAt` while it stands as implemented. */
export interface SuggestionFact {
  stationId: string | null;
  implementedAt: string | null;
}

/** An interruption (Andon) at a station; `resolvedAt` null while it is open. */
export interface InterruptionFact {
  stationId: string;
  reportedAt: string;
  resolvedAt: string | null;
}

export interface KeyFigureFacts {
  orders: readonly OrderFact[];
  runs: readonly StationRunFact[];
  suggestions: readonly SuggestionFact[];
  /** Interruptions overlapping the runs and periods read; none given reads as none recorded. */
  interruptions?: readonly InterruptionFact[];
  /** The moment the facts were read: an open interruption lasts until it, and a period is observed up to it. Default: the end of time. */
  asOf?: string;
  /** The company's working time: a station's availability counts only it. None given: calendar time. */
  working?: WorkingTime;
  /** The plant's pieces figures and OEE per period (docs/oee.md), by the period's first day; a period missing reads as no data. */
  quantities?: ReadonlyMap<Day, QuantityKeyFigures>;
  /** When each non-conformance report (NCR) was opened (docs/quality-and-lots.md); none given reads as none opened. */
  ncrsOpened?: readonly string[];
}

/** The figures of reported pieces and OEE of one period: shares 0-1, null without data (docs/oee.md, Key figures). */
export interface QuantityKeyFigures {
  yield: number | null;
  scrapRate: number | null;
  firstPassYield: number | null;
  oee: number | null;
}

const endOfTime = Number.POSITIVE_INFINITY;
const momentOf = (facts: KeyFigureFacts) => (facts.asOf ? Date.parse(facts.asOf) : endOfTime);

/** An interruption as a span of milliseconds; an open one runs until `asOf`. */
const spanOf = (interruption: InterruptionFact, asOf: number) => ({
  from: Date.parse(interruption.reportedAt),
  to: interruption.resolvedAt ? Date.parse(interruption.resolvedAt) : asOf,
});

/**
 * Whether work at a station was interrupted: an interruption of that station overlapped its time
 * from Start to Complete (touching at an end does not count). The order the interruption named does
 * not matter: a stopped station stops the work on it.
 */
export function runWasInterrupted(run: StationRunFact, interruptions: readonly InterruptionFact[], asOf = endOfTime): boolean {
  const started = Date.parse(run.startedAt);
  const completed = Date.parse(run.completedAt);
  return interruptions.some((interruption) => {
    if (interruption.stationId !== run.stationId) return false;
    const span = spanOf(interruption, asOf);
    return span.from < completed && span.to > started;
  });
}

/** The share 0-1 of these runs done without an interruption; null without runs. */
export function shareWithoutInterruption(runs: readonly StationRunFact[], interruptions: readonly InterruptionFact[], asOf = endOfTime): number | null {
  if (runs.length === 0) return null;
  return runs.filter((run) => !runWasInterrupted(run, interruptions, asOf)).length / runs.length;
}

/**
 * A station's time in the period: how long it was interrupted (seconds of calendar time, open
 * interruptions until `asOf`), and its availability, the share 0-1 of the period's working time
 * observed so far (from its start to its end or `asOf`, whichever is first) that it was not
 * interrupted: only the company's working time counts, so a stop left open over the weekend does
 * not weigh. Without `working`, calendar time. Null availability while the period has had no
 * working time yet (not begun, or a day off).
 */
export function stationAvailabilityOf(
  range: PeriodRange,
  stationId: string,
  interruptions: readonly InterruptionFact[],
  asOf = endOfTime,
  working?: WorkingTime,
): { interruptedSeconds: number; availability: number | null } {
  const period = instantsOf(range, zoneOfWorking(working));
  const from = period.from;
  const to = Math.min(period.to, asOf);
  const counted = (start: number, end: number) => (working ? workingMsBetween(start, end, working) : Math.max(0, end - start));
  let interrupted = 0;
  let interruptedWorking = 0;
  for (const interruption of interruptions) {
    if (interruption.stationId !== stationId) continue;
    const span = spanOf(interruption, asOf);
    const start = Math.max(span.from, from);
    const end = Math.min(span.to, to);
    interrupted += Math.max(0, end - start);
    interruptedWorking += counted(start, end);
  }
  const observed = counted(from, to);
  return {
    interruptedSeconds: Math.round(interrupted / 1000),
    availability: observed > 0 ? Math.max(0, 1 - interruptedWorking / observed) : null,
  };
}

/** The value of each figure in its own unit: counts, seconds, a share 0-1, the score 0-100; null is "no data". */
export type KeyFigureValues = Record<KeyFigureId, number | null>;

/** One figure's part in the team score. */
export interface ScoreTerm {
  figure: ScoredFigureId;
  value: number;
  /** The target for this period, in the value's unit (a count target times the period's days, minutes as seconds, percent as a share). */
  target: number;
  /** 0-1: value/target for higher-is-better figures, target/value for durations, at most 1. */
  attainment: number;
}

export interface PeriodFigures {
  start: Day;
  end: Day;
  values: KeyFigureValues;
  /** How many orders the punctuality is a share of. */
  punctualityCounted: number;
  scoreTerms: ScoreTerm[];
}

/** Lower is better for durations, the scrap rate and the NCRs opened; higher for everything else. */
export const lowerIsBetter = (figure: KeyFigureId): boolean => keyFigureUnits[figure] === 'minutes' || figure === 'scrapRate' || figure === 'ncrsOpened';

/** A target in the value's unit for this period (see `ScoreTerm.target`). */
export function targetFor(figure: KeyFigureId, target: number, range: PeriodRange): number {
  switch (keyFigureUnits[figure]) {
    case 'count':
      return target * daysIn(range);
    case 'minutes':
      return target * 60;
    case 'percent':
      return target / 100;
    case 'score':
      return target;
  }
}

/** How far a value reaches its target, 0-1. */
export function attainmentOf(figure: KeyFigureId, value: number, target: number): number {
  if (lowerIsBetter(figure)) return value <= target ? 1 : target / value;
  return target <= 0 ? 1 : Math.min(1, value / target);
}

/**
 * The team score: the mean attainment of every figure that has both a target and a value, times
 * 100, rounded; null when no figure has both. A figure without a target or without data stays out.
 */
export function teamScoreOf(
  values: Omit<KeyFigureValues, 'teamScore'>,
  targets: KeyFigureTargets,
  range: PeriodRange,
): { score: number | null; terms: ScoreTerm[] } {
  const terms: ScoreTerm[] = [];
  for (const figure of Object.keys(values) as ScoredFigureId[]) {
    const value = values[figure];
    const target = targets[figure];
    if (value === null || target === null) continue;
    const inUnit = targetFor(figure, target, range);
    terms.push({ figure, value, target: inUnit, attainment: attainmentOf(figure, value, inUnit) });
  }
  if (terms.length === 0) return { score: null, terms };
  return { score: Math.round((100 * terms.reduce((sum, term) => sum + term.attainment, 0)) / terms.length), terms };
}

/** Every figure of the company for one period. */
export function figuresOf(range: PeriodRange, facts: KeyFigureFacts, targets: KeyFigureTargets): PeriodFigures {
  const zone = zoneOfWorking(facts.working);
  const finishedProduction = facts.orders.filter((order) => order.kind === 'production' && inRange(order.doneAt, range, zone));
  const leadTimes = finishedProduction.map((order) => seconds(order.createdAt, order.doneAt as string));
  const runs = facts.runs.filter((run) => inRange(run.completedAt, range, zone));
  const cycleTimes = runs.map((run) => seconds(run.startedAt, run.completedAt));
  const dated = facts.orders.filter((order) => order.kind !== 'logistics' && order.deliveryDate !== null && inRange(order.doneAt, range, zone));
  // On time: done on or before the delivery date, a day of the company's time zone.
  const punctual = dated.filter((order) => dayOf(order.doneAt as string, zone) <= (order.deliveryDate as string)).length;
  const quantities = facts.quantities?.get(range.start);
  const values: Omit<KeyFigureValues, 'teamScore'> = {
    ordersCompleted: finishedProduction.length,
    piecesCompleted: finishedProduction.reduce((sum, order) => sum + order.pieces, 0),
    cycleTimeMedian: rounded(median(cycleTimes)),
    cycleTimeP90: percentile90(cycleTimes),
    leadTimeMedian: rounded(median(leadTimes)),
    leadTimeP90: percentile90(leadTimes),
    punctuality: dated.length === 0 ? null : punctual / dated.length,
    withoutInterruption: shareWithoutInterruption(runs, facts.interruptions ?? [], momentOf(facts)),
    proposalsImplemented: facts.suggestions.filter((suggestion) => inRange(suggestion.implementedAt, range, zone)).length,
    yield: quantities?.yield ?? null,
    scrapRate: quantities?.scrapRate ?? null,
    firstPassYield: quantities?.firstPassYield ?? null,
    ncrsOpened: (facts.ncrsOpened ?? []).filter((openedAt) => inRange(openedAt, range, zone)).length,
    oee: quantities?.oee ?? null,
  };
  const { score, terms } = teamScoreOf(values, targets, range);
  return { start: range.start, end: range.end, values: { ...values, teamScore: score }, punctualityCounted: dated.length, scoreTerms: terms };
}

/** One station's figures for a period. */
export interface StationFigures {
  stationId: string;
  workCompleted: number;
  piecesCompleted: number;
  cycleTimeMedian: number | null;
  cycleTimeP90: number | null;
  proposalsImplemented: number;
  /** The share 0-1 of the station's work without an interruption; null without work. */
  withoutInterruption: number | null;
  /** Interruptions reported at the station in the period. */
  interruptions: number;
  /** Seconds the station was interrupted within the period. */
  interruptedSeconds: number;
  /** The share 0-1 of the period's time so far the station was not interrupted; null before the period began. */
  availability: number | null;
}

/** Per station (every station with work, an implemented proposal or an interruption in the period), by station id. */
export function stationFiguresOf(range: PeriodRange, facts: KeyFigureFacts): StationFigures[] {
  const byStation = new Map<string, { runs: StationRunFact[]; proposals: number }>();
  const entry = (stationId: string) => {
    let found = byStation.get(stationId);
    if (!found) byStation.set(stationId, (found = { runs: [], proposals: 0 }));
    return found;
  };
  const zone = zoneOfWorking(facts.working);
  for (const run of facts.runs) if (inRange(run.completedAt, range, zone)) entry(run.stationId).runs.push(run);
  for (const suggestion of facts.suggestions)
    if (suggestion.stationId && inRange(suggestion.implementedAt, range, zone)) entry(suggestion.stationId).proposals += 1;
  const interruptions = facts.interruptions ?? [];
  const asOf = momentOf(facts);
  const { from: periodFrom, to: periodTo } = instantsOf(range, zone);
  const overlapsPeriod = (interruption: InterruptionFact) => {
    const span = spanOf(interruption, asOf);
    return span.from < periodTo && span.to >= periodFrom;
  };
  for (const interruption of interruptions) if (overlapsPeriod(interruption)) entry(interruption.stationId);
  return [...byStation.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([stationId, { runs, proposals }]) => {
      const cycleTimes = runs.map((run) => seconds(run.startedAt, run.completedAt));
      return {
        stationId,
        workCompleted: runs.length,
        piecesCompleted: runs.reduce((sum, run) => sum + run.pieces, 0),
        cycleTimeMedian: rounded(median(cycleTimes)),
        cycleTimeP90: percentile90(cycleTimes),
        proposalsImplemented: proposals,
        withoutInterruption: shareWithoutInterruption(runs, interruptions, asOf),
        interruptions: interruptions.filter((interruption) => interruption.stationId === stationId && inRange(interruption.reportedAt, range, zone)).length,
        ...stationAvailabilityOf(range, stationId, interruptions, asOf, facts.working),
      };
    });
}

/** Whether a figure got better, worse or stayed from the previous period; null when either has no data. */
export function trendOf(figure: KeyFigureId, current: number | null, previous: number | null): 'better' | 'worse' | 'same' | null {
  if (current === null || previous === null) return null;
  if (current === previous) return 'same';
  return current < previous === lowerIsBetter(figure) ? 'better' : 'worse';
}
