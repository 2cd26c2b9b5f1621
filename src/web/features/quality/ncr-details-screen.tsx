import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { NCR_STREAM_TYPE } from '../../../domain/quality/ncr.events';
import type { NcrView } from '../../../domain/quality/quality.views';
import { canChange } from '../../lib/access';
import { useAuth } from '../../lib/auth';
import { formatDateTime } from '../../lib/locale';
import { useChangeRights } from '../../lib/use-change-rights';
import { useLiveQuery } from '../../lib/use-live-feed';
import { Link } from '../../ui/link';
import { RecordLoader } from '../../ui/record-loader';
import { getNcrQueryOptions, useNcr, useNcrHistory } from './api/ncrs';
import { DecisionForm } from './components/decision-form';
import { DecisionsList, MeasurementsTable, NcrStatusBadge } from './components/ncr-parts';
import './quality.css';

const liveTopics = [`type:${NCR_STREAM_TYPE}`] as const;

function NcrHistoryList({ ncrId }: { ncrId: string }) {
  const { t, i18n } = useTranslation();
  const history = useNcrHistory(ncrId);
  return (
    <section aria-labelledby="ncr-history">
      <h2 id="ncr-history">{t('quality.details.history')}</h2>
      <ol className="ncr-history">
        {(history.data?.data ?? []).map((entry) => (
          <li key={entry.version}>
            {formatDateTime(entry.at, i18n.resolvedLanguage)} · {t(`quality.events.${entry.type}`, { defaultValue: entry.type })}
            {entry.who.name ? ` · ${entry.who.name}` : ''}
          </li>
        ))}
      </ol>
    </section>
  );
}

function NcrDetails({ ncr, documents }: { ncr: NcrView; documents: (ncrId: string) => ReactNode }) {
  const { t, i18n } = useTranslation();
  const { session } = useAuth();
  const rights = useChangeRights();
  const mayDecide = canChange(session, 'quality', rights);
  return (
    <div className="page ncr-details">
      <div className="page-header">
        <h1>
          {t('quality.details.title', { number: ncr.number })} <NcrStatusBadge status={ncr.status} />
        </h1>
      </div>
      <dl className="ncr-facts">
        <dt>{t('quality.columns.order')}</dt>
        <dd>
          <Link href={`/order/details/${ncr.orderId}`}>{ncr.orderNumber}</Link>
        </dd>
        <dt>{t('quality.columns.material')}</dt>
        <dd>
          {ncr.materialName} ({ncr.materialNumber}) · {t(`quality.materialTypes.${ncr.materialType}`)}
        </dd>
        <dt>{t('quality.columns.station')}</dt>
        <dd>{ncr.stationName}</dd>
        <dt>{t('quality.columns.operator')}</dt>
        <dd>{ncr.measurement.measuredByName || '–'}</dd>
        <dt>{t('quality.columns.pieces')}</dt>
        <dd>{ncr.pieces}</dd>
        <dt>{t('quality.columns.openedAt')}</dt>
        <dd>{formatDateTime(ncr.openedAt, i18n.resolvedLanguage)}</dd>
      </dl>
      <p className="ncr-status-text">{t(`quality.statusTexts.${ncr.status}`)}</p>
      <MeasurementsTable ncr={ncr} />
      <section aria-labelledby="ncr-decisions">
        <h2 id="ncr-decisions">{t('quality.details.decisions')}</h2>
        <DecisionsList ncr={ncr} />
      </section>
      {ncr.status === 'held' && mayDecide ? <DecisionForm key={ncr.version} ncr={ncr} /> : null}
      {ncr.status === 'held' && !mayDecide ? <p>{t('quality.decision.noRight')}</p> : null}
      {documents(ncr.id)}
      <NcrHistoryList ncrId={ncr.id} />
      <p>
        <Link href="/quality">{t('quality.details.back')}</Link>
      </p>
    </div>
  );
}

/** One NCR: what opened it, the re-measurements, the decisions (and the form for the quality right), its PDF (`documents`), its history. */
export function NcrDetailsScreen({ documents }: { documents: (ncrId: string) => ReactNode }) {
  const { t } = useTranslation();
  const { id = '' } = useParams<{ id?: string }>();
  const ncr = useNcr(id);
  useLiveQuery(liveTopics, getNcrQueryOptions(id).queryKey, ncr);
  return (
    <RecordLoader
      id={id}
      query={ncr}
      failedTitle={t('quality.details.loadFailed')}
      noneChosen={{ title: t('quality.details.noneTitle'), text: t('quality.details.noneText') }}
      back={{ href: '/quality', label: t('quality.details.back') }}
    >
      {(record) => <NcrDetails ncr={record} documents={documents} />}
    </RecordLoader>
  );
}
