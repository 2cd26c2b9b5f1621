import { useState } from 'react';
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
 * Until the screen has been current once, its data is what it just read: while the feed first connects
 * the note says only that, in a few words (a long sentence there was the home screen's largest paint).
 */
export function LiveNote({ live, text }: { live: LiveQueryState; text: (kind: LiveKind) => string }) {
  const { t } = useTranslation();
  const [wasCurrent, setWasCurrent] = useState(live.isCurrent);
  if (live.isCurrent && !wasCurrent) setWasCurrent(true);
  const kind: LiveKind = live.isCurrent ? 'live' : live.status === 'offline' ? 'offline' : 'catching-up';
  const firstConnect = !wasCurrent && !live.isCurrent && live.status === 'connecting';
  return (
    <p className="live-note" data-live={firstConnect ? 'connecting' : kind} data-tone={liveTones[kind]} role="status">
      <span className="live-note-dot" aria-hidden="true" />
      {firstConnect ? t('common.liveConnecting') : text(kind)}
    </p>
  );
}
