import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StationQueueInput } from '../../../../domain/plan/plan.schema';
import type { CapacityPlanView } from '../../../../domain/plan/plan.views';
import { api } from '../../../lib/api';

/** Every plan query starts with this key: a queue order set refreshes them all. */
export const planKey = ['plan'] as const;

/** The plan now (`at` null) or as it stood at a past moment (ISO), made from the log. */
export const getPlanQueryOptions = (at: string | null) =>
  queryOptions({
    queryKey: [...planKey, at ?? 'now'],
    queryFn: () => api.get<CapacityPlanView>('/plan', { query: at ? { at } : {} }),
  });

export const usePlan = (at: string | null) => useQuery(getPlanQueryOptions(at));

/** `PUT /api/plan/stations/{id}/queue`: a supervisor's order of the orders waiting at a station. */
export function useOrderStationQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stationId, input }: { stationId: string; input: StationQueueInput }) =>
      api.put<{ orderIds: string[] }>(`/plan/stations/${encodeURIComponent(stationId)}/queue`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: planKey }),
  });
}
