import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsumeLotInput, ReceiveLotInput } from '../../../../domain/lots/lot.schema';
import type { LotGenealogy, LotOrigins, LotRecall, LotView } from '../../../../domain/lots/lots.views';
import type { lotPageSchema } from '../../../../domain/lots/lots.views';
import type { OrderPage } from '../../../../domain/orders/orders.views';
import type { z } from 'zod';
import { api, apiUpload } from '../../../lib/api';
import { ordersKey } from '../../../lib/resources/keys';

type LotPage = z.infer<typeof lotPageSchema>;

/** `GET /api/lots`: page counts from 1; `q` in the lot number, the heat number, the material and the supplier. */
export interface LotListQuery {
  page: number;
  limit: number;
  q?: string;
}

export const lotsKey = ['lots'] as const;
const path = (id: string) => `/lots/${encodeURIComponent(id)}`;

export const getLotsQueryOptions = (query: LotListQuery) =>
  queryOptions({
    queryKey: [...lotsKey, 'list', query],
    queryFn: () => api.get<LotPage>('/lots', { query: { page: query.page, limit: query.limit, q: query.q || undefined } }),
    placeholderData: keepPreviousData,
  });
/** One page of the company's lots, newest first. */
export const useLots = (query: LotListQuery) => useQuery(getLotsQueryOptions(query));

export const getLotQueryOptions = (id: string) => queryOptions({ queryKey: [...lotsKey, 'detail', id], queryFn: () => api.get<LotView>(path(id)) });
export const useLot = (id: string) => useQuery(getLotQueryOptions(id));

/** Where the lot went: production orders, lots made of it, customer orders, shipments, customers. */
export const useLotGenealogy = (id: string) =>
  useQuery({ queryKey: [...lotsKey, 'genealogy', id], queryFn: () => api.get<LotGenealogy>(`${path(id)}/genealogy`) });

/** The lots a lot was made of (for a lot made here: what its production order consumed, down to the bought ones). */
export const useLotOrigins = (orderId: string | null) =>
  useQuery({
    queryKey: [...lotsKey, 'origins', orderId],
    queryFn: () => api.get<LotOrigins>('/lots/origins', { query: { orderId: orderId ?? undefined } }),
    enabled: orderId !== null,
  });

/** The recall list (the quality right). */
export const useLotRecall = (id: string, enabled: boolean) =>
  useQuery({ queryKey: [...lotsKey, 'recall', id], queryFn: () => api.get<LotRecall>(`${path(id)}/recall`), enabled });

/** The logistics orders whose goods arrived: the goods receipt records their lots. */
export const useDeliveredLogisticsOrders = () =>
  useQuery({
    queryKey: [...ordersKey, 'list', 'logistics-delivered'],
    queryFn: () => api.get<OrderPage>('/orders', { query: { kind: 'logistics', status: 'delivered,finished', page: 1, limit: 100 } }),
  });

/** The production orders that may consume a lot. */
export const useProductionOrders = () =>
  useQuery({
    queryKey: [...ordersKey, 'list', 'production-for-lots'],
    queryFn: () => api.get<OrderPage>('/orders', { query: { kind: 'production', status: 'open,in-progress', page: 1, limit: 100 } }),
  });

export function useReceiveLot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReceiveLotInput) => api.post<LotView>('/lots', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: lotsKey }),
  });
}

export function useConsumeLot(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConsumeLotInput) => api.post<LotView>(`${path(id)}/consume`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: lotsKey }),
  });
}

/** Stores the lot's certificate (a PDF). */
export function useUploadCertificate(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return apiUpload<LotView>('POST', `${path(id)}/certificate`, body);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: lotsKey }),
  });
}

/** The certificate's and the recall CSV's bytes (behind the bearer token, so not plain links). */
export const downloadCertificate = (id: string): Promise<Blob> => api.blob(`${path(id)}/certificate`);
export const downloadRecallCsv = (id: string, lang: string): Promise<Blob> =>
  api.blob(`${path(id)}/recall.csv`, { query: { lang: lang === 'de' ? 'de' : 'en' } });
