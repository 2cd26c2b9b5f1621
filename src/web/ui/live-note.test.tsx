// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../lib/i18n';
import type { LiveQueryState } from '../lib/use-live-feed';
import { LiveNote, type LiveKind } from './live-note';

const texts: Record<LiveKind, string> = {
  live: 'Live: the board updates by itself.',
  'catching-up': 'Connecting… the board is not current until it has caught up.',
  offline: 'Connection lost: the board is not current. Reconnecting…',
};
const i18n = createI18n('en');
const note = (live: LiveQueryState) => (
  <I18nextProvider i18n={i18n}>
    <LiveNote live={live} text={(kind) => texts[kind]} />
  </I18nextProvider>
);

afterEach(cleanup);

describe('live note', () => {
  it('says only that it connects while the screen opens, then that it catches up, then that it is live', () => {
    const { rerender } = render(note({ status: 'connecting', isCurrent: false }));
    expect(screen.getByRole('status').textContent).toBe('Connecting to live updates…');
    rerender(note({ status: 'live', isCurrent: false }));
    expect(screen.getByRole('status').textContent).toBe(texts['catching-up']);
    rerender(note({ status: 'live', isCurrent: true }));
    expect(screen.getByRole('status').textContent).toBe(texts.live);
    expect(screen.getByRole('status').dataset.tone).toBe('positive');
  });

  it('says the screen is not current when the connection is lost and while it connects again', () => {
    const { rerender } = render(note({ status: 'live', isCurrent: true }));
    rerender(note({ status: 'offline', isCurrent: false }));
    expect(screen.getByRole('status').textContent).toBe(texts.offline);
    rerender(note({ status: 'connecting', isCurrent: false }));
    expect(screen.getByRole('status').textContent).toBe(texts['catching-up']);
    expect(screen.getByRole('status').dataset.tone).toBe('warning');
  });
});
