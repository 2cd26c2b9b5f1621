import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateApiKeyInput } from '../../../../domain/integration/api-keys.schema';
import type { ApiKeyList, ApiKeyView, CreatedApiKey } from '../../../../domain/integration/api-keys.views';
import { api } from '../../../lib/api';

export const apiKeysKey = ['api-keys'] as const;

export const getApiKeys = (): Promise<ApiKeyList> => api.get<ApiKeyList>('/api-keys');

export const getApiKeysQueryOptions = () => queryOptions({ queryKey: apiKeysKey, queryFn: getApiKeys });

/** The company's API keys, newest first (the owner's and the product operator's). */
export const useApiKeys = () => useQuery(getApiKeysQueryOptions());

/** `POST /api/api-keys`: answers the key and its secret, this once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) => api.post<CreatedApiKey>('/api-keys', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

/** `POST /api/api-keys/{id}/revoke`: the key's next request answers 401. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<ApiKeyView>(`/api-keys/${encodeURIComponent(id)}/revoke`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
