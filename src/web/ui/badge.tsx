import type { ReactNode } from 'react';
import './badge.css';

/** The colour pairs of the theme a badge (or any element with `data-tone`) can take. */
export type Tone = 'neutral' | 'info' | 'positive' | 'warning' | 'error';

/** A short label beside a name (a status, Start station, WIP); its words carry the meaning, the tone only adds to it. */
export function Badge({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return (
    <span className="badge" data-tone={tone === 'neutral' ? undefined : tone}>
      {children}
    </span>
  );
}
