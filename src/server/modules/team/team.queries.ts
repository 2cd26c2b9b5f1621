import { sql } from 'kysely';
import { endOfDayIn, startOfDayIn } from '../../../domain/company/working-time.rules.js';
import { ORDER_STREAM_TYPE } from '../../../domain/orders/order.events.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { writerRoles, type Role } from '../../../domain/shared/roles.js';
import type { MasterDataList } from '../../../domain/team/master-data.js';
import { userRightsStreamId } from '../../../domain/team/rights.events.js';
import { rightsOf, userRightsDecider, type UserRightsState } from '../../../domain/team/rights.decider.js';
import { effectiveChangeRights, type ChangeRight } from '../../../domain/team/rights.js';
import type {
  DevelopmentWeekView,
  EmployeeRecordView,
  EmployeeView,
  MasterDataEntryView,
  TeamAbsencesView,
  UserRightsMatrixView,
} from '../../../domain/team/team.views.js';
import { leaveTaken, remainingVacation } from '../../../domain/team/vacations.js';
import type { StationSessionsView } from '../../../domain/identity/identity.views.js';
import type { Principal } from '../../platform/auth.js';
import type { Executor } from '../../platform/db.js';
import type { EventStore } from '../../platform/event-store.js';
import { findUserById, openStationSessions, userView } from '../identity/index.js';
import { authorizedStationIds, existingStationIds, stationNamesById } from '../stations/index.js';
import './team.tables.js';

const dayText = (column: string) => sql<string | null>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

/** The company's user of this id; another company's user is not found (the tenant transaction sees only the company's). */
export async function requireTeamMember(db: Executor, userId: string) {
  const user = await findUserById(db, userId);
  if (!user) throw new DomainError('USER_NOT_FOUND');
  return user;
}

/** Writers read everyone of the company; an operator only their own records. */
export function mayReadEmployee(reader: Pick<Principal, 'userId' | 'role'>, userId: string): void {
  if (!writerRoles.includes(reader.role) && reader.userId !== userId) throw new DomainError('FORBIDDEN');
}

/** The company's users with their roles: who the matrix may name. */
export async function rightsHolders(db: Executor): Promise<{ userId: string; role: Role; firstName: string; lastName: string; deactivated: boolean }[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'role', 'first_name', 'last_name', 'deactivated_at'])
    .orderBy('last_name')
    .orderBy('first_name')
    .execute();
  return rows.map((row) => ({ userId: row.id, role: row.role, firstName: row.first_name, lastName: row.last_name, deactivated: row.deactivated_at !== null }));
}

/** The company's matrix folded from its stream (the one source of truth of station and change rights). */
export async function loadUserRights(db: Executor, eventStore: EventStore, companyId: string): Promise<UserRightsState> {
  return (await eventStore.foldStream(db, userRightsDecider, userRightsStreamId(companyId))).state;
}

/** The change rights granted to an administration user (read model; the owner's are implied by the role). */
/**
 * The change rights of a signed-in user, for the access check: one statement on the platform
 * connection (no tenant transaction around it, like the session check), filtered by the verified
 * principal's company as well as the user.
 */
export async function changeRightsOfPrincipal(db: Executor, companyId: string, userId: string): Promise<ChangeRight[]> {
  const rows = await db.selectFrom('user_change_rights').select('change_right').where('user_id', '=', userId).where('company_id', '=', companyId).execute();
  return rows.map((row) => row.change_right);
}

export async function grantedChangeRights(db: Executor, userId: string): Promise<ChangeRight[]> {
  const rows = await db.selectFrom('user_change_rights').select('change_right').where('user_id', '=', userId).orderBy('change_right').execute();
  return rows.map((row) => row.change_right);
}

/** Active entry ids of a list: what a record may pick. */
export async function activeEntryIds(db: Executor, list: MasterDataList): Promise<string[]> {
  const rows = await db.selectFrom('master_data_entries').select('id').where('list', '=', list).where('status', '=', 'active').execute();
  return rows.map((row) => row.id);
}

/**
 * How many records of another module name each of these entries (the interruptions module's
 * reports name a reason): that module contributes its reader to the list port `entryUsageReaders`,
 * so the team module reads no table of it.
 */
export type EntryUsageReader = (db: Executor, entryIds: readonly string[]) => Promise<Map<string, number>>;

/**
 * How many records name each of these entries: organizations (job title, department), absences
 * (reason) and other modules' records (`usageReaders`, the port `entryUsageReaders`).
 */
