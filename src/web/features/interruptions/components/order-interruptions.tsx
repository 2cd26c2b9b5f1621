import { useTranslation } from 'react-i18next';
import { INTERRUPTION_STREAM_TYPE } from '../../../../domain/interruptions/interruption.events';
import type { InterruptionView } from '../../../../domain/interruptions/interruptions.views';
import { useLocaleFormats } from '../../../lib/locale';
import { useLiveQuery } from '../../../lib/use-live-feed';
import { getInterruptionsQueryOptions, useInterruptions } from '../api/interruptions';
import { durationText } from './duration';
import '../interruptions.css';

const topics = [`type:${INTERRUPTION_STREAM_TYPE}`] as const;

/** Interruption time per station of these interruptions, in the order the stations first stopped. */
function timePerStation(interruptions: readonly InterruptionView[]) {
  const byStation = new Map<string, { name: string | null; seconds: number; count: number }>();
  for (const interruption of [...interruptions].reverse()) {
    const entry = byStation.get(interruption.stationId) ?? { name: interruption.stationName, seconds: 0, count: 0 };
    entry.seconds += interruption.durationSeconds;
    entry.count += 1;
    byStation.set(interruption.stationId, entry);
  }
  return [...byStation.entries()];
}

/**
 * The order's interruptions in its history: each report and resolution (station, reason, notes,
 * who, when, how long) and the interruption time per station. Interruptions live on the stations'
 * streams (docs/interruptions.md), so this reads them by order; live on every interruption event.
 */
export function OrderInterruptions({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const formats = useLocaleFormats();
  const query = { orderId };
  const interruptions = useInterruptions(query, orderId !== '');
  useLiveQuery(orderId ? topics : [], getInterruptionsQueryOptions(query).queryKey, interruptions);
  const rows = interruptions.data?.data ?? [];
  if (!orderId || !interruptions.isSuccess) return null;
  return (
    <section className="panel order-panel interruption-history" aria-labelledby="order-interruptions-heading">
      <h2 id="order-interruptions-heading">{t('interruptions.history.title')}</h2>
      {rows.length === 0 ? (
        <p className="interruption-none">{t('interruptions.history.none')}</p>
      ) : (
        <>
          <ul className="plain-list interruption-history-totals" aria-label={t('interruptions.history.perStation')}>
            {timePerStation(rows).map(([stationId, entry]) => (
              <li key={stationId}>
                {t('interruptions.history.stationTotal', {
                  station: entry.name ?? t('interruptions.deletedStation'),
                  count: entry.count,
                  duration: durationText(t, entry.seconds),
                })}
              </li>
            ))}
          </ul>
          <ol className="plain-list interruption-history-list">
            {rows.map((interruption) => (
              <li key={interruption.id} className="interruption-history-entry" data-open={interruption.resolvedAt === null}>
                <p className="interruption-history-head">
                  {t('interruptions.history.reported', {
                    station: interruption.stationName ?? t('interruptions.deletedStation'),
                    reason: interruption.reason.name,
                    who: interruption.reportedBy.name || t('interruptions.someone'),
                    at: formats.dateTime(interruption.reportedAt),
                  })}
                </p>
                {interruption.note ? <p className="interruption-note">{interruption.note}</p> : null}
                {interruption.resolvedAt ? (
                  <p>
                    {t('interruptions.history.resolved', {
                      who: interruption.resolvedBy?.name || t('interruptions.someone'),
                      at: formats.dateTime(interruption.resolvedAt),
                      duration: durationText(t, interruption.durationSeconds),
                      note: interruption.resolutionNote ?? '',
                    })}
                  </p>
                ) : (
                  <p className="interruption-still-open">{t('interruptions.history.stillOpen', { duration: durationText(t, interruption.durationSeconds) })}</p>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
