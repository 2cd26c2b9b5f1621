import { sql } from 'kysely';
import { startOfDayIn, calendarDayIn, endOfDayIn, timeZoneOf, type WorkingTime } from '../../../domain/company/working-time.rules.js';
import { breakSecondsOf } from '../../../domain/labour/labour.rules.js';
import type {
  AttendanceView,
  CorrectionView,
  LabourPeople,
  LabourStatus,
  OrderWorkView,
  Present,
  StationLabour,
  WorkTimes,
} from '../../../domain/labour/labour.views.js';
import type { Executor } from '../../platform/db.js';
import { orderNumbersById, ordersInWorkAtStation } from '../orders/index.js';
import { stationNamesById } from '../stations/index.js';
import type { PayrollDay } from './labour.csv.js';
import './labour.tables.js';

const iso = (at: Date) => at.toISOString();
const isoOrNull = (at: Date | null) => (at ? at.toISOString() : null);

/** Display names of users by id: first and last name, else the operator's username; '' when the user is gone. */
export async function namesOf(db: Executor, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'first_name', 'last_name', 'username']).where('id', 'in', unique).execute();
  return new Map(rows.map((row) => [row.id, `${row.first_name} ${row.last_name}`.trim() || (row.username ?? '')]));
}

const orderNumbersOf = orderNumbersById;

const stationNamesOf = (db: Executor, ids: readonly string[]) => stationNamesById(db, [...new Set(ids)]);

