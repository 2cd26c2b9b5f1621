import type { SuggestionStatus } from '../../../domain/suggestions/suggestion.schema.js';

/** The admins' list of improvement suggestions: one row per `suggestion-<id>` stream, kept by the inline projection. */
export interface SuggestionsTable {
  id: string;
  company_id: string;
  text: string;
  submitted_by: string;
  station_id: string | null;
  status: SuggestionStatus;
  /** The stream's version after the row's last event (what a status change names). */
  version: number;
  submitted_at: Date;
  status_changed_at: Date | null;
}

declare module '../../platform/db.js' {
  interface Tables {
    suggestions: SuggestionsTable;
  }
}
