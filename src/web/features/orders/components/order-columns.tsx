import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { DataTableColumn } from '../../../ui/data-table';
import type { OrderListItem } from '../api/types';
import { DelayedBadge, PriorityBadge, QualityBadge, StatusBadge } from './order-badges';

/** An order's status and quality flag on one line; `children` adds badges after them. */
export function OrderStatusLine({ order, children }: { order: OrderListItem; children?: ReactNode }) {
  return (
    <span className="order-cell-line">
      <StatusBadge status={order.status} />
      <QualityBadge quality={order.quality} />
      {children}
    </span>
  );
}

/**
 * The columns the order lists and boards share: the status with the quality flag, delayed, the delivery date with the priority, and
 * where the order is. `day` formats a calendar day in the user's language (`useLocaleFormats().day`).
 */
export function sharedOrderColumns(t: TFunction, day: (value: string | null) => string) {
  const status: DataTableColumn<OrderListItem> = {
    id: 'status',
    header: t('orders.fields.status'),
    cell: (order) => <OrderStatusLine order={order} />,
  };
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
  return { status, delayed, deliveryDate, station };
}
