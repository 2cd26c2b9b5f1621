// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NotificationProvider, useNotify, type Notification } from './notification-bar';

afterEach(cleanup);

function renderBar() {
  const current: { notify?: (notification: Notification) => void } = {};
  function Probe() {
    current.notify = useNotify();
    return null;
  }
  render(
    <NotificationProvider>
      <Probe />
    </NotificationProvider>,
  );
  return (notification: Notification) => act(() => current.notify!(notification));
}

describe('notification bar', () => {
  it('shows one notification at a time: a new one replaces the old', () => {
    const notify = renderBar();
    notify({ severity: 'error', message: 'First problem' });
    notify({ severity: 'error', message: 'Second problem' });
    expect(screen.getByRole('alert').textContent).toContain('Second problem');
    expect(screen.getByRole('alert').textContent).not.toContain('First problem');
  });

  it('keeps the session-ended notice when errors of the same ended session follow it, but not against other news', () => {
    const notify = renderBar();
    notify({ severity: 'warning', message: 'Your session has ended.', outranksErrors: true });
    notify({ severity: 'error', message: 'You are not signed in.' });
    expect(screen.getByRole('alert').textContent).toContain('Your session has ended.');

    notify({ severity: 'success', message: 'Signed in.' });
    expect(screen.getByRole('status').textContent).toContain('Signed in.');
    expect(screen.getByRole('alert').textContent).toBe('');
  });
});
