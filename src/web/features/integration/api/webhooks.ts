import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateWebhookEndpointInput, WebhookEventType, WebhookReplayInput } from '../../../../domain/integration/webhooks.schema';
import type { CreatedWebhookEndpoint, WebhookDeliveryList, WebhookEndpointList, WebhookEndpointView } from '../../../../domain/integration/webhooks.views';
import { api } from '../../../lib/api';

export const webhooksKey = ['webhooks'] as const;
const deliveriesKey = (endpointId: string) => [...webhooksKey, endpointId, 'deliveries'] as const;
const endpointPath = (id: string) => `/webhooks/${encodeURIComponent(id)}`;

export const getWebhooks = (): Promise<WebhookEndpointList> => api.get<WebhookEndpointList>('/webhooks');
export const getWebhooksQueryOptions = () => queryOptions({ queryKey: webhooksKey, queryFn: getWebhooks });

/** The company's webhook endpoints (the owner's and the product operator's). */
export const useWebhooks = () => useQuery({ ...getWebhooksQueryOptions(), refetchInterval: 5000 });

export const getWebhookDeliveriesQueryOptions = (endpointId: string) =>
  queryOptions({ queryKey: deliveriesKey(endpointId), queryFn: () => api.get<WebhookDeliveryList>(`${endpointPath(endpointId)}/deliveries?limit=50`) });

/** An endpoint's delivery log, read again every few seconds while shown (deliveries happen in the background). */
export const useWebhookDeliveries = (endpointId: string) => useQuery({ ...getWebhookDeliveriesQueryOptions(endpointId), refetchInterval: 3000 });

function useEndpointMutation<Input, Answer>(send: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKey }) });
}

/** `POST /api/webhooks`: answers the endpoint and its signing secret, this once. */
export const useCreateWebhook = () => useEndpointMutation((input: CreateWebhookEndpointInput) => api.post<CreatedWebhookEndpoint>('/webhooks', input));

export const useChangeWebhookEventTypes = () =>
  useEndpointMutation(({ id, eventTypes }: { id: string; eventTypes: WebhookEventType[] }) =>
    api.put<WebhookEndpointView>(`${endpointPath(id)}/event-types`, { eventTypes }),
  );

export const usePauseWebhook = () => useEndpointMutation((id: string) => api.post<WebhookEndpointView>(`${endpointPath(id)}/pause`));
export const useResumeWebhook = () => useEndpointMutation((id: string) => api.post<WebhookEndpointView>(`${endpointPath(id)}/resume`));
export const useTestWebhook = () => useEndpointMutation((id: string) => api.post<WebhookEndpointView>(`${endpointPath(id)}/test`));
export const useReplayWebhook = () =>
  useEndpointMutation(({ id, replay }: { id: string; replay: WebhookReplayInput }) => api.post<WebhookEndpointView>(`${endpointPath(id)}/replay`, replay));
export const useDeleteWebhook = () => useEndpointMutation((id: string) => api.delete<null>(endpointPath(id)));
