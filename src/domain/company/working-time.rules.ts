/**
 * A company's working time (docs/prediction.md): working days and hours in the company's time
 * zone, laid onto real time with the zone's offsets from Intl, so a working day 06:00-22:00
 * Europe/Berlin is 05:00-21:00 UTC in winter and 04:00-20:00 UTC in summer. Pure: the same answer
 * on the server, in tests with a fixed clock and on any screen.
 */

/** The working time: the weekdays (0 Sunday .. 6 Saturday) and the hours, in `timeZone`. */
export interface WorkingTime {
  days: readonly number[];
  /** Minutes after local midnight the working day starts. */
  fromMinute: number;
  /** Minutes after local midnight the working day ends (after `fromMinute`, at most 24 * 60). */
  toMinute: number;
  /** IANA time zone the hours are in; absent: UTC. */
  timeZone?: string;
  /** The company's break rule (docs/labour-and-costs.md, Breaks); absent: the statutory minimum, `statutoryBreaks`. */
  breaks?: BreakRule;
}

/**
 * How much of an attendance is break (labour time): fixed break windows on every day (minutes after local
 * midnight, in the working time's zone) and minimum breaks after some hours of work. An attendance's break is
 * the larger of the windows it covers and the minimum its length needs (`breakSecondsOf`, domain/labour).
 */
export interface BreakRule {
  windows: readonly { fromMinute: number; toMinute: number }[];
  /** Ascending: beyond `afterMinutes` of work, `minutes` of break in all. */
  minimums: readonly { afterMinutes: number; minutes: number }[];
}

/** The statutory minimum of the German Working Hours Act (ArbZG §4): 30 minutes beyond 6 hours of work, 45 beyond 9; no fixed windows. */
export const statutoryBreaks: BreakRule = {
  windows: [],
  minimums: [
    { afterMinutes: 6 * 60, minutes: 30 },
    { afterMinutes: 9 * 60, minutes: 45 },
  ],
};

/** The break rule as the company settings write it: windows `HH:MM`-`HH:MM`, minimums after `HH:MM` of work. */
export interface BreakSetting {
  windows: readonly { from: string; to: string }[];
  minimums: readonly { after: string; minutes: number }[];
}

/** The break rule of a setting; null when it does not read (a window ending before it starts, minimums not ascending). */
export function breakRuleOf(setting: BreakSetting): BreakRule | null {
  const windows: { fromMinute: number; toMinute: number }[] = [];
  for (const window of setting.windows) {
    const fromMinute = minuteOfClock(window.from);
    const toMinute = minuteOfClock(window.to);
    if (fromMinute === null || toMinute === null || toMinute <= fromMinute) return null;
    windows.push({ fromMinute, toMinute });
  }
  windows.sort((a, b) => a.fromMinute - b.fromMinute);
  if (windows.some((window, index) => index > 0 && window.fromMinute < windows[index - 1].toMinute)) return null;
  const minimums: { afterMinutes: number; minutes: number }[] = [];
  for (const minimum of setting.minimums) {
    const afterMinutes = minuteOfClock(minimum.after);
    if (afterMinutes === null || afterMinutes === 0 || !Number.isInteger(minimum.minutes) || minimum.minutes <= 0) return null;
    const before = minimums.at(-1);
    if (before && (afterMinutes <= before.afterMinutes || minimum.minutes <= before.minutes)) return null;
    minimums.push({ afterMinutes, minutes: minimum.minutes });
  }
  return { windows, minimums };
}

/** The setting form of a break rule. */
export const breakSettingOf = (rule: BreakRule): { windows: { from: string; to: string }[]; minimums: { after: string; minutes: number }[] } => ({
  windows: rule.windows.map((window) => ({ from: clockOfMinute(window.fromMinute), to: clockOfMinute(window.toMinute) })),
  minimums: rule.minimums.map((minimum) => ({ after: clockOfMinute(minimum.afterMinutes), minutes: minimum.minutes })),
});

/** The zone a working time is in: a company's time zone (UTC when it names none). */
export const timeZoneOf = (working: Pick<WorkingTime, 'timeZone'>): string => working.timeZone ?? 'UTC';

