// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { ApiError } from '../lib/api';
import { createI18n, type Language } from '../lib/i18n';
import { RecordLoader } from './record-loader';

interface Station {
  id: string;
  name: string;
}

/** Stands in for the API: answers each call with the next scripted answer. */
function scripted(...answers: (Station | ApiError)[]) {
  const calls: number[] = [];
  const load = async (): Promise<Station> => {
    calls.push(calls.length + 1);
    const answer = answers[Math.min(calls.length, answers.length) - 1];
    if (answer instanceof ApiError) throw answer;
    return answer;
  };
  return { load, calls };
}

function StationScreen({ id, load, framed }: { id: string; load: () => Promise<Station>; framed?: boolean }) {
  const station = useQuery({ queryKey: ['station', id], queryFn: load, enabled: id !== '', retry: false });
  return (
    <RecordLoader
      id={id}
      query={station}
      failedTitle="The station could not be loaded"
      noneChosen={{ title: 'No station chosen', text: 'Choose the station in the list.' }}
      back={{ href: '/station', label: 'Back to the stations' }}
      frame={framed ? (placeholder) => <section aria-label="Edit station">{placeholder}</section> : undefined}
    >
      {(loaded) => <h1>Edit {loaded.name}</h1>}
    </RecordLoader>
  );
}

function renderScreen(props: { id: string; load: () => Promise<Station>; framed?: boolean }, language: Language = 'en') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={createI18n(language)}>
      <QueryClientProvider client={client}>
        <StationScreen {...props} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const saege = { id: 'st-1', name: 'SÄGE' };

afterEach(cleanup);

describe('record loader', () => {
  it('shows the spinner while the record loads, then the record', async () => {
    const api = scripted(saege);
    renderScreen({ id: 'st-1', load: api.load });
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Edit SÄGE' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('says when the address names no record, loads nothing and leads back to the list', () => {
    const api = scripted(saege);
    renderScreen({ id: '', load: api.load });
    expect(screen.getByRole('heading', { name: 'No station chosen' })).toBeTruthy();
    expect(screen.getByText('Choose the station in the list.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the stations' }).getAttribute('href')).toBe('/station');
    expect(api.calls).toHaveLength(0);
  });

  it('says a record does not exist (404) without offering to try again', async () => {
    const api = scripted(new ApiError(404, 'NOT_FOUND'));
    renderScreen({ id: 'st-404', load: api.load });
    expect(await screen.findByRole('heading', { name: 'The station could not be loaded' })).toBeTruthy();
    expect(screen.getByText('Not found.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the stations' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('says why any other failure happened and loads the record again on Try again', async () => {
    const api = scripted(new ApiError(503, 'SERVICE_UNAVAILABLE'), saege);
    renderScreen({ id: 'st-1', load: api.load });
    expect(await screen.findByText('The service is temporarily unavailable.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'The station could not be loaded' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the stations' })).toBeTruthy();

    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(await screen.findByRole('heading', { name: 'Edit SÄGE' })).toBeTruthy();
    expect(api.calls).toHaveLength(2);
  });

  it('keeps trying again while the failure lasts', async () => {
    const api = scripted(new ApiError(0, 'UNKNOWN_ERROR'));
    renderScreen({ id: 'st-1', load: api.load });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    await act(async () => void fireEvent.click(retry));
    await waitFor(() => expect(api.calls).toHaveLength(2));
    expect(await screen.findByText('An unknown error occurred.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('speaks the user’s language', async () => {
    const api = scripted(new ApiError(500, 'INTERNAL_SERVER_ERROR'));
    renderScreen({ id: 'st-1', load: api.load }, 'de');
    expect(await screen.findByText('Bei uns ist etwas schiefgelaufen.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
  });

  it('puts the frame around what stands in for the record, not around the record', async () => {
    const failing = scripted(new ApiError(404, 'NOT_FOUND'));
    const { unmount } = renderScreen({ id: 'st-404', load: failing.load, framed: true });
    const notFound = await screen.findByText('Not found.');
    expect(screen.getByRole('region', { name: 'Edit station' }).contains(notFound)).toBe(true);
    unmount();

    const loading = scripted(saege);
    renderScreen({ id: 'st-1', load: loading.load, framed: true });
    expect(screen.getByRole('region', { name: 'Edit station' }).querySelector('[role="progressbar"]')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Edit SÄGE' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Edit station' })).toBeNull();
  });
});
