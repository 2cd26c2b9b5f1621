import { z } from 'zod';
import { pageOf } from '../shared/paging.js';
import { suggestionStatuses } from './suggestion.schema.js';

/** Answers of the suggestion routes; the web reads its types from here. Dates are ISO strings. */
export const suggestionViewSchema = z.object({
  id: z.string(),
  text: z.string(),
  status: z.enum(suggestionStatuses),
  /** The version a status change names; another writer in between makes it stale (409). */
  version: z.number().int(),
  submittedBy: z.object({ userId: z.string(), name: z.string() }),
  /** The station it was submitted at (null from the console); `name` null when the station was deleted. */
  station: z.object({ stationId: z.string(), name: z.string().nullable() }).nullable(),
  submittedAt: z.string(),
  /** When the status last changed (null while submitted). */
  statusChangedAt: z.string().nullable(),
});
export type SuggestionView = z.infer<typeof suggestionViewSchema>;

export const suggestionPageSchema = pageOf(suggestionViewSchema);
export type SuggestionPage = z.infer<typeof suggestionPageSchema>;
