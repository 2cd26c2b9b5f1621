import { interruptionEvents } from './interruption.events.js';
import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/errors.js';
import type { InterruptionCommand } from './interruption.commands.js';
import type { InterruptionEvent } from './interruption.events.js';

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

export function evolveStationInterruptions(state: StationInterruptionsState, event: InterruptionEvent): StationInterruptionsState {
  switch (event.type) {
    case 'InterruptionReported': {
      const { interruptionId, stationId, orderId, reasonId, at } = event.data;
      return { open: { interruptionId, stationId, orderId, reasonId, reportedAt: at }, reported: state.reported + 1 };
    }
    case 'InterruptionResolved':
      return state.open?.interruptionId === event.data.interruptionId ? { ...state, open: null } : state;
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
        const { interruptionId, stationId, orderId, reasonId, reasonName, note, reportedBy, at } = command;
        return [{ type: 'InterruptionReported', data: { interruptionId, stationId, orderId, reasonId, reasonName, note, reportedBy, at } }];
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
