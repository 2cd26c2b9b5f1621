import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DecideNcrInput, NcrStatus } from '../../../../domain/quality/ncr.schema';
import type { NcrHistory, NcrPage, NcrView, QualityFigures } from '../../../../domain/quality/quality.views';
import type { StationPage } from '../../../../domain/stations/stations.views';
import type { z } from 'zod';
import type { masterDataListViewSchema } from '../../../../domain/team/team.views';
import { api } from '../../../lib/api';
import { ordersKey, stationsKey } from '../../../lib/resources/keys';

/** `GET /api/ncrs`: page counts from 1; `status` one or several (comma-separated). */
export interface NcrListQuery {
  page: number;
  limit: number;
  status?: readonly NcrStatus[];
  q?: string;
}

export const ncrsKey = ['ncrs'] as const;

export const getNcrsQueryOptions = (query: NcrListQuery) =>
  queryOptions({
    queryKey: [...ncrsKey, 'list', query],
    queryFn: () => api.get<NcrPage>('/ncrs', { query: { page: query.page, limit: query.limit, status: query.status?.join(','), q: query.q || undefined } }),
    placeholderData: keepPreviousData,
  });
/** One page of the company's NCRs, newest first. */
export const useNcrs = (query: NcrListQuery) => useQuery(getNcrsQueryOptions(query));

export const getNcrQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...ncrsKey, 'detail', id], queryFn: () => api.get<NcrView>(`/ncrs/${encodeURIComponent(id)}`) });
export const useNcr = (id: string) => useQuery(getNcrQueryOptions(id));

export const useNcrHistory = (id: string) =>
  useQuery({ queryKey: [...ncrsKey, 'history', id], queryFn: () => api.get<NcrHistory>(`/ncrs/${encodeURIComponent(id)}/history`) });

export const getQualityFiguresQueryOptions = () => queryOptions({ queryKey: [...ncrsKey, 'figures'], queryFn: () => api.get<QualityFigures>('/ncrs/figures') });
/** The quality loop's figures of the last 30 days. */
export const useQualityFigures = () => useQuery(getQualityFiguresQueryOptions());

/** The stations a decision may send the pieces to for rework. */
export const useReworkStations = () =>
  useQuery({ queryKey: [...stationsKey, 'list', 'for-rework'], queryFn: () => api.get<StationPage>('/stations', { query: { page: 1, limit: 100 } }) });

/** The company's active scrap reasons (master data). */
export const useScrapReasons = () =>
  useQuery({
    queryKey: ['team', 'master-data', 'scrapReasons'],
    queryFn: () => api.get<z.infer<typeof masterDataListViewSchema>>('/team/master-data/scrapReasons'),
  });

/** `POST /api/ncrs/{id}/decide` (the quality right); the order moved or ended with it, so its reads refresh too. */
export function useDecideNcr(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DecideNcrInput) => api.post<NcrView>(`/ncrs/${encodeURIComponent(id)}/decide`, input),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ncrsKey });
      await queryClient.invalidateQueries({ queryKey: ordersKey });
    },
  });
}
