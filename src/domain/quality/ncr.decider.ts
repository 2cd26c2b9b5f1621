import type { Decider, EventData } from '../shared/decider.js';
import { DomainError } from '../shared/errors.js';
import { stationChecksValue } from '../stations/station.schema.js';
import type { NcrCommand } from './ncr.commands.js';
import { ncrEvents, type NcrEvent, type NcrMeasurement } from './ncr.events.js';
import type { NcrStatus } from './ncr.schema.js';

/** A decision as `NonConformanceDecided` recorded it. */
export type NcrDecision = Omit<EventData<NcrEvent, 'NonConformanceDecided'>, 'ncrId'>;

/** An NCR as its events made it. */
export interface NcrRecord extends Omit<EventData<NcrEvent, 'NonConformanceOpened'>, 'at'> {
  status: NcrStatus;
  /** Every decision, the latest last (a failed re-measurement asks for another). */
  decisions: NcrDecision[];
  remeasurements: NcrMeasurement[];
  openedAt: string;
  closedAt: string | null;
}

export type NcrState = { status: 'absent' } | NcrRecord;

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

export function evolveNcr(state: NcrState, event: NcrEvent): NcrState {
  if (event.type === 'NonConformanceOpened') {
    const { ncrId, number, orderId, orderNumber, stationId, stationName, materialId, materialName, materialNumber, materialType, pieces, measurement, at } =
      event.data;
    return {
      status: 'held',
      ncrId,
      number,
      orderId,
      orderNumber,
      stationId,
      stationName,
      materialId,
      materialName,
      materialNumber,
      materialType,
      pieces,
      measurement,
      decisions: [],
      remeasurements: [],
      openedAt: at,
      closedAt: null,
    };
  }
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'NonConformanceDecided': {
      const { ncrId: _ncrId, ...decision } = event.data;
      return { ...state, status: decision.disposition === 'rework' ? 'rework' : state.status, decisions: [...state.decisions, decision] };
    }
    case 'NonConformanceRemeasured':
      return { ...state, status: event.data.measurement.passed ? state.status : 'held', remeasurements: [...state.remeasurements, event.data.measurement] };
    case 'NonConformanceClosed':
      return { ...state, status: 'closed', closedAt: event.data.at };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/** The names of the values the NCR is about (the opening one). */
export const ncrValueNames = (ncr: NcrRecord): string[] => [ncr.measurement.valueName];

/** Decisions are made on a held NCR only: one in rework or closed was decided already (409). */
export const ncrMustBeHeld = (state: NcrState): DomainError | undefined =>
  state.status === 'absent' ? new DomainError('NOT_FOUND') : state.status === 'held' ? undefined : new DomainError('NCR_ALREADY_DECIDED');

const invalid = (path: string, message: string, params?: Record<string, string | number>) =>
  new DomainError('VALIDATION_ERROR', [{ path, message, ...(params ? { params } : {}) }]);

/** What each disposition needs (docs/quality-and-lots.md, Decisions): a 400 on the field that lacks it. */
export function dispositionNeeds(command: Extract<NcrCommand, { type: 'DecideNcr' }>, ncr: NcrRecord): DomainError | undefined {
  switch (command.disposition) {
    case 'use-as-is':
      return command.note ? undefined : invalid('note', 'quality.validation.noteRequired');
    case 'rework': {
      if (!command.reworkStationId) return invalid('reworkStationId', 'quality.validation.reworkStationRequired');
      if (!command.reworkStation) return invalid('reworkStationId', 'stations.validation.unknownStation');
      const checks = command.reworkStation.checks;
      const unchecked = ncrValueNames(ncr).filter((name) => !stationChecksValue(checks, name));
      return unchecked.length ? invalid('reworkStationId', 'quality.validation.reworkStationMustMeasure', { values: unchecked.join(', ') }) : undefined;
    }
    case 'return-to-supplier':
      if (ncr.materialType !== 'purchasing_part') return invalid('disposition', 'quality.validation.returnOnlyBought');
      return command.scrapReasonId
        ? command.scrapReason
          ? undefined
          : invalid('scrapReasonId', 'orders.validation.unknownReason')
        : invalid('scrapReasonId', 'orders.validation.scrapReasonRequired');
    case 'scrap':
      return command.scrapReasonId
        ? command.scrapReason
          ? undefined
          : invalid('scrapReasonId', 'orders.validation.unknownReason')
        : invalid('scrapReasonId', 'orders.validation.scrapReasonRequired');
    default: {
      const _exhaustive: never = command.disposition;
      return _exhaustive;
    }
  }
}

function decideDisposition(command: Extract<NcrCommand, { type: 'DecideNcr' }>, state: NcrState): NcrEvent[] | DomainError {
  const refused = ncrMustBeHeld(state);
  if (refused || state.status === 'absent') return refused ?? new DomainError('NOT_FOUND');
  const missing = dispositionNeeds(command, state);
  if (missing) return missing;
  const rework = command.disposition === 'rework' && command.reworkStation;
  const scrapped = command.disposition === 'scrap' || command.disposition === 'return-to-supplier';
  const decided: NcrEvent = {
    type: 'NonConformanceDecided',
    data: {
      ncrId: state.ncrId,
      disposition: command.disposition,
      note: command.note,
      reworkStationId: rework ? rework.stationId : null,
      reworkStationName: rework ? rework.name : null,
      scrapReasonId: scrapped ? command.scrapReasonId : null,
      scrapReason: scrapped ? command.scrapReason : null,
      decidedBy: command.decidedBy,
      decidedByName: command.decidedByName,
      at: command.at,
    },
  };
  // Rework stays open until its values are measured again within tolerance.
  return command.disposition === 'rework' ? [decided] : [decided, { type: 'NonConformanceClosed', data: { ncrId: state.ncrId, at: command.at } }];
}

/**
 * A re-measurement after rework: a value of the NCR measured again. Within tolerance for every value
 * of the NCR, it closes; outside, the order is held again and waits for a new decision.
 */
function decideRemeasurement(command: Extract<NcrCommand, { type: 'RecordRemeasurement' }>, state: NcrState): NcrEvent[] | DomainError {
  if (state.status !== 'rework') return [];
  const names = ncrValueNames(state);
  if (!names.some((name) => sameName(name, command.measurement.valueName))) return [];
  const remeasured: NcrEvent = { type: 'NonConformanceRemeasured', data: { ncrId: state.ncrId, measurement: command.measurement, at: command.at } };
  if (!command.measurement.passed) return [remeasured];
  const latest = [...state.remeasurements, command.measurement];
  const allPassed = names.every((name) => latest.filter((m) => sameName(m.valueName, name)).at(-1)?.passed === true);
  return allPassed ? [remeasured, { type: 'NonConformanceClosed', data: { ncrId: state.ncrId, at: command.at } }] : [remeasured];
}

export function decideNcr(command: NcrCommand, state: NcrState): NcrEvent[] | DomainError {
  switch (command.type) {
    case 'OpenNcr': {
      if (state.status !== 'absent') return [];
      const { ncrId, number, order, station, measurement, at } = command;
      return [{ type: 'NonConformanceOpened', data: { ncrId, number, ...order, ...station, measurement, at } }];
    }
    case 'DecideNcr':
      return decideDisposition(command, state);
    case 'RecordRemeasurement':
      return decideRemeasurement(command, state);
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const ncrDecider: Decider<NcrState, NcrCommand, NcrEvent> = {
  events: ncrEvents,
  initialState: { status: 'absent' },
  evolve: evolveNcr,
  decide: decideNcr,
};
