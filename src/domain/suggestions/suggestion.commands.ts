import type { SuggestionDecisionStatus } from './suggestion.events.js';

/** What users ask of a suggestion; ids and the moment arrive on the command. */
export type SuggestionCommand =
  | { type: 'SubmitSuggestion'; suggestionId: string; text: string; submittedBy: string; stationId: string | null; at: string }
  | { type: 'ChangeSuggestionStatus'; status: SuggestionDecisionStatus; changedBy: string; at: string };
