import { useTranslation } from 'react-i18next';
import type { OrderView } from '../../../../domain/orders/orders.views';
import { describeError } from '../../../lib/error-messages';
import { useLocaleFormats } from '../../../lib/locale';
import { dismiss, useOfflineQueue, type QueuedCommand } from '../../../lib/offline-queue';
import { ApiError } from '../../../lib/api';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';

/** One queued command in words: "Start work on order 1001", "Move order 1001 to PAINT". */
function useDescribe() {
  const { t } = useTranslation();
  return (item: QueuedCommand) =>
    t(`offline.command.${item.kind}`, {
      order: item.recordLabel,
      detail: item.detail ?? '',
      defaultValue: t('offline.command.other', { order: item.recordLabel }),
    });
}

/** The queued commands that act on an order (the others: interruptions of the station). */
const orderKinds = new Set(['start-work', 'complete-work', 'move-to-station', 'measure']);

/** Where the order is now, after the server refused a command on it (what happened instead). */
function useWhatHappened() {
  const { t } = useTranslation();
  const formats = useLocaleFormats();
  return (item: QueuedCommand): string | null => {
    const now = item.refusal?.now;
    if (!orderKinds.has(item.kind) || typeof now !== 'object' || now === null || !('status' in now)) return null;
    const order = now as Pick<OrderView, 'status' | 'location'>;
    const status = t(`orders.status.${order.status}`);
    if (order.location?.stage === 'station') {
      return order.location.workStartedAt
        ? t('offline.now.inWorkAt', { station: order.location.stationName, since: formats.time(order.location.workStartedAt), status })
        : t('offline.now.waitingAt', { station: order.location.stationName, status });
    }
    if (order.location?.stage === 'wip') return t('offline.now.inWip', { status });
    return t('offline.now.status', { status });
  };
}

/**
 * The station's connection and offline queue (docs/offline-station.md): "Offline since 10:42"
 * while the connection is gone, the taps waiting to be sent, and each tap the server refused
 * (the order moved meanwhile, say) with what happened instead, until the operator dismisses it.
 */
export function OfflineStatus({ owner }: { owner: string }) {
  const { t } = useTranslation();
  const formats = useLocaleFormats();
  const queue = useOfflineQueue(owner);
  const describe = useDescribe();
  const whatHappened = useWhatHappened();
  const waiting = queue.items.filter((item) => item.state === 'waiting');
  const refused = queue.items.filter((item) => item.state === 'refused');
  const since = queue.offlineSince;
  const sinceText = since ? (new Date(since).toDateString() === new Date().toDateString() ? formats.time(since) : formats.dateTime(since)) : '';

  return (
    <div className="station-offline">
      {since ? (
        <p className="station-offline-banner" role="status" data-tone="warning">
          <strong>{t('offline.since', { time: sinceText })}</strong> {t('offline.keepWorking')}
        </p>
      ) : null}
      {refused.map((item) => (
        <div key={item.key} className="form-conflict station-offline-refused" role="alert">
          <p>
            <strong>{t('offline.refused', { command: describe(item) })}</strong>{' '}
            {item.refusal?.becauseOf
              ? t('offline.refusedAfter')
              : describeError(t, new ApiError(item.refusal?.status ?? 0, item.refusal?.code ?? 'UNKNOWN_ERROR', item.refusal?.details ?? []))}
          </p>
          {whatHappened(item) ? <p>{whatHappened(item)}</p> : null}
          <Button variant="secondary" onPress={() => void dismiss(item.key)}>
            {t('offline.dismiss')}
          </Button>
        </div>
      ))}
      {waiting.length > 0 ? (
        <section className="station-offline-queue" aria-labelledby="station-offline-queue-heading">
          <h2 id="station-offline-queue-heading">{t('offline.waitingTitle', { count: waiting.length })}</h2>
          <ol className="plain-list">
            {waiting.map((item) => (
              <li key={item.key} className="spread-row">
                <span>{describe(item)}</span>
                <Badge tone="warning">{queue.sending && !since ? t('offline.sending') : t('offline.waitingToSend')}</Badge>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
