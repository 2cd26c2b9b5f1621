import { useTranslation } from 'react-i18next';
import type { LiveQueryState } from '../../../lib/use-live-feed';
import { LiveNote } from '../../../ui/live-note';

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
  return (
    <LiveNote
      live={live}
      text={(kind) =>
        kind === 'live'
          ? t('orders.live.current', { subject })
          : kind === 'offline'
            ? t('orders.live.offline', { subject })
            : t('orders.live.catchingUp', { subject })
      }
    />
  );
}
