import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { StationInput, recordMaintenanceSchema } from '../../../../domain/stations/station.schema';
import type { StationView } from '../../../../domain/stations/stations.views';
import { api, type Page } from '../../../lib/api';
import { allStationsQueryOptions } from '../../../lib/reference-data';
import { stationsKey } from '../../../lib/resources/keys';

/** `GET /api/stations`: page from 1, at most 100 per page; `sequence` lists the saved sequence first. */
export interface StationListQuery {
  page: number;
  limit: number;
  q?: string;
  sort?: 'sequence' | 'name';
}

/** Every station query (list, all, one, the sequence) starts with this key; a change refreshes them all. */
export { stationsKey };

export const getStations = (query: StationListQuery): Promise<Page<StationView>> => api.get<Page<StationView>>('/stations', { query: { ...query } });

export const getStationsQueryOptions = (query: StationListQuery) =>
  queryOptions({
    queryKey: [...stationsKey, 'list', query],
    queryFn: () => getStations(query),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });

/** One page of the overview; other people's changes show when the window gets focus again. */
export const useStations = (query: StationListQuery) => useQuery(getStationsQueryOptions(query));

/** Every station of the company by name (the sequence editor offers them all). */
export const useAllStations = () => useQuery(allStationsQueryOptions('name'));

export const getStation = (id: string): Promise<StationView> => api.get<StationView>(`/stations/${encodeURIComponent(id)}`);

export const getStationQueryOptions = (id: string) => queryOptions({ queryKey: [...stationsKey, 'detail', id], queryFn: () => getStation(id) });

export const useStation = (id: string, options: { enabled?: boolean } = {}) =>
  useQuery({ ...getStationQueryOptions(id), enabled: id !== '' && (options.enabled ?? true) });

export const createStation = (input: StationInput): Promise<StationView> => api.post<StationView>('/stations', input);

export const changeStation = (id: string, input: StationInput, version: number): Promise<StationView> =>
  api.put<StationView>(`/stations/${encodeURIComponent(id)}`, { ...input, version });

export const deleteStation = (id: string, version: number): Promise<void> => api.delete<void>(`/stations/${encodeURIComponent(id)}`, { query: { version } });

export type MaintenanceInput = z.input<typeof recordMaintenanceSchema>;

export const recordMaintenance = (id: string, input: MaintenanceInput): Promise<StationView> =>
  api.post<StationView>(`/stations/${encodeURIComponent(id)}/maintenance`, input);

/** A station's change refreshes every station query, the sequence included (it names stations). */
function useStationMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: stationsKey }) });
}

export const useCreateStation = () => useStationMutation(createStation);

export const useChangeStation = () =>
  useStationMutation(({ id, input, version }: { id: string; input: StationInput; version: number }) => changeStation(id, input, version));

export const useDeleteStation = () => useStationMutation(({ id, version }: { id: string; version: number }) => deleteStation(id, version));

export const useRecordMaintenance = () => useStationMutation(({ id, input }: { id: string; input: MaintenanceInput }) => recordMaintenance(id, input));

export type { StationView };
