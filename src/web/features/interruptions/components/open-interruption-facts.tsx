import { useTranslation } from 'react-i18next';
import type { InterruptionView } from '../../../../domain/interruptions/interruptions.views';
import { useLocaleFormats } from '../../../lib/locale';
import { durationText } from './duration';

/** The open interruption in words: reason, order, note, who and since when. */
export function OpenInterruptionFacts({ interruption }: { interruption: InterruptionView }) {
  const { t } = useTranslation();
  const formats = useLocaleFormats();
  return (
    <>
      <p className="interruption-reason">{interruption.reason.name}</p>
      <p>
        {t('interruptions.open.since', {
          at: formats.time(interruption.reportedAt),
          duration: durationText(t, interruption.durationSeconds),
          who: interruption.reportedBy.name || t('interruptions.someone'),
        })}
      </p>
      {interruption.orderNumber ? <p>{t('interruptions.open.order', { orderNumber: interruption.orderNumber })}</p> : null}
      {interruption.note ? <p className="interruption-note">{interruption.note}</p> : null}
    </>
  );
}
