import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RateWrite } from '../../../../domain/costing/costing.schema';
import type { MarginsView, OrderCostingView, RatesView } from '../../../../domain/costing/costing.views';
import { api } from '../../../lib/api';

/** Every costing query starts with this key, so a new rate refreshes rates, costings and margins alike. */
export const costingKey = ['costing'] as const;

export const getRatesQueryOptions = () => queryOptions({ queryKey: [...costingKey, 'rates'], queryFn: () => api.get<RatesView>('/costs/rates') });
/** Every rate and price set, and what one can set them for. */
export const useRates = () => useQuery(getRatesQueryOptions());

export const getOrderCostingQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: [...costingKey, 'order', orderId], queryFn: () => api.get<OrderCostingView>(`/costs/orders/${encodeURIComponent(orderId)}`) });
/** An order's planned and actual cost and margin. */
export const useOrderCosting = (orderId: string, enabled: boolean) => useQuery({ ...getOrderCostingQueryOptions(orderId), enabled });

export const getMarginsQueryOptions = (from: string, to: string) =>
  queryOptions({ queryKey: [...costingKey, 'margins', from, to], queryFn: () => api.get<MarginsView>('/costs/margins', { query: { from, to } }) });
/** The margins per customer and material of a period. */
export const useMargins = (from: string, to: string, enabled: boolean) => useQuery({ ...getMarginsQueryOptions(from, to), enabled });

/** The margins report as CSV (German headers and decimal commas for `de`). */
export const exportMarginsCsv = (from: string, to: string, lang: 'en' | 'de'): Promise<Blob> => api.blob('/costs/margins.csv', { query: { from, to, lang } });

const pathOf = { machine: '/costs/machine-rates', labour: '/costs/labour-rates', material: '/costs/material-prices' } as const;

/** `POST /api/costs/machine-rates|labour-rates|material-prices`. */
export function useSetRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (write: RateWrite) => api.post<RatesView>(pathOf[write.kind], write.input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: costingKey }),
  });
}
