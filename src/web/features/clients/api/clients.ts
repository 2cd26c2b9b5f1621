import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ValidClient } from '../../../../domain/clients/clients.schema';
import type { ClientView } from '../../../../domain/clients/clients.views';
import type { OrderPage } from '../../../../domain/orders/orders.views';
import { api } from '../../../lib/api';
import { clientsQueryOptions } from '../../../lib/reference-data';
import { sendCommand } from '../../../lib/resources/commands';
import { clientsKey, ordersKey } from '../../../lib/resources/keys';

const path = (id: string) => `/clients/${encodeURIComponent(id)}`;

/** The company's clients whose name or contact person contains `q`, by name. */
export const useClients = (q: string) => useQuery(clientsQueryOptions(q));

export const getClient = (id: string): Promise<ClientView> => api.get<ClientView>(path(id));

export const getClientQueryOptions = (id: string) => queryOptions({ queryKey: [...clientsKey, 'detail', id], queryFn: () => getClient(id) });

export const useClient = (id: string) => useQuery({ ...getClientQueryOptions(id), enabled: id !== '' });

/** How many of a client's orders its page lists (the newest first). */
export const clientOrdersLimit = 20;

/** The customer orders linked to the client, newest first (`GET /api/orders?clientId=`); an order query, so order changes refresh it. */
export const useClientOrders = (clientId: string) =>
  useQuery({
    queryKey: [...ordersKey, 'of-client', clientId],
    queryFn: () => api.get<OrderPage>('/orders', { query: { clientId, page: 1, limit: clientOrdersLimit, sort: '-number' } }),
    placeholderData: keepPreviousData,
  });

export const createClient = (client: ValidClient): Promise<ClientView> => sendCommand<ClientView>('POST', '/clients', client);

export const changeClient = (id: string, client: ValidClient & { version: number }): Promise<ClientView> => sendCommand<ClientView>('PUT', path(id), client);

export const removeClient = (id: string): Promise<void> => sendCommand<void>('DELETE', path(id), undefined);

function useClientsMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsKey }) });
}

export const useCreateClient = () => useClientsMutation(createClient);

export const useChangeClient = () =>
  useClientsMutation(({ id, client }: { id: string; client: ValidClient & { version: number } }) => changeClient(id, client));

export function useRemoveClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeClient,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: [...clientsKey, 'detail', id] });
      return queryClient.invalidateQueries({ queryKey: clientsKey });
    },
  });
}
