import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { MaterialMediaList } from '../../../../domain/materials/material-media.schema';
import { api } from '../../../lib/api';
import { materialsKey } from '../../../lib/resources/keys';

/** The media of a material for one station: that station's step media and the material's media for every station. */
export const stationMediaQueryOptions = (materialId: string, stationId: string) =>
  queryOptions({
    queryKey: [...materialsKey, 'media', materialId, 'station', stationId],
    queryFn: () => api.get<MaterialMediaList>(`/materials/${encodeURIComponent(materialId)}/media`, { query: { stationId } }),
  });

export const useStationMedia = (materialId: string, stationId: string) => useQuery(stationMediaQueryOptions(materialId, stationId));

/** The station media of several materials (an order's positions) at once. */
export const useStationMediaOf = (materialIds: readonly string[], stationId: string) =>
  useQueries({ queries: materialIds.map((materialId) => stationMediaQueryOptions(materialId, stationId)) });
