import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { DomainError } from '../../../domain/shared/errors.js';
import type { Role } from '../../../domain/shared/roles.js';
import { SEQUENCE_STREAM_TYPE, sequenceStreamId, type SequenceEvent } from '../../../domain/stations/sequence.events.js';
import { decideSequence, evolveSequence, initialSequenceState } from '../../../domain/stations/sequence.decider.js';
import type { SaveSequenceInput } from '../../../domain/stations/sequence.schema.js';
import type { StationCommand } from '../../../domain/stations/station.commands.js';
import {
  decideStation,
  evolveStation,
  initialStationState,
  stationCopyIsStale,
  type StationState,
} from '../../../domain/stations/station.decider.js';
import { STATION_STREAM_TYPE, stationStreamId, type StationEvent } from '../../../domain/stations/station.events.js';
import type { StationInput } from '../../../domain/stations/station.schema.js';
import type { Tx } from '../../platform/db.js';
import type { EventMetadata, EventStore, NewEvent, StoredEvent } from '../../platform/event-store.js';
import { existingStationIds, findSequenceRow, stationNamesInUse } from './stations.queries.js';

/** What every station command handler works with: one tenant transaction and who asks. */
export interface CommandContext {
  tx: Tx;
  eventStore: EventStore;
  companyId: string;
  metadata: EventMetadata;
  /** ISO time of the request: the domain never reads a clock. */
  at: string;
}

const unwrap = <E>(result: E[] | DomainError): E[] => {
  if (result instanceof DomainError) throw result;
  return result;
};

const staleStation = () =>
  new DomainError(
    'CONFLICT_ERROR',
    [{ path: 'version', message: 'errors.CONFLICT_ERROR' }],
    'This station was changed meanwhile. Reload it and make your change again.',
  );

const staleSequence = () =>
  new DomainError(
    'CONFLICT_ERROR',
    [{ path: 'version', message: 'errors.CONFLICT_ERROR' }],
    'The sequence was saved by someone else meanwhile. Reload it and make your changes again.',
  );

interface LoadedStation {
  state: StationState;
  version: number;
  events: StoredEvent[];
}

async function loadStation(ctx: CommandContext, stationId: string): Promise<LoadedStation> {
  const events = await ctx.eventStore.readStream(ctx.tx, stationStreamId(stationId));
  const state = events.map((e) => ({ type: e.type, data: e.data }) as StationEvent).reduce(evolveStation, initialStationState);
  return { state, version: events.at(-1)?.streamVersion ?? 0, events };
}

const isNameClash = (error: unknown) => {
  const failure = error as { code?: unknown; constraint?: unknown } | null;
  return failure?.code === '23505' && failure.constraint === 'stations_company_name';
};

async function appendStationEvents(ctx: CommandContext, stationId: string, expectedVersion: number | 'any', events: StationEvent[]) {
  try {
    return await ctx.eventStore.append(ctx.tx, {
      companyId: ctx.companyId,
      streamId: stationStreamId(stationId),
      streamType: STATION_STREAM_TYPE,
      expectedVersion,
      events: events as NewEvent[],
      metadata: ctx.metadata,
    });
  } catch (error) {
    // Two admins saving the same name at once: the read model's unique index catches the second.
    if (isNameClash(error)) throw new DomainError('STATION_NAME_TAKEN', [{ path: 'name', message: 'errors.STATION_NAME_TAKEN' }]);
    throw error;
  }
}

/**
 * Runs a command on a station whose copy the client made on `clientVersion`; the append still
 * expects the version just read, so a writer in between is a conflict, never a lost update.
 */
async function runOnStation(ctx: CommandContext, stationId: string, clientVersion: number, command: (state: StationState) => StationCommand) {
  const loaded = await loadStation(ctx, stationId);
  if (loaded.state.status === 'absent') throw new DomainError('NOT_FOUND');
  const later = loaded.events.filter((event) => event.streamVersion > clientVersion);
  if (stationCopyIsStale(clientVersion, loaded.version, later)) throw staleStation();
  const events = unwrap(decideStation(command(loaded.state), loaded.state));
  return appendStationEvents(ctx, stationId, loaded.version, events);
}

