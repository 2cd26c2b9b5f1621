/**
 * The capacity plan (docs/capacity-plan.md): a finite-capacity forward schedule of every open
 * production order over its remaining stations, from `now`, within the company's working time
 * (working-time.rules), with every planned operation explained as data. Pure: the server, the
 * tests, the bench and a replay of the log compute the same plan from the same facts and clock.
 *
 * Time inside is counted on one axis: working milliseconds after `now` in the company's working
 * time. A duration is then a plain number, a station stop an interval of it, and only the answer
 * is laid back onto the calendar (nights, weekends, the zone's offset changes).
 */

import {
  addWorkingTime,
  calendarDayIn,
  defaultWorkingTime,
  endOfDayIn,
  startOfDayIn,
  timeZoneOf,
  workingMsBetween,
  type WorkingTime,
} from '../company/working-time.rules.js';
import { plannedMinutesFor, type PlannedTime } from '../oee/planned-time.rules.js';
import { defaultPredictionWindow, median } from '../orders/prediction.rules.js';

/** A station as the plan sees it. */
export interface PlanStation {
  id: string;
  name: string;
  /** Orders the station works at once (1 unless configured: an oven may take several); at least 1. */
  capacity: number;
  /**
   * The operators authorised for the station, when it needs one to work: the station works only
   * while at least one of them is present (not absent). Null: it works without one.
   */
  authorisedOperatorIds: readonly string[] | null;
}

/** An operator's absence: whole calendar days in the company's time zone, both included (a half day takes its day). */
export interface PlanAbsence {
  operatorId: string;
  /** `YYYY-MM-DD`. */
  from: string;
  /** `YYYY-MM-DD`. */
  to: string;
}

/** An open interruption: its station stands still from now until `expectedEndAt`, or resumes now when none is expected (or it has passed). */
export interface PlanInterruption {
  interruptionId: string;
  stationId: string;
  reasonId: string;
  reasonName: string;
  /** ISO time it was reported. */
  reportedAt: string;
  /** ISO time it is expected to be resolved; null: not known. */
  expectedEndAt: string | null;
}

/** One remaining station of an order, with the planned minutes of the material's steps there. */
export interface PlanStep extends PlannedTime {
  stationId: string;
}

/** An open production order. */
export interface PlanOrder {
  id: string;
  /** The order number a screen shows (`FB000512`). */
  number: string;
  prioritized: boolean;
  /** `YYYY-MM-DD` or null. */
  deliveryDate: string | null;
  /** ISO time it arrived where it is now: the tie-break between equal delivery dates. */
  arrivedAt: string;
  /** Pieces still to make (the order's quantity less scrap). */
  pieces: number;
  /** The remaining stations in route order; the first is where the order is now. */
  steps: readonly PlanStep[];
  /** ISO time work started at the first step; null while the order waits there. */
  workStartedAt: string | null;
}

export interface PlanInput {
  stations: readonly PlanStation[];
  /** The company's working time; absent: the default. */
  working?: WorkingTime;
  absences: readonly PlanAbsence[];
  /** Open interruptions (at most one per station). */
  interruptions: readonly PlanInterruption[];
  orders: readonly PlanOrder[];
  /** Recent cycle times (Start to Complete, seconds) per station, newest first: the estimate where no time is planned. */
  cycleTimes: ReadonlyMap<string, readonly number[]>;
  /** How many recent cycle times the median is taken over. */
  window?: number;
  /**
   * The queue orders supervisors set (docs/capacity-plan.md, "Manual queue order"): per station,
   * the waiting orders there in the order they are to be worked. Absent or empty: none set.
   */
  stationQueues?: readonly StationQueue[];
}

/** A supervisor's order of the orders waiting at a station (the latest `StationQueueOrdered`). */
export interface StationQueue {
  stationId: string;
  orderIds: readonly string[];
}

/** Where an operation's duration comes from. */
export type DurationBasis =
  | { kind: 'planned'; setupMinutes: number | null; pieceMinutes: number | null; pieces: number }
  /** No planned time: the median of the station's recent cycle times (or of all stations' when it has none). An estimate. */
  | { kind: 'estimate'; medianSeconds: number; from: 'station' | 'allStations' }
  /** Nothing planned and no cycle time anywhere: taken as 0, so the dates are too early. */
  | { kind: 'unknown' };

/** A stop of the station between the operation being ready and its end, with its working time. */
export type StationStop =
  { kind: 'interruption'; interruptionId: string; reasonId: string; reasonName: string; workingMs: number } | { kind: 'noOperator'; workingMs: number };

