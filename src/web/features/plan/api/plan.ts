import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StationQueueInput } from '../../../../domain/plan/plan.schema';
import type { CapacityPlanView, OrderPlanView } from '../../../../domain/plan/plan.views';
import { api } from '../../../lib/api';

/** Every plan query starts with this key: a queue order set refreshes them all. */
export const planKey = ['plan'] as const;

/** Station rows the Gantt reads at once: the first page, then one more each time its end scrolls into view. */
export const PLAN_PAGE_ROWS = 10;

/**
 * The plan now (`at` null) or as it stood at a past moment (ISO), made from the log, in the window
 * the Gantt shows (the server's default), page by page of station rows (`offset`/`limit`): the
 * rows in view, more as they are scrolled to. A live re-plan reads the pages loaded again. A replay
 * is made from the log on every read, so it is read once, every row, explained; the live plan's
 * explanations are read per order (`useOrderPlan`).
 */
export const getPlanQueryOptions = (at: string | null) =>
  infiniteQueryOptions({
    queryKey: [...planKey, at ?? 'now'],
    queryFn: ({ pageParam }) => api.get<CapacityPlanView>('/plan', { query: at ? { at, explain: 'true' } : { offset: pageParam, limit: PLAN_PAGE_ROWS } }),
    initialPageParam: 0,
    getNextPageParam: (last: CapacityPlanView) => (last.rows.offset + last.rows.count < last.rows.total ? last.rows.offset + last.rows.count : undefined),
  });

export const usePlan = (at: string | null) => useInfiniteQuery(getPlanQueryOptions(at));

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
