import { documentEvents } from './documents.events.js';
import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/errors.js';
import type { DocumentCommand } from './documents.commands.js';
import type { DocumentEvent } from './documents.events.js';
import type { DocumentStatus } from './documents.schema.js';

export type DocumentState =
  | { status: 'absent' }
  | (Extract<DocumentEvent, { type: 'DocumentRequested' }>['data'] & {
      status: DocumentStatus;
      path: string | null;
      size: number | null;
      failure: string | null;
      finishedAt: string | null;
    });

export const initialDocumentState: DocumentState = { status: 'absent' };

export function evolveDocument(state: DocumentState, event: DocumentEvent): DocumentState {
  switch (event.type) {
    case 'DocumentRequested':
      return { ...event.data, status: 'requested', path: null, size: null, failure: null, finishedAt: null };
    case 'DocumentRefused': {
      const { reason: _reason, ...data } = event.data;
      return { ...data, status: 'failed', path: null, size: null, failure: 'no-pdf', finishedAt: event.data.at };
    }
    case 'DocumentGenerated':
      if (state.status === 'absent') return state;
      return { ...state, status: 'generated', path: event.data.path, size: event.data.size, failure: null, finishedAt: event.data.at };
    case 'DocumentFailed':
      if (state.status === 'absent') return state;
      return { ...state, status: 'failed', failure: event.data.failure, finishedAt: event.data.at };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/**
 * A document is requested once and finishes once: a job that runs again after it finished (a
 * retry after a crash) records nothing more, so its outcome is never told twice.
 */
export function decideDocument(command: DocumentCommand, state: DocumentState): DocumentEvent[] | DomainError {
  switch (command.type) {
    case 'RequestDocument':
      if (state.status !== 'absent') return new DomainError('CONFLICT_ERROR');
      return [{ type: 'DocumentRequested', data: command.data }];
    case 'RefuseDocument':
      if (state.status !== 'absent') return new DomainError('CONFLICT_ERROR');
      return [{ type: 'DocumentRefused', data: command.data }];
    case 'RecordGenerated':
      if (state.status === 'absent') return new DomainError('NOT_FOUND');
      if (state.status !== 'requested') return [];
      return [{ type: 'DocumentGenerated', data: { ...command.data, subjectType: state.subjectType, subjectId: state.subjectId } }];
    case 'RecordFailure':
      if (state.status === 'absent') return new DomainError('NOT_FOUND');
      if (state.status !== 'requested') return [];
      return [{ type: 'DocumentFailed', data: { ...command.data, subjectType: state.subjectType, subjectId: state.subjectId } }];
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const documentDecider: Decider<DocumentState, DocumentCommand, DocumentEvent> = {
  events: documentEvents,
  initialState: initialDocumentState,
  evolve: evolveDocument,
  decide: decideDocument,
};