/** The orders these people are clocked onto now, by person. */
async function orderWorkOf(db: Executor, userIds: readonly string[]): Promise<Map<string, OrderWorkView[]>> {
  const byUser = new Map<string, OrderWorkView[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .selectFrom('labour_assignments')
    .selectAll()
    .where('user_id', 'in', [...userIds])
    .orderBy('joined_at')
    .orderBy('order_id')
    .execute();
  const numbers = await orderNumbersOf(
    db,
    rows.map((row) => row.order_id),
  );
  const stations = await stationNamesOf(
    db,
    rows.map((row) => row.station_id),
  );
  for (const row of rows) {
    const list = byUser.get(row.user_id) ?? [];
    list.push({
      orderId: row.order_id,
      orderNumber: numbers.get(row.order_id) ?? '',
      stationId: row.station_id,
      stationName: stations.get(row.station_id) ?? null,
      joinedAt: iso(row.joined_at),
      pausedAt: isoOrNull(row.paused_at),
      pauseReason: row.pause_reason,
    });
    byUser.set(row.user_id, list);
  }
  return byUser;
}

/** One's own clock: the open attendance and the orders one is on. */
export async function labourStatusOf(db: Executor, userId: string): Promise<LabourStatus> {
  const open = await db
    .selectFrom('labour_attendances')
    .select(['id', 'clocked_in_at', 'clock_in_station_id', 'day_ends_at'])
    .where('user_id', '=', userId)
    .where('clocked_out_at', 'is', null)
    .executeTakeFirst();
  const orders = (await orderWorkOf(db, [userId])).get(userId) ?? [];
  // The running work period, when it holds several orders: what a split stated at the station applies to.
  const running = await db
    .selectFrom('labour_work_pieces')
    .select(['started_at', 'stated_by'])
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .where('correction_id', 'is', null)
    .where('share', '>=', 2)
    .executeTakeFirst();
  return {
    userId,
    attendance: open ? { id: open.id, clockedInAt: iso(open.clocked_in_at), stationId: open.clock_in_station_id, dayEndsAt: iso(open.day_ends_at) } : null,
    orders,
    workPeriod: running ? { startedAt: iso(running.started_at), stated: running.stated_by !== null } : null,
  };
}

/** The orders in work at a station and who is clocked onto each. */
export async function stationLabourOf(db: Executor, stationId: string): Promise<StationLabour> {
  const orders = await ordersInWorkAtStation(db, stationId);
  const assignments = await db
    .selectFrom('labour_assignments')
    .selectAll()
    .where('station_id', '=', stationId)
    .orderBy('joined_at')
    .orderBy('user_id')
    .execute();
  const names = await namesOf(
    db,
    assignments.map((row) => row.user_id),
  );
  return {
    stationId,
    orders: orders.map((order) => ({
      orderId: order.id,
      orderNumber: order.orderNumber,
      workStartedAt: isoOrNull(order.workStartedAt),
      operators: assignments
        .filter((row) => row.order_id === order.id)
        .map((row) => ({ userId: row.user_id, name: names.get(row.user_id) ?? '', pausedAt: isoOrNull(row.paused_at), pauseReason: row.pause_reason })),
    })),
  };
}

/** Who is clocked in now, longest in first. */
export async function presentOf(db: Executor): Promise<Present> {
  const open = await db
    .selectFrom('labour_attendances')
    .select(['user_id', 'clocked_in_at', 'clock_in_station_id', 'day_ends_at'])
    .where('clocked_out_at', 'is', null)
    .orderBy('clocked_in_at')
    .orderBy('user_id')
    .execute();
  const userIds = open.map((row) => row.user_id);
  const [names, stations, work] = await Promise.all([
    namesOf(db, userIds),
    stationNamesOf(
      db,
      open.flatMap((row) => (row.clock_in_station_id ? [row.clock_in_station_id] : [])),
    ),
    orderWorkOf(db, userIds),
  ]);
  return {
    data: open.map((row) => ({
      userId: row.user_id,
      name: names.get(row.user_id) ?? '',
      clockedInAt: iso(row.clocked_in_at),
      stationId: row.clock_in_station_id,
      stationName: row.clock_in_station_id ? (stations.get(row.clock_in_station_id) ?? null) : null,
      dayEndsAt: iso(row.day_ends_at),
      orders: work.get(row.user_id) ?? [],
    })),
  };
}

/** Whose work times one may read: a supervisor every user of the company (not the product operator), others themselves. */
export async function labourPeopleOf(db: Executor, viewer: { userId: string; supervisor: boolean }): Promise<LabourPeople> {
  let query = db.selectFrom('users').select(['id', 'first_name', 'last_name', 'username', 'role']).where('role', '!=', 'MASTER');
  if (!viewer.supervisor) query = query.where('id', '=', viewer.userId);
  const rows = await query.orderBy('last_name').orderBy('first_name').orderBy('id').execute();
  return {
    data: rows.map((row) => ({ userId: row.id, name: `${row.first_name} ${row.last_name}`.trim() || (row.username ?? ''), role: row.role })),
  };
}

/** The person an attendance belongs to; undefined for none of the company's. */
export async function ownerOfAttendance(db: Executor, attendanceId: string): Promise<string | undefined> {
  return (await db.selectFrom('labour_attendances').select('user_id').where('id', '=', attendanceId).executeTakeFirst())?.user_id;
}

export async function userOfCompany(db: Executor, userId: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', userId).where('role', '!=', 'MASTER').executeTakeFirst()) !== undefined;
}

/** Open attendances of every company whose working day has ended by `now` (the end-of-day sweep; the owner connection). */
export async function missedClockOuts(db: Executor, now: Date): Promise<{ companyId: string; userId: string }[]> {
  const rows = await db
    .selectFrom('labour_attendances')
    .select(['company_id', 'user_id'])
    .where('clocked_out_at', 'is', null)
    .where('day_ends_at', '<=', now)
    .orderBy('day_ends_at')
    .limit(500)
    .execute();
  return rows.map((row) => ({ companyId: row.company_id, userId: row.user_id }));
}

/** Monday of the week a day falls in, and the Monday after (`YYYY-MM-DD`). */
export function weekOf(day: string): { start: string; end: string } {
  const date = new Date(`${day}T00:00:00Z`);
  const monday = new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * 86_400_000);
  return { start: monday.toISOString().slice(0, 10), end: new Date(monday.getTime() + 7 * 86_400_000).toISOString().slice(0, 10) };
}

