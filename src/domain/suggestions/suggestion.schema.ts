import { z } from 'zod';
import { pagingQuery } from '../shared/paging.js';
import { requiredText } from '../shared/validation.js';
import { suggestionDecisionStatuses } from './suggestion.events.js';

/** Limits of an improvement suggestion (the spec names none; a suggestion is a paragraph or two). */
export const suggestionLimits = { text: 2000 } as const;

/** A suggestion's statuses: new ones are `SUBMITTED`; an admin marks them with the others. */
export const suggestionStatuses = ['SUBMITTED', ...suggestionDecisionStatuses] as const;
export type SuggestionStatus = (typeof suggestionStatuses)[number];

/** `POST /api/suggestions`: the text and, from the station work screen, the station. */
export const submitSuggestionSchema = z.object({
  text: requiredText(suggestionLimits.text),
  stationId: z.uuid({ error: 'validation.invalidId' }).nullable().default(null),
});
export type SubmitSuggestion = z.infer<typeof submitSuggestionSchema>;
export type SubmitSuggestionInput = z.input<typeof submitSuggestionSchema>;

/** `POST /api/suggestions/{id}/status`: the new status and the version the admin's copy was read at. */
export const changeSuggestionStatusSchema = z.object({
  status: z.enum(suggestionDecisionStatuses, { error: 'validation.required' }),
  version: z.number({ error: 'validation.required' }).int().min(1),
});
export type ChangeSuggestionStatus = z.infer<typeof changeSuggestionStatusSchema>;

/** `GET /api/suggestions`: newest first, paged, optionally one status. */
export const suggestionListQuerySchema = z.object({
  ...pagingQuery(),
  status: z.enum(suggestionStatuses).optional(),
});
export type SuggestionListQuery = z.infer<typeof suggestionListQuerySchema>;