/** How many orders an explanation names by number; the rest it counts. */
export const behindListed = 5;

/** Why an operation is planned when it is: data a screen renders in its language. */
export interface OperationExplanation {
  duration: DurationBasis;
  /** Working ms of the duration already done (work in progress at `now`). */
  doneMs: number;
  /** Working ms between being ready (left the previous station, or now) and the start: queue and stops. */
  waitedMs: number;
  /** The orders that held the station while it waited, earliest first (at most `behindListed`). */
  behind: { orderId: string; number: string }[];
  /** How many more operations held it than are listed. */
  behindMore: number;
  /** The station's stops from ready to the end, what and how long. */
  stops: StationStop[];
}

export interface PlannedOperation {
  orderId: string;
  stationId: string;
  /** Index in the order's remaining steps. */
  step: number;
  /** Which of the station's `capacity` places it takes (0-based). */
  place: number;
  /** ISO times: ready (left the previous station, or now), planned start and end. */
  readyAt: string;
  startAt: string;
  endAt: string;
  /** Working ms of work it takes from its start (the rest, when in progress). */
  workingMs: number;
  inProgress: boolean;
  explanation: OperationExplanation;
}

export type NotPlannedReason = 'noAuthorisedOperator' | 'unknownStation';

export interface OrderPlan {
  orderId: string;
  number: string;
  /** Position in plan order (0 first). */
  rank: number;
  operations: PlannedOperation[];
  /** ISO time it leaves its last station; null when a station cannot be planned. */
  finishAt: string | null;
  /** ISO end of the delivery date (local midnight after it); null without one. */
  dueAt: string | null;
  /** The finish is at or after the end of the delivery date. */
  late: boolean;
  /** Calendar ms the finish passes the due moment (0 when on time). */
  tardinessMs: number;
  /** The first step that cannot be planned and why; it and the steps after it have no operation. */
  notPlanned: { step: number; stationId: string; reason: NotPlannedReason } | null;
}

export interface CapacityPlan {
  /** ISO time the plan was made for. */
  now: string;
  /** Every order in plan order. */
  orders: OrderPlan[];
  /** What the plan was made from: a promise of a date plans again from it. */
  input: PlanInput;
}

