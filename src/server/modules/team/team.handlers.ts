import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { DomainError } from '../../../domain/shared/errors.js';
import type {
  AbsenceBookingInput,
  CalendarDay,
  EmployeeProfileInput,
  OrganizationInput,
  VacationEntitlementInput,
} from '../../../domain/team/employee.schema.js';
import type { EmployeeCommand } from '../../../domain/team/employee.commands.js';
import { employeeCopyIsStale, employeeDecider, type EmployeeForm, type EmployeeState } from '../../../domain/team/employee.decider.js';
import { EMPLOYEE_STREAM_TYPE, employeeStreamId, type EmployeeEvent } from '../../../domain/team/employee.events.js';
import type { MasterDataCommand } from '../../../domain/team/master-data.commands.js';
import { masterDataDecider } from '../../../domain/team/master-data.decider.js';
import { MASTER_DATA_STREAM_TYPE, masterDataStreamId } from '../../../domain/team/master-data.events.js';
import type { MasterDataEntryInput, MasterDataList } from '../../../domain/team/master-data.js';
import type { RightsHolder, UserRightsCommand } from '../../../domain/team/rights.commands.js';
import { rightsOf, userRightsDecider, type UserRightsState } from '../../../domain/team/rights.decider.js';
import { USER_RIGHTS_STREAM_TYPE, userRightsStreamId } from '../../../domain/team/rights.events.js';
import type { SaveUserRightsInput, UserRightsRow } from '../../../domain/team/rights.schema.js';
import { handleCommand, type CommandContext, type HandleOptions } from '../../platform/command.js';
import type { Executor, Tx } from '../../platform/db.js';
import { halfVacationDaysOf, workingTimeOfCompany } from '../company/index.js';
import type { WorkingTime } from '../../../domain/company/working-time.rules.js';
import type { EventMetadata, EventStore } from '../../platform/event-store.js';
import { existingStationIds } from '../stations/index.js';
import { activeEntryIds, entryUsage, requireEntry, requireTeamMember, rightsHolders, type EntryUsageReader } from './team.queries.js';

/**
 * The company setting "half vacation days" (company screen, advanced settings): while it is off a
 * half-day booking is refused with a clear message.
 */
export const halfVacationDaysAllowed = (db: Executor, companyId: string): Promise<boolean> => halfVacationDaysOf(db, companyId);

/** The same setting for the company of a user (the account details know only the user). */
export async function halfVacationDaysOfUser(db: Executor, userId: string): Promise<boolean> {
  const user = await db.selectFrom('users').select('company_id').where('id', '=', userId).executeTakeFirst();
  return user?.company_id ? halfVacationDaysOf(db, user.company_id) : false;
}

/** The working days (weekdays) of the user's company: its working time, else `fallback`'s (the server's). */
export async function workingDaysOfUser(db: Executor, userId: string, fallback: WorkingTime): Promise<readonly number[]> {
  const user = await db.selectFrom('users').select('company_id').where('id', '=', userId).executeTakeFirst();
  return user?.company_id ? (await workingTimeOfCompany(db, user.company_id, fallback)).days : fallback.days;
}

const rightsStream = (companyId: string) => ({ id: userRightsStreamId(companyId), type: USER_RIGHTS_STREAM_TYPE, companyId });