export async function entryUsage(db: Executor, entryIds: readonly string[], usageReaders: readonly EntryUsageReader[]): Promise<Map<string, number>> {
  const usage = new Map<string, number>(entryIds.map((id) => [id, 0]));
  if (entryIds.length === 0) return usage;
  const ids = [...entryIds];
  const result = await sql<{ id: string; count: string }>`
    select id, count(*)::text as count from (
      select job_title_id as id from employee_profiles where job_title_id = any(${ids}::uuid[])
      union all select department_id from employee_profiles where department_id = any(${ids}::uuid[])
      union all select reason_id from absences where reason_id = any(${ids}::uuid[])
    ) used group by id
  `.execute(db);
  for (const row of result.rows) usage.set(row.id, Number(row.count));
  for (const reader of usageReaders) {
    for (const [id, count] of await reader(db, ids)) usage.set(id, (usage.get(id) ?? 0) + count);
  }
  return usage;
}

/** The name of an active entry of the list, or undefined (retired, another list, another company's). */
export async function activeEntryName(db: Executor, list: MasterDataList, entryId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('master_data_entries')
    .select('name')
    .where('id', '=', entryId)
    .where('list', '=', list)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return row?.name;
}

export async function masterDataEntries(db: Executor, list: MasterDataList, usageReaders: readonly EntryUsageReader[]): Promise<MasterDataEntryView[]> {
  const rows = await db.selectFrom('master_data_entries').select(['id', 'list', 'name', 'status']).where('list', '=', list).orderBy('name').execute();
  const usage = await entryUsage(
    db,
    rows.map((row) => row.id),
    usageReaders,
  );
  return rows.map((row) => ({ id: row.id, list: row.list, name: row.name, status: row.status, usageCount: usage.get(row.id) ?? 0 }));
}

/** Whether this entry of the list exists (another company's is not seen). */
export async function requireEntry(db: Executor, list: MasterDataList, entryId: string): Promise<void> {
  const row = await db.selectFrom('master_data_entries').select('id').where('id', '=', entryId).where('list', '=', list).executeTakeFirst();
  if (!row) throw new DomainError('NOT_FOUND');
}

/**
 * The employee profile screen: the user, their profile and organization, each year's leave with
 * what remains on `today`, the booked absences, and the rights they hold.
 */
