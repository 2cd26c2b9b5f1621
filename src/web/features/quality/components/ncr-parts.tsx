import { useTranslation } from 'react-i18next';
import type { NcrStatus } from '../../../../domain/quality/ncr.schema';
import type { NcrView } from '../../../../domain/quality/quality.views';
import { formatDateTime, formatNumber } from '../../../lib/locale';
import { Badge, type Tone } from '../../../ui/badge';

const tones: Record<NcrStatus, Tone> = { held: 'warning', rework: 'info', closed: 'positive' };

export function NcrStatusBadge({ status }: { status: NcrStatus }) {
  const { t } = useTranslation();
  return <Badge tone={tones[status]}>{t(`quality.statuses.${status}`)}</Badge>;
}

type Measurement = NcrView['measurement'];

/** The first measurement and every re-measurement: value, nominal with tolerance, measured, within or outside, where, who, when. */
export function MeasurementsTable({ ncr }: { ncr: NcrView }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const rows: { kind: 'first' | 'again'; measurement: Measurement }[] = [
    { kind: 'first', measurement: ncr.measurement },
    ...ncr.remeasurements.map((measurement) => ({ kind: 'again' as const, measurement })),
  ];
  const number = (value: number) => formatNumber(value, language, { maximumFractionDigits: 3 });
  return (
    <table className="ncr-table">
      <caption>{t('quality.details.measurements')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('quality.columns.kind')}</th>
          <th scope="col">{t('quality.columns.value')}</th>
          <th scope="col">{t('quality.columns.tolerance')}</th>
          <th scope="col">{t('quality.columns.measured')}</th>
          <th scope="col">{t('quality.columns.station')}</th>
          <th scope="col">{t('quality.columns.operator')}</th>
          <th scope="col">{t('quality.columns.at')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ kind, measurement }, index) => (
          <tr key={`${kind}-${index}`}>
            <th scope="row">{t(`quality.measurementKinds.${kind}`)}</th>
            <td>{measurement.valueName}</td>
            <td>
              {t('quality.details.tolerance', {
                nominal: number(measurement.nominal),
                min: number(measurement.minTolerance),
                max: number(measurement.maxTolerance),
                unit: measurement.unit,
              })}
            </td>
            <td>
              {number(measurement.measured)} {measurement.unit}{' '}
              <Badge tone={measurement.passed ? 'positive' : 'warning'}>{t(measurement.passed ? 'quality.within' : 'quality.outside')}</Badge>
            </td>
            <td>{measurement.stationName}</td>
            <td>{measurement.measuredByName || '–'}</td>
            <td>{formatDateTime(measurement.at, language)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Every decision: disposition, what it named, who and when. */
export function DecisionsList({ ncr }: { ncr: NcrView }) {
  const { t, i18n } = useTranslation();
  if (ncr.decisions.length === 0) return <p>{t('quality.details.noDecision')}</p>;
  return (
    <ol className="ncr-decisions">
      {ncr.decisions.map((decision) => (
        <li key={decision.at}>
          <strong>{t(`quality.dispositions.${decision.disposition}`)}</strong>
          {decision.reworkStationName ? ` – ${t('quality.details.reworkAt', { station: decision.reworkStationName })}` : ''}
          {decision.scrapReason ? ` – ${decision.scrapReason}` : ''}
          {decision.note ? ` – „${decision.note}“` : ''}
          <br />
          {t('quality.details.decidedBy', { name: decision.decidedByName || '–', at: formatDateTime(decision.at, i18n.resolvedLanguage) })}
        </li>
      ))}
    </ol>
  );
}
