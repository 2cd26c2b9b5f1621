import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { isEditable } from '../../../../domain/orders/order.machine';
import type { OrderStatus } from '../../../../domain/orders/order.schema';
import type { LiveTopic } from '../../../lib/live-feed';
import type { PagingState } from '../../../lib/paging';
import { shownMoney, useFormatNumber, useLocaleFormats } from '../../../lib/locale';
import { useDebounced } from '../../../lib/use-debounced';
import { useLiveQuery } from '../../../lib/use-live-feed';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { Link } from '../../../ui/link';
import { Select, SelectItem } from '../../../ui/select';
import { getOrdersQueryOptions, useOrders, type OrderListQuery } from '../api/orders';
import { predictionsKey, usePredictions } from '../api/predictions';
import type { OrderListItem } from '../api/types';
import { editOrderHref, orderDetailsHref, orderHistoryHref, statusesOfKind, type OrderListState } from '../list-search';
import { LiveState } from './live-state';
import { PredictionText } from './prediction-text';
import { sharedOrderColumns } from './order-columns';

export interface OrderTableProps {
  state: OrderListState;
  onChange: (next: OrderListState) => void;
  onPagingChange: (paging: PagingState) => void;
  /** Shows the edit link (not for operators, who only read). */
  canWrite: boolean;
  topics: readonly LiveTopic[];
}

const ALL = 'all';

/** One tab of the order screen: its filters and a server-paged, sortable table that stays current. */
export function OrderTable({ state, onChange, onPagingChange, canWrite, topics }: OrderTableProps) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const format = useFormatNumber();
  const formats = useLocaleFormats();
  const { kind, status, delayed, paging } = state;
  const q = useDebounced(paging.globalFilter.trim());
  const query: OrderListQuery = {
    kind,
    status: status ?? undefined,
    delayed: delayed ?? undefined,
    q,
    page: paging.pageIndex + 1,
    limit: paging.pageSize,
    sort: paging.sort || '-number',
  };
  const orders = useOrders(query);
  const live = useLiveQuery(topics, getOrdersQueryOptions(query).queryKey, orders);
  // Production orders show their predicted completion (docs/prediction.md), kept current alike.
  const predictions = usePredictions(kind === 'production');
  useLiveQuery(kind === 'production' ? topics : [], predictionsKey, predictions.query);
  const predicted = predictions.byOrder;

  const columns = useMemo<DataTableColumn<OrderListItem>[]>(() => {
    const shared = sharedOrderColumns(t, formats.day);
    const list: DataTableColumn<OrderListItem>[] = [
      { id: 'number', header: t('orders.fields.orderNumber'), isRowHeader: true, allowsSorting: true, cell: (order) => order.orderNumber },
      { id: 'name', header: t(`orders.fields.nameOf.${kind}`), allowsSorting: true, cell: (order) => order.name },
      { ...shared.status, allowsSorting: true },
      shared.delayed,
      { ...shared.deliveryDate, allowsSorting: true },
    ];
    if (kind === 'production') {
      list.push(shared.station);
      list.push({ id: 'predicted', header: t('board.prediction.column'), cell: (order) => <PredictionText prediction={predicted.get(order.id)} /> });
    } else {
      list.push({ id: 'netSum', header: t('orders.fields.netSum'), allowsSorting: true, cell: (order) => format(order.netSum, shownMoney) });
    }
    list.push({
      id: 'actions',
      header: t('orders.list.actions'),
      cell: (order) => (
        <div className="order-row-actions">
          <Link href={orderDetailsHref(order.id)} aria-label={t('orders.list.openNamed', { orderNumber: order.orderNumber })}>
            {t('orders.list.open')}
          </Link>
          {canWrite && isEditable(order.kind, order.status) ? (
            <Link href={editOrderHref(order.id)} aria-label={t('orders.list.editNamed', { orderNumber: order.orderNumber })}>
              {t('orders.list.edit')}
            </Link>
          ) : null}
          <Link href={orderHistoryHref(order.id)} aria-label={t('orders.list.historyNamed', { orderNumber: order.orderNumber })}>
            {t('orders.list.history')}
          </Link>
        </div>
      ),
    });
    return list;
  }, [t, format, formats, kind, canWrite, predicted]);

  const statusItems = [{ id: ALL }, ...statusesOfKind[kind].map((id) => ({ id }))];
  const delayedItems = [{ id: ALL }, { id: 'true' }, { id: 'false' }];
  const firstPage = { ...paging, pageIndex: 0 };

  return (
    <div className="order-list">
      <div className="order-filters">
        <Select
          label={t('orders.filters.status')}
          items={statusItems}
          value={status ?? ALL}
          onChange={(key) => onChange({ ...state, status: key === ALL ? null : (key as OrderStatus), paging: firstPage })}
        >
          {(item) => <SelectItem id={item.id}>{item.id === ALL ? t('orders.filters.allStatuses') : t(`orders.status.${item.id}`)}</SelectItem>}
        </Select>
        <Select
          label={t('orders.filters.delayed')}
          items={delayedItems}
          value={delayed === null ? ALL : String(delayed)}
          onChange={(key) => onChange({ ...state, delayed: key === ALL ? null : key === 'true', paging: firstPage })}
        >
          {(item) => <SelectItem id={item.id}>{t(`orders.filters.delayedChoice.${item.id}`)}</SelectItem>}
        </Select>
        <LiveState live={live} subject={t('orders.live.listSubject')} />
      </div>
      <DataTable
        label={t(`orders.tabs.${kind}`)}
        columns={columns}
        rows={orders.data?.data ?? []}
        rowId={(order) => order.id}
        total={orders.data?.total ?? 0}
        paging={paging}
        onPagingChange={onPagingChange}
        isLoading={orders.isPending}
        error={orders.data ? undefined : orders.error}
        withFilter
        onRowAction={(order) => navigate(orderDetailsHref(order.id))}
      />
    </div>
  );
}
