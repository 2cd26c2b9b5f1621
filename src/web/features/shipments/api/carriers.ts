import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CarrierInputForm, CarrierList, CarrierView } from '../../../../domain/shipments/carrier.schema';
import { api } from '../../../lib/api';

/** The company's carriers (master data): the shipment form offers the active ones, the carriers screen manages them. */
export const carriersKey = ['carriers'] as const;

const path = (id: string) => `/carriers/${encodeURIComponent(id)}`;

export const getCarriersQueryOptions = () => queryOptions({ queryKey: carriersKey, queryFn: () => api.get<CarrierList>('/carriers') });

export const useCarriers = () => useQuery(getCarriersQueryOptions());

function useCarriersMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: carriersKey }) });
}

export const useAddCarrier = () => useCarriersMutation((body: CarrierInputForm) => api.post<CarrierView>('/carriers', body));

export const useChangeCarrier = () => useCarriersMutation(({ id, body }: { id: string; body: CarrierInputForm }) => api.put<CarrierView>(path(id), body));

/** Retires a carrier (no longer offered) or reinstates it. */
export const useSetCarrierRetired = () =>
  useCarriersMutation(({ id, retired }: { id: string; retired: boolean }) => api.post<CarrierView>(`${path(id)}/${retired ? 'retire' : 'reinstate'}`));

/** Deletes a carrier no shipment names (MASTER_DATA_ENTRY_IN_USE otherwise). */
export const useDeleteCarrier = () => useCarriersMutation((id: string) => api.delete<null>(path(id)));