function attendanceViewOf(
  row: {
    id: string;
    clocked_in_at: Date;
    clocked_out_at: Date | null;
    recorded_clocked_in_at: Date;
    recorded_clocked_out_at: Date | null;
    closed_at_day_end: boolean;
    corrected: boolean;
  },
  now: Date,
  working: WorkingTime,
): AttendanceView {
  const end = row.clocked_out_at ?? now;
  const grossSeconds = Math.max(0, Math.round((end.getTime() - row.clocked_in_at.getTime()) / 1000));
  const breakSeconds = breakSecondsOf(iso(row.clocked_in_at), iso(end), working);
  return {
    id: row.id,
    clockedInAt: iso(row.clocked_in_at),
    clockedOutAt: isoOrNull(row.clocked_out_at),
    recordedClockedInAt: iso(row.recorded_clocked_in_at),
    recordedClockedOutAt: isoOrNull(row.recorded_clocked_out_at),
    closedAtDayEnd: row.closed_at_day_end,
    corrected: row.corrected,
    grossSeconds,
    breakSeconds,
    netSeconds: grossSeconds - breakSeconds,
  };
}

/** Work seconds per order and station in [from, to): running pieces count until `now`, a piece across the edge its part inside; corrections where they are booked. */
async function orderTimesOf(db: Executor, userId: string, from: Date, to: Date, now: Date): Promise<WorkTimes['orders']> {
  const until = now < to ? now : to;
  const rows = await db
    .selectFrom('labour_work_pieces')
    .select(['order_id', 'station_id'])
    .select(
      sql<string>`coalesce(sum(case when correction_id is null then
        extract(epoch from (least(coalesce(ended_at, ${until}), ${to}::timestamptz) - greatest(started_at, ${from}::timestamptz))) * coalesce(portion, 1.0 / share) end), 0)`.as(
        'worked',
      ),
    )
    .select(sql<string>`coalesce(sum(case when correction_id is not null then seconds end), 0)`.as('corrected'))
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb.and([eb('correction_id', 'is not', null), eb('started_at', '>=', from), eb('started_at', '<', to)]),
        eb.and([eb('correction_id', 'is', null), eb('started_at', '<', until), eb.or([eb('ended_at', 'is', null), eb('ended_at', '>', from)])]),
      ]),
    )
    .groupBy(['order_id', 'station_id'])
    .execute();
  const [numbers, stations] = await Promise.all([
    orderNumbersOf(
      db,
      rows.map((row) => row.order_id),
    ),
    stationNamesOf(
      db,
      rows.map((row) => row.station_id),
    ),
  ]);
  return rows
    .map((row) => {
      const corrected = Number(row.corrected);
      return {
        orderId: row.order_id,
        orderNumber: numbers.get(row.order_id) ?? '',
        stationId: row.station_id,
        stationName: stations.get(row.station_id) ?? null,
        seconds: Math.round((Math.max(0, Number(row.worked)) + corrected) * 1000) / 1000,
        correctedSeconds: corrected,
      };
    })
    .sort((a, b) => a.orderNumber.localeCompare(b.orderNumber) || (a.stationName ?? '').localeCompare(b.stationName ?? ''));
}

/**
 * The work periods of several orders at once that began in [from, to): the pieces that started together,
 * with each order's time (evenly, or as stated) and its percent; a running one has no seconds yet.
 */