export async function employeeView(
  db: Executor,
  userId: string,
  today: string,
  company: { halfDaysAllowed: boolean; workingDays: readonly number[] },
): Promise<EmployeeView> {
  const { halfDaysAllowed, workingDays } = company;
  const user = await requireTeamMember(db, userId);
  const profile = await db
    .selectFrom('employee_profiles')
    .select([
      'gender',
      'emergency_contact_name',
      'emergency_contact_phone',
      'job_title_id',
      'department_id',
      'version',
      dayText('date_of_birth').as('date_of_birth'),
      dayText('in_operation_since').as('in_operation_since'),
      dayText('fixed_term_contract_until').as('fixed_term_contract_until'),
      dayText('end_of_probation').as('end_of_probation'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const entitlements = await db
    .selectFrom('vacation_entitlements')
    .select(['year', 'annual_leave_days', 'carry_over_days', dayText('carry_over_until').as('carry_over_until')])
    .where('user_id', '=', userId)
    .orderBy('year')
    .execute();
  const absences = await db
    .selectFrom('absences')
    .select(['id', 'half_day', 'reason_id', dayText('from_day').as('from_day'), dayText('to_day').as('to_day')])
    .where('user_id', '=', userId)
    .orderBy('from_day')
    .execute();
  const bookings = absences.map((row) => ({
    id: row.id,
    from: row.from_day as string,
    to: row.to_day as string,
    halfDay: row.half_day,
    reasonId: row.reason_id,
  }));
  const years = entitlements.map((row) => {
    const entitlement = {
      annualLeaveDays: Number(row.annual_leave_days),
      carryOverDays: Number(row.carry_over_days),
      carryOverUntil: row.carry_over_until,
    };
    return { ...remainingVacation({ year: row.year, entitlement, bookings, today, workingDays }), carryOverUntil: entitlement.carryOverUntil };
  });
  return {
    user: userView(user),
    profile: {
      firstName: user.first_name,
      lastName: user.last_name,
      gender: profile?.gender ?? null,
      dateOfBirth: profile?.date_of_birth ?? null,
      emergencyContact: { name: profile?.emergency_contact_name ?? '', phone: profile?.emergency_contact_phone ?? '' },
    },
    organization: {
      jobTitleId: profile?.job_title_id ?? null,
      departmentId: profile?.department_id ?? null,
      inOperationSince: profile?.in_operation_since ?? null,
      fixedTermContractUntil: profile?.fixed_term_contract_until ?? null,
      endOfProbation: profile?.end_of_probation ?? null,
    },
    vacations: {
      halfDaysAllowed,
      years,
      absences: bookings.map((booking) => ({ ...booking, days: leaveTaken(booking, booking.from, booking.to, workingDays) })),
    },
    rights: {
      stationIds: await authorizedStationIds(db, userId),
      changeRights: effectiveChangeRights(user.role, await grantedChangeRights(db, userId)),
    },
    version: profile?.version ?? 0,
  };
}

/** The user-rights screen: every user of the company with what they hold, and the company's stations. */
export async function userRightsMatrix(db: Executor, eventStore: EventStore, companyId: string): Promise<UserRightsMatrixView> {
  const state = await loadUserRights(db, eventStore, companyId);
  const stationIds = await existingStationIds(db);
  const names = await stationNamesById(db, stationIds);
  const existing = new Set(stationIds);
  const users = await rightsHolders(db);
  return {
    version: state.version,
    users: users.map((user) => {
      const held = rightsOf(state, user.userId);
      return { ...user, stationIds: held.stationIds.filter((id) => existing.has(id)), changeRights: held.changeRights };
    }),
    stations: stationIds.map((id) => ({ id, name: names.get(id) ?? '' })).sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** Event types that make up an employee's records, and the window asked for (days, both included). */
export interface RecordsQuery {
  from?: string;
  to?: string;
}

/** Midnight starting the day `days` after `day` in the company's time zone `zone`, as a timestamptz. */
const localMidnight = (day: string, zone: string, days = 0) => sql`((${day}::date + ${days}::int)::timestamp at time zone ${zone})`;

/**
 * What the employee did at stations, read from the event log (the events their requests appended):
 * work started and completed (with the cycle time from start to completion) and orders moved.
 */
export async function employeeRecords(db: Executor, userId: string, query: RecordsQuery, zone: string): Promise<EmployeeRecordView[]> {
  let select = db
    .selectFrom('events')
    .leftJoin('orders', (join) => join.on(sql`orders.id::text`, '=', sql`events.data->>'orderId'`))
    .select([
      'events.type',
      sql<string>`events.data->>'at'`.as('at'),
      sql<string>`events.data->>'orderId'`.as('order_id'),
      sql<string>`coalesce(events.data->>'stationId', events.data->>'fromStationId')`.as('station_id'),
      sql<string | null>`events.data->>'toStationId'`.as('to_station_id'),
      sql<string | null>`events.data->>'workStartedAt'`.as('work_started_at'),
      'orders.order_number',
    ])
    .where('events.stream_type', '=', ORDER_STREAM_TYPE)
    .where('events.type', 'in', ['WorkStarted', 'WorkCompleted', 'OrderMovedToStation'])
    .where(sql`events.metadata->>'userId'`, '=', userId);
  if (query.from) select = select.where(sql`(events.data->>'at')::timestamptz`, '>=', localMidnight(query.from, zone));
  if (query.to) select = select.where(sql`(events.data->>'at')::timestamptz`, '<', localMidnight(query.to, zone, 1));
  const rows = await select.orderBy('events.global_position').execute();
  const names = await stationNamesById(db, [...new Set(rows.flatMap((row) => [row.station_id, row.to_station_id].filter((id): id is string => !!id)))]);
  return rows.map((row) => ({
    kind: row.type as EmployeeRecordView['kind'],
    at: row.at,
    orderId: row.order_id,
    orderNumber: row.order_number ?? null,
    stationId: row.station_id,
    stationName: names.get(row.station_id) ?? null,
    toStationId: row.to_station_id,
    toStationName: row.to_station_id ? (names.get(row.to_station_id) ?? null) : null,
    cycleTimeSeconds: row.work_started_at ? Math.round((Date.parse(row.at) - Date.parse(row.work_started_at)) / 1000) : null,
  }));
}

const DAY_MS = 86_400_000;
const mondayOf = (day: string): string => {
  const date = new Date(`${day}T00:00:00Z`);
  return new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY_MS).toISOString().slice(0, 10);
};

/**
 * Weekly trends from the same event log as the records: work completed at stations per week (weeks
 * from Monday in the company's time zone `zone`) and the median cycle time, for one employee or the whole team (`userId` null).
 * Every week from the one holding `from` to the one holding `to` is listed, empty ones included, each with
 * the labour time `labourWeeks` answers (worked hours, work on orders, orders worked on; the labour module's).
 */
export async function weeklyDevelopment(
  db: Executor,
  userId: string | null,
  from: string,
  to: string,
  labourWeeks: (span: { from: Date; to: Date }) => Promise<Map<string, { netSeconds: number; workSeconds: number; orders: number }>>,
  zone: string,
): Promise<DevelopmentWeekView[]> {
  const labour = await labourWeeks({ from: startOfDayIn(mondayOf(from), zone), to: endOfDayIn(to, zone) });
  let select = db
    .selectFrom('events')
    .select([
      sql<string>`to_char(date_trunc('week', ((events.data->>'at')::timestamptz at time zone ${zone})), 'YYYY-MM-DD')`.as('week'),
      sql<string>`count(*)`.as('completed'),
      sql<
        number | null
      >`percentile_cont(0.5) within group (order by extract(epoch from ((events.data->>'at')::timestamptz - (events.data->>'workStartedAt')::timestamptz)))`.as(
        'median',
      ),
    ])
    .where('events.stream_type', '=', ORDER_STREAM_TYPE)
    .where('events.type', '=', 'WorkCompleted')
    .where(sql`(events.data->>'at')::timestamptz`, '>=', localMidnight(mondayOf(from), zone))
    .where(sql`(events.data->>'at')::timestamptz`, '<', localMidnight(to, zone, 1));
  if (userId) select = select.where(sql`events.metadata->>'userId'`, '=', userId);
  const rows = await select.groupBy(sql`1`).execute();
  const byWeek = new Map(rows.map((row) => [row.week, row]));
  const weeks: DevelopmentWeekView[] = [];
  for (let week = mondayOf(from); week <= to; week = new Date(Date.parse(`${week}T00:00:00Z`) + 7 * DAY_MS).toISOString().slice(0, 10)) {
    const row = byWeek.get(week);
    const worked = labour.get(week);
    weeks.push({
      week,
      completed: Number(row?.completed ?? 0),
      medianCycleTimeSeconds: row?.median == null ? null : Math.round(Number(row.median)),
      workedSeconds: worked?.netSeconds ?? 0,
      orderWorkSeconds: worked?.workSeconds ?? 0,
      ordersWorkedOn: worked?.orders ?? 0,
    });
  }
  return weeks;
}

/** The company's absences that touch the days `from` to `to` (both included), by first day and name. */
export async function absencesBetween(db: Executor, from: string, to: string): Promise<TeamAbsencesView> {
  const rows = await db
    .selectFrom('absences')
    .innerJoin('users', 'users.id', 'absences.user_id')
    .leftJoin('master_data_entries', 'master_data_entries.id', 'absences.reason_id')
    .select([
      'absences.id',
      'absences.user_id',
      'users.first_name',
      'users.last_name',
      'absences.half_day',
      'absences.reason_id',
      'master_data_entries.name as reason_name',
      dayText('absences.from_day').as('from_day'),
      dayText('absences.to_day').as('to_day'),
    ])
    .where('absences.from_day', '<=', to)
    .where('absences.to_day', '>=', from)
    .orderBy('absences.from_day')
    .orderBy('users.last_name')
    .orderBy('users.first_name')
    .execute();
  return {
    from,
    to,
    data: rows.map((row) => ({
      absenceId: row.id,
      userId: row.user_id,
      firstName: row.first_name,
      lastName: row.last_name,
      from: row.from_day as string,
      to: row.to_day as string,
      halfDay: row.half_day,
      reasonId: row.reason_id,
      reasonName: row.reason_name,
    })),
  };
}

/** Who is signed in at which station right now (the team overview): open station sessions with the station's name. */
export async function stationSessions(db: Executor): Promise<StationSessionsView> {
  const sessions = await openStationSessions(db);
  const names = await stationNamesById(
    db,
    sessions.flatMap((session) => (session.stationId ? [session.stationId] : [])),
  );
  return {
    data: sessions.map((session) => ({
      sessionId: session.sessionId,
      userId: session.userId,
      firstName: session.first_name,
      lastName: session.last_name,
      username: session.username,
      stationId: session.stationId ?? '',
      stationName: names.get(session.stationId ?? '') ?? null,
      since: session.since.toISOString(),
    })),
  };
}

/** Every booked absence that ends on or after `fromDay` (`YYYY-MM-DD`), whole days (the capacity plan's absences). */
export async function absencesEndingFrom(db: Executor, fromDay: string): Promise<{ userId: string; from: string; to: string }[]> {
  const rows = await db
    .selectFrom('absences')
    .select(['user_id', dayText('from_day').as('from_day'), dayText('to_day').as('to_day')])
    .where('to_day', '>=', fromDay)
    .orderBy('user_id')
    .orderBy('from_day')
    .execute();
  return rows.map((row) => ({ userId: row.user_id, from: row.from_day as string, to: row.to_day as string }));
}
