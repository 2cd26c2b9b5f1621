import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderAction } from '../../../domain/orders/order.machine';
import type { OrderView, Worklist } from '../../../domain/orders/orders.views';
import { api } from '../api';
import { sendCommand } from './commands';
import { orderDetailKey, ordersKey, worklistKey } from './keys';

/** What an action sends besides the version: the station it happens at, or where the order goes. */
export interface ActionTarget {
  stationId?: string;
  toStationId?: string;
  /** Complete work: why, when a value measured in this work lies outside tolerance. */
  reason?: string;
  /** Complete work: the pieces reported (docs/orders.md, Quantities); none: every piece at the station is good. */
  good?: number;
  scrap?: number;
  scrapReasonId?: string | null;
  rework?: number;
  reworkReasonId?: string | null;
  reworkStationId?: string | null;
}

/**
 * `POST /api/orders/{id}/{action}` on the version the screen shows, with its Idempotency-Key: the one client of the
 * order actions (the order's screen, the station screen, the station board's Move to).
 */
export const runOrderAction = (id: string, action: OrderAction, version: number, target: ActionTarget = {}, idempotencyKey?: string): Promise<OrderView> =>
  sendCommand<OrderView>('POST', `/orders/${encodeURIComponent(id)}/${action}`, { version, ...target }, { idempotencyKey });

/** Runs an action; refused or not, the order queries read again, so every screen shows the order as it is. */
export function useOrderAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      action,
      version,
      target,
      idempotencyKey,
    }: {
      id: string;
      action: OrderAction;
      version: number;
      target?: ActionTarget;
      idempotencyKey?: string;
    }) => runOrderAction(id, action, version, target, idempotencyKey),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersKey }),
  });
}

/** One order (`GET /api/orders/{id}`): its screen, the station screen, a shipment's orders. */
export const getOrder = (id: string): Promise<OrderView> => api.get<OrderView>(`/orders/${encodeURIComponent(id)}`);

export const orderQueryOptions = (id: string) => queryOptions({ queryKey: orderDetailKey(id), queryFn: () => getOrder(id) });

/** The orders at a station now, waiting or in work (`GET /api/stations/{id}/worklist`). */
export const getWorklist = (stationId: string): Promise<Worklist> => api.get<Worklist>(`/stations/${encodeURIComponent(stationId)}/worklist`);

export const worklistQueryOptions = (stationId: string) => queryOptions({ queryKey: worklistKey(stationId), queryFn: () => getWorklist(stationId) });
