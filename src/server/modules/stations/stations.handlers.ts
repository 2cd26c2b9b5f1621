import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { DomainError } from '../../../domain/shared/errors.js';
import type { Role } from '../../../domain/shared/roles.js';
import { sequenceDecider } from '../../../domain/stations/sequence.decider.js';
import { SEQUENCE_STREAM_TYPE, sequenceStreamId } from '../../../domain/stations/sequence.events.js';
import type { SaveSequenceInput } from '../../../domain/stations/sequence.schema.js';
import type { StationCommand } from '../../../domain/stations/station.commands.js';
import { stationCopyIsStale, stationDecider, type StationState } from '../../../domain/stations/station.decider.js';
import { STATION_STREAM_TYPE, stationStreamId } from '../../../domain/stations/station.events.js';
import type { StationInput } from '../../../domain/stations/station.schema.js';
import { handleCommand, staleCopy, type CommandContext, type HandleOptions, type LoadedStream } from '../../platform/command.js';
import { isUniqueViolation } from '../../platform/pg-errors.js';
import { userNamesByIds } from '../identity/index.js';
import { authorizedStationIds, existingStationIds, findSequenceRow, requireCompanyUser, stationNamesInUse } from './stations.queries.js';

const stationStream = (stationId: string) => ({ id: stationStreamId(stationId), type: STATION_STREAM_TYPE });

const staleStation = () => staleCopy('This station was changed meanwhile. Reload it and make your change again.');
const staleSequence = () => staleCopy('The sequence was saved by someone else meanwhile. Reload it and make your changes again.');

/** Two admins saving the same name at once: the read model's unique index catches the second. */
const nameClash = (error: unknown) =>
  isUniqueViolation(error, 'stations_company_name')
    ? new DomainError('STATION_NAME_TAKEN', [{ path: 'name', message: 'errors.STATION_NAME_TAKEN' }])
    : undefined;

/**
 * How a command on an existing station made from the client's copy (of `clientVersion`) is run:
 * an absent station is 404, and only changes to what the forms show make the copy stale, so an
 * operator signing in meanwhile does not spoil an admin's edit.
 */
const onClientCopy = (clientVersion: number): HandleOptions<StationState> => ({
  clientVersion,
  precondition: (loaded) => (loaded.state.status === 'absent' ? new DomainError('NOT_FOUND') : undefined),
  isStale: (loaded: LoadedStream<StationState>, copy) =>
    stationCopyIsStale(
      copy,
      loaded.version,
      loaded.events.filter((event) => event.streamVersion > copy),
    ),
  conflict: staleStation,
  translateError: nameClash,
});

/**
 * Serialises the two writes that read each other's data: deleting a station (reads the sequence)
 * and saving the sequence (reads the stations). Held until the transaction ends.
 */
