import { sequenceEvents } from './sequence.events.js';
import type { Decider } from '../shared/decider.js';
import { DomainError, type ErrorDetail } from '../shared/errors.js';
import type { SequenceCommand } from './sequence.commands.js';
import type { SequenceEvent } from './sequence.events.js';

/** A company's saved sequence: the stations in order and where production starts. */
export interface SavedSequence {
  stationIds: readonly string[];
  /** The station "start production" sends an order to; null only while the sequence is empty. */
  startStationId: string | null;
}

export type SequenceState = { status: 'unsaved' } | ({ status: 'saved' } & SavedSequence);

export const initialSequenceState: SequenceState = { status: 'unsaved' };

/** The sequence as it stands: an unsaved one is empty and has no start station. */
export const savedSequenceOf = (state: SequenceState): SavedSequence =>
  state.status === 'saved' ? { stationIds: state.stationIds, startStationId: state.startStationId } : { stationIds: [], startStationId: null };

export function evolveSequence(_state: SequenceState, event: SequenceEvent): SequenceState {
  switch (event.type) {
    case 'SequenceSaved':
      return { status: 'saved', stationIds: event.data.stationIds, startStationId: event.data.startStationId };
    default: {
      const _exhaustive: never = event.type;
      return _exhaustive;
    }
  }
}

/** A station appears at most once in a sequence: an order cannot pass the same station twice in line. */
export function stationAppearsOnce(stationIds: readonly string[]): ErrorDetail[] {
  return stationIds.flatMap((id, index) =>
    stationIds.indexOf(id) < index ? [{ path: `stationIds.${index}`, message: 'stations.validation.duplicateStation' }] : [],
  );
}

/** Only the company's existing stations can be placed in its sequence (another company's are unknown). */
export function stationsMustExist(stationIds: readonly string[], existingStationIds: readonly string[]): ErrorDetail[] {
  const existing = new Set(existingStationIds);
  return stationIds.flatMap((id, index) => (existing.has(id) ? [] : [{ path: `stationIds.${index}`, message: 'stations.validation.unknownStation' }]));
}

/**
 * The start station of the saved sequence after this save. Named explicitly, it must be in the
 * sequence; left out, the saved start station stays, and an editor that removed it without naming
 * another is refused (the start station cannot be deleted). A new sequence starts at its first station.
 */
export function startStationAfterSave(
  current: SavedSequence,
  stationIds: readonly string[],
  requested: string | null | undefined,
): string | null | DomainError {
  if (requested === null) {
    return stationIds.length === 0
      ? null
      : new DomainError('SEQUENCE_INVALID', [{ path: 'startStationId', message: 'stations.validation.startStationRequired' }]);
  }
  if (requested !== undefined) {
    return stationIds.includes(requested)
      ? requested
      : new DomainError('SEQUENCE_INVALID', [{ path: 'startStationId', message: 'stations.validation.startStationNotInSequence' }]);
  }
  if (current.startStationId !== null) {
    return stationIds.includes(current.startStationId) ? current.startStationId : startStationCannotBeRemoved();
  }
  return stationIds[0] ?? null;
}

const startStationCannotBeRemoved = () =>
  new DomainError('START_STATION_NOT_DELETABLE', [{ path: 'stationIds', message: 'errors.START_STATION_NOT_DELETABLE' }]);

export function decideSequence(command: SequenceCommand, state: SequenceState): SequenceEvent[] | DomainError {
  switch (command.type) {
    case 'SaveSequence': {
      const problems = [...stationAppearsOnce(command.stationIds), ...stationsMustExist(command.stationIds, command.existingStationIds)];
      if (problems.length > 0) return new DomainError('SEQUENCE_INVALID', problems);
      const startStationId = startStationAfterSave(savedSequenceOf(state), command.stationIds, command.startStationId);
      if (startStationId instanceof DomainError) return startStationId;
      return [{ type: 'SequenceSaved', data: { stationIds: [...command.stationIds], startStationId, at: command.at } }];
    }
    default: {
      const _exhaustive: never = command.type;
      return _exhaustive;
    }
  }
}

/** The sequence decider in the shape every decider has. */
export const sequenceDecider: Decider<SequenceState, SequenceCommand, SequenceEvent> = {
  events: sequenceEvents,
  initialState: initialSequenceState,
  evolve: evolveSequence,
  decide: decideSequence,
};
