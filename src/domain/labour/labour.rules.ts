import { calendarDayIn, endOfDayIn, offsetAt, statutoryBreaks, timeZoneOf, type BreakRule, type WorkingTime } from '../company/working-time.rules.js';
import type { LabourEvent, SplitShare, SplitUnit } from './labour.events.js';

const minuteMs = 60_000;

/**
 * The end of the company's working day that `at` falls in, as ISO: on a working day before its end,
 * the end of the working hours in the company's zone; otherwise (after hours, a day off) the end of
 * that calendar day. A clock-out still missing then is closed there and flagged (docs/labour-and-costs.md).
 */
export function dayEndOf(at: string, working: WorkingTime): string {
  const zone = timeZoneOf(working);
  const day = calendarDayIn(at, zone);
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const wall = Date.parse(`${day}T00:00:00Z`) + working.toMinute * minuteMs;
  const hoursEnd = wall - offsetAt(zone, wall - offsetAt(zone, wall));
  if (working.days.includes(weekday) && Date.parse(at) < hoursEnd) return new Date(hoursEnd).toISOString();
  return endOfDayIn(day, zone).toISOString();
}

/**
 * The minimum break an attendance of `grossSeconds` needs by the rule's minimums, in seconds, taken only
 * from the time beyond each threshold: with the statutory rule (ArbZG §4: 30 minutes beyond 6 hours, 45
 * beyond 9) 6 h 10 min at the bench leave 6 h, not 5 h 40 min, and 9 h 40 min leave 9 h 0 min. Step i
 * (after a_i, b_i in all) starts once the gross passes a_i plus the break before it, b_(i-1).
 */
export function minimumBreakSecondsOf(grossSeconds: number, minimums: BreakRule['minimums'] = statutoryBreaks.minimums): number {
  const clamp = (value: number, max: number) => Math.min(max, Math.max(0, value));
  let total = 0;
  let before = 0;
  for (const { afterMinutes, minutes } of minimums) {
    total += clamp(grossSeconds - (afterMinutes + before) * 60, (minutes - before) * 60);
    before = minutes;
  }
  return total;
}

/** Seconds of the rule's fixed break windows inside [from, to) (ms), each calendar day in `zone`. */
export function windowBreakSecondsOf(from: number, to: number, windows: BreakRule['windows'], zone: string): number {
  if (windows.length === 0 || to <= from) return 0;
  const instantOf = (day: string, minute: number) => {
    const wall = Date.parse(`${day}T00:00:00Z`) + minute * minuteMs;
    return wall - offsetAt(zone, wall - offsetAt(zone, wall));
  };
  let total = 0;
  const last = calendarDayIn(new Date(to), zone);
  for (let day = calendarDayIn(new Date(from), zone); day <= last; day = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)) {
    for (const window of windows) total += Math.max(0, Math.min(to, instantOf(day, window.toMinute)) - Math.max(from, instantOf(day, window.fromMinute)));
  }
  return Math.round(total / 1000);
}

/**
 * The break an attendance from..to includes, in seconds, by the company's break rule (its working time;
 * none set: the statutory minimum): the larger of the fixed windows it covers and the minimum its length
 * needs (a break taken in a window counts toward the minimum), never more than the attendance.
 */
export function breakSecondsOf(from: string, to: string, working: Pick<WorkingTime, 'breaks' | 'timeZone'>): number {
  const rule = working.breaks ?? statutoryBreaks;
  const gross = Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000));
  const windows = windowBreakSecondsOf(Date.parse(from), Date.parse(to), rule.windows, timeZoneOf(working));
  return Math.min(gross, Math.max(windows, minimumBreakSecondsOf(gross, rule.minimums)));
}

/** Seconds of an interval worked on one of `share` orders at once (three decimals, as the read model stores them). */
export const shareSeconds = (from: string, to: string, share: number): number => Math.round((Date.parse(to) - Date.parse(from)) / share) / 1000;

/** Seconds of an interval counted at `portion` of it (a stated split; three decimals, as the read model stores them). */
export const portionSeconds = (from: string, to: string, portion: number): number => Math.round((Date.parse(to) - Date.parse(from)) * portion) / 1000;

/** The whole minutes of a closed work period: what a split in minutes must add up to. */
export const periodMinutesOf = (from: string, to: string): number => Math.round((Date.parse(to) - Date.parse(from)) / minuteMs);

