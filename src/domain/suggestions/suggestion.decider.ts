import { suggestionEvents } from './suggestion.events.js';
import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/errors.js';
import type { SuggestionCommand } from './suggestion.commands.js';
import type { SuggestionDecisionStatus, SuggestionEvent } from './suggestion.events.js';
import type { SuggestionStatus } from './suggestion.schema.js';

/** A suggestion as its events made it. */
export interface Suggestion {
  suggestionId: string;
  text: string;
  submittedBy: string;
  stationId: string | null;
  submittedAt: string;
  updatedAt: string;
}

export type SuggestionState = { status: 'absent' } | (Suggestion & { status: SuggestionStatus });

/**
 * Which status a suggestion may be marked with from which: a decision can be revised until the
 * suggestion is implemented, which is final. docs/suggestions.md draws the same table.
 */
export const suggestionTransitions: Record<SuggestionStatus, readonly SuggestionDecisionStatus[]> = {
  SUBMITTED: ['ACCEPTED', 'REJECTED', 'IMPLEMENTED'],
  ACCEPTED: ['REJECTED', 'IMPLEMENTED'],
  REJECTED: ['ACCEPTED'],
  IMPLEMENTED: [],
};

/** A named rule: a status is set only along `suggestionTransitions`. */
export const suggestionStatusMayChange = (from: SuggestionStatus, to: SuggestionDecisionStatus) => suggestionTransitions[from].includes(to);

export function evolveSuggestion(state: SuggestionState, event: SuggestionEvent): SuggestionState {
  switch (event.type) {
    case 'SuggestionSubmitted': {
      const { at, ...submitted } = event.data;
      return { status: 'SUBMITTED', ...submitted, submittedAt: at, updatedAt: at };
    }
    case 'SuggestionStatusChanged':
      return state.status === 'absent' ? state : { ...state, status: event.data.status, updatedAt: event.data.at };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export const suggestionDecider: Decider<SuggestionState, SuggestionCommand, SuggestionEvent> = {
  events: suggestionEvents,
  initialState: { status: 'absent' },
  evolve: evolveSuggestion,
  decide(command, state) {
    switch (command.type) {
      case 'SubmitSuggestion': {
        if (state.status !== 'absent') return new DomainError('CONFLICT_ERROR');
        const { suggestionId, text, submittedBy, stationId, at } = command;
        return [{ type: 'SuggestionSubmitted', data: { suggestionId, text, submittedBy, stationId, at } }];
      }
      case 'ChangeSuggestionStatus': {
        if (state.status === 'absent') return new DomainError('SUGGESTION_NOT_FOUND');
        if (!suggestionStatusMayChange(state.status, command.status)) {
          return new DomainError('SUGGESTION_TRANSITION_NOT_ALLOWED', [{ path: 'status', message: 'errors.SUGGESTION_TRANSITION_NOT_ALLOWED' }]);
        }
        const { status, changedBy, at } = command;
        return [{ type: 'SuggestionStatusChanged', data: { suggestionId: state.suggestionId, status, changedBy, at } }];
      }
      default: {
        const _exhaustive: never = command;
        return _exhaustive;
      }
    }
  },
};
