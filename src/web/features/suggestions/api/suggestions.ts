import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangeSuggestionStatus, SubmitSuggestionInput, SuggestionStatus } from '../../../../domain/suggestions/suggestion.schema';
import type { SuggestionPage, SuggestionView } from '../../../../domain/suggestions/suggestions.views';
import { api } from '../../../lib/api';

/** `GET /api/suggestions`: page counts from 1; `status` shows one status only. */
export interface SuggestionListQuery {
  page: number;
  limit: number;
  status?: SuggestionStatus;
}

export const suggestionsKey = ['suggestions'] as const;

export const getSuggestions = (query: SuggestionListQuery): Promise<SuggestionPage> => api.get<SuggestionPage>('/suggestions', { query: { ...query } });

export const getSuggestionsQueryOptions = (query: SuggestionListQuery) =>
  queryOptions({ queryKey: [...suggestionsKey, query], queryFn: () => getSuggestions(query), placeholderData: keepPreviousData });

/** One page of the company's suggestions (writers only); the previous page stays while the next loads. */
export const useSuggestions = (query: SuggestionListQuery) => useQuery(getSuggestionsQueryOptions(query));

/** `POST /api/suggestions`: any user submits one; from a station screen with its station. */
export function useSubmitSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SubmitSuggestionInput) => api.post<SuggestionView>('/suggestions', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: suggestionsKey }),
  });
}

/** `POST /api/suggestions/{id}/status`: marks it accepted, rejected or implemented on the copy of `version`. */
export function useChangeSuggestionStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: ChangeSuggestionStatus }) =>
      api.post<SuggestionView>(`/suggestions/${encodeURIComponent(id)}/status`, change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: suggestionsKey }),
  });
}