async function workPeriodsOf(db: Executor, userId: string, from: Date, to: Date, now: Date): Promise<WorkTimes['periods']> {
  const pieces = await db
    .selectFrom('labour_work_pieces')
    .select(['order_id', 'station_id', 'started_at', 'ended_at', 'share', 'portion', 'stated_by'])
    .where('user_id', '=', userId)
    .where('correction_id', 'is', null)
    .where('share', '>=', 2)
    .where('started_at', '>=', from)
    .where('started_at', '<', to)
    .orderBy('started_at')
    .orderBy('order_id')
    .orderBy('station_id')
    .execute();
  const [numbers, stations, names] = await Promise.all([
    orderNumbersOf(
      db,
      pieces.map((piece) => piece.order_id),
    ),
    stationNamesOf(
      db,
      pieces.map((piece) => piece.station_id),
    ),
    namesOf(
      db,
      pieces.flatMap((piece) => (piece.stated_by ? [piece.stated_by] : [])),
    ),
  ]);
  const periods = new Map<string, WorkTimes['periods'][number]>();
  for (const piece of pieces) {
    const startedAt = iso(piece.started_at);
    let period = periods.get(startedAt);
    if (!period) {
      const statedBy = piece.stated_by ? { userId: piece.stated_by, name: names.get(piece.stated_by) ?? '' } : null;
      periods.set(startedAt, (period = { startedAt, endedAt: isoOrNull(piece.ended_at), statedBy, orders: [] }));
    }
    const portion = piece.portion === null ? 1 / piece.share : Number(piece.portion);
    const seconds = ((piece.ended_at ?? now).getTime() - piece.started_at.getTime()) / 1000;
    period.orders.push({
      orderId: piece.order_id,
      orderNumber: numbers.get(piece.order_id) ?? '',
      stationId: piece.station_id,
      stationName: stations.get(piece.station_id) ?? null,
      seconds: Math.round(Math.max(0, seconds) * portion * 1000) / 1000,
      percent: Math.round(portion * 1000) / 10,
    });
  }
  return [...periods.values()];
}

async function correctionsOf(db: Executor, userId: string, from: Date, to: Date): Promise<CorrectionView[]> {
  const rows = await db
    .selectFrom('labour_corrections')
    .selectAll()
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb.and([eb('booked_at', '>=', from), eb('booked_at', '<', to)]),
        eb.and([eb('before_clocked_in_at', '>=', from), eb('before_clocked_in_at', '<', to)]),
        eb.and([eb('after_clocked_in_at', '>=', from), eb('after_clocked_in_at', '<', to)]),
      ]),
    )
    .orderBy('corrected_at')
    .orderBy('id')
    .execute();
  const [names, numbers, stations] = await Promise.all([
    namesOf(
      db,
      rows.map((row) => row.corrected_by),
    ),
    orderNumbersOf(
      db,
      rows.flatMap((row) => (row.order_id ? [row.order_id] : [])),
    ),
    stationNamesOf(
      db,
      rows.flatMap((row) => (row.station_id ? [row.station_id] : [])),
    ),
  ]);
  const times = (clockedIn: Date | null, clockedOut: Date | null) =>
    clockedIn && clockedOut ? { clockedInAt: iso(clockedIn), clockedOutAt: iso(clockedOut) } : null;
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    attendanceId: row.attendance_id,
    orderId: row.order_id,
    orderNumber: row.order_id ? (numbers.get(row.order_id) ?? '') : null,
    stationId: row.station_id,
    stationName: row.station_id ? (stations.get(row.station_id) ?? null) : null,
    before: times(row.before_clocked_in_at, row.before_clocked_out_at),
    after: times(row.after_clocked_in_at, row.after_clocked_out_at),
    seconds: row.seconds === null ? null : Number(row.seconds),
    bookedAt: isoOrNull(row.booked_at),
    reason: row.reason,
    correctedBy: { userId: row.corrected_by, name: names.get(row.corrected_by) ?? '' },
    at: iso(row.corrected_at),
  }));
}

