import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'wouter';
import { SHIPMENT_STREAM_TYPE } from '../../../domain/shipments/shipment.events';
import { shipmentStatuses, type ShipmentStatus } from '../../../domain/shipments/shipment.schema';
import type { ShipmentListItem } from '../../../domain/shipments/shipments.views';
import { can } from '../../lib/access';
import { useAuth } from '../../lib/auth';
import { useLocaleFormats } from '../../lib/locale';
import type { PagingState } from '../../lib/paging';
import { useDebounced } from '../../lib/use-debounced';
import { useLiveQuery } from '../../lib/use-live-feed';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { Link } from '../../ui/link';
import { carriersHref } from './carriers-screen';
import { Select, SelectItem } from '../../ui/select';
import { getShipmentsQueryOptions, useShipments, type ShipmentListQuery } from './api/shipments';
import { LiveNote } from './components/live-note';
import { ShipmentStatusBadge } from './components/shipment-status';
import { editShipmentHref, shipmentDetailsHref, shipmentListStateOf, shipmentSearchOf, type ShipmentListState } from './list-search';
import './shipments.css';

const listTopics = [`type:${SHIPMENT_STREAM_TYPE}`] as const;
const ALL = 'all';

/** The orders screen's Shipping Orders tab: server-paged, filtered by status, searched and sorted, kept in the address and current live. */
export function ShipmentsTab() {
  const { t } = useTranslation();
  const { session } = useAuth();
  const [, navigate] = useLocation();
  const formats = useLocaleFormats();
  const [search, setSearch] = useSearchParams();
  const state = shipmentListStateOf(search);
  const canWrite = can(session, 'write');

  const change = useCallback(
    (next: ShipmentListState) => setSearch(shipmentSearchOf(next), { replace: next.paging.globalFilter !== state.paging.globalFilter }),
    [setSearch, state.paging.globalFilter],
  );
  const changePaging = useCallback((paging: PagingState) => change({ ...state, paging }), [change, state]);

  const q = useDebounced(state.paging.globalFilter.trim());
  const query: ShipmentListQuery = {
    status: state.status ?? undefined,
    q,
    page: state.paging.pageIndex + 1,
    limit: state.paging.pageSize,
    sort: state.paging.sort || '-number',
  };
  const shipments = useShipments(query);
  const live = useLiveQuery(listTopics, getShipmentsQueryOptions(query).queryKey, shipments);

  const columns = useMemo<DataTableColumn<ShipmentListItem>[]>(
    () => [
      { id: 'number', header: t('shipments.fields.shipmentNumber'), isRowHeader: true, allowsSorting: true, cell: (row) => row.shipmentNumber },
      { id: 'customerName', header: t('shipments.fields.customer'), allowsSorting: true, cell: (row) => row.customerName },
      { id: 'status', header: t('shipments.fields.status'), allowsSorting: true, cell: (row) => <ShipmentStatusBadge status={row.status} /> },
      { id: 'carrierName', header: t('shipments.fields.deliveredBy'), allowsSorting: true, cell: (row) => row.carrier.name },
      { id: 'trackingId', header: t('shipments.fields.trackingId'), cell: (row) => row.trackingId || '–' },
      { id: 'shippingDate', header: t('shipments.fields.shippingDate'), allowsSorting: true, cell: (row) => formats.day(row.shippingDate) },
      { id: 'orders', header: t('shipments.fields.orderCount'), cell: (row) => row.orderIds.length },
      {
        id: 'actions',
        header: t('shipments.list.actions'),
        cell: (row) => (
          <div className="shipment-row-actions">
            <Link href={shipmentDetailsHref(row.id)} aria-label={t('shipments.list.openNamed', { shipmentNumber: row.shipmentNumber })}>
              {t('shipments.list.open')}
            </Link>
            {canWrite && (row.status === 'open' || row.status === 'ready-for-dispatch') ? (
              <Link href={editShipmentHref(row.id)} aria-label={t('shipments.list.editNamed', { shipmentNumber: row.shipmentNumber })}>
                {t('shipments.list.edit')}
              </Link>
            ) : null}
          </div>
        ),
      },
    ],
    [t, formats, canWrite],
  );

  const statusItems = [{ id: ALL }, ...shipmentStatuses.map((id) => ({ id }))];
  return (
    <div className="shipment-list">
      <div className="shipment-filters">
        <Select
          label={t('shipments.filters.status')}
          items={statusItems}
          value={state.status ?? ALL}
          onChange={(key) => change({ status: key === ALL ? null : (key as ShipmentStatus), paging: { ...state.paging, pageIndex: 0 } })}
        >
          {(item) => <SelectItem id={item.id}>{item.id === ALL ? t('shipments.filters.allStatuses') : t(`shipments.status.${item.id}`)}</SelectItem>}
        </Select>
        <Link href={carriersHref}>{t('shipments.carriers.manage')}</Link>
        <LiveNote live={live} subject={t('shipments.tab')} />
      </div>
      <DataTable
        label={t('shipments.tab')}
        columns={columns}
        rows={shipments.data?.data ?? []}
        rowId={(row) => row.id}
        total={shipments.data?.total ?? 0}
        paging={state.paging}
        onPagingChange={changePaging}
        isLoading={shipments.isPending}
        error={shipments.data ? undefined : shipments.error}
        withFilter
        onRowAction={(row) => navigate(shipmentDetailsHref(row.id))}
      />
    </div>
  );
}
