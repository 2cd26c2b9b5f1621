import { shipmentSortColumns, shipmentStatuses, type ShipmentStatus } from '../../../domain/shipments/shipment.schema';
import { pagingOfSearch, searchOfPaging, type PagingState } from '../../lib/paging';

/** The Shipping Orders tab's id in the orders screen's `?kind=`. */
export const SHIPPING_TAB = 'shipping';

/** The Shipping Orders tab's filter, page and sort; kept in the address like the other order tabs. */
export interface ShipmentListState {
  status: ShipmentStatus | null;
  paging: PagingState;
}

const isStatus = (value: string | null): value is ShipmentStatus => shipmentStatuses.includes(value as ShipmentStatus);

/** Reads `?status=&q=&page=&sort=` (page from 1 in the address); anything unknown falls back to the default. */
export function shipmentListStateOf(search: URLSearchParams): ShipmentListState {
  const status = search.get('status');
  return {
    status: isStatus(status) ? status : null,
    paging: pagingOfSearch(search, shipmentSortColumns),
  };
}

/** The address query of the tab's state, leaving out what is default. */
export function shipmentSearchOf({ status, paging }: ShipmentListState): Record<string, string> {
  const search: Record<string, string> = { kind: SHIPPING_TAB };
  if (status) search.status = status;
  return { ...search, ...searchOfPaging(paging) };
}

export const shipmentListHref = `/order?kind=${SHIPPING_TAB}`;
export const shipmentDetailsHref = (id: string): string => `/order/shipment/${id}`;
export const addShipmentHref = '/order/add-shipment-order';
export const editShipmentHref = (id: string): string => `/order/add-shipment-order/${id}`;
export const orderDetailsHref = (id: string): string => `/order/details/${id}`;
