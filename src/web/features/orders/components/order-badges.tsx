import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '../../../../domain/orders/order.schema';
import { Badge, type Tone } from '../../../ui/badge';

/** How far an order is, as a tone: at work, ready or done, or canceled. */
const statusTones: Partial<Record<OrderStatus, Tone>> = {
  'in-progress': 'info',
  'ready-to-ship': 'positive',
  'ready-for-dispatch': 'positive',
  'ready-to-use': 'positive',
  dispatched: 'positive',
  delivered: 'positive',
  finished: 'positive',
  canceled: 'error',
};

/** An order's status in words, coloured by how far it is. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return <Badge tone={statusTones[status]}>{t(`orders.status.${status}`)}</Badge>;
}

/** Delayed (delivery date passed, not delivered) or on time; in words, never by colour alone. */
export function DelayedBadge({ delayed }: { delayed: boolean }) {
  const { t } = useTranslation();
  return delayed ? <Badge tone="error">{t('orders.delayed.yes')}</Badge> : <span className="order-muted">{t('orders.delayed.no')}</span>;
}

/** The quality flag: a value measured outside tolerance (failed) or all within (passed); nothing before any measurement. */
export function QualityBadge({ quality }: { quality: 'passed' | 'failed' | null }) {
  const { t } = useTranslation();
  if (!quality) return null;
  return <Badge tone={quality === 'failed' ? 'error' : 'positive'}>{t(`orders.quality.${quality}`)}</Badge>;
}

/** Prioritized orders go first on every worklist. */
export function PriorityBadge() {
  const { t } = useTranslation();
  return <Badge tone="warning">{t('orders.fields.prioritize')}</Badge>;
}

/** An open non-conformance report: held (no move, no completion) or in rework (measure again); with its number. */
export function HoldBadge({ hold }: { hold: { number: string; status: 'held' | 'rework' } | undefined }) {
  const { t } = useTranslation();
  if (!hold) return null;
  return <Badge tone={hold.status === 'held' ? 'error' : 'warning'}>{t(`quality.statuses.${hold.status}`) + ' · ' + hold.number}</Badge>;
}
