import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useFormatNumber, useLocaleFormats } from '../../../lib/locale';
import { Badge } from '../../../ui/badge';
import { defaultPaging, type PagingState } from '../../../lib/paging';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { useStationChoices } from '../api/orders';
import type { OrderView } from '../api/types';

type Measurement = OrderView['measurements'][number];

/** How work completed outside tolerance or without all checked values reads (details and history). */
export function acceptedFailureText(t: TFunction, accepted: { failedValues: readonly string[]; missingValues?: readonly string[]; reason: string }): string {
  const missing = accepted.missingValues ?? [];
  const texts = [
    ...(accepted.failedValues.length > 0 || missing.length === 0
      ? [t('orders.history.qualityAccepted', { values: accepted.failedValues.join(', '), reason: accepted.reason })]
      : []),
    ...(missing.length > 0 ? [t('orders.history.missingAccepted', { values: missing.join(', '), reason: accepted.reason })] : []),
  ];
  return texts.join(' · ');
}

/**
 * The values measured at the stations (the latest of each), within or outside tolerance, and the
 * reasons work was completed outside tolerance. Nothing while nothing was measured.
 */
export function OrderMeasurements({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const formats = useLocaleFormats();
  const stations = useStationChoices();
  const [paging, setPaging] = useState<PagingState>(defaultPaging);
  const stationName = useMemo(() => {
    const names = new Map((stations.data ?? []).map((station) => [station.id, station.name]));
    return (id: string) => names.get(id) ?? t('orders.history.unknownStation');
  }, [stations.data, t]);
  const columns = useMemo<DataTableColumn<Measurement>[]>(
    () => [
      { id: 'value', header: t('orders.measure.value'), isRowHeader: true, cell: (m) => m.valueName },
      { id: 'measured', header: t('orders.measure.measured'), cell: (m) => `${format(m.measured)} ${m.unit}` },
      { id: 'range', header: t('orders.measure.tolerance'), cell: (m) => `${format(m.minTolerance)} – ${format(m.maxTolerance)} ${m.unit}` },
      {
        id: 'result',
        header: t('orders.measure.result'),
        cell: (m) => <Badge tone={m.passed ? 'positive' : 'error'}>{t(m.passed ? 'orders.measure.passed' : 'orders.measure.failed')}</Badge>,
      },
      { id: 'station', header: t('orders.fields.station'), cell: (m) => `${stationName(m.stationId)} · ${formats.dateTime(m.at)}` },
    ],
    [t, format, formats, stationName],
  );
  if (order.measurements.length === 0 && order.qualityFailures.length === 0) return null;
  return (
    <section className="panel order-panel" aria-labelledby="order-measurements-heading">
      <h2 id="order-measurements-heading">{t('orders.measure.title')}</h2>
      <DataTable
        label={t('orders.measure.title')}
        columns={columns}
        rows={order.measurements.slice(paging.pageIndex * paging.pageSize, (paging.pageIndex + 1) * paging.pageSize)}
        rowId={(m) => m.valueName}
        total={order.measurements.length}
        paging={paging}
        onPagingChange={setPaging}
      />
      {order.qualityFailures.length > 0 ? (
        <ul className="order-timeline-changes">
          {order.qualityFailures.map((accepted) => (
            <li key={`${accepted.stationId}-${accepted.at}`}>
              {acceptedFailureText(t, accepted)} · {stationName(accepted.stationId)} · {formats.dateTime(accepted.at)}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