/** One person's week in the company's zone: attendances (as recorded and corrected), time per order and station, corrections. */
export async function workTimesOf(db: Executor, userId: string, week: string | undefined, working: WorkingTime, now: Date): Promise<WorkTimes> {
  const zone = timeZoneOf(working);
  const { start, end } = weekOf(week ?? calendarDayIn(now, zone));
  const from = startOfDayIn(start, zone);
  const to = startOfDayIn(end, zone);
  const attendanceRows = await db
    .selectFrom('labour_attendances')
    .selectAll()
    .where('user_id', '=', userId)
    .where('clocked_in_at', '>=', from)
    .where('clocked_in_at', '<', to)
    .orderBy('clocked_in_at')
    .orderBy('id')
    .execute();
  const attendances = attendanceRows.map((row) => attendanceViewOf(row, now, working));
  const [orders, corrections, names, periods] = await Promise.all([
    orderTimesOf(db, userId, from, to, now),
    correctionsOf(db, userId, from, to),
    namesOf(db, [userId]),
    workPeriodsOf(db, userId, from, to, now),
  ]);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return {
    user: { userId, name: names.get(userId) ?? '' },
    weekStart: start,
    weekEnd: end,
    attendances,
    orders,
    periods,
    corrections,
    totals: {
      attendanceSeconds: sum(attendances.map((row) => row.netSeconds)),
      breakSeconds: sum(attendances.map((row) => row.breakSeconds)),
      workSeconds: Math.round(sum(orders.map((row) => row.seconds)) * 1000) / 1000,
    },
  };
}

/**
 * The payroll export's lines: every closed attendance that began on a day from `fromDay` to `toDay` (in the
 * company's zone), summed per person and day (the day it began), breaks by the company's rule per attendance.
 * Open attendances (still clocked in) are left out: they have no hours yet. By name, then day.
 */
export async function payrollOf(db: Executor, fromDay: string, toDay: string, working: WorkingTime): Promise<PayrollDay[]> {
  const zone = timeZoneOf(working);
  const rows = await db
    .selectFrom('labour_attendances')
    .selectAll()
    .where('clocked_out_at', 'is not', null)
    .where('clocked_in_at', '>=', startOfDayIn(fromDay, zone))
    .where('clocked_in_at', '<', endOfDayIn(toDay, zone))
    .orderBy('clocked_in_at')
    .orderBy('id')
    .execute();
  const names = await namesOf(
    db,
    rows.map((row) => row.user_id),
  );
  const days = new Map<string, PayrollDay>();
  for (const row of rows) {
    const view = attendanceViewOf(row, row.clocked_out_at ?? row.clocked_in_at, working);
    const day = calendarDayIn(row.clocked_in_at, zone);
    const key = `${row.user_id} ${day}`;
    const found = days.get(key);
    const lastOut = view.clockedOutAt ?? view.clockedInAt;
    if (!found) {
      days.set(key, {
        userId: row.user_id,
        name: names.get(row.user_id) ?? '',
        day,
        firstIn: view.clockedInAt,
        lastOut,
        grossSeconds: view.grossSeconds,
        breakSeconds: view.breakSeconds,
        netSeconds: view.netSeconds,
        clockOutMissing: view.closedAtDayEnd,
        corrected: view.corrected,
      });
      continue;
    }
    found.lastOut = Date.parse(lastOut) > Date.parse(found.lastOut) ? lastOut : found.lastOut;
    found.grossSeconds += view.grossSeconds;
    found.breakSeconds += view.breakSeconds;
    found.netSeconds += view.netSeconds;
    found.clockOutMissing ||= view.closedAtDayEnd;
    found.corrected ||= view.corrected;
  }
  return [...days.values()].sort((a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId) || a.day.localeCompare(b.day));
}

/** Monday (`YYYY-MM-DD`) of the week an instant falls in, in `zone`. */
const mondayIn = (at: Date, zone: string) => weekOf(calendarDayIn(at, zone)).start;

/** One person's labour time over a span, as the team's records show it (docs/labour-and-costs.md, Team). */
export interface LabourSummary {
  /** Attendances that began in the span: clocked-in time, breaks by the company's rule, net. */
  attendanceSeconds: number;
  breakSeconds: number;
  netSeconds: number;
  /** Work on orders in the span (split time its share, corrections where booked). */
  workSeconds: number;
  /** The orders worked on, per station. */
  orders: WorkTimes['orders'];
}

