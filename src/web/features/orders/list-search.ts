import { orderKinds, orderSortColumns, orderStatuses, type OrderKind, type OrderStatus } from '../../../domain/orders/order.rules';
import { pagingOfSearch, searchOfPaging, type PagingState } from '../../lib/paging';

/** Which tab, filters, page and sort the order screen shows; kept in the address so a reload or a shared link keeps them. */
export interface OrderListState {
  kind: OrderKind;
  status: OrderStatus | null;
  /** true: only delayed orders; false: only those on time; null: both. */
  delayed: boolean | null;
  paging: PagingState;
}

const isKind = (value: string | null): value is OrderKind => orderKinds.includes(value as OrderKind);
const isStatus = (value: string | null): value is OrderStatus => orderStatuses.includes(value as OrderStatus);

/** Reads `?kind=&status=&delayed=&q=&page=&sort=` (page counts from 1 in the address); anything unknown falls back to the default. */
export function listStateOf(search: URLSearchParams): OrderListState {
  const kind = search.get('kind');
  const status = search.get('status');
  const delayed = search.get('delayed');
  return {
    kind: isKind(kind) ? kind : 'customer',
    status: isStatus(status) ? status : null,
    delayed: delayed === 'true' ? true : delayed === 'false' ? false : null,
    paging: pagingOfSearch(search, orderSortColumns),
  };
}

/** The address query of a list state, leaving out what is default. */
export function searchOf({ kind, status, delayed, paging }: OrderListState): Record<string, string> {
  const search: Record<string, string> = { kind };
  if (status) search.status = status;
  if (delayed !== null) search.delayed = String(delayed);
  return { ...search, ...searchOfPaging(paging) };
}

/** The statuses an order of each kind can reach (the status filter offers these). */
export const statusesOfKind: Record<OrderKind, readonly OrderStatus[]> = {
  customer: ['open', 'ordered', 'in-progress', 'ready-to-ship', 'ready-for-dispatch', 'dispatched', 'delivered', 'ready-to-use', 'finished', 'canceled'],
  production: ['open', 'in-progress', 'finished', 'ready-to-use', 'canceled'],
  logistics: ['open', 'ordered', 'delivered', 'finished', 'canceled'],
};

export const orderListHref = (kind: OrderKind): string => `/order?kind=${kind}`;

/** Customer and production orders are added on `order/add-order`, logistics orders on `order/logistic-order`. */
export const addOrderHref = (kind: OrderKind): string => (kind === 'logistics' ? '/order/logistic-order' : `/order/add-order?kind=${kind}`);

export const editOrderHref = (id: string): string => `/order/edit-order/${id}`;

export const orderDetailsHref = (id: string): string => `/order/details/${id}`;

export const orderHistoryHref = (id: string): string => `/order/history/${id}`;
