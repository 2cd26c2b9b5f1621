import { shipmentSortColumns, shipmentStatuses, type ShipmentStatus } from '../../../domain/shipments/shipment.schema';
import { defaultPaging, type PagingState } from '../../lib/paging';

/** The Shipping Orders tab's id in the orders screen's `?kind=`. */
export const SHIPPING_TAB = 'shipping';

/** The Shipping Orders tab's filter, page and sort; kept in the address like the other order tabs. */
export interface ShipmentListState {
  status: ShipmentStatus | null;
  paging: PagingState;
}

const isStatus = (value: string | null): value is ShipmentStatus => shipmentStatuses.includes(value as ShipmentStatus);
const isSort = (value: string): boolean => shipmentSortColumns.includes(value.replace(/^-/, '') as (typeof shipmentSortColumns)[number]);

/** Reads `?status=&q=&page=&sort=` (page from 1 in the address); anything unknown falls back to the default. */
export function shipmentListStateOf(search: URLSearchParams): ShipmentListState {
  const status = search.get('status');
  const page = Number.parseInt(search.get('page') ?? '1', 10);
  const sort = search.get('sort') ?? '';
  return {
    status: isStatus(status) ? status : null,
    paging: {
      ...defaultPaging,
      pageIndex: Number.isFinite(page) && page > 1 ? page - 1 : 0,
      globalFilter: search.get('q') ?? '',
      sort: isSort(sort) ? sort : '',
    },
  };
}

/** The address query of the tab's state, leaving out what is default. */
export function shipmentSearchOf({ status, paging }: ShipmentListState): Record<string, string> {
  const search: Record<string, string> = { kind: SHIPPING_TAB };
  if (status) search.status = status;
  if (paging.pageIndex > 0) search.page = String(paging.pageIndex + 1);
  if (paging.globalFilter) search.q = paging.globalFilter;
  if (paging.sort) search.sort = paging.sort;
  return search;
}

export const shipmentListHref = `/order?kind=${SHIPPING_TAB}`;
export const shipmentDetailsHref = (id: string): string => `/order/shipment/${id}`;
export const addShipmentHref = '/order/add-shipment-order';
export const editShipmentHref = (id: string): string => `/order/add-shipment-order/${id}`;
export const orderDetailsHref = (id: string): string => `/order/details/${id}`;
