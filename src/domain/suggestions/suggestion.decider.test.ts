import { describe, expect, it } from 'vitest';
import { givenFor } from '../shared/decider.testing.js';
import type { SuggestionCommand } from './suggestion.commands.js';
import { suggestionDecider, suggestionTransitions } from './suggestion.decider.js';
import type { SuggestionEvent } from './suggestion.events.js';

const suggestionId = '7f1b0c52-8a51-4d5b-9d0e-2f3c4b5a6d7e';
const userId = '0d7e1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
const at = '2026-11-23T08:00:00.000Z';
const later = '2026-11-23T09:00:00.000Z';

const submitted: SuggestionEvent = { type: 'SuggestionSubmitted', data: { suggestionId, text: 'Label the shelves', submittedBy: userId, stationId: null, at } };
const marked = (status: 'ACCEPTED' | 'REJECTED' | 'IMPLEMENTED'): SuggestionEvent => ({
  type: 'SuggestionStatusChanged',
  data: { suggestionId, status, changedBy: userId, at: later },
});

const given = givenFor(suggestionDecider);
const mark = (status: 'ACCEPTED' | 'REJECTED' | 'IMPLEMENTED'): SuggestionCommand => ({ type: 'ChangeSuggestionStatus', status, changedBy: userId, at: later });

describe('suggestion decider', () => {
  it('submits a new suggestion', () => {
    given().when({ type: 'SubmitSuggestion', suggestionId, text: 'Label the shelves', submittedBy: userId, stationId: null, at }).then([submitted]);
  });

  it('marks a submitted suggestion accepted, then implemented', () => {
    given(submitted)
      .when(mark('ACCEPTED'))
      .then([marked('ACCEPTED')]);
    given(submitted, marked('ACCEPTED'))
      .when(mark('IMPLEMENTED'))
      .then([marked('IMPLEMENTED')]);
  });

  it('lets a rejection be revised to accepted', () => {
    given(submitted, marked('REJECTED'))
      .when(mark('ACCEPTED'))
      .then([marked('ACCEPTED')]);
  });

  it('refuses any change of an implemented suggestion (suggestionStatusMayChange)', () => {
    for (const status of ['ACCEPTED', 'REJECTED', 'IMPLEMENTED'] as const) {
      given(submitted, marked('IMPLEMENTED')).when(mark(status)).thenError('SUGGESTION_TRANSITION_NOT_ALLOWED');
    }
    expect(suggestionTransitions.IMPLEMENTED).toEqual([]);
  });

  it('refuses marking the same status again', () => {
    given(submitted, marked('ACCEPTED')).when(mark('ACCEPTED')).thenError('SUGGESTION_TRANSITION_NOT_ALLOWED');
  });

  it('refuses a status change of a suggestion that does not exist', () => {
    given().when(mark('ACCEPTED')).thenError('SUGGESTION_NOT_FOUND');
  });
});
