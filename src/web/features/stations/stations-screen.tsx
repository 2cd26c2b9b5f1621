import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../lib/access';
import { useAuth } from '../../lib/auth';
import { formatDateTime, formatNumber } from '../../lib/locale';
import { defaultPaging, type PagingState } from '../../lib/paging';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { Link } from '../../ui/link';
import { useStations, type StationView } from './api/stations';
import { DeleteStationDialog } from './components/delete-station-dialog';
import { MaintenanceDialog } from './components/maintenance-dialog';
import { SequenceEditor, SequenceLine } from './components/sequence-editor';
import { formatParameterNumber } from './format';
import './stations.css';

/** Where the station stands in the line: the start, a place, or outside the sequence. */
function SequencePlace({ station }: { station: StationView }) {
  const { t } = useTranslation();
  if (station.sequencePosition === null) return <span className="station-muted">{t('stations.overview.notInSequence')}</span>;
  return (
    <span className="station-place">
      {t('stations.overview.position', { position: station.sequencePosition })}
      {station.isStartStation ? <Badge tone="positive">{t('stations.startStation')}</Badge> : null}
    </span>
  );
}

function Parameters({ station }: { station: StationView }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  if (station.parameters.length === 0) return <span className="station-muted">{t('stations.overview.noParameters')}</span>;
  return (
    <ul className="station-parameters">
      {station.parameters.map((parameter, index) => {
        const range =
          parameter.from === null && parameter.to === null
            ? ''
            : ` (${t('stations.overview.range', {
                from: parameter.from === null ? '–' : formatParameterNumber(parameter.from, language),
                to: parameter.to === null ? '–' : formatParameterNumber(parameter.to, language),
              })})`;
        return (
          <li key={index}>
            {parameter.name}: {formatParameterNumber(parameter.value, language)} {parameter.unit}
            {range}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The station overview: the production line (sequence editor for those who may change it) and
 * every station in sequence order, then the ones outside the sequence, with their key figures.
 */
export function StationsScreen() {
  const { t, i18n } = useTranslation();
  const { session } = useAuth();
  // Operators work at the stations; changing them is for the office (the server refuses them too).
  const mayChange = can(session, 'write');
  const [paging, setPaging] = useState<PagingState>(defaultPaging);
  const [toDelete, setToDelete] = useState<StationView | null>(null);
  const [toMaintain, setToMaintain] = useState<StationView | null>(null);
  const stations = useStations({ page: paging.pageIndex + 1, limit: paging.pageSize, q: paging.globalFilter.trim() || undefined, sort: 'sequence' });
  const language = i18n.resolvedLanguage;

  const columns = useMemo<DataTableColumn<StationView>[]>(
    () => [
      { id: 'name', header: t('stations.fields.name'), cell: (station) => station.name, isRowHeader: true },
      { id: 'sequence', header: t('stations.overview.sequence'), cell: (station) => <SequencePlace station={station} /> },
      { id: 'parameters', header: t('stations.form.parameters'), cell: (station) => <Parameters station={station} /> },
      {
        id: 'lastMaintenance',
        header: t('stations.fields.lastMaintenance'),
        cell: (station) => (station.lastMaintenanceAt ? formatDateTime(station.lastMaintenanceAt, language) : t('stations.overview.never')),
      },
      { id: 'worklist', header: t('stations.figures.worklistCount'), cell: (station) => formatNumber(station.keyFigures.worklistCount, language) },
      { id: 'cycleTime', header: t('stations.figures.cycleTime'), cell: (station) => formatNumber(station.keyFigures.cycleTimeSeconds, language) },
      { id: 'finishedToday', header: t('stations.figures.finishedToday'), cell: (station) => formatNumber(station.keyFigures.finishedToday, language) },
      {
        id: 'actions',
        header: t('stations.overview.actions'),
        cell: (station) => (
          <div className="station-row-actions">
            <Link href={`/station/${station.id}/login`} aria-label={t('stations.overview.loginLabel', { station: station.name })}>
              {t('stations.overview.login')}
            </Link>
            {mayChange ? (
              <>
                <Link href={`/station/edit-production-station/${station.id}`} aria-label={t('stations.overview.editLabel', { station: station.name })}>
                  {t('stations.overview.edit')}
                </Link>
                <Button variant="quiet" aria-label={t('stations.overview.maintenanceLabel', { station: station.name })} onPress={() => setToMaintain(station)}>
                  {t('stations.overview.maintenance')}
                </Button>
                <Button variant="quiet" aria-label={t('stations.overview.deleteLabel', { station: station.name })} onPress={() => setToDelete(station)}>
                  {t('stations.overview.delete')}
                </Button>
              </>
            ) : null}
          </div>
        ),
      },
    ],
    [t, language, mayChange],
  );

  return (
    <div className="page">
      <div className="page-header">
        <h1>{t('screens.station.title')}</h1>
        {mayChange ? (
          <Link variant="button" href="/station/add-production-station">
            {t('stations.overview.add')}
          </Link>
        ) : null}
      </div>
      <section className="panel station-section" aria-labelledby="station-sequence-heading">
        <h2 id="station-sequence-heading">{t('stations.sequence.title')}</h2>
        {mayChange ? <SequenceEditor /> : <SequenceLine />}
      </section>
      <section className="station-section station-list" aria-labelledby="station-list-heading">
        <h2 id="station-list-heading">{t('stations.overview.listTitle')}</h2>
        <DataTable
          label={t('stations.overview.tableLabel')}
          columns={columns}
          rows={stations.data?.data ?? []}
          rowId={(station) => station.id}
          total={stations.data?.total ?? 0}
          paging={paging}
          onPagingChange={setPaging}
          isLoading={stations.isPending}
          error={stations.error}
          withFilter
        />
      </section>
      <DeleteStationDialog station={toDelete} onClose={() => setToDelete(null)} />
      <MaintenanceDialog station={toMaintain} onClose={() => setToMaintain(null)} />
    </div>
  );
}
