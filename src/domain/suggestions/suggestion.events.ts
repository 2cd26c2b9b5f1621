import { eventCatalogue } from '../shared/decider.js';
/** Stream type of an improvement suggestion's stream `suggestion-<id>`. */
export const SUGGESTION_STREAM_TYPE = 'suggestion';
export const suggestionStreamId = (suggestionId: string) => `suggestion-${suggestionId}`;

/** What an admin can mark a suggestion as; a new one is `SUBMITTED`. */
export const suggestionDecisionStatuses = ['ACCEPTED', 'REJECTED', 'IMPLEMENTED'] as const;
export type SuggestionDecisionStatus = (typeof suggestionDecisionStatuses)[number];

/**
 * Facts of one improvement suggestion. Every payload carries `suggestionId` and `at`, the ISO time
 * the command was given, so a replay needs no clock. Other modules (key figures) read these
 * shapes; they are never edited once landed.
 */
export type SuggestionEvent =
  | {
      type: 'SuggestionSubmitted';
      data: {
        suggestionId: string;
        text: string;
        /** The user id of who submitted it. */
        submittedBy: string;
        /** The station it was submitted at (station work screen), null from the console. */
        stationId: string | null;
        at: string;
      };
    }
  | {
      type: 'SuggestionStatusChanged';
      data: { suggestionId: string; status: SuggestionDecisionStatus; changedBy: string; at: string };
    };

export type SuggestionEventType = SuggestionEvent['type'];

/** A suggestion's events as every reader reads them. */
export const suggestionEvents = eventCatalogue<SuggestionEvent>({
  streamType: SUGGESTION_STREAM_TYPE,
  types: {
    SuggestionSubmitted: true,
    SuggestionStatusChanged: true,
  },
});
