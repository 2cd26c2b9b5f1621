import { useTranslation } from 'react-i18next';
import type { OrderKind, OrderStatus } from '../../../../domain/orders/order.schema';
import { Stepper } from '../../../ui/stepper';
import { progressOf } from '../order-progress';

/** The order stepper of spec section 4, with the exact status under its step; a canceled order says so instead. */
export function OrderProgressStepper({ order, label }: { order: { kind: OrderKind; status: OrderStatus; stockOrder: boolean }; label?: string }) {
  const { t } = useTranslation();
  const steps = progressOf(order).map(({ step, state, status }) => ({
    id: step,
    label: t(`orders.steps.${step}`),
    state,
    note: status ? t(`orders.status.${status}`) : undefined,
  }));
  return (
    <div className="order-progress">
      <Stepper label={label ?? t('orders.details.progress')} steps={steps} doneText={t('orders.details.stepDone')} />
      {order.status === 'canceled' ? <p className="order-canceled">{t('orders.details.canceled')}</p> : null}
    </div>
  );
}