/** The working time as the company settings write it: days 0 (Sunday) to 6, `HH:MM` from and to, an IANA zone. */
export interface WorkingTimeSetting {
  days: readonly number[];
  from: string;
  to: string;
  timeZone: string;
  /** The break rule; absent: the statutory minimum. */
  breaks?: BreakSetting;
}

/** The default when nothing is configured: Monday to Friday, 06:00 to 22:00 UTC (two shifts). */
export const defaultWorkingTime: WorkingTime = { days: [1, 2, 3, 4, 5], fromMinute: 6 * 60, toMinute: 22 * 60 };

let knownZones: Set<string> | null = null;

/** Whether `name` is an IANA time zone this runtime knows (`Intl.supportedValuesOf('timeZone')`, and `UTC`). */
export function isTimeZone(name: string): boolean {
  knownZones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return knownZones.has(name);
}

const clockPattern = /^(?:([01]\d|2[0-3]):([0-5]\d)|(24):(00))$/;

/** Minutes after midnight of a `HH:MM` time (`24:00` is the end of the day); null when it cannot be read. */
export function minuteOfClock(text: string): number | null {
  const match = clockPattern.exec(text);
  if (!match) return null;
  return match[3] ? 24 * 60 : Number(match[1]) * 60 + Number(match[2]);
}

/** `HH:MM` of minutes after midnight. */
export const clockOfMinute = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** The working time of a setting (a setting that does not read gives null). */
export function workingTimeOf(setting: WorkingTimeSetting): WorkingTime | null {
  const fromMinute = minuteOfClock(setting.from);
  const toMinute = minuteOfClock(setting.to);
  if (fromMinute === null || toMinute === null || toMinute <= fromMinute || !isTimeZone(setting.timeZone)) return null;
  const breaks = setting.breaks ? breakRuleOf(setting.breaks) : undefined;
  if (breaks === null) return null;
  return { days: [...new Set(setting.days)].sort(), fromMinute, toMinute, timeZone: setting.timeZone, ...(breaks ? { breaks } : {}) };
}

/** The setting form of a working time (zone UTC when it has none). */
export const settingOf = (working: WorkingTime): WorkingTimeSetting & { days: number[]; breaks?: ReturnType<typeof breakSettingOf> } => ({
  days: [...working.days],
  from: clockOfMinute(working.fromMinute),
  to: clockOfMinute(working.toMinute),
  timeZone: working.timeZone ?? 'UTC',
  ...(working.breaks ? { breaks: breakSettingOf(working.breaks) } : {}),
});

const dayNumbers = /^([0-6])(?:-([0-6]))?$/;
const hourPattern = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-4]):([0-5]\d)$/;

/**
 * Reads a working time written as `<days> <from>-<to> [<time zone>]`, days as numbers 0 (Sunday)
 * to 6 (Saturday), a range or a comma list, hours in the time zone (UTC when none is named):
 * `1-5 06:00-22:00`, `1,2,3,4,5,6 07:00-15:30 Europe/Berlin`. Null when it cannot be read.
 */
export function parseWorkingTime(text: string): WorkingTime | null {
  const [daysText, hoursText, zone, ...rest] = text.trim().split(/\s+/);
  if (!daysText || !hoursText || rest.length) return null;
  if (zone !== undefined && !isTimeZone(zone)) return null;
  const days = new Set<number>();
  for (const part of daysText.split(',')) {
    const match = dayNumbers.exec(part);
    if (!match) return null;
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    if (to < from) return null;
    for (let day = from; day <= to; day++) days.add(day);
  }
  const hours = hourPattern.exec(hoursText);
  if (!hours) return null;
  const fromMinute = Number(hours[1]) * 60 + Number(hours[2]);
  const toMinute = Number(hours[3]) * 60 + Number(hours[4]);
  if (toMinute <= fromMinute || toMinute > 24 * 60) return null;
  return { days: [...days].sort(), fromMinute, toMinute, ...(zone === undefined ? {} : { timeZone: zone }) };
}

