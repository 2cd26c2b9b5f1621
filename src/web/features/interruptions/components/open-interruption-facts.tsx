import { useTranslation } from 'react-i18next';
import type { InterruptionView } from '../../../../domain/interruptions/interruptions.views';
import { useLocaleFormats } from '../../../lib/locale';
import { useNow } from '../../../lib/use-now';
import { durationText } from './duration';

/**
 * The open interruption in words: reason, order, note, who and since when. Its duration runs on
 * while the screen stays open: the server's `durationSeconds` as of `asOf` (when the answer
 * arrived, epoch ms) plus the time since, by the browser's clock.
 */
export function OpenInterruptionFacts({ interruption, asOf }: { interruption: InterruptionView; asOf: number }) {
  const { t } = useTranslation();
  const formats = useLocaleFormats();
  const now = useNow();
  const seconds = interruption.durationSeconds + Math.max(0, Math.floor((now - asOf) / 1000));
  return (
    <>
      <p className="interruption-reason">{interruption.reason.name}</p>
      <p>
        {t('interruptions.open.since', {
          at: formats.time(interruption.reportedAt),
          duration: durationText(t, seconds),
          who: interruption.reportedBy.name || t('interruptions.someone'),
        })}
      </p>
      {interruption.orderNumber ? <p>{t('interruptions.open.order', { orderNumber: interruption.orderNumber })}</p> : null}
      {interruption.note ? <p className="interruption-note">{interruption.note}</p> : null}
      <p className="interruption-expected-end">
        {interruption.expectedEndAt
          ? t('interruptions.expectedEnd.shown', { at: formats.dateTime(interruption.expectedEndAt) })
          : t('interruptions.expectedEnd.unknown')}
      </p>
    </>
  );
}
