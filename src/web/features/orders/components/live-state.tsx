import { useTranslation } from 'react-i18next';
import type { LiveQueryState } from '../../../lib/use-live-feed';
import type { Tone } from '../../../ui/badge';
import '../../../ui/badge.css';

const liveTones = { live: 'positive', 'catching-up': 'warning', offline: 'error' } as const satisfies Record<string, Tone>;

export interface LiveStateProps {
  live: LiveQueryState;
  /** What is kept current, already translated ("the board", "the worklist"). */
  subject: string;
}

/**
 * Says whether what the screen shows is current: live, or — while the connection is lost or
 * catching up — that it is not, so no one takes an old board for the present.
 */
export function LiveState({ live, subject }: LiveStateProps) {
  const { t } = useTranslation();
  const kind = live.isCurrent ? 'live' : live.status === 'offline' ? 'offline' : 'catching-up';
  const text =
    kind === 'live'
      ? t('orders.live.current', { subject })
      : kind === 'offline'
        ? t('orders.live.offline', { subject })
        : t('orders.live.catchingUp', { subject });
  return (
    <p className="order-live" data-live={kind} data-tone={liveTones[kind]} role="status">
      <span className="order-live-dot" aria-hidden="true" />
      {text}
    </p>
  );
}
