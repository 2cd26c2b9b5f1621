import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { LOT_STREAM_TYPE } from '../../../domain/lots/lot.events';
import type { LotListItem } from '../../../domain/lots/lots.views';
import { canChange } from '../../lib/access';
import { useAuth } from '../../lib/auth';
import { formatDate, formatNumber } from '../../lib/locale';
import { defaultPaging, type PagingState } from '../../lib/paging';
import { useChangeRights } from '../../lib/use-change-rights';
import { useLiveQuery } from '../../lib/use-live-feed';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { Link } from '../../ui/link';
import { getLotsQueryOptions, useLots } from './api/lots';
import './lots.css';

export const lotsLiveTopics = [`type:${LOT_STREAM_TYPE}`] as const;

/** The company's lots: searched by lot number, supplier's heat number, material and supplier; a goods receipt records one. */
export function LotListScreen() {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const { session } = useAuth();
  const rights = useChangeRights();
  const [paging, setPaging] = useState<PagingState>(defaultPaging);
  const query = { page: paging.pageIndex + 1, limit: paging.pageSize, q: paging.globalFilter };
  const lots = useLots(query);
  useLiveQuery(lotsLiveTopics, getLotsQueryOptions(query).queryKey, lots);
  const language = i18n.resolvedLanguage;

  const columns = useMemo<DataTableColumn<LotListItem>[]>(
    () => [
      { id: 'number', header: t('lots.columns.number'), cell: (row) => <Link href={`/lots/lot/${row.id}`}>{row.number}</Link>, isRowHeader: true },
      { id: 'heat', header: t('lots.columns.supplierLotNumber'), cell: (row) => row.supplierLotNumber || '–' },
      { id: 'material', header: t('lots.columns.material'), cell: (row) => row.materialName },
      {
        id: 'origin',
        header: t('lots.columns.origin'),
        cell: (row) => (row.origin === 'received' ? row.supplier : t('lots.origins.produced', { order: row.orderNumber })),
      },
      {
        id: 'remaining',
        header: t('lots.columns.remaining'),
        cell: (row) => `${formatNumber(row.remaining, language)} / ${formatNumber(row.quantity, language)} ${row.unit}`,
      },
      { id: 'receivedOn', header: t('lots.columns.receivedOn'), cell: (row) => formatDate(row.receivedOn, language) },
      { id: 'certificate', header: t('lots.columns.certificate'), cell: (row) => (row.hasCertificate ? t('lots.yes') : '–') },
    ],
    [t, language],
  );

  return (
    <div className="page">
      <div className="page-header">
        <h1>{t('screens.lots.title')}</h1>
        {canChange(session, 'orders', rights) ? <Link href="/lots/receive">{t('lots.receipt.open')}</Link> : null}
      </div>
      <DataTable
        label={t('lots.tableLabel')}
        columns={columns}
        rows={lots.data?.data ?? []}
        rowId={(row) => row.id}
        total={lots.data?.total ?? 0}
        paging={paging}
        onPagingChange={setPaging}
        isLoading={lots.isPending}
        error={lots.error}
        withFilter
        onRowAction={(row) => navigate(`/lots/lot/${row.id}`)}
      />
    </div>
  );
}