const secondMs = 1000;
const minuteMs = 60 * secondMs;
const dayMs = 24 * 60 * minuteMs;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(zone: string): Intl.DateTimeFormat {
  let found = formatters.get(zone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, found);
  }
  return found;
}

/** The zone's offset from UTC at an instant, in ms (local time minus UTC): 3,600,000 in Berlin in winter. */
export function offsetAt(zone: string, at: number): number {
  if (zone === 'UTC') return 0;
  const part: Record<string, number> = {};
  for (const { type, value } of formatterOf(zone).formatToParts(new Date(at))) part[type] = Number(value);
  const local = Date.UTC(part.year, part.month - 1, part.day, part.hour % 24, part.minute, part.second);
  return local - Math.floor(at / secondMs) * secondMs;
}

/**
 * The calendar day (`YYYY-MM-DD`) an instant falls on in `zone`: a company's "today". 23:30 UTC on
 * 21 November is 22 November in Berlin.
 */
export function calendarDayIn(at: Date | string, zone: string): string {
  const ms = new Date(at).getTime();
  return new Date(ms + offsetAt(zone, ms)).toISOString().slice(0, 10);
}

const dayStarts = new Map<string, number>();

/** The instant a calendar day (`YYYY-MM-DD`) starts in `zone`, its local midnight: 22 November in Berlin starts at 23:00 UTC on 21 November. */
export function startOfDayIn(day: string, zone: string): Date {
  const key = `${zone} ${day}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    const wall = Date.parse(`${day}T00:00:00Z`);
    // Midnight read as UTC is hours off; the offset at the instant it points to is the one of local midnight.
    start = wall - offsetAt(zone, wall - offsetAt(zone, wall));
    // A board asks for the same few delivery dates thousands of times; the cache stays small.
    if (dayStarts.size >= 4096) dayStarts.clear();
    dayStarts.set(key, start);
  }
  return new Date(start);
}

/** The instant a calendar day (`YYYY-MM-DD`) ends in `zone`: the local midnight after it (a day of 23 or 25 hours across a DST change). */
export function endOfDayIn(day: string, zone: string): Date {
  return startOfDayIn(new Date(Date.parse(`${day}T00:00:00Z`) + dayMs).toISOString().slice(0, 10), zone);
}

const changesByZone = new Map<string, Map<number, number[]>>();

/** The instants in a UTC year at which the zone's offset changes: the offset is sampled daily, each change found to the second. */
function offsetChangesIn(zone: string, year: number): number[] {
  let years = changesByZone.get(zone);
  if (!years) changesByZone.set(zone, (years = new Map()));
  const cached = years.get(year);
  if (cached) return cached;
  const changes: number[] = [];
  const end = Date.UTC(year + 1, 0, 1);
  let before = offsetAt(zone, Date.UTC(year, 0, 1));
  for (let day = Date.UTC(year, 0, 1) + dayMs; day <= end; day += dayMs) {
    const offset = offsetAt(zone, day);
    if (offset === before) continue;
    let low = (day - dayMs) / secondMs;
    let high = day / secondMs;
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (offsetAt(zone, middle * secondMs) === before) low = middle;
      else high = middle;
    }
    changes.push(high * secondMs);
    before = offset;
  }
  years.set(year, changes);
  return changes;
}

/** The first instant after `at` where the zone's offset may change: a real change within two years, else the end of the next UTC year. */
function nextOffsetChange(zone: string, at: number): number {
  const year = new Date(at).getUTCFullYear();
  for (const candidate of [year, year + 1]) {
    const found = offsetChangesIn(zone, candidate).find((change) => change > at);
    if (found !== undefined) return found;
  }
  return Date.UTC(year + 2, 0, 1);
}

const lastPiece = new Map<string, { from: number; to: number; offset: number }>();

/** The zone's offset at `at` and the end of the piece of time it holds in (its next change); the last piece asked for is kept per zone. */
function pieceAt(zone: string, at: number): { offset: number; end: number } {
  if (zone === 'UTC') return { offset: 0, end: Number.POSITIVE_INFINITY };
  const kept = lastPiece.get(zone);
  if (kept && at >= kept.from && at < kept.to) return { offset: kept.offset, end: kept.to };
  const piece = { from: at, to: nextOffsetChange(zone, at), offset: offsetAt(zone, at) };
  lastPiece.set(zone, piece);
  return { offset: piece.offset, end: piece.to };
}

/*
 * The helpers below work on local wall-clock time written as if it were UTC ms ("wall ms"), where
 * every day has 24 hours. Between two offset changes wall time and real time run alike, so the
 * exported functions cut real time at the zone's changes and use these within each piece.
 */

const usable = (working: WorkingTime) => working.days.length > 0 && working.toMinute > working.fromMinute;

/** The wall moment `work` ms of working time after `wall` (the next opening when `work` is 0). */
function addWallWork(wall: number, work: number, working: WorkingTime): number {
  let remaining = work;
  let at = wall;
  const perDay = (working.toMinute - working.fromMinute) * minuteMs;
  const perWeek = perDay * working.days.length;
  for (;;) {
    const midnight = Math.floor(at / dayMs) * dayMs;
    const opens = midnight + working.fromMinute * minuteMs;
    const closes = midnight + working.toMinute * minuteMs;
    if (!working.days.includes(new Date(midnight).getUTCDay()) || at >= closes) {
      at = midnight + dayMs;
      continue;
    }
    if (at < opens) at = opens;
    // Whole weeks at once, so a long queue takes as many steps as a short one.
    if (at === opens && remaining > perWeek) {
      const weeks = Math.floor((remaining - 1) / perWeek);
      remaining -= weeks * perWeek;
      at += weeks * 7 * dayMs;
      continue;
    }
    const available = closes - at;
    if (remaining <= available) return at + remaining;
    remaining -= available;
    at = closes;
  }
}

/** A Monday, wall midnight: working time is counted from it. */
const countedFrom = Date.UTC(1970, 0, 5);

/** Working ms from `countedFrom` to a wall moment (negative before it). */
function wallWorkUntil(wall: number, working: WorkingTime): number {
  const perDay = (working.toMinute - working.fromMinute) * minuteMs;
  const days = Math.floor((wall - countedFrom) / dayMs);
  const weeks = Math.floor(days / 7);
  // Day 0 is a Monday (weekday 1).
  const weekday = (day: number) => (((day + 1) % 7) + 7) % 7;
  let total = weeks * perDay * working.days.length;
  for (let day = weeks * 7; day < days; day++) if (working.days.includes(weekday(day))) total += perDay;
  if (working.days.includes(weekday(days))) {
    const opens = countedFrom + days * dayMs + working.fromMinute * minuteMs;
    total += Math.min(perDay, Math.max(0, wall - opens));
  }
  return total;
}

/**
 * The moment `workSeconds` of working time after `start`: time outside the working hours and days
 * (in the working time's zone) does not count. With no working day at all the calendar time is used.
 */
export function addWorkingTime(start: Date, workSeconds: number, working: WorkingTime = defaultWorkingTime): Date {
  if (!usable(working)) return new Date(start.getTime() + workSeconds * 1000);
  const zone = working.timeZone ?? 'UTC';
  let remaining = Math.max(0, workSeconds) * 1000;
  let at = start.getTime();
  for (;;) {
    const { offset, end: pieceEnd } = pieceAt(zone, at);
    const done = addWallWork(at + offset, remaining, working) - offset;
    if (done <= pieceEnd) return new Date(done);
    remaining -= wallWorkUntil(pieceEnd + offset, working) - wallWorkUntil(at + offset, working);
    at = pieceEnd;
  }
}

/** Working ms between two instants (`from` before `to`; 0 otherwise). With no working day at all, the calendar time. */
export function workingMsBetween(from: number, to: number, working: WorkingTime = defaultWorkingTime): number {
  if (to <= from) return 0;
  if (!usable(working)) return to - from;
  const zone = working.timeZone ?? 'UTC';
  let total = 0;
  let at = from;
  while (at < to) {
    const piece = pieceAt(zone, at);
    const offset = piece.offset;
    const pieceEnd = Math.min(to, piece.end);
    total += wallWorkUntil(pieceEnd + offset, working) - wallWorkUntil(at + offset, working);
    at = pieceEnd;
  }
  return total;
}
