import { workingMsBetween, type WorkingTime } from '../company/working-time.rules.js';

/**
 * OEE in the style of ISO 22400 (docs/oee.md, ../shared/DOMAIN.md), per station and for the plant,
 * over one period of the company's days. Pure: the server computes it from the OEE module's rows, a
 * test from the worked example, and a rebuild from the log gives the same rows and so the same numbers.
 *
 * - planned production time (PPT): the company's working time in the period (up to `asOf` for a
 *   period still running); what lies outside it (nights, weekends, days off) is a planned stop;
 * - downtime: the working time within the period a station was interrupted (Andon), open ones up to `asOf`;
 * - run time = PPT − downtime; availability = run time / PPT;
 * - pieces made = good + scrap + rework reported at the station in the period;
 * - ideal time = Σ planned time per piece × pieces made (each report with the planned time its
 *   order's material had at that station when it was reported); unknown when any report with
 *   pieces has none;
 * - performance = ideal time / run time (unknown with the ideal time: never assumed 100 %);
 * - quality = good / pieces made; OEE = availability × performance × quality.
 * A station that made no pieces in the period has availability but no performance, quality or OEE.
 */

const minuteMs = 60_000;

/** Pieces reported at a station (one `QuantityReported`, or an older `WorkCompleted` counted as all good). */
export interface QuantityFact {
  stationId: string;
  orderId: string;
  /** When the pieces were reported. */
  at: string;
  good: number;
  scrap: number;
  rework: number;
  scrapReasonId: string | null;
  scrapReason: string | null;
  /** The planned minutes per piece at the station when reported; null: not planned. */
  pieceMinutes: number | null;
  /** When the work these pieces came from was started (null when not known). */
  workStartedAt: string | null;
  /** The order carries reworked pieces (split off for rework, or off such an order): not a first pass. */
  reworked: boolean;
}

/** An interruption at a station, as a span; open (`to` null) until `asOf`. */
export interface DowntimeFact {
  stationId: string;
  orderId: string | null;
  reasonId: string;
  reasonName: string;
  from: string;
  to: string | null;
}

/** One station's (or the plant's) OEE for a period: minutes, pieces, and shares 0-1 (null: unknown). */
export interface OeeFigures {
  plannedMinutes: number;
  downtimeMinutes: number;
  runMinutes: number;
  /** Null when a report with pieces has no planned time per piece. */
  idealMinutes: number | null;
  made: number;
  good: number;
  scrap: number;
  rework: number;
  availability: number | null;
  performance: number | null;
  quality: number | null;
  oee: number | null;
  /** Run time the ideal time does not explain (reduced speed, small stops, idle): max(0, run − ideal); null when the ideal time is. */
  speedLossMinutes: number | null;
}

/** A period as instants (ms): from its first local midnight to the one after it. */
export interface Span {
  from: number;
  to: number;
}

const madeOf = (fact: Pick<QuantityFact, 'good' | 'scrap' | 'rework'>) => fact.good + fact.scrap + fact.rework;
const round2 = (value: number) => Math.round(value * 100) / 100;

/** The working ms of `span` observed by `asOf` (the part of the period that has happened), in the company's working time. */
export const plannedMsOf = (span: Span, asOf: number, working: WorkingTime): number => workingMsBetween(span.from, Math.min(span.to, asOf), working);

/** The working ms an interruption stopped the station within `span` (open ones until `asOf`). */
export function downtimeMsOf(downtime: Pick<DowntimeFact, 'from' | 'to'>, span: Span, asOf: number, working: WorkingTime): number {
  const from = Math.max(Date.parse(downtime.from), span.from);
  const to = Math.min(downtime.to ? Date.parse(downtime.to) : asOf, span.to, asOf);
  return to > from ? workingMsBetween(from, to, working) : 0;
}

/** The figures from their parts (minutes and pieces); shared by a station and the plant. */
export function figuresFrom(parts: {
  plannedMs: number;
  downtimeMs: number;
  idealMinutes: number | null;
  good: number;
  scrap: number;
  rework: number;
}): OeeFigures {
  const plannedMinutes = parts.plannedMs / minuteMs;
  const downtimeMinutes = Math.min(parts.downtimeMs, parts.plannedMs) / minuteMs;
  const runMinutes = plannedMinutes - downtimeMinutes;
  const made = parts.good + parts.scrap + parts.rework;
  const availability = plannedMinutes > 0 ? runMinutes / plannedMinutes : null;
  const producing = made > 0;
  const performance = producing && parts.idealMinutes !== null && runMinutes > 0 ? parts.idealMinutes / runMinutes : null;
  const quality = producing ? parts.good / made : null;
  const oee = availability !== null && performance !== null && quality !== null ? availability * performance * quality : null;
  return {
    plannedMinutes: round2(plannedMinutes),
    downtimeMinutes: round2(downtimeMinutes),
    runMinutes: round2(runMinutes),
    idealMinutes: parts.idealMinutes === null ? null : round2(parts.idealMinutes),
    made,
    good: parts.good,
    scrap: parts.scrap,
    rework: parts.rework,
    availability,
    performance,
    quality,
    oee,
    speedLossMinutes: producing && parts.idealMinutes !== null ? round2(Math.max(0, runMinutes - parts.idealMinutes)) : null,
  };
}

