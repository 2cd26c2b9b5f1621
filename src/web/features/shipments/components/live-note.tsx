import { useTranslation } from 'react-i18next';
import type { LiveQueryState } from '../../../lib/use-live-feed';
import type { Tone } from '../../../ui/badge';
import '../../../ui/badge.css';

const liveTones = { live: 'positive', 'catching-up': 'warning', offline: 'error' } as const satisfies Record<string, Tone>;

/** Says whether what the screen shows is current (live), or that it is not while the feed is lost or catching up. */
export function LiveNote({ live, subject }: { live: LiveQueryState; subject: string }) {
  const { t } = useTranslation();
  const kind = live.isCurrent ? 'live' : live.status === 'offline' ? 'offline' : 'catching-up';
  return (
    <p className="shipment-live" data-live={kind} data-tone={liveTones[kind]} role="status">
      <span className="shipment-live-dot" aria-hidden="true" />
      {t(`shipments.live.${kind}`, { subject })}
    </p>
  );
}
