import { useTranslation } from 'react-i18next';
import type { LiveQueryState } from '../lib/use-live-feed';
import type { Tone } from './badge';
import './badge.css';
import './live-note.css';

/** Whether what a screen shows is current, or why not. */
export type LiveKind = 'live' | 'catching-up' | 'offline';

const liveTones = { live: 'positive', 'catching-up': 'warning', offline: 'error' } as const satisfies Record<LiveKind, Tone>;

/**
 * Says in words whether what the screen shows is current (live), or that it is not while the feed is
 * lost or catching up, so no one takes an old view for the present; the dot is never the only sign.
 * While the feed connects (on opening the screen, and again after a loss) it says that, in a few words.
 */
export function LiveNote({ live, text }: { live: LiveQueryState; text: (kind: LiveKind) => string }) {
  const { t } = useTranslation();
  const kind: LiveKind = live.isCurrent ? 'live' : live.status === 'offline' ? 'offline' : 'catching-up';
  const connecting = !live.isCurrent && live.status === 'connecting';
  return (
    <p className="live-note" data-live={connecting ? 'connecting' : kind} data-tone={liveTones[kind]} role="status">
      <span className="live-note-dot" aria-hidden="true" />
      {connecting ? t('common.liveConnecting') : text(kind)}
    </p>
  );
}
