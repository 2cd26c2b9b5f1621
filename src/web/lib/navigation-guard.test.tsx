// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Link, useLocation } from 'wouter';
import { NavigationGuardProvider, useUnsavedChangesGuard, type LeavePrompt } from './navigation-guard';

// A form with a draft, the way a screen uses the guard; the prompt stands in for the dialog.
function DraftForm() {
  const [draft, setDraft] = useState('');
  const guard = useUnsavedChangesGuard(draft !== '');
  const [, navigate] = useLocation();
  return (
    <>
      <input aria-label="Station name" value={draft} onChange={(event) => setDraft(event.target.value)} />
      <button onClick={() => setDraft('')}>Discard</button>
      <button
        onClick={() => {
          guard.release();
          navigate('/station');
        }}
      >
        Save
      </button>
    </>
  );
}

function Shown() {
  const [path] = useLocation();
  return (
    <>
      <p>at {path}</p>
      {path === '/station/edit' ? <DraftForm /> : null}
      <Link href="/material">Materials</Link>
      <Link href="/station/edit?tab=actions">Actions tab</Link>
    </>
  );
}

const prompt = (waiting: LeavePrompt | null) =>
  waiting ? (
    <div role="alertdialog">
      <button onClick={waiting.stay}>Stay</button>
      <button onClick={waiting.leave}>Leave without saving</button>
    </div>
  ) : null;

function renderConsole() {
  return render(
    <NavigationGuardProvider renderPrompt={prompt}>
      <Shown />
    </NavigationGuardProvider>,
  );
}

const type = (text: string) => fireEvent.change(screen.getByRole('textbox', { name: 'Station name' }), { target: { value: text } });
const follow = (link: string) => act(() => void fireEvent.click(screen.getByRole('link', { name: link })));
const press = (button: string) => act(() => void fireEvent.click(screen.getByRole('button', { name: button })));
const unloadIsStopped = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

beforeEach(() => window.history.replaceState(null, '', '/station/edit'));
afterEach(cleanup);

describe('unsaved changes guard', () => {
  it('lets every navigation pass while nothing is changed', async () => {
    renderConsole();
    await follow('Materials');
    expect(screen.getByText('at /material')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(unloadIsStopped()).toBe(false);
  });

  it('asks before a link leaves a changed page: Stay keeps page and draft, Leave goes on', async () => {
    renderConsole();
    type('LACK');
    await follow('Materials');
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(window.location.pathname).toBe('/station/edit');

    await press('Stay');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByText('at /station/edit')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Station name' }) as HTMLInputElement).value).toBe('LACK');

    await follow('Materials');
    await press('Leave without saving');
    expect(screen.getByText('at /material')).toBeTruthy();
    expect(window.location.pathname).toBe('/material');
    // The page went, and its guard with it.
    expect(unloadIsStopped()).toBe(false);
  });

  it('keeps the page for a change of the query alone', async () => {
    renderConsole();
    type('LACK');
    await follow('Actions tab');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(window.location.search).toBe('?tab=actions');
  });

  it('stops closing the tab while changed, and lifts both questions on discard', async () => {
    renderConsole();
    type('LACK');
    expect(unloadIsStopped()).toBe(true);
    await press('Discard');
    expect(unloadIsStopped()).toBe(false);
    await follow('Materials');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByText('at /material')).toBeTruthy();
  });

  it('lets a save navigate on at once through release', async () => {
    renderConsole();
    type('LACK');
    await press('Save');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByText('at /station')).toBeTruthy();
  });
});