/**
 * Serialises the two writes that read each other's data: deleting a station (reads the sequence)
 * and saving the sequence (reads the stations). Held until the transaction ends.
 */
async function lockSequenceOf(ctx: CommandContext) {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`station-sequence:${ctx.companyId}`}, 0))`.execute(ctx.tx);
}

/** Creates a station; answers its id. */
export async function createStation(ctx: CommandContext, input: StationInput): Promise<string> {
  const stationId = randomUUID();
  const namesInUse = await stationNamesInUse(ctx.tx);
  const events = unwrap(decideStation({ type: 'CreateStation', stationId, input, namesInUse, at: ctx.at }, initialStationState));
  await appendStationEvents(ctx, stationId, 0, events);
  return stationId;
}

export async function changeStation(ctx: CommandContext, stationId: string, input: StationInput, clientVersion: number) {
  const namesInUse = await stationNamesInUse(ctx.tx, stationId);
  await runOnStation(ctx, stationId, clientVersion, () => ({ type: 'ChangeStation', input, namesInUse, at: ctx.at }));
}

export async function recordMaintenance(ctx: CommandContext, stationId: string, performedAt: string | undefined, clientVersion: number) {
  await runOnStation(ctx, stationId, clientVersion, () => ({
    type: 'RecordMaintenance',
    performedAt: performedAt ? new Date(performedAt).toISOString() : ctx.at,
    at: ctx.at,
  }));
}

export async function deleteStation(ctx: CommandContext, stationId: string, clientVersion: number) {
  await lockSequenceOf(ctx);
  const saved = await findSequenceRow(ctx.tx);
  const sequence = { stationIds: saved?.station_ids ?? [], startStationId: saved?.start_station_id ?? null };
  await runOnStation(ctx, stationId, clientVersion, () => ({ type: 'DeleteStation', sequence, at: ctx.at }));
}

/** Saves the company's sequence as the editor sends it; the draft must be made on the saved version. */
export async function saveSequence(ctx: CommandContext, input: SaveSequenceInput): Promise<void> {
  await lockSequenceOf(ctx);
  const streamId = sequenceStreamId(ctx.companyId);
  const stored = await ctx.eventStore.readStream(ctx.tx, streamId);
  const version = stored.at(-1)?.streamVersion ?? 0;
  if (input.version !== version) throw staleSequence();
  const state = stored.map((e) => ({ type: e.type, data: e.data }) as SequenceEvent).reduce(evolveSequence, initialSequenceState);
  const events = unwrap(
    decideSequence(
      {
        type: 'SaveSequence',
        stationIds: input.stationIds,
        startStationId: input.startStationId,
        existingStationIds: await existingStationIds(ctx.tx),
        at: ctx.at,
      },
      state,
    ),
  );
  try {
    await ctx.eventStore.append(ctx.tx, {
      companyId: ctx.companyId,
      streamId,
      streamType: SEQUENCE_STREAM_TYPE,
      expectedVersion: version,
      events: events as NewEvent[],
      metadata: ctx.metadata,
    });
  } catch (error) {
    if (error instanceof DomainError && error.code === 'CONFLICT_ERROR') throw staleSequence();
    throw error;
  }
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
  for (let attempt = 1; ; attempt++) {
    const loaded = await loadStation(ctx, stationId);
    const events = unwrap(decideStation({ type: 'SignInOperator', user, authorized, at: ctx.at }, loaded.state));
    try {
      await appendStationEvents(ctx, stationId, loaded.version, events);
      return { name: loaded.state.status === 'active' ? loaded.state.name : '' };
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'CONFLICT_ERROR') || attempt >= 3) throw error;
    }
  }
}