/** Every write of the matrix takes this lock first: saves, the per-user route and grants on user creation never interleave. */
async function lockRightsOf(tx: Tx, companyId: string) {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`user-rights:${companyId}`}, 0))`.execute(tx);
}

function actorOf(ctx: CommandContext): RightsHolder {
  if (!ctx.actor) throw new DomainError('UNAUTHORIZED');
  return { userId: ctx.actor.userId, role: ctx.actor.role };
}

/** The matrix's rows as they stand, limited to users and stations that still exist. */
function currentMatrix(state: UserRightsState, users: readonly RightsHolder[], stationIds: readonly string[]): UserRightsRow[] {
  const existing = new Set(stationIds);
  return users.map((user) => {
    const held = rightsOf(state, user.userId);
    return { userId: user.userId, stationIds: held.stationIds.filter((id) => existing.has(id)), changeRights: held.changeRights };
  });
}

/** Saves the whole matrix as the user-rights screen sends it, made on `version` (another is a stale save, 409). */
export async function saveUserRights(ctx: CommandContext, input: SaveUserRightsInput & { users: UserRightsRow[] }): Promise<void> {
  await lockRightsOf(ctx.tx, ctx.companyId);
  const users = await rightsHolders(ctx.tx);
  const stationIds = await existingStationIds(ctx.tx);
  await handleCommand(ctx, userRightsDecider, rightsStream(ctx.companyId), {
    type: 'SaveUserRights',
    expectedVersion: input.version,
    matrix: input.users,
    users,
    stationIds,
    changedBy: actorOf(ctx),
    at: ctx.at,
  });
}

/**
 * Grants exactly these stations to one user, keeping everything else of the matrix: the per-user
 * station route of the stations module, as one save of the matrix on its current version.
 */
export async function writeStationRightsOf(ctx: CommandContext, userId: string, stationIds: readonly string[]): Promise<void> {
  await lockRightsOf(ctx.tx, ctx.companyId);
  const users = await rightsHolders(ctx.tx);
  const existing = await existingStationIds(ctx.tx);
  await handleCommand(ctx, userRightsDecider, rightsStream(ctx.companyId), (state): UserRightsCommand => ({
    type: 'SaveUserRights',
    expectedVersion: state.version,
    matrix: currentMatrix(state, users, existing).map((row) => (row.userId === userId ? { ...row, stationIds: [...stationIds].sort() } : row)),
    users,
    stationIds: existing,
    changedBy: actorOf(ctx),
    at: ctx.at,
  }));
}

/**
 * Decides on the matrix inside another module's transaction (a user created or removed): the
 * command's facts are appended to the company's rights stream with its projections.
 */
export async function decideOnRightsWithin(
  tx: Tx,
  eventStore: EventStore,
  companyId: string,
  metadata: EventMetadata,
  command: UserRightsCommand,
): Promise<void> {
  await lockRightsOf(tx, companyId);
  const { state, version } = await eventStore.foldStream(tx, userRightsDecider, userRightsStreamId(companyId));
  const decided = userRightsDecider.decide(command, state);
  if (decided instanceof DomainError) throw decided;
  if (decided.length === 0) return;
  await eventStore.append(tx, {
    ...rightsStream(companyId),
    streamType: USER_RIGHTS_STREAM_TYPE,
    streamId: userRightsStreamId(companyId),
    expectedVersion: version,
    events: decided,
    metadata,
  });
}

/** A form's save names the version of the employee's stream it was loaded with; a later save of the same form makes it stale (409). */
const onCopy = (form: EmployeeForm, clientVersion: number): HandleOptions<EmployeeState, EmployeeEvent> => ({
  clientVersion,
  isStale: (loaded, copy) =>
    employeeCopyIsStale(
      form,
      copy,
      loaded.version,
      loaded.events.filter((event) => event.streamVersion > copy),
    ),
});

async function onEmployee(ctx: CommandContext, userId: string, command: EmployeeCommand, options?: HandleOptions<EmployeeState>) {
  await requireTeamMember(ctx.tx, userId);
  return handleCommand(ctx, employeeDecider, { id: employeeStreamId(userId), type: EMPLOYEE_STREAM_TYPE }, command, options);
}

type Versioned<T> = T & { version: number };

/** `today`: the company's calendar day of the command (its time zone): a date of birth must lie before it. */
export async function changeProfile(
  ctx: CommandContext,
  userId: string,
  { version, ...input }: Versioned<EmployeeProfileInput>,
  today: CalendarDay,
): Promise<void> {
  await onEmployee(ctx, userId, { type: 'ChangeProfile', userId, input, today, at: ctx.at }, onCopy({ form: 'profile' }, version));
}

export async function changeOrganization(ctx: CommandContext, userId: string, { version, ...input }: Versioned<OrganizationInput>): Promise<void> {
  await onEmployee(
    ctx,
    userId,
    {
      type: 'ChangeOrganization',
      userId,
      input,
      activeJobTitleIds: await activeEntryIds(ctx.tx, 'jobTitles'),
      activeDepartmentIds: await activeEntryIds(ctx.tx, 'departments'),
      at: ctx.at,
    },
    onCopy({ form: 'organization' }, version),
  );
}

export async function setVacationEntitlement(
  ctx: CommandContext,
  userId: string,
  year: number,
  { version, ...input }: Versioned<VacationEntitlementInput>,
): Promise<void> {
  await onEmployee(ctx, userId, { type: 'SetVacationEntitlement', userId, year, input, at: ctx.at }, onCopy({ form: 'entitlement', year }, version));
}

/** Books an absence on the company's working days (`workingDays`, its working time's weekdays); answers its id. */
export async function bookAbsence(ctx: CommandContext, userId: string, input: AbsenceBookingInput, workingDays: readonly number[]): Promise<string> {
  const absenceId = randomUUID();
  await onEmployee(ctx, userId, {
    type: 'BookAbsence',
    userId,
    absenceId,
    input,
    halfDaysAllowed: await halfVacationDaysAllowed(ctx.tx, ctx.companyId),
    activeReasonIds: await activeEntryIds(ctx.tx, 'absenceReasons'),
    workingDays,
    at: ctx.at,
  });
  return absenceId;
}

export async function cancelAbsence(ctx: CommandContext, userId: string, absenceId: string): Promise<void> {
  await onEmployee(ctx, userId, { type: 'CancelAbsence', userId, absenceId, at: ctx.at });
}

const listStream = (ctx: CommandContext, list: MasterDataList) => ({ id: masterDataStreamId(ctx.companyId, list), type: MASTER_DATA_STREAM_TYPE });

async function onList(ctx: CommandContext, list: MasterDataList, command: MasterDataCommand) {
  // Two admins adding to one list at once: the second decides again on the list with the first's entry.
  await handleCommand(ctx, masterDataDecider, listStream(ctx, list), command, { retriesOnConflict: 2 });
}

/** Adds an entry to a list; answers its id. */
export async function addEntry(ctx: CommandContext, list: MasterDataList, input: MasterDataEntryInput): Promise<string> {
  const entryId = randomUUID();
  await onList(ctx, list, { type: 'AddEntry', list, entryId, input, at: ctx.at });
  return entryId;
}

export async function renameEntry(ctx: CommandContext, list: MasterDataList, entryId: string, input: MasterDataEntryInput): Promise<void> {
  await requireEntry(ctx.tx, list, entryId);
  await onList(ctx, list, { type: 'RenameEntry', list, entryId, input, at: ctx.at });
}

export async function retireEntry(ctx: CommandContext, list: MasterDataList, entryId: string): Promise<void> {
  await requireEntry(ctx.tx, list, entryId);
  await onList(ctx, list, { type: 'RetireEntry', list, entryId, at: ctx.at });
}

export async function reinstateEntry(ctx: CommandContext, list: MasterDataList, entryId: string): Promise<void> {
  await requireEntry(ctx.tx, list, entryId);
  await onList(ctx, list, { type: 'ReinstateEntry', list, entryId, at: ctx.at });
}

/** Deletes an entry no record names (its own and `usageReaders`' records); one in use is refused (retire it instead). */
export async function deleteEntry(ctx: CommandContext, list: MasterDataList, entryId: string, usageReaders: readonly EntryUsageReader[]): Promise<void> {
  await requireEntry(ctx.tx, list, entryId);
  const usageCount = (await entryUsage(ctx.tx, [entryId], usageReaders)).get(entryId) ?? 0;
  await onList(ctx, list, { type: 'DeleteEntry', list, entryId, usageCount, at: ctx.at });
}