/** The ideal minutes of these reports: null when one with pieces has no planned time per piece. */
export function idealMinutesOf(reports: readonly Pick<QuantityFact, 'good' | 'scrap' | 'rework' | 'pieceMinutes'>[]): number | null {
  let ideal = 0;
  for (const report of reports) {
    const made = madeOf(report);
    if (made === 0) continue;
    if (report.pieceMinutes === null) return null;
    ideal += report.pieceMinutes * made;
  }
  return ideal;
}

/** The pieces of a station's reports in a period, summed (what a database aggregate answers). */
export interface QuantitySums {
  good: number;
  scrap: number;
  rework: number;
  /** Null when a report with pieces has no planned time per piece. */
  idealMinutes: number | null;
  /** Good pieces of the reports that are a first pass (orders not carrying reworked pieces). */
  firstPassGood: number;
  /** Pieces made (good + scrap + rework) of the reports that are a first pass. */
  firstPassMade: number;
}

export function quantitySumsOf(reports: readonly QuantityFact[]): QuantitySums {
  const sum = (pick: (report: QuantityFact) => number) => reports.reduce((total, report) => total + pick(report), 0);
  return {
    good: sum((report) => report.good),
    scrap: sum((report) => report.scrap),
    rework: sum((report) => report.rework),
    idealMinutes: idealMinutesOf(reports),
    firstPassGood: sum((report) => (report.reworked ? 0 : report.good)),
    firstPassMade: sum((report) => (report.reworked ? 0 : madeOf(report))),
  };
}

/** One station's figures from its pieces summed over the period and its interruptions overlapping it. */
export function stationOeeOfSums(
  span: Span,
  asOf: number,
  working: WorkingTime,
  sums: QuantitySums,
  downtimes: readonly Pick<DowntimeFact, 'from' | 'to'>[],
): OeeFigures {
  return figuresFrom({
    plannedMs: plannedMsOf(span, asOf, working),
    downtimeMs: downtimes.reduce((total, downtime) => total + downtimeMsOf(downtime, span, asOf, working), 0),
    ...sums,
  });
}

/** One station's figures: its reports in the period and its interruptions overlapping it. */
export function stationOeeOf(
  span: Span,
  asOf: number,
  working: WorkingTime,
  reports: readonly QuantityFact[],
  downtimes: readonly Pick<DowntimeFact, 'from' | 'to'>[],
): OeeFigures {
  return stationOeeOfSums(span, asOf, working, quantitySumsOf(reports), downtimes);
}

/**
 * The plant's figures: the sums over the stations that made pieces in the period (a station that
 * only ships or checks in goods does not lower the plant's availability or performance). Its
 * performance is unknown when one of them has no ideal time.
 */
export function plantOeeOf(stations: readonly OeeFigures[]): OeeFigures {
  const producing = stations.filter((station) => station.made > 0);
  const sum = (pick: (station: OeeFigures) => number) => producing.reduce((total, station) => total + pick(station), 0);
  const unknownIdeal = producing.some((station) => station.idealMinutes === null);
  return figuresFrom({
    plannedMs: sum((station) => station.plannedMinutes) * minuteMs,
    downtimeMs: sum((station) => station.downtimeMinutes) * minuteMs,
    idealMinutes: unknownIdeal ? null : sum((station) => station.idealMinutes ?? 0),
    good: sum((station) => station.good),
    scrap: sum((station) => station.scrap),
    rework: sum((station) => station.rework),
  });
}

/** Quality key figures of pieces reported: shares 0-1, null without pieces (docs/oee.md, Key figures). */
export interface QuantityFigures {
  /** Good / (good + scrap): of the pieces that left the process, the share that left good (rework is still inside it). */
  yield: number | null;
  /** Scrap / pieces made (good + scrap + rework). */
  scrapRate: number | null;
  /**
   * Good / pieces made, of the first passes only: a piece sent to rework failed its first pass, and
   * the reports of an order of reworked pieces (its second attempt) are left out.
   */
  firstPassYield: number | null;
}

