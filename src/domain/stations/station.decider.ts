import { stationEvents } from './station.events.js';
import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/errors.js';
import { issueToDetail } from '../shared/validation.js';
import type { SavedSequence } from './sequence.decider.js';
import type { StationCommand } from './station.commands.js';
import { stationFormEventTypes, type StationDefinition, type StationEvent } from './station.events.js';
import { stationInputSchema, type StationInput } from './station.schema.js';

export type StationState =
  | { status: 'absent' }
  | ({ status: 'active'; stationId: string; lastMaintenanceAt: string | null } & StationDefinition)
  | { status: 'deleted'; stationId: string; name: string };

export const initialStationState: StationState = { status: 'absent' };

export function evolveStation(state: StationState, event: StationEvent): StationState {
  switch (event.type) {
    case 'StationCreated': {
      const { at: _at, ...station } = event.data;
      return { status: 'active', ...station, lastMaintenanceAt: null };
    }
    case 'StationChanged': {
      if (state.status !== 'active') return state;
      const { at: _at, ...station } = event.data;
      // A change without a WIP limit clears it (the field is absent, not null, when unset).
      return { ...state, ...station, wipLimit: station.wipLimit, capacity: station.capacity };
    }
    case 'StationMaintenanceRecorded':
      return state.status === 'active' ? { ...state, lastMaintenanceAt: event.data.performedAt } : state;
    case 'StationDeleted':
      return { status: 'deleted', stationId: event.data.stationId, name: event.data.name };
    case 'OperatorSignedIn':
      return state;
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/** The rules of spec section 5 (Station), as written once in station.schema.ts. */
export function stationRulesHold(input: StationInput): StationInput | DomainError {
  const result = stationInputSchema.safeParse(input);
  return result.success ? result.data : new DomainError('VALIDATION_ERROR', result.error.issues.map(issueToDetail));
}

/** A station name is unique within its company. */
export function stationNameIsUnique(name: string, namesInUse: readonly string[]): DomainError | null {
  return namesInUse.includes(name) ? new DomainError('STATION_NAME_TAKEN', [{ path: 'name', message: 'errors.STATION_NAME_TAKEN' }]) : null;
}

/** The station where production starts cannot be deleted. */
export const startStationCannotBeDeleted = (stationId: string, sequence: SavedSequence): DomainError | null =>
  sequence.startStationId === stationId ? new DomainError('START_STATION_NOT_DELETABLE') : null;

/** A station in the saved sequence cannot be deleted; remove it from the sequence and save first. */
export const stationInSequenceCannotBeDeleted = (stationId: string, sequence: SavedSequence): DomainError | null =>
  sequence.stationIds.includes(stationId) ? new DomainError('PRODUCTION_STATION_USED_IN_SEQUENCE') : null;

/** Only operation users work at stations (spec section 6: 'You are not operator!'). */
export const onlyOperatorsSignIn = (role: string): DomainError | null => (role === 'OPERATOR' ? null : new DomainError('NOT_OPERATOR'));

/** An operator signs in only at the stations an admin authorised them for. */
export const operatorMustBeAuthorized = (authorized: boolean): DomainError | null => (authorized ? null : new DomainError('STATION_NOT_AUTHORIZED'));

/** A maintenance cannot be recorded for a time that has not come yet. */
export const maintenanceIsNotInFuture = (performedAt: string, at: string): DomainError | null =>
  Date.parse(performedAt) > Date.parse(at)
    ? new DomainError('VALIDATION_ERROR', [{ path: 'performedAt', message: 'stations.validation.maintenanceInFuture' }])
    : null;

/**
 * Whether a client's copy of a station, made on `clientVersion`, is too old to write on: only
 * changes to what the forms show make it stale, so an operator signing in meanwhile does not
 * spoil an admin's edit. `laterEvents` are the stream's events after the client's version.
 */
export function stationCopyIsStale(clientVersion: number, currentVersion: number, laterEvents: readonly { type: string }[]): boolean {
  if (clientVersion > currentVersion) return true;
  const formTypes: readonly string[] = stationFormEventTypes;
  return laterEvents.some((event) => formTypes.includes(event.type));
}

function definitionOf(input: StationInput, namesInUse: readonly string[]): StationDefinition | DomainError {
  const valid = stationRulesHold(input);
  if (valid instanceof DomainError) return valid;
  const taken = stationNameIsUnique(valid.name, namesInUse);
  if (taken) return taken;
  return {
    name: valid.name,
    parameters: valid.parameters,
    actions: valid.actions,
    incomingGoodsCheckIn: valid.incomingGoodsCheckIn,
    valueChecks: valid.valueChecks,
    ...(valid.wipLimit === null ? {} : { wipLimit: valid.wipLimit }),
    capacity: valid.capacity,
  };
}

const stationNotFound = () => new DomainError('NOT_FOUND');

export function decideStation(command: StationCommand, state: StationState): StationEvent[] | DomainError {
  switch (command.type) {
    case 'CreateStation': {
      if (state.status !== 'absent') return new DomainError('CONFLICT_ERROR');
      const definition = definitionOf(command.input, command.namesInUse);
      if (definition instanceof DomainError) return definition;
      return [{ type: 'StationCreated', data: { stationId: command.stationId, ...definition, at: command.at } }];
    }
    case 'ChangeStation': {
      if (state.status !== 'active') return stationNotFound();
      const definition = definitionOf(command.input, command.namesInUse);
      if (definition instanceof DomainError) return definition;
      return [{ type: 'StationChanged', data: { stationId: state.stationId, ...definition, at: command.at } }];
    }
    case 'RecordMaintenance': {
      if (state.status !== 'active') return stationNotFound();
      const refused = maintenanceIsNotInFuture(command.performedAt, command.at);
      if (refused) return refused;
      return [{ type: 'StationMaintenanceRecorded', data: { stationId: state.stationId, performedAt: command.performedAt, at: command.at } }];
    }
    case 'DeleteStation': {
      if (state.status !== 'active') return stationNotFound();
      const refused = startStationCannotBeDeleted(state.stationId, command.sequence) ?? stationInSequenceCannotBeDeleted(state.stationId, command.sequence);
      if (refused) return refused;
      return [{ type: 'StationDeleted', data: { stationId: state.stationId, name: state.name, at: command.at } }];
    }
    case 'SignInOperator': {
      if (state.status !== 'active') return stationNotFound();
      const refused = onlyOperatorsSignIn(command.user.role) ?? operatorMustBeAuthorized(command.authorized);
      if (refused) return refused;
      return [
        {
          type: 'OperatorSignedIn',
          data: { stationId: state.stationId, userId: command.user.userId, username: command.user.username, at: command.at },
        },
      ];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

/** The station decider in the shape every decider has. */
export const stationDecider: Decider<StationState, StationCommand, StationEvent> = {
  events: stationEvents,
  initialState: initialStationState,
  evolve: evolveStation,
  decide: decideStation,
};
