import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StationQueueInput } from '../../../../domain/plan/plan.schema';
import type { CapacityPlanView, OrderPlanView } from '../../../../domain/plan/plan.views';
import { api } from '../../../lib/api';

/** Every plan query starts with this key: a queue order set refreshes them all. */
export const planKey = ['plan'] as const;

/**
 * The plan now (`at` null) or as it stood at a past moment (ISO), made from the log, in the window
 * the Gantt shows (the server's default). A replay is read once, so it comes explained; the live
 * plan's explanations are read per order (`useOrderPlan`).
 */
export const getPlanQueryOptions = (at: string | null) =>
  queryOptions({
    queryKey: [...planKey, at ?? 'now'],
    queryFn: () => api.get<CapacityPlanView>('/plan', { query: at ? { at, explain: 'true' } : {} }),
  });

export const usePlan = (at: string | null) => useQuery(getPlanQueryOptions(at));

/** `GET /api/plan/orders/{id}`: one order's live plan, explained; under the live plan's key, so an event that re-plans reads it again. */
export const getOrderPlanQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: [...planKey, 'now', 'order', orderId],
    queryFn: () => api.get<OrderPlanView>(`/plan/orders/${encodeURIComponent(orderId)}`),
  });

export const useOrderPlan = (orderId: string | null) => useQuery({ ...getOrderPlanQueryOptions(orderId ?? ''), enabled: orderId !== null });

/** `PUT /api/plan/stations/{id}/queue`: a supervisor's order of the orders waiting at a station. */
export function useOrderStationQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stationId, input }: { stationId: string; input: StationQueueInput }) =>
      api.put<{ orderIds: string[] }>(`/plan/stations/${encodeURIComponent(stationId)}/queue`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: planKey }),
  });
}
