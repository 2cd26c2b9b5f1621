import { memo, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { ORDER_STREAM_TYPE } from '../../../domain/orders/order.events';
import { useAuth } from '../../lib/auth';
import { defaultPaging, type PagingState } from '../../lib/paging';
import { useLiveQuery } from '../../lib/use-live-feed';
import { PlainTable } from '../../ui/plain-table';
import type { DataTableColumn } from '../../ui/table-parts';
import { Link } from '../../ui/link';
import { getOrderBoardQueryOptions, useOrderBoard } from './api/orders';
import type { OrderListItem } from './api/types';
import { sharedOrderColumns } from './components/order-columns';
import { LiveState } from './components/live-state';
import { useLocaleFormats } from '../../lib/locale';
import { orderDetailsHref } from './list-search';
import './orders.css';

const boardTopics = [`type:${ORDER_STREAM_TYPE}`] as const;
const noTopics = [] as const;
const orderId = (order: OrderListItem) => order.id;
const noRows: OrderListItem[] = [];
// Its props are stable between reads, so the table is drawn again only when the rows or the paging change, not the live note.
// A plain table: the board shows and opens rows, and react-aria's grid would add 50 KB to the home screen (docs/performance.md).
const BoardTable = memo(PlainTable) as typeof PlainTable;

/**
 * Home: the company's orders with number, status and delayed. Every order event of the company
 * (anyone's change, an operator at a station) reads the board again, without a reload; while the
 * connection is lost the board says it is not current, and catches up when it is back.
 */
export function HomeBoardScreen() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const formats = useLocaleFormats();
  // Without a company (the master before choosing one) there are no orders to ask for.
  const hasCompany = Boolean(useAuth().session?.company);
  const board = useOrderBoard(hasCompany);
  const live = useLiveQuery(hasCompany ? boardTopics : noTopics, getOrderBoardQueryOptions().queryKey, board);
  const [paging, setPaging] = useState<PagingState>(defaultPaging);
  const rows = board.data?.data ?? noRows;
  const pageRows = useMemo(() => rows.slice(paging.pageIndex * paging.pageSize, (paging.pageIndex + 1) * paging.pageSize), [rows, paging]);
  const openOrder = useCallback((order: OrderListItem) => navigate(orderDetailsHref(order.id)), [navigate]);

  const columns = useMemo<DataTableColumn<OrderListItem>[]>(() => {
    const shared = sharedOrderColumns(t, formats.day);
    return [
      {
        id: 'orderNumber',
        header: t('orders.fields.orderNumber'),
        isRowHeader: true,
        cell: (order) => (
          <Link href={orderDetailsHref(order.id)} aria-label={t('orders.list.openNamed', { orderNumber: order.orderNumber })}>
            {order.orderNumber}
          </Link>
        ),
      },
      { id: 'kind', header: t('orders.fields.kind'), cell: (order) => t(`orders.kinds.${order.kind}`) },
      shared.status,
      shared.delayed,
      shared.station,
      { id: 'name', header: t('orders.fields.name'), cell: (order) => order.name },
      shared.deliveryDate,
    ];
  }, [t, formats]);

  return (
    <div className="page">
      <div className="page-header">
        <h1>{t('screens.home.title')}</h1>
        <Link variant="button" href="/order">
          {t('orders.home.allOrders')}
        </Link>
      </div>
      {hasCompany ? null : <p className="order-muted">{t('orders.home.noCompany')}</p>}
      <section
        hidden={!hasCompany}
        className="panel order-board"
        aria-labelledby="home-board-heading"
        data-current={live.isCurrent}
        aria-busy={!live.isCurrent}
      >
        <div className="order-board-header">
          <h2 id="home-board-heading">{t('orders.home.boardTitle')}</h2>
          <LiveState live={live} subject={t('orders.home.subject')} />
        </div>
        {board.data && board.data.total > rows.length ? (
          <p className="order-muted">{t('orders.home.showingFirst', { shown: rows.length, total: board.data.total })}</p>
        ) : null}
        <BoardTable
          label={t('orders.home.tableLabel')}
          columns={columns}
          rows={pageRows}
          rowId={orderId}
          total={rows.length}
          paging={paging}
          onPagingChange={setPaging}
          isLoading={board.isPending}
          error={board.data ? undefined : board.error}
          onRowAction={openOrder}
        />
      </section>
    </div>
  );
}
