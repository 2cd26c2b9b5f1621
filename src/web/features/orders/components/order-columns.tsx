import type { TFunction } from 'i18next';
import type { DataTableColumn } from '../../../ui/data-table';
import type { OrderListItem } from '../api/types';
import { DelayedBadge, PriorityBadge } from './order-badges';

/**
 * The columns the order lists and boards share: delayed, the delivery date with the priority, and
 * where the order is. `day` formats a calendar day in the user's language (`useLocaleFormats().day`).
 */
export function sharedOrderColumns(t: TFunction, day: (value: string | null) => string) {
  const delayed: DataTableColumn<OrderListItem> = {
    id: 'delayed',
    header: t('orders.fields.delayed'),
    cell: (order) => <DelayedBadge delayed={order.delayed} />,
  };
  const deliveryDate: DataTableColumn<OrderListItem> = {
    id: 'deliveryDate',
    header: t('orders.fields.deliveryDate'),
    cell: (order) => (
      <span className="order-cell-line">
        {day(order.deliveryDate)}
        {order.prioritize ? <PriorityBadge /> : null}
      </span>
    ),
  };
  const station: DataTableColumn<OrderListItem> = {
    id: 'station',
    header: t('orders.fields.station'),
    cell: (order) => (order.stage === 'station' ? order.stationName : order.stage === 'wip' ? t('orders.location.wip') : '–'),
  };
  return { delayed, deliveryDate, station };
}
