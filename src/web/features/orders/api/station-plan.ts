import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StationQueueView } from '../../../../domain/plan/plan.views';
import { api } from '../../../lib/api';
import { ordersKey } from '../../../lib/resources/keys';

/** Under the orders' key: every order change (and the worklist's live refresh) reads it again. */
export const stationPlanKey = (stationId: string) => [...ordersKey, 'station-plan', stationId] as const;

/** `GET /api/plan/stations/{id}`: the station's orders in plan order, with what can start now (docs/capacity-plan.md). */
export const stationPlanQueryOptions = (stationId: string) =>
  queryOptions({
    queryKey: stationPlanKey(stationId),
    queryFn: () => api.get<StationQueueView>(`/plan/stations/${encodeURIComponent(stationId)}`),
    retry: false,
  });

export const useStationPlan = (stationId: string) => useQuery(stationPlanQueryOptions(stationId));