async function lockSequenceOf(ctx: CommandContext) {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`station-sequence:${ctx.companyId}`}, 0))`.execute(ctx.tx);
}

/**
 * A notify-user action names a user of this company. The transaction sees only the company's users,
 * so another company's user id (or a removed user) is refused on the action's element.
 */
async function checkNotifiedUsers(ctx: CommandContext, input: StationInput): Promise<void> {
  const named = input.actions.flatMap((action, index) => (action.action === 'notify-user' ? [{ userId: action.element, index }] : []));
  if (named.length === 0) return;
  const known = await userNamesByIds(ctx.tx, [...new Set(named.map((action) => action.userId))]);
  const details = named
    .filter((action) => !known.has(action.userId))
    .map((action) => ({ path: `actions.${action.index}.element`, message: 'stations.validation.unknownUser' }));
  if (details.length > 0) throw new DomainError('VALIDATION_ERROR', details);
}

/** Creates a station; answers its id. */
export async function createStation(ctx: CommandContext, input: StationInput): Promise<string> {
  await checkNotifiedUsers(ctx, input);
  const stationId = randomUUID();
  const namesInUse = await stationNamesInUse(ctx.tx);
  await handleCommand(
    ctx,
    stationDecider,
    stationStream(stationId),
    { type: 'CreateStation', stationId, input, namesInUse, at: ctx.at },
    { translateError: nameClash },
  );
  return stationId;
}

export async function changeStation(ctx: CommandContext, stationId: string, input: StationInput, clientVersion: number): Promise<void> {
  await checkNotifiedUsers(ctx, input);
  const namesInUse = await stationNamesInUse(ctx.tx, stationId);
  const command: StationCommand = { type: 'ChangeStation', input, namesInUse, at: ctx.at };
  await handleCommand(ctx, stationDecider, stationStream(stationId), command, onClientCopy(clientVersion));
}

/** Records a maintenance, performed at `performedAt` or now. */
export async function recordMaintenance(ctx: CommandContext, stationId: string, performedAt: string | undefined, clientVersion: number): Promise<void> {
  const command: StationCommand = { type: 'RecordMaintenance', performedAt: performedAt ? new Date(performedAt).toISOString() : ctx.at, at: ctx.at };
  await handleCommand(ctx, stationDecider, stationStream(stationId), command, onClientCopy(clientVersion));
}

export async function deleteStation(ctx: CommandContext, stationId: string, clientVersion: number): Promise<void> {
  await lockSequenceOf(ctx);
  const saved = await findSequenceRow(ctx.tx);
  const sequence = { stationIds: saved?.station_ids ?? [], startStationId: saved?.start_station_id ?? null };
  await handleCommand(ctx, stationDecider, stationStream(stationId), { type: 'DeleteStation', sequence, at: ctx.at }, onClientCopy(clientVersion));
}

/** Saves the company's sequence as the editor sends it; the draft must be made on the saved version. */
export async function saveSequence(ctx: CommandContext, input: SaveSequenceInput): Promise<void> {
  await lockSequenceOf(ctx);
  const existing = await existingStationIds(ctx.tx);
  await handleCommand(
    ctx,
    sequenceDecider,
    { id: sequenceStreamId(ctx.companyId), type: SEQUENCE_STREAM_TYPE },
    { type: 'SaveSequence', stationIds: input.stationIds, startStationId: input.startStationId, existingStationIds: existing, at: ctx.at },
    { clientVersion: input.version, conflict: staleSequence },
  );
}

/**
 * Records an operator's sign-in at a station, after the identity module verified who it is.
 * Two operators signing in at once both get in: a lost race re-reads the station and tries again.
 */
export async function signInAtStation(
  ctx: CommandContext,
  stationId: string,
  user: { userId: string; username: string; role: Role },
  authorized: boolean,
): Promise<{ name: string }> {
  const { before } = await handleCommand(
    ctx,
    stationDecider,
    stationStream(stationId),
    { type: 'SignInOperator', user, authorized, at: ctx.at },
    { retriesOnConflict: 2, translateError: nameClash },
  );
  return { name: before.status === 'active' ? before.name : '' };
}

/** Grants exactly these stations to the user in the company's user-rights matrix (installed by the team module). */
export type StationRightsWriter = (ctx: CommandContext, userId: string, stationIds: readonly string[]) => Promise<void>;

/**
 * Sets the whole set of stations a user may sign in at, as an admin does on the user. Unknown
 * stations are refused and nothing changes; the change is one save of the user's row of the
 * user-rights matrix, whose projection station login reads.
 */
export async function setStationAuthorizations(
  ctx: CommandContext,
  userId: string,
  stationIds: readonly string[],
  writeStationRights: StationRightsWriter,
): Promise<string[]> {
  await requireCompanyUser(ctx.tx, userId);
  const existing = new Set(await existingStationIds(ctx.tx));
  const unknown = stationIds.flatMap((id, index) => (existing.has(id) ? [] : [{ path: `stationIds.${index}`, message: 'stations.validation.unknownStation' }]));
  if (unknown.length > 0) throw new DomainError('VALIDATION_ERROR', unknown);
  await writeStationRights(ctx, userId, [...new Set(stationIds)]);
  return authorizedStationIds(ctx.tx, userId);
}
