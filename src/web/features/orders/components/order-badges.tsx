import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '../../../../domain/orders/order.schema';

/** An order's status in words, coloured by how far it is. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <span className="order-badge" data-status={status}>
      {t(`orders.status.${status}`)}
    </span>
  );
}

/** Delayed (delivery date passed, not delivered) or on time; in words, never by colour alone. */
export function DelayedBadge({ delayed }: { delayed: boolean }) {
  const { t } = useTranslation();
  return delayed ? (
    <span className="order-badge" data-delayed="true">
      {t('orders.delayed.yes')}
    </span>
  ) : (
    <span className="order-muted">{t('orders.delayed.no')}</span>
  );
}

/** Prioritized orders go first on every worklist. */
export function PriorityBadge() {
  const { t } = useTranslation();
  return (
    <span className="order-badge" data-priority="true">
      {t('orders.fields.prioritize')}
    </span>
  );
}
