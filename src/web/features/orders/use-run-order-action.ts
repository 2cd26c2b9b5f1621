import { useTranslation } from 'react-i18next';
import type { OrderAction } from '../../../domain/orders/order.machine';
import { isApiError } from '../../lib/api';
import { describeError } from '../../lib/error-messages';
import { useNotify } from '../../ui/notification-bar';
import { useOrderAction, type ActionTarget } from '../../lib/resources/order-actions';
import type { OrderView } from './api/types';

/** How an action went: the order's new state, or why it was refused (`message` in the user's language). */
export type ActionOutcome =
  | { ok: true; answer: OrderView }
  | {
      ok: false;
      error: unknown;
      isConflict: boolean;
      message: string;
      /** The server could not be reached or failed (status 0 or 5xx): the action may be sent again with its key. */
      unreachable: boolean;
    };

/**
 * The one runner of order actions (details screen and station screen): it sends the action on the
 * shown version and tells the user how it went, in their language. A refusal is a notice unless the
 * caller shows it itself (`notifyFailure: false`, the station screen's inline outcome).
 */
export function useRunOrderAction(order: Pick<OrderView, 'id' | 'orderNumber' | 'version'> | undefined, { notifyFailure = true } = {}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const mutation = useOrderAction();
  const run = async (action: OrderAction, target?: ActionTarget, idempotencyKey?: string): Promise<ActionOutcome> => {
    if (!order) return { ok: false, error: undefined, isConflict: false, message: '', unreachable: false };
    const { orderNumber } = order;
    try {
      const answer = await mutation.mutateAsync({ id: order.id, action, version: order.version, target, idempotencyKey });
      const station = answer.location?.stage === 'station' ? answer.location.stationName : '';
      const stayed = action === 'complete-work' && answer.location?.stage === 'station' && answer.location.stationId === target?.stationId;
      // Completing the work at the last station finishes the order: there is no next station to name.
      const done = action === 'complete-work' && !station ? 'finished' : 'success';
      notify({
        severity: 'success',
        // Part of the pieces reported: the order stays at the station with the rest.
        message: stayed
          ? t('orders.quantities.reported', { orderNumber, good: target?.good ?? 0, scrap: target?.scrap ?? 0, rework: target?.rework ?? 0 })
          : t(`orders.actions.${action}.${done}`, { orderNumber, station }),
      });
      return { ok: true, answer };
    } catch (error) {
      const isConflict = isApiError(error) && error.code === 'CONFLICT_ERROR';
      const reason = isConflict && notifyFailure ? t('orders.conflict.actedMeanwhile', { orderNumber }) : describeError(t, error);
      const message = t(`orders.actions.${action}.failure`, { orderNumber, reason });
      if (notifyFailure) notify({ severity: 'error', message });
      return { ok: false, error, isConflict, message, unreachable: isApiError(error) && (error.status === 0 || error.status >= 500) };
    }
  };
  return { run, isPending: mutation.isPending };
}
