/**
 * Predicted completion of open production orders (docs/prediction.md): pure, so the server, the
 * tests and any screen compute the same answer from the same facts and a fixed clock.
 *
 * Method in short: each station works one order at a time and needs its median cycle time (Start
 * to Complete) of the recent completions there per order. Orders are planned in the order the
 * worklists use (in work first, then prioritized, earlier delivery date, earlier arrival, lower
 * number), those further down the line first; each reserves the next free slot at its station and
 * then at every station after it in the sequence. Durations are working seconds, turned into calendar time by the
 * company's working time (in its time zone, working-time.rules).
 */

import { addWorkingTime, defaultWorkingTime, endOfDayIn, timeZoneOf, type WorkingTime } from '../company/working-time.rules.js';

export {
  addWorkingTime,
  clockOfMinute,
  defaultWorkingTime,
  isTimeZone,
  parseWorkingTime,
  settingOf,
  workingTimeOf,
  type WorkingTime,
  type WorkingTimeSetting,
} from '../company/working-time.rules.js';

/** How many recent completions per station the median is taken over, unless configured. */
export const defaultPredictionWindow = 20;

/** The median of the numbers, or null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** An open production order where it is now. */
export interface PlannedOrder {
  id: string;
  number: number;
  stationId: string;
  /** ISO time it arrived at the station. */
  arrivedAt: string;
  /** ISO time work started there; null while it waits. */
  workStartedAt: string | null;
  prioritize: boolean;
  /** `YYYY-MM-DD` or null. */
  deliveryDate: string | null;
}

export interface PredictionInput {
  now: Date;
  /** The saved sequence: where an order goes after each station. */
  sequence: readonly string[];
  /** The recent cycle times per station, in seconds, newest first (only the window's are used). */
  cycleTimes: ReadonlyMap<string, readonly number[]>;
  orders: readonly PlannedOrder[];
  working?: WorkingTime;
  window?: number;
}

export interface Prediction {
  orderId: string;
  /** ISO time (whole minutes, rounded up) the order is expected to leave the last station; null when no station has a completion to go by. */
  predictedAt: string | null;
  /** The prediction passes the end of the delivery date. */
  willBeLate: boolean;
  /** Working seconds of queue ahead of the order at its current station. */
  queueSeconds: number;
  /** How many orders are ahead of it at its current station. */
  queueAhead: number;
}

/** A station's cycle time for planning: its median over the window, else the median of all stations', else null. */
export function stationCycleSeconds(
  cycleTimes: ReadonlyMap<string, readonly number[]>,
  window = defaultPredictionWindow,
): Map<string, number | null> & { fallback: number | null } {
  const result = new Map<string, number | null>() as Map<string, number | null> & { fallback: number | null };
  const all: number[] = [];
  for (const [stationId, times] of cycleTimes) {
    const recent = times.slice(0, window);
    all.push(...recent);
    result.set(stationId, median(recent));
  }
  result.fallback = median(all);
  return result;
}

/** The order the worklists use: in work first, then prioritized, earlier delivery date, earlier arrival, lower number. */
export function worklistOrder(a: PlannedOrder, b: PlannedOrder): number {
  if (Boolean(a.workStartedAt) !== Boolean(b.workStartedAt)) return a.workStartedAt ? -1 : 1;
  if (a.prioritize !== b.prioritize) return a.prioritize ? -1 : 1;
  if (a.deliveryDate !== b.deliveryDate) {
    if (a.deliveryDate === null) return 1;
    if (b.deliveryDate === null) return -1;
    return a.deliveryDate < b.deliveryDate ? -1 : 1;
  }
  if (a.arrivedAt !== b.arrivedAt) return a.arrivedAt < b.arrivedAt ? -1 : 1;
  return a.number - b.number;
}

/** Whether a predicted finish passes the end of the delivery date: local midnight after it in the company's `timeZone`. */
export function passesDeliveryDate(predictedAt: Date, deliveryDate: string | null, timeZone = 'UTC'): boolean {
  if (!deliveryDate) return false;
  return predictedAt.getTime() >= endOfDayIn(deliveryDate, timeZone).getTime();
}

/**
 * The predicted completion of every order: each station's free slot moves on as orders earlier in
 * worklist order reserve it, first at the station they are at, then at each station after it in
 * the sequence (an order at a station outside the sequence finishes there, as Complete sends it
 * to WIP). Work under way counts only what is left of its median.
 */
export function predictCompletions(input: PredictionInput): Prediction[] {
  const working = input.working ?? defaultWorkingTime;
  const cycle = stationCycleSeconds(input.cycleTimes, input.window ?? defaultPredictionWindow);
  const secondsAt = (stationId: string) => cycle.get(stationId) ?? cycle.fallback;
  const position = new Map(input.sequence.map((stationId, index) => [stationId, index]));
  /** Working seconds from now until each station is free. */
  const freeAt = new Map<string, number>();
  const nowMs = input.now.getTime();
  const predictions = new Map<string, Prediction>();

  // Orders further down the line are there first: they reserve before those still to come.
  const downstreamFirst = (a: PlannedOrder, b: PlannedOrder) =>
    (position.get(b.stationId) ?? input.sequence.length) - (position.get(a.stationId) ?? input.sequence.length) || worklistOrder(a, b);
  for (const order of [...input.orders].sort(downstreamFirst)) {
    const here = secondsAt(order.stationId);
    const index = position.get(order.stationId);
    const route = [order.stationId, ...(index === undefined ? [] : input.sequence.slice(index + 1))];
    if (here === null || route.some((stationId) => secondsAt(stationId) === null)) {
      predictions.set(order.id, { orderId: order.id, predictedAt: null, willBeLate: false, queueSeconds: freeAt.get(order.stationId) ?? 0, queueAhead: 0 });
      continue;
    }
    const queueSeconds = freeAt.get(order.stationId) ?? 0;
    const elapsed = order.workStartedAt ? Math.max(0, (nowMs - Date.parse(order.workStartedAt)) / 1000) : 0;
    // Work under way that already took longer than the median is taken to finish now.
    let t = queueSeconds + Math.max(0, here - elapsed);
    freeAt.set(order.stationId, t);
    for (const stationId of route.slice(1)) {
      t = Math.max(t, freeAt.get(stationId) ?? 0) + (secondsAt(stationId) as number);
      freeAt.set(stationId, t);
    }
    // Whole minutes (rounded up): what screens show, and the same answer on reads a few seconds apart.
    const predictedAt = new Date(Math.ceil(addWorkingTime(input.now, t, working).getTime() / 60_000) * 60_000);
    predictions.set(order.id, {
      orderId: order.id,
      predictedAt: predictedAt.toISOString(),
      willBeLate: passesDeliveryDate(predictedAt, order.deliveryDate, timeZoneOf(working)),
      queueSeconds,
      queueAhead: 0,
    });
  }
  // How many are ahead at the same station, in worklist order.
  const seen = new Map<string, number>();
  for (const order of [...input.orders].sort(worklistOrder)) {
    const ahead = seen.get(order.stationId) ?? 0;
    const prediction = predictions.get(order.id);
    if (prediction) prediction.queueAhead = ahead;
    seen.set(order.stationId, ahead + 1);
  }
  return input.orders.map((order) => predictions.get(order.id) as Prediction);
}
