import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { NCR_STREAM_TYPE } from '../../../domain/quality/ncr.events';
import { ncrStatuses, type NcrStatus } from '../../../domain/quality/ncr.schema';
import type { NcrListItem } from '../../../domain/quality/quality.views';
import { formatDateTime, formatNumber } from '../../lib/locale';
import { defaultPaging, type PagingState } from '../../lib/paging';
import { useLiveQuery } from '../../lib/use-live-feed';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { Link } from '../../ui/link';
import { Select, SelectItem } from '../../ui/select';
import { getNcrsQueryOptions, getQualityFiguresQueryOptions, useNcrs, useQualityFigures } from './api/ncrs';
import { NcrStatusBadge } from './components/ncr-parts';
import './quality.css';

const liveTopics = [`type:${NCR_STREAM_TYPE}`] as const;
/** The list's status filter: the open ones (held and in rework) by default, one status, or all. */
const filters = ['open', ...ncrStatuses, 'all'] as const;
type Filter = (typeof filters)[number];
const statusesOf = (filter: Filter): readonly NcrStatus[] | undefined => (filter === 'all' ? undefined : filter === 'open' ? ['held', 'rework'] : [filter]);

/** The quality loop's figures of the last 30 days (NCRs, decisions, first-pass yield); also on the key-figures page. */
export function QualityFiguresPanel() {
  const { t, i18n } = useTranslation();
  const figures = useQualityFigures();
  useLiveQuery(liveTopics, getQualityFiguresQueryOptions().queryKey, figures);
  const data = figures.data;
  if (!data) return null;
  const share =
    data.firstPassYield === null
      ? t('quality.figures.noData')
      : formatNumber(data.firstPassYield, i18n.resolvedLanguage, { style: 'percent', maximumFractionDigits: 1 });
  return (
    <section className="quality-figures" aria-labelledby="quality-figures">
      <h2 id="quality-figures">{t('quality.figures.title')}</h2>
      <dl>
        <div>
          <dt>{t('quality.figures.opened')}</dt>
          <dd>{data.ncrsOpened}</dd>
        </div>
        <div>
          <dt>{t('quality.figures.openNow')}</dt>
          <dd>{data.ncrsOpenNow}</dd>
        </div>
        <div>
          <dt>{t('quality.figures.firstPassYield')}</dt>
          <dd>{share}</dd>
        </div>
        <div>
          <dt>{t('quality.figures.decided')}</dt>
          <dd>
            {(['use-as-is', 'rework', 'scrap', 'return-to-supplier'] as const).map((d) => `${t(`quality.dispositions.${d}`)}: ${data.decided[d]}`).join(' · ')}
          </dd>
        </div>
      </dl>
      <p className="quality-figures-hint">{t('quality.figures.hint', { measured: data.ordersMeasured, passed: data.ordersPassedFirstTime })}</p>
      <Link href="/quality">{t('quality.figures.openList')}</Link>
    </section>
  );
}

/** The company's NCRs: the open ones first of all, filtered by status, searched by number, order and material; with the loop's figures. */
export function NcrListScreen() {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const [paging, setPaging] = useState<PagingState>(defaultPaging);
  const [filter, setFilter] = useState<Filter>('open');
  const query = { page: paging.pageIndex + 1, limit: paging.pageSize, status: statusesOf(filter), q: paging.globalFilter };
  const ncrs = useNcrs(query);
  useLiveQuery(liveTopics, getNcrsQueryOptions(query).queryKey, ncrs);
  const language = i18n.resolvedLanguage;

  const columns = useMemo<DataTableColumn<NcrListItem>[]>(
    () => [
      { id: 'number', header: t('quality.columns.number'), cell: (row) => <Link href={`/quality/ncr/${row.id}`}>{row.number}</Link>, isRowHeader: true },
      { id: 'status', header: t('quality.columns.status'), cell: (row) => <NcrStatusBadge status={row.status} /> },
      { id: 'order', header: t('quality.columns.order'), cell: (row) => row.orderNumber },
      { id: 'station', header: t('quality.columns.station'), cell: (row) => row.stationName },
      { id: 'material', header: t('quality.columns.material'), cell: (row) => row.materialName },
      { id: 'value', header: t('quality.columns.value'), cell: (row) => row.valueName },
      { id: 'disposition', header: t('quality.columns.disposition'), cell: (row) => (row.disposition ? t(`quality.dispositions.${row.disposition}`) : '–') },
      { id: 'openedAt', header: t('quality.columns.openedAt'), cell: (row) => formatDateTime(row.openedAt, language) },
    ],
    [t, language],
  );

  return (
    <div className="page">
      <div className="page-header">
        <h1>{t('screens.ncrs.title')}</h1>
      </div>
      <QualityFiguresPanel />
      <div className="quality-filter">
        <Select
          label={t('quality.filter')}
          value={filter}
          onChange={(key) => {
            setFilter(filters.find((candidate) => candidate === key) ?? 'open');
            setPaging((current) => ({ ...current, pageIndex: 0 }));
          }}
          items={filters.map((id) => ({ id }))}
        >
          {(item) => <SelectItem id={item.id}>{t(`quality.filters.${item.id}`)}</SelectItem>}
        </Select>
      </div>
      <DataTable
        label={t('quality.tableLabel')}
        columns={columns}
        rows={ncrs.data?.data ?? []}
        rowId={(row) => row.id}
        total={ncrs.data?.total ?? 0}
        paging={paging}
        onPagingChange={setPaging}
        isLoading={ncrs.isPending}
        error={ncrs.error}
        withFilter
        onRowAction={(row) => navigate(`/quality/ncr/${row.id}`)}
      />
    </div>
  );
}
