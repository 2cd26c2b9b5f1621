import { interruptionEvents } from './interruption.events.js';
import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/errors.js';
import type { InterruptionCommand } from './interruption.commands.js';
import type { InterruptionEvent } from './interruption.events.js';
import { interruptionLimits } from './interruption.schema.js';

/** The open interruption of a station, as its events made it. */
export interface OpenInterruption {
  interruptionId: string;
  stationId: string;
  orderId: string | null;
  reasonId: string;
  reportedAt: string;
}

/**
 * A station's interruptions as its decider needs them: the open one (at most one), and how many
 * were reported there in all. Resolved ones need no memory: the handler finds an interruption by
 * its id in the read model before it asks the decider.
 */
export interface StationInterruptionsState {
  open: OpenInterruption | null;
  reported: number;
}

/** A named rule: a station has at most one open interruption; a second report is refused (409). */
export const stationMayReportInterruption = (state: StationInterruptionsState) => state.open === null;

/**
 * A named rule: an expected end lies after the moment it is given and at most
 * `interruptionLimits.expectedEndDays` after it (400 on `expectedEndAt`); null (not known) always holds.
 */
export function expectedEndIsAhead(expectedEndAt: string | null, at: string): DomainError | null {
  if (expectedEndAt === null) return null;
  const ahead = Date.parse(expectedEndAt) - Date.parse(at);
  if (ahead <= 0) return new DomainError('VALIDATION_ERROR', [{ path: 'expectedEndAt', message: 'interruptions.validation.expectedEndPast' }]);
  if (ahead > interruptionLimits.expectedEndDays * 86_400_000) {
    return new DomainError('VALIDATION_ERROR', [
      { path: 'expectedEndAt', message: 'interruptions.validation.expectedEndTooFar', params: { days: interruptionLimits.expectedEndDays } },
    ]);
  }
  return null;
}

export function evolveStationInterruptions(state: StationInterruptionsState, event: InterruptionEvent): StationInterruptionsState {
  switch (event.type) {
    case 'InterruptionReported': {
      const { interruptionId, stationId, orderId, reasonId, at } = event.data;
      return { open: { interruptionId, stationId, orderId, reasonId, reportedAt: at }, reported: state.reported + 1 };
    }
    case 'InterruptionResolved':
      return state.open?.interruptionId === event.data.interruptionId ? { ...state, open: null } : state;
    case 'InterruptionExpectedEndSet':
      return state;
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export const stationInterruptionsDecider: Decider<StationInterruptionsState, InterruptionCommand, InterruptionEvent> = {
  events: interruptionEvents,
  initialState: { open: null, reported: 0 },
  evolve: evolveStationInterruptions,
  decide(command, state) {
    switch (command.type) {
      case 'ReportInterruption': {
        if (!stationMayReportInterruption(state)) {
          return new DomainError('INTERRUPTION_ALREADY_OPEN', [{ path: 'stationId', message: 'errors.INTERRUPTION_ALREADY_OPEN' }]);
        }
        const { interruptionId, stationId, orderId, reasonId, reasonName, note, reportedBy, expectedEndAt, at } = command;
        const refused = expectedEndIsAhead(expectedEndAt, at);
        if (refused) return refused;
        const reported: InterruptionEvent = {
          type: 'InterruptionReported',
          data: { interruptionId, stationId, orderId, reasonId, reasonName, note, reportedBy, at },
        };
        if (expectedEndAt === null) return [reported];
        return [reported, { type: 'InterruptionExpectedEndSet', data: { interruptionId, stationId, expectedEndAt, setBy: reportedBy, at } }];
      }
      case 'SetExpectedEnd': {
        const open = state.open;
        if (!open || open.interruptionId !== command.interruptionId) return new DomainError('INTERRUPTION_ALREADY_RESOLVED');
        const refused = expectedEndIsAhead(command.expectedEndAt, command.at);
        if (refused) return refused;
        const { interruptionId, expectedEndAt, setBy, at } = command;
        return [{ type: 'InterruptionExpectedEndSet', data: { interruptionId, stationId: open.stationId, expectedEndAt, setBy, at } }];
      }
      case 'ResolveInterruption': {
        const open = state.open;
        if (!open || open.interruptionId !== command.interruptionId) return new DomainError('INTERRUPTION_ALREADY_RESOLVED');
        return [
          {
            type: 'InterruptionResolved',
            data: {
              interruptionId: open.interruptionId,
              stationId: open.stationId,
              orderId: open.orderId,
              reportedAt: open.reportedAt,
              note: command.note,
              resolvedBy: command.resolvedBy,
              at: command.at,
            },
          },
        ];
      }
      default: {
        const _exhaustive: never = command;
        return _exhaustive;
      }
    }
  },
};
