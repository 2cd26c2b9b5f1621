import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERRUPTION_STREAM_TYPE } from '../../../../domain/interruptions/interruption.events';
import { can } from '../../../lib/access';
import { useAuth } from '../../../lib/auth';
import { useLiveEvents } from '../../../lib/use-live-feed';
import { useNotify } from '../../../ui/notification-bar';
import { getInterruption } from '../api/interruptions';

const topics = [`type:${INTERRUPTION_STREAM_TYPE}`] as const;
const noTopics = [] as const;

/**
 * The supervisors' console notification: while an owner, an administrator or the operator acting
 * for the company is signed in, every interruption reported in the company shows in the
 * notification bar (station, reason, who). A replay after a reconnect does not repeat one already
 * shown, nor one resolved meanwhile. Renders nothing itself.
 */
export function InterruptionAlerts() {
  const { t } = useTranslation();
  const notify = useNotify();
  const { session } = useAuth();
  const shown = useRef(new Set<string>());
  const supervises = Boolean(session?.company) && can(session, 'write');
  useLiveEvents(supervises ? topics : noTopics, (event) => {
    if (event.type !== 'InterruptionReported') return;
    const { interruptionId } = event.data as { interruptionId: string };
    if (shown.current.has(interruptionId)) return;
    shown.current.add(interruptionId);
    void getInterruption(interruptionId)
      .then((interruption) => {
        if (interruption.resolvedAt) return;
        notify({
          severity: 'warning',
          message: t('interruptions.alert', {
            station: interruption.stationName ?? t('interruptions.deletedStation'),
            reason: interruption.reason.name,
            who: interruption.reportedBy.name || t('interruptions.someone'),
          }),
        });
      })
      .catch(() => undefined);
  });
  return null;
}