/** The plan order: work in progress first (it holds its station), then prioritised, earlier delivery date (none last), earlier arrival, lower number. */
export function planOrder(a: PlanOrder, b: PlanOrder): number {
  if ((a.workStartedAt === null) !== (b.workStartedAt === null)) return a.workStartedAt !== null ? -1 : 1;
  if (a.prioritized !== b.prioritized) return a.prioritized ? -1 : 1;
  if (a.deliveryDate !== b.deliveryDate) {
    if (a.deliveryDate === null) return 1;
    if (b.deliveryDate === null) return -1;
    return a.deliveryDate < b.deliveryDate ? -1 : 1;
  }
  if (a.arrivedAt !== b.arrivedAt) return a.arrivedAt < b.arrivedAt ? -1 : 1;
  if (a.number !== b.number) return a.number < b.number ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The plan order with the supervisors' queue orders: the orders sorted by `planOrder`, then at
 * every station with a queue order, the orders waiting there that it lists change places among
 * themselves to follow it. The places they take in the plan order stay those `planOrder` gave
 * them, so no other order moves; work in progress and orders it does not list keep their place.
 */
export function planSequence(orders: readonly PlanOrder[], queues: readonly StationQueue[] = []): PlanOrder[] {
  const sorted = [...orders].sort(planOrder);
  for (const queue of queues) {
    const position = new Map(queue.orderIds.map((orderId, index) => [orderId, index]));
    const slots: number[] = [];
    for (let index = 0; index < sorted.length; index++) {
      const order = sorted[index];
      if (order.workStartedAt === null && order.steps[0]?.stationId === queue.stationId && position.has(order.id)) slots.push(index);
    }
    if (slots.length < 2) continue;
    const queued = slots.map((index) => sorted[index]).sort((a, b) => (position.get(a.id) as number) - (position.get(b.id) as number));
    slots.forEach((slot, index) => (sorted[slot] = queued[index]));
  }
  return sorted;
}

/** A stretch of the working axis where a station stands still, and why. */
interface Block {
  from: number;
  to: number;
  stop: { kind: 'interruption'; interruptionId: string; reasonId: string; reasonName: string } | { kind: 'noOperator' };
}

/** What one place of a station holds: sorted, not overlapping intervals of the working axis. */
interface Held {
  from: number;
  to: number;
  orderId: string;
  number: string;
}

interface StationTimeline {
  station: PlanStation;
  /** Never works (needs an authorised operator and has none). */
  closed: boolean;
  blocks: Block[];
  /** The union of `blocks`, sorted: what the station's work skips. */
  stopped: { from: number; to: number }[];
  places: Held[][];
  /**
   * Each place's free stretches between what it holds, sorted: where a placement looks. A busy
   * station's held operations lie back to back, so it has few free stretches however many it holds.
   */
  free: { from: number; to: number }[][];
}

const hourMs = 3_600_000;

/** First index whose `to` is after `at` (the list sorted by `to`). */
function firstEndingAfter(list: readonly { to: number }[], at: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (list[middle].to > at) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** The first moment at or after `at` the station is not stopped. */
function skipStops(stopped: StationTimeline['stopped'], at: number): number {
  const index = firstEndingAfter(stopped, at);
  return index < stopped.length && stopped[index].from <= at ? stopped[index].to : at;
}

/** The end of `work` ms of work from `start` (not stopped there), pausing through the station's stops. */
function finishOf(stopped: StationTimeline['stopped'], start: number, work: number): number {
  let at = start;
  let remaining = work;
  for (let index = firstEndingAfter(stopped, at); index < stopped.length; index++) {
    const stop = stopped[index];
    if (at + remaining <= stop.from) return at + remaining;
    remaining -= Math.max(0, stop.from - at);
    at = Math.max(at, stop.to);
  }
  return at + remaining;
}

function mergedStops(blocks: readonly Block[]): StationTimeline['stopped'] {
  const sorted = [...blocks].sort((a, b) => a.from - b.from);
  const merged: { from: number; to: number }[] = [];
  for (const block of sorted) {
    const last = merged.at(-1);
    if (last && block.from <= last.to) last.to = Math.max(last.to, block.to);
    else merged.push({ from: block.from, to: block.to });
  }
  return merged;
}

/** Real-time intervals in which every one of `operatorIds` is absent. */
function allAbsent(operatorIds: readonly string[], absent: ReadonlyMap<string, { from: number; to: number }[]>): { from: number; to: number }[] {
  const edges: { at: number; change: number }[] = [];
  for (const operatorId of operatorIds) {
    for (const interval of absent.get(operatorId) ?? []) edges.push({ at: interval.from, change: 1 }, { at: interval.to, change: -1 });
  }
  // Ends before starts at one instant: a Friday's absence and the Monday after meet, they do not overlap.
  edges.sort((a, b) => a.at - b.at || a.change - b.change);
  const result: { from: number; to: number }[] = [];
  let count = 0;
  let since = 0;
  for (const edge of edges) {
    const before = count;
    count += edge.change;
    if (count === operatorIds.length && before < count) since = edge.at;
    if (before === operatorIds.length && count < before && edge.at > since) result.push({ from: since, to: edge.at });
  }
  return result;
}

/** Each operator's absences as merged real-time intervals: local midnight to local midnight in the company's zone. */
function absencesByOperator(absences: readonly PlanAbsence[], zone: string): Map<string, { from: number; to: number }[]> {
  const byOperator = new Map<string, { from: number; to: number }[]>();
  for (const absence of absences) {
    if (absence.to < absence.from) continue;
    const list = byOperator.get(absence.operatorId) ?? [];
    list.push({ from: startOfDayIn(absence.from, zone).getTime(), to: endOfDayIn(absence.to, zone).getTime() });
    byOperator.set(absence.operatorId, list);
  }
  for (const [operatorId, list] of byOperator) byOperator.set(operatorId, mergedStops(list.map((interval) => ({ ...interval, stop: { kind: 'noOperator' } }))));
  return byOperator;
}

function timelinesOf(input: PlanInput, nowMs: number, working: WorkingTime): Map<string, StationTimeline> {
  const axis = (at: number) => workingMsBetween(nowMs, at, working);
  const absent = absencesByOperator(input.absences, timeZoneOf(working));
  const timelines = new Map<string, StationTimeline>();
  for (const station of input.stations) {
    const blocks: Block[] = [];
    const operators = station.authorisedOperatorIds;
    if (operators !== null && operators.length > 0) {
      for (const interval of allAbsent([...new Set(operators)], absent)) {
        const block: Block = { from: axis(interval.from), to: axis(interval.to), stop: { kind: 'noOperator' } };
        if (block.to > block.from) blocks.push(block);
      }
    }
    const places = Array.from({ length: Math.max(1, Math.floor(station.capacity)) }, (): Held[] => []);
    const free = places.map(() => [{ from: 0, to: Number.POSITIVE_INFINITY }]);
    timelines.set(station.id, { station, closed: operators !== null && operators.length === 0, blocks, stopped: [], places, free });
  }
  for (const interruption of input.interruptions) {
    const timeline = timelines.get(interruption.stationId);
    const until = interruption.expectedEndAt === null ? nowMs : Date.parse(interruption.expectedEndAt);
    if (!timeline || until <= nowMs) continue;
    const { interruptionId, reasonId, reasonName } = interruption;
    timeline.blocks.push({ from: 0, to: axis(until), stop: { kind: 'interruption', interruptionId, reasonId, reasonName } });
  }
  for (const timeline of timelines.values()) {
    timeline.blocks.sort((a, b) => a.from - b.from);
    timeline.stopped = mergedStops(timeline.blocks);
  }
  return timelines;
}

/** The earliest start at or after `ready` in one place (its free stretches), before `bound`, where `work` fits whole into a free stretch. */
function earliestIn(
  free: readonly { from: number; to: number }[],
  stopped: StationTimeline['stopped'],
  ready: number,
  work: number,
  bound: number,
): { start: number; end: number; gap: number } | null {
  for (let gap = firstEndingAfter(free, ready); gap < free.length; gap++) {
    const { from, to } = free[gap];
    const start = skipStops(stopped, Math.max(ready, from));
    if (start >= bound) return null;
    // Stops only lengthen an operation: a stretch shorter than the work never fits.
    if (start < to && to - start >= work) {
      const end = finishOf(stopped, start, work);
      if (end <= to) return { start, end, gap };
    }
  }
  return null;
}

/** Takes [start, end) out of a free stretch (an operation of no length splits it too: work never straddles one). */
function occupy(free: { from: number; to: number }[], gap: number, start: number, end: number): void {
  const { from, to } = free[gap];
  const parts: { from: number; to: number }[] = [];
  if (start > from) parts.push({ from, to: start });
  if (to > end || (end === start && to === end)) parts.push({ from: end, to });
  free.splice(gap, 1, ...parts);
}

/** First index whose `from` is at or after `at` (the list sorted by `from`). */
function firstStartingFrom(list: readonly { from: number }[], at: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (list[middle].from >= at) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** Where an operation [start, end) goes in a place's sorted list: after everything that ends by its start (a zero-length one at its start included). */
function insertionPoint(held: readonly Held[], start: number, end: number): number {
  let low = 0;
  let high = held.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    const other = held[middle];
    if (other.to < start || (other.to === start && (other.from < start || end > start))) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The orders the places held in [from, to): the first `behindListed` by start (each order once)
 * and how many more. Each place's list is sorted, so only its first few are looked at.
 */
function heldDuring(places: readonly Held[][], from: number, to: number): { behind: { orderId: string; number: string }[]; more: number } {
  const first: Held[] = [];
  let unseen = 0;
  for (const place of places) {
    const low = firstEndingAfter(place, from);
    const high = firstStartingFrom(place, to);
    if (high <= low) continue;
    const looked = Math.min(high, low + behindListed * places.length);
    unseen += high - looked;
    for (let index = low; index < looked; index++) {
      const held = place[index];
      if (held.to > held.from) first.push(held);
    }
  }
  // One place is sorted already; several are merged by start.
  if (places.length > 1) first.sort((a, b) => a.from - b.from);
  const behind: { orderId: string; number: string }[] = [];
  let distinct = 0;
  for (let index = 0; index < first.length; index++) {
    const held = first[index];
    let before = false;
    for (let other = 0; other < index && !before; other++) before = first[other].orderId === held.orderId;
    if (before) continue;
    distinct++;
    if (behind.length < behindListed) behind.push({ orderId: held.orderId, number: held.number });
  }
  return { behind, more: unseen + distinct - behind.length };
}

function stopsDuring(timeline: StationTimeline, from: number, to: number): StationStop[] {
  const stops: StationStop[] = [];
  for (const block of timeline.blocks) {
    const workingMs = Math.min(to, block.to) - Math.max(from, block.from);
    if (workingMs > 0) stops.push({ ...block.stop, workingMs });
  }
  return stops;
}

interface Durations {
  station: Map<string, number | null>;
  fallback: number | null;
}

function durationsOf(input: PlanInput): Durations {
  const window = input.window ?? defaultPredictionWindow;
  const station = new Map<string, number | null>();
  const all: number[] = [];
  for (const [stationId, times] of input.cycleTimes) {
    const recent = times.slice(0, window);
    all.push(...recent);
    station.set(stationId, median(recent));
  }
  return { station, fallback: median(all) };
}

/** The working ms a step takes and where that comes from: planned setup + per piece × pieces, else the recent median cycle time. */
function stepDuration(step: PlanStep, pieces: number, durations: Durations): { workingMs: number; basis: DurationBasis } {
  const planned = plannedMinutesFor(step, pieces);
  if (planned !== null)
    return { workingMs: Math.round(planned * 60_000), basis: { kind: 'planned', setupMinutes: step.setupMinutes, pieceMinutes: step.pieceMinutes, pieces } };
  const own = durations.station.get(step.stationId) ?? null;
  if (own !== null) return { workingMs: Math.round(own * 1000), basis: { kind: 'estimate', medianSeconds: own, from: 'station' } };
  if (durations.fallback !== null)
    return { workingMs: Math.round(durations.fallback * 1000), basis: { kind: 'estimate', medianSeconds: durations.fallback, from: 'allStations' } };
  return { workingMs: 0, basis: { kind: 'unknown' } };
}

/**
 * Lays working-axis moments onto the calendar in one sweep, in increasing order, each from the
 * one before (a short step of `addWorkingTime` instead of one from `now` each): `endOf` a moment
 * stays at a closing, `startOf` moves on to the next opening. The moments are kept in sorted typed
 * arrays (found by binary search) and each text is made once, when first asked for: a large plan
 * has a hundred thousand moments, and maps keyed by them were most of its garbage.
 */
function calendarOf(moments: Float64Array, now: Date, working: WorkingTime): { endOf: (at: number) => string; startOf: (at: number) => string } {
  const sorted = moments.sort();
  let count = 0;
  for (let index = 0; index < sorted.length; index++) if (index === 0 || sorted[index] !== sorted[index - 1]) sorted[count++] = sorted[index];
  const axis = sorted.subarray(0, count);
  const calendarAt = new Float64Array(count);
  let calendar = now;
  for (let index = 0; index < count; index++) {
    calendar = index === 0 ? addWorkingTime(now, axis[0] / 1000, working) : addWorkingTime(calendar, (axis[index] - axis[index - 1]) / 1000, working);
    calendar = new Date(Math.round(calendar.getTime()));
    calendarAt[index] = calendar.getTime();
  }
  const indexOf = (moment: number) => {
    let low = 0;
    let high = count - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (axis[middle] < moment) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  // The texts only of what is asked for, once each: most moments are asked for as an end or as a start, not both.
  const ends: (string | undefined)[] = new Array<string | undefined>(count);
  const starts: (string | undefined)[] = new Array<string | undefined>(count);
  return {
    endOf(moment) {
      const index = indexOf(moment);
      return (ends[index] ??= new Date(calendarAt[index]).toISOString());
    },
    startOf(moment) {
      const index = indexOf(moment);
      return (starts[index] ??= addWorkingTime(new Date(calendarAt[index]), 0, working).toISOString());
    },
  };
}

/** No stop: shared by the explanations of every operation of a station that never stops (most), not one empty list each. */
const noStops: StationStop[] = [];

/** Plans the orders in the order given (each takes the earliest room left by those before it). */
function planInOrder(input: PlanInput, now: Date, ordered: readonly PlanOrder[]): CapacityPlan {
  const working = input.working ?? defaultWorkingTime;
  const zone = timeZoneOf(working);
  const nowMs = now.getTime();
  const timelines = timelinesOf(input, nowMs, working);
  const durations = durationsOf(input);
  const stepCount = ordered.reduce((sum, order) => sum + order.steps.length, 0);
  // Each operation's moments on the working axis (ready, start, end), by its index in planning order;
  // the operations are made whole here and get their calendar texts after the sweep below.
  const moments = new Float64Array(3 * stepCount + 1);
  let placedCount = 0;

  const placedByOrder = ordered.map((order) => {
    const operations: PlannedOperation[] = [];
    const firstPlaced = placedCount;
    let notPlanned: OrderPlan['notPlanned'] = null;
    let ready = 0;
    for (let index = 0; index < order.steps.length; index++) {
      const step = order.steps[index];
      const timeline = timelines.get(step.stationId);
      if (!timeline || timeline.closed) {
        notPlanned = { step: index, stationId: step.stationId, reason: timeline ? 'noAuthorisedOperator' : 'unknownStation' };
        break;
      }
      const inProgress = index === 0 && order.workStartedAt !== null;
      const { workingMs: full, basis } = stepDuration(step, order.pieces, durations);
      const doneMs = inProgress ? Math.min(full, workingMsBetween(Date.parse(order.workStartedAt as string), nowMs, working)) : 0;
      const work = full - doneMs;
      let best: { start: number; end: number; gap: number } | null = null;
      let bestPlace = 0;
      for (let place = 0; place < timeline.places.length; place++) {
        const found = earliestIn(timeline.free[place], timeline.stopped, ready, work, best ? best.start : Number.POSITIVE_INFINITY);
        if (found) {
          best = found;
          bestPlace = place;
        }
      }
      const chosen = best as { start: number; end: number; gap: number };
      const { behind, more } = heldDuring(timeline.places, ready, chosen.start);
      const held = timeline.places[bestPlace];
      held.splice(insertionPoint(held, chosen.start, chosen.end), 0, { from: chosen.start, to: chosen.end, orderId: order.id, number: order.number });
      occupy(timeline.free[bestPlace], chosen.gap, chosen.start, chosen.end);
      moments[3 * placedCount] = ready;
      moments[3 * placedCount + 1] = chosen.start;
      moments[3 * placedCount + 2] = chosen.end;
      placedCount++;
      operations.push({
        orderId: order.id,
        stationId: step.stationId,
        step: index,
        place: bestPlace,
        readyAt: '',
        startAt: '',
        endAt: '',
        workingMs: work,
        inProgress,
        explanation: {
          duration: basis,
          doneMs,
          waitedMs: chosen.start - ready,
          behind,
          behindMore: more,
          stops: timeline.blocks.length === 0 ? noStops : stopsDuring(timeline, ready, chosen.end),
        },
      });
      ready = chosen.end;
    }
    return { operations, firstPlaced, notPlanned };
  });

  // The moments of every operation, then 0 (now): laid onto the calendar in one sweep.
  const axis = moments.slice(0, 3 * placedCount + 1);
  const { endOf, startOf } = calendarOf(axis, now, working);
  const iso = (ms: number) => new Date(ms).toISOString();
  // Many orders share a delivery date: its end in the zone is laid out once.
  const dueByDate = new Map<string, number>();
  const dueOf = (day: string) => {
    let due = dueByDate.get(day);
    if (due === undefined) dueByDate.set(day, (due = endOfDayIn(day, zone).getTime()));
    return due;
  };

  const orders = ordered.map((order, rank): OrderPlan => {
    const { operations, firstPlaced, notPlanned } = placedByOrder[rank];
    for (let index = 0; index < operations.length; index++) {
      const operation = operations[index];
      const at = 3 * (firstPlaced + index);
      const [ready, start, end] = [moments[at], moments[at + 1], moments[at + 2]];
      operation.readyAt = startOf(ready);
      operation.startAt = startOf(start);
      // An operation of no length ends where it starts (not at the closing before it).
      operation.endAt = end > start ? endOf(end) : operation.startAt;
    }
    const finish = notPlanned === null ? (operations.length ? Date.parse(operations[operations.length - 1].endAt) : nowMs) : null;
    const due = order.deliveryDate === null ? null : dueOf(order.deliveryDate);
    const tardinessMs = finish !== null && due !== null ? Math.max(0, finish - due) : 0;
    return {
      orderId: order.id,
      number: order.number,
      rank,
      operations,
      finishAt: finish === null ? null : iso(finish),
      dueAt: due === null ? null : iso(due),
      late: finish !== null && due !== null && finish >= due,
      tardinessMs,
      notPlanned,
    };
  });
  return { now: now.toISOString(), orders, input };
}

/**
 * The capacity plan at `now`: every open order in plan order (`planSequence`: `planOrder` and
 * the supervisors' queue orders), each step at the
 * earliest moment its station has a free place for the whole operation (a later order may fill a
 * gap an earlier one left, never moving it), after the order left its previous step, within
 * working time, pausing through the station's stops (open interruptions until expected resolved,
 * no authorised operator present).
 */
export function schedulePlan(input: PlanInput, now: Date): CapacityPlan {
  const sequence = planSequence(input.orders, input.stationQueues);
  const plan = planInOrder(input, now, sequence);
  if (plan.orders.every((order) => order.tardinessMs === 0)) return plan;
  const searched = lessTardySequence(input, now, sequence);
  if (searched === null) return plan;
  const better = planInOrder(input, now, searched);
  // The search counts on the working axis; the plan's tardiness is calendar time: kept only when that is lower too.
  return totalTardinessMs(better) < totalTardinessMs(plan) ? better : plan;
}

const totalTardinessMs = (plan: CapacityPlan) => plan.orders.reduce((sum, order) => sum + order.tardinessMs, 0);

/** The local search runs only on plans of at most this many steps (orders × their remaining stations): a small plant's. */
export const LOCAL_SEARCH_MAX_STEPS = 1_000;
/** It evaluates at most this many sequences, and at most `LOCAL_SEARCH_PLACEMENTS` step placements in all: a count, not a time, so a plan is the same on any machine. */
export const LOCAL_SEARCH_MAX_EVALUATIONS = 2_000;
export const LOCAL_SEARCH_PLACEMENTS = 200_000;

/**
 * A bounded local search over the plan order for less total tardiness (docs/capacity-plan.md,
 * "Less tardiness: the local search"). Only runs of consecutive orders that are waiting, of equal
 * priority (prioritised or not) and not named in a supervisor's queue order are reordered, within
 * their run: work in progress, the prioritised before the others and the supervisors' queue orders
 * stay as `planSequence` put them. Moves: adjacent interchanges, then moving one order to another
 * place of its run; a move is kept when the total tardiness on the working axis is strictly lower,
 * until no move improves or the evaluations are spent. Deterministic. Null when it found nothing
 * better or the plan is too large.
 */
export function lessTardySequence(input: PlanInput, now: Date, sequence: readonly PlanOrder[]): PlanOrder[] | null {
  const steps = sequence.reduce((sum, order) => sum + order.steps.length, 0);
  if (steps === 0 || steps > LOCAL_SEARCH_MAX_STEPS) return null;
  const evaluations = Math.min(LOCAL_SEARCH_MAX_EVALUATIONS, Math.floor(LOCAL_SEARCH_PLACEMENTS / steps));
  const evaluate = tardinessOnAxis(input, now);
  const listed = new Set((input.stationQueues ?? []).flatMap((queue) => queue.orderIds));
  const movable = (order: PlanOrder) => order.workStartedAt === null && !listed.has(order.id);
  // The runs of orders the search may reorder: consecutive, movable, of equal priority.
  const runs: { from: number; to: number }[] = [];
  for (let index = 0; index < sequence.length;) {
    if (!movable(sequence[index])) {
      index++;
      continue;
    }
    let end = index + 1;
    while (end < sequence.length && movable(sequence[end]) && sequence[end].prioritized === sequence[index].prioritized) end++;
    if (end - index > 1) runs.push({ from: index, to: end });
    index = end;
  }
  if (runs.length === 0) return null;
  let current = [...sequence];
  let best = evaluate(current);
  const start = best;
  let spent = 1;
  const tryMove = (candidate: PlanOrder[]): boolean => {
    spent++;
    const value = evaluate(candidate);
    if (value >= best) return false;
    best = value;
    current = candidate;
    return true;
  };
  let improved = true;
  while (improved && best > 0 && spent < evaluations) {
    improved = false;
    for (const run of runs) {
      for (let index = run.from; index + 1 < run.to && spent < evaluations; index++) {
        const candidate = [...current];
        [candidate[index], candidate[index + 1]] = [candidate[index + 1], candidate[index]];
        if (tryMove(candidate)) improved = true;
      }
      for (let from = run.from; from < run.to && spent < evaluations; from++) {
        for (let to = run.from; to < run.to && spent < evaluations; to++) {
          if (Math.abs(to - from) < 2) continue;
          const candidate = [...current];
          const [moved] = candidate.splice(from, 1);
          candidate.splice(to, 0, moved);
          if (tryMove(candidate)) improved = true;
        }
      }
    }
  }
  return best < start ? current : null;
}

/**
 * The total tardiness of a plan order on the working axis (working ms after each order's due
 * moment), placed as `planInOrder` places it but without explanations or calendar: the search's
 * measure. The steps' durations and the due moments are worked out once.
 */
function tardinessOnAxis(input: PlanInput, now: Date): (sequence: readonly PlanOrder[]) => number {
  const working = input.working ?? defaultWorkingTime;
  const zone = timeZoneOf(working);
  const nowMs = now.getTime();
  const timelines = timelinesOf(input, nowMs, working);
  const durations = durationsOf(input);
  const plans = new Map<string, { works: number[]; timelines: StationTimeline[]; due: number | null }>();
  for (const order of input.orders) {
    const works: number[] = [];
    const stations: StationTimeline[] = [];
    for (let index = 0; index < order.steps.length; index++) {
      const step = order.steps[index];
      const timeline = timelines.get(step.stationId);
      if (!timeline || timeline.closed) break;
      const full = stepDuration(step, order.pieces, durations).workingMs;
      const done = index === 0 && order.workStartedAt !== null ? Math.min(full, workingMsBetween(Date.parse(order.workStartedAt), nowMs, working)) : 0;
      works.push(full - done);
      stations.push(timeline);
    }
    const planned = works.length === order.steps.length;
    const dueMs = order.deliveryDate === null ? null : endOfDayIn(order.deliveryDate, zone).getTime();
    const due = !planned || dueMs === null ? null : dueMs >= nowMs ? workingMsBetween(nowMs, dueMs, working) : dueMs - nowMs;
    plans.set(order.id, { works, timelines: stations, due });
  }
  return (sequence) => {
    const free = new Map<StationTimeline, { from: number; to: number }[][]>();
    for (const timeline of timelines.values())
      free.set(
        timeline,
        timeline.places.map(() => [{ from: 0, to: Number.POSITIVE_INFINITY }]),
      );
    let total = 0;
    for (const order of sequence) {
      const { works, timelines: stations, due } = plans.get(order.id) as { works: number[]; timelines: StationTimeline[]; due: number | null };
      let ready = 0;
      for (let index = 0; index < works.length; index++) {
        const places = free.get(stations[index]) as { from: number; to: number }[][];
        let best: { start: number; end: number; gap: number } | null = null;
        let bestPlace = 0;
        for (let place = 0; place < places.length; place++) {
          const found = earliestIn(places[place], stations[index].stopped, ready, works[index], best ? best.start : Number.POSITIVE_INFINITY);
          if (found) {
            best = found;
            bestPlace = place;
          }
        }
        const chosen = best as { start: number; end: number; gap: number };
        occupy(places[bestPlace], chosen.gap, chosen.start, chosen.end);
        ready = chosen.end;
      }
      if (due !== null && ready > due) total += ready - due;
    }
    return total;
  };
}

/** Total tardiness of a plan, in hours: the sum over its orders of how far each finishes after its due moment. */
export const totalTardinessHours = (plan: CapacityPlan): number => plan.orders.reduce((sum, order) => sum + order.tardinessMs, 0) / hourMs;

/** An order on time before that a new order makes late. */
export interface PushedLate {
  orderId: string;
  number: string;
  dueAt: string;
  finishBefore: string;
  finishAfter: string;
}

export interface DeliveryPromise {
  /** ISO time the new order would be finished in its place in plan order (its priority and delivery date); null when it cannot be planned. */
  finishAt: string | null;
  /** Its calendar day in the company's time zone: the date to promise. */
  promiseDay: string | null;
  /** The orders that are on time now and would be late with it. */
  pushedLate: PushedLate[];
  /** ISO time it would be finished planned after every order already there, delaying none. */
  finishWithoutDelayAt: string | null;
  promiseDayWithoutDelay: string | null;
  notPlanned: OrderPlan['notPlanned'];
  /** The new order's plan in its place (for the screen's explanation). */
  planned: OrderPlan;
}

/**
 * The earliest delivery of a hypothetical order given a plan (promise a date): planned in its
 * place in plan order, with the orders it would push late; and planned after all the others, the
 * date that delays no one.
 */
export function earliestDelivery(plan: CapacityPlan, newOrder: PlanOrder): DeliveryPromise {
  const now = new Date(plan.now);
  const zone = timeZoneOf(plan.input.working ?? defaultWorkingTime);
  const withNew = schedulePlan({ ...plan.input, orders: [...plan.input.orders, newOrder] }, now);
  const after = withNew.orders.find((order) => order.orderId === newOrder.id) as OrderPlan;
  // After every order, in the order the plan has them (the local search's too).
  const byId = new Map(plan.input.orders.map((order) => [order.id, order]));
  const planned = plan.orders.map((order) => byId.get(order.orderId) as PlanOrder);
  const lastOne = planInOrder(plan.input, now, [...planned, newOrder]).orders.at(-1) as OrderPlan;
  const afterById = new Map(withNew.orders.map((order) => [order.orderId, order]));
  const pushedLate: PushedLate[] = [];
  for (const before of plan.orders) {
    const changed = afterById.get(before.orderId);
    if (!before.late && changed?.late && before.dueAt && before.finishAt && changed.finishAt) {
      pushedLate.push({ orderId: before.orderId, number: before.number, dueAt: before.dueAt, finishBefore: before.finishAt, finishAfter: changed.finishAt });
    }
  }
  const dayOf = (at: string | null) => (at === null ? null : calendarDayIn(at, zone));
  return {
    finishAt: after.finishAt,
    promiseDay: dayOf(after.finishAt),
    pushedLate,
    finishWithoutDelayAt: lastOne.finishAt,
    promiseDayWithoutDelay: dayOf(lastOne.finishAt),
    notPlanned: after.notPlanned,
    planned: after,
  };
}