/**
 * A named rule: a stated split adds up to the whole work period, in percent to 100, in whole minutes to
 * the period's minutes (only a closed period has them). The translation key of what is wrong, or null.
 */
export function splitSumProblem(unit: SplitUnit, amounts: readonly number[], wholeMinutes: number | null): string | null {
  const sum = amounts.reduce((total, amount) => total + amount, 0);
  if (unit === 'percent') return Math.abs(sum - 100) < 0.005 ? null : 'labour.validation.splitPercentSum';
  if (wholeMinutes === null) return 'labour.validation.splitMinutesRunning';
  if (!amounts.every(Number.isInteger)) return 'validation.wholeNumber';
  return sum === wholeMinutes ? null : 'labour.validation.splitMinutesSum';
}

/** Each order's portion of a stated split (its amount over the sum: percent and minutes alike), keyed `orderId stationId`. */
export function portionsOf(shares: readonly SplitShare[]): Map<string, number> {
  const sum = shares.reduce((total, share) => total + share.amount, 0);
  return new Map(shares.map((share) => [`${share.orderId} ${share.stationId}`, sum > 0 ? share.amount / sum : 0]));
}

/** A piece of one person's work time: on an order at a station, from..to, split across `share` orders at once. */
export interface WorkPiece {
  orderId: string;
  stationId: string;
  from: string;
  to: string;
  share: number;
  /** Its part of the interval: 1/share, or what a stated split gave it. */
  portion: number;
  seconds: number;
  /** A supervisor's correction (from = to = the booked moment). */
  correction: boolean;
}

/**
 * One person's work time from their labour events, the definition the read model follows: while on
 * orders and not paused, each running moment counts once, split evenly across the orders running then,
 * unless a split of that work period (the time the same orders ran) was stated: then as stated.
 * Paused, left or clocked-out time counts nothing. Work time corrections add (or take) their seconds.
 */
export function workPiecesOf(events: readonly LabourEvent[]): WorkPiece[] {
  const pieces: WorkPiece[] = [];
  let running: { orderId: string; stationId: string }[] = [];
  let since: string | null = null;
  let stated: Map<string, number> | null = null;
  const key = (orderId: string, stationId: string) => `${orderId} ${stationId}`;
  const change = (at: string, next: { orderId: string; stationId: string }[]) => {
    if (since !== null && Date.parse(at) > Date.parse(since)) {
      for (const work of running) {
        const statedPortion = stated?.get(key(work.orderId, work.stationId));
        const share = running.length;
        const seconds = statedPortion === undefined ? shareSeconds(since, at, share) : portionSeconds(since, at, statedPortion);
        pieces.push({ ...work, from: since, to: at, share, portion: statedPortion ?? 1 / share, seconds, correction: false });
      }
    }
    running = next;
    since = next.length ? at : null;
    stated = null;
  };
  for (const event of events) {
    switch (event.type) {
      case 'OrderWorkJoined':
      case 'OrderWorkResumed':
        change(event.data.at, [...running, { orderId: event.data.orderId, stationId: event.data.stationId }]);
        break;
      case 'OrderWorkPaused':
      case 'OrderWorkLeft': {
        const gone = key(event.data.orderId, event.data.stationId);
        change(
          event.data.at,
          running.filter((work) => key(work.orderId, work.stationId) !== gone),
        );
        break;
      }
      case 'WorkSplitStated': {
        const portions = portionsOf(event.data.shares);
        const startedAt = Date.parse(event.data.periodStartedAt);
        if (since !== null && Date.parse(since) === startedAt) stated = portions;
        for (const piece of pieces) {
          const portion = portions.get(key(piece.orderId, piece.stationId));
          if (piece.correction || Date.parse(piece.from) !== startedAt || portion === undefined) continue;
          piece.portion = portion;
          piece.seconds = portionSeconds(piece.from, piece.to, portion);
        }
        break;
      }
      case 'WorkTimeCorrected': {
        const { orderId, stationId, bookedAt, seconds } = event.data;
        pieces.push({ orderId, stationId, from: bookedAt, to: bookedAt, share: 1, portion: 1, seconds, correction: true });
        break;
      }
      default:
        break;
    }
  }
  return pieces;
}