/** One person's labour time from `from` to `to` (instants; absent: from the beginning, until now): the team's records. */
export async function labourSummaryOf(db: Executor, userId: string, span: { from?: Date; to?: Date }, working: WorkingTime, now: Date): Promise<LabourSummary> {
  const from = span.from ?? new Date(0);
  const to = span.to ?? new Date(Math.max(now.getTime(), Date.UTC(9999, 0, 1)));
  const rows = await db
    .selectFrom('labour_attendances')
    .selectAll()
    .where('user_id', '=', userId)
    .where('clocked_in_at', '>=', from)
    .where('clocked_in_at', '<', to)
    .execute();
  const attendances = rows.map((row) => attendanceViewOf(row, now, working));
  const orders = await orderTimesOf(db, userId, from, to, now);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return {
    attendanceSeconds: sum(attendances.map((row) => row.grossSeconds)),
    breakSeconds: sum(attendances.map((row) => row.breakSeconds)),
    netSeconds: sum(attendances.map((row) => row.netSeconds)),
    workSeconds: Math.round(sum(orders.map((row) => row.seconds)) * 1000) / 1000,
    orders,
  };
}

/** Labour time of one week (its Monday in the company's zone), for the team's development trends. */
export interface LabourWeek {
  /** Net attendance of the attendances that began that week. */
  netSeconds: number;
  /** Work on orders that began that week (split time its share; corrections where booked). */
  workSeconds: number;
  /** Distinct orders worked on. */
  orders: number;
}

/** Labour time per week from `from` to `to` (instants) of one person, or everyone (`userId` null), keyed by Monday. */
export async function labourWeeksOf(
  db: Executor,
  userId: string | null,
  span: { from: Date; to: Date },
  working: WorkingTime,
  now: Date,
): Promise<Map<string, LabourWeek>> {
  const zone = timeZoneOf(working);
  let attendanceQuery = db.selectFrom('labour_attendances').selectAll().where('clocked_in_at', '>=', span.from).where('clocked_in_at', '<', span.to);
  let pieceQuery = db
    .selectFrom('labour_work_pieces')
    .select(['order_id', 'started_at', 'ended_at', 'share', 'portion', 'seconds', 'correction_id'])
    .where('started_at', '>=', span.from)
    .where('started_at', '<', span.to);
  if (userId) {
    attendanceQuery = attendanceQuery.where('user_id', '=', userId);
    pieceQuery = pieceQuery.where('user_id', '=', userId);
  }
  const [attendances, pieces] = await Promise.all([attendanceQuery.execute(), pieceQuery.execute()]);
  const weeks = new Map<string, LabourWeek & { orderIds: Set<string> }>();
  const weekAt = (at: Date) => {
    const key = mondayIn(at, zone);
    let week = weeks.get(key);
    if (!week) weeks.set(key, (week = { netSeconds: 0, workSeconds: 0, orders: 0, orderIds: new Set() }));
    return week;
  };
  for (const row of attendances) weekAt(row.clocked_in_at).netSeconds += attendanceViewOf(row, now, working).netSeconds;
  for (const piece of pieces) {
    const week = weekAt(piece.started_at);
    const end = piece.ended_at ?? now;
    const portion = piece.portion === null ? 1 / piece.share : Number(piece.portion);
    week.workSeconds += piece.correction_id ? Number(piece.seconds) : Math.max(0, (end.getTime() - piece.started_at.getTime()) / 1000) * portion;
    if (!piece.correction_id) week.orderIds.add(piece.order_id);
  }
  return new Map(
    [...weeks].map(([key, week]) => [key, { netSeconds: week.netSeconds, workSeconds: Math.round(week.workSeconds), orders: week.orderIds.size }]),
  );
}
