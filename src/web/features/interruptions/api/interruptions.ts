import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportInterruptionInput, ResolveInterruptionInput, SetExpectedEndInput } from '../../../../domain/interruptions/interruption.schema';
import type { InterruptionPage, InterruptionView } from '../../../../domain/interruptions/interruptions.views';
import type { masterDataListViewSchema } from '../../../../domain/team/team.views';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { getWorklist } from '../../../lib/resources/order-actions';

/** Every interruption query starts with this key, so a live event or a report refreshes them all. */
export const interruptionsKey = ['interruptions'] as const;

/** `GET /api/interruptions`: `open` only the open ones; per station or order. */
export interface InterruptionQuery {
  open?: boolean;
  stationId?: string;
  orderId?: string;
}

export const getInterruptions = (query: InterruptionQuery): Promise<InterruptionPage> =>
  api.get<InterruptionPage>('/interruptions', {
    query: {
      limit: 100,
      ...(query.open === undefined ? {} : { open: String(query.open) }),
      ...(query.stationId ? { stationId: query.stationId } : {}),
      ...(query.orderId ? { orderId: query.orderId } : {}),
    },
  });

export const getInterruptionsQueryOptions = (query: InterruptionQuery) =>
  queryOptions({ queryKey: [...interruptionsKey, query], queryFn: () => getInterruptions(query) });

/** The company's interruptions as asked; `enabled` false before there is a company to ask for. */
export const useInterruptions = (query: InterruptionQuery, enabled = true) => useQuery({ ...getInterruptionsQueryOptions(query), enabled });

export const getInterruption = (id: string): Promise<InterruptionView> => api.get<InterruptionView>(`/interruptions/${encodeURIComponent(id)}`);

/** The company's interruption reasons (Team > Master data), every user reads them; read afresh whenever a form asking for one opens. */
export const useInterruptionReasons = (enabled: boolean) =>
  useQuery({
    enabled,
    staleTime: 0,
    queryKey: [...interruptionsKey, 'reasons'],
    queryFn: () => api.get<z.infer<typeof masterDataListViewSchema>>('/team/master-data/interruptionReasons'),
  });

/** The orders at the station (to name the one worked on), read afresh whenever the form opens. */
export const useOrdersAtStation = (stationId: string, enabled: boolean) =>
  useQuery({
    enabled,
    staleTime: 0,
    queryKey: [...interruptionsKey, 'station-orders', stationId],
    queryFn: () => getWorklist(stationId),
  });

/** `POST /api/interruptions`: an operator at the station (or an administrator) reports one. */
export function useReportInterruption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReportInterruptionInput) => api.post<InterruptionView>('/interruptions', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: interruptionsKey }),
  });
}

/** `POST /api/interruptions/{id}/resolve`: resolves the open one with a note. */
export function useResolveInterruption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ResolveInterruptionInput }) =>
      api.post<InterruptionView>(`/interruptions/${encodeURIComponent(id)}/resolve`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: interruptionsKey }),
  });
}

/** `POST /api/interruptions/{id}/expected-end`: when the open one is now expected to be resolved (null: not known). */
export function useSetExpectedEnd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: SetExpectedEndInput }) =>
      api.post<InterruptionView>(`/interruptions/${encodeURIComponent(id)}/expected-end`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: interruptionsKey }),
  });
}