export function quantityFiguresOf(sums: readonly Omit<QuantitySums, 'idealMinutes'>[]): QuantityFigures {
  const total = (pick: (part: Omit<QuantitySums, 'idealMinutes'>) => number) => sums.reduce((sum, part) => sum + pick(part), 0);
  const made = total(madeOf);
  const good = total((part) => part.good);
  const scrap = total((part) => part.scrap);
  const firstPassMade = total((part) => part.firstPassMade);
  return {
    yield: good + scrap > 0 ? good / (good + scrap) : null,
    scrapRate: made > 0 ? scrap / made : null,
    firstPassYield: firstPassMade > 0 ? total((part) => part.firstPassGood) / firstPassMade : null,
  };
}

/** One bar of the loss Pareto: a reason and what it cost, with the orders it touched. */
export interface LossBar {
  kind: 'downtime' | 'scrap' | 'speed';
  /** The interruption or scrap reason's id; the station's id for a speed loss. */
  key: string;
  /** The reason's name as it was recorded (the latest of several); the station's id for a speed loss (the caller names it). */
  label: string;
  /** Minutes for downtime and speed losses, pieces for scrap. */
  amount: number;
  orders: { orderId: string; amount: number }[];
}

const addTo = (orders: Map<string, number>, orderId: string | null, amount: number) => {
  if (orderId && amount > 0) orders.set(orderId, (orders.get(orderId) ?? 0) + amount);
};
const ordersOf = (orders: Map<string, number>) =>
  [...orders.entries()]
    .map(([orderId, amount]) => ({ orderId, amount: round2(amount) }))
    .sort((a, b) => b.amount - a.amount || a.orderId.localeCompare(b.orderId));

/**
 * The loss Pareto of a period (a station's or the plant's facts): minutes lost per interruption
 * reason (working time), pieces lost per scrap reason, and per station the speed loss (run time
 * the ideal time does not explain, where it is known), largest first. A speed-loss bar lists the
 * orders whose work took longer than their ideal time, by the minutes over.
 */
export function lossParetoOf(
  span: Span,
  asOf: number,
  working: WorkingTime,
  reports: readonly QuantityFact[],
  downtimes: readonly DowntimeFact[],
  stations: readonly { stationId: string; figures: OeeFigures }[],
): LossBar[] {
  const bars = new Map<string, LossBar & { byOrder: Map<string, number> }>();
  const bar = (kind: LossBar['kind'], key: string, label: string) => {
    const id = `${kind}:${key}`;
    let found = bars.get(id);
    if (!found) bars.set(id, (found = { kind, key, label, amount: 0, orders: [], byOrder: new Map() }));
    else found.label = label;
    return found;
  };
  for (const downtime of [...downtimes].sort((a, b) => a.from.localeCompare(b.from))) {
    const minutes = downtimeMsOf(downtime, span, asOf, working) / minuteMs;
    if (minutes <= 0) continue;
    const entry = bar('downtime', downtime.reasonId, downtime.reasonName);
    entry.amount += minutes;
    addTo(entry.byOrder, downtime.orderId, minutes);
  }
  for (const report of [...reports].sort((a, b) => a.at.localeCompare(b.at))) {
    if (report.scrap <= 0) continue;
    const entry = bar('scrap', report.scrapReasonId ?? '', report.scrapReason ?? '');
    entry.amount += report.scrap;
    addTo(entry.byOrder, report.orderId, report.scrap);
  }
  for (const { stationId, figures } of stations) {
    if (!figures.speedLossMinutes) continue;
    const entry = bar('speed', stationId, stationId);
    entry.amount += figures.speedLossMinutes;
    for (const report of reports) {
      if (report.stationId !== stationId || report.pieceMinutes === null || !report.workStartedAt) continue;
      const elapsed = (Date.parse(report.at) - Date.parse(report.workStartedAt)) / minuteMs;
      addTo(entry.byOrder, report.orderId, elapsed - report.pieceMinutes * madeOf(report));
    }
  }
  return [...bars.values()]
    .map(({ byOrder, ...entry }) => ({ ...entry, amount: round2(entry.amount), orders: ordersOf(byOrder) }))
    .filter((entry) => entry.amount > 0)
    .sort((a, b) => b.amount - a.amount || a.kind.localeCompare(b.kind) || a.key.localeCompare(b.key));
}
