// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuthProvider } from './auth';
import { createLiveFeed, type LiveEvent, type LiveSocket } from './live-feed';
import { saveSession } from './session';
import { LiveFeedProvider, REFRESH_DELAY_MS, useLiveQuery } from './use-live-feed';

/** A socket the test drives: it records what the client sends and delivers what the test says the server sent. */
class ScriptedSocket implements LiveSocket {
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(code = 1000) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  deliver(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

let sockets: ScriptedSocket[] = [];
let reads = 0;
const lastSocket = () => sockets[sockets.length - 1];

function Board({ only }: { only?: (event: LiveEvent) => boolean }) {
  const board = useQuery({ queryKey: ['orders', 'board'], queryFn: async () => ++reads });
  const live = useLiveQuery(['type:order'], ['orders', 'board'], board, only);
  return (
    <p>
      <span data-testid="reads">{board.data ?? 0}</span> <span data-testid="state">{`${live.status}:${live.isCurrent ? 'current' : 'stale'}`}</span>
    </p>
  );
}

function renderBoard(only?: (event: LiveEvent) => boolean) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <LiveFeedProvider
          createFeed={(options) =>
            createLiveFeed({
              ...options,
              minDelayMs: 1,
              maxDelayMs: 2,
              createSocket: () => {
                const socket = new ScriptedSocket();
                sockets.push(socket);
                return socket;
              },
            })
          }
        >
          <Board only={only} />
        </LiveFeedProvider>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

/** Renders the board and brings its feed live: connected, ready, caught up at cursor 10.5. */
async function renderLiveBoard(only?: (event: LiveEvent) => boolean) {
  renderBoard(only);
  await waitFor(() => expect(sockets).toHaveLength(1));
  act(() => {
    lastSocket().open();
    lastSocket().deliver({ type: 'ready' });
    lastSocket().deliver({ type: 'caught-up', cursor: '10.5' });
  });
  await waitFor(() => expect(state()).toBe('live:current'));
}

const state = () => screen.getByTestId('state').textContent;
const readCount = () => Number(screen.getByTestId('reads').textContent);
const event = (version: number, type = 'OrderPlaced') => ({
  streamId: 'order-1',
  streamType: 'order',
  streamVersion: version,
  type,
  data: {},
  metadata: {},
  recordedAt: '',
  companyId: 'c',
});

beforeEach(() => {
  localStorage.clear();
  sockets = [];
  reads = 0;
  saveSession({ access_token: 'token-1', userId: 'user-1', role: 'ADMIN', company: 'company-1' });
});

afterEach(cleanup);

describe('useLiveQuery', () => {
  it('is current only once the feed caught up and the board was read after it; every event reads it again', async () => {
    renderBoard();
    await waitFor(() => expect(sockets).toHaveLength(1));
    expect(state()).toBe('connecting:stale');
    act(() => lastSocket().open());
    expect(lastSocket().sent[0]).toEqual({ type: 'auth', token: 'token-1' });
    act(() => lastSocket().deliver({ type: 'ready' }));
    expect(lastSocket().sent[1]).toEqual({ type: 'subscribe', topics: ['type:order'] });
    expect(state()).toBe('connecting:stale');

    const before = readCount();
    act(() => lastSocket().deliver({ type: 'caught-up', cursor: '10.5' }));
    await waitFor(() => expect(state()).toBe('live:current'));
    expect(readCount()).toBeGreaterThan(before);

    const beforeEvent = readCount();
    act(() => lastSocket().deliver({ type: 'event', cursor: '11.6', event: event(2) }));
    await waitFor(() => expect(readCount()).toBeGreaterThan(beforeEvent));
  });

  it('reads again only on the events its filter accepts (the plan: the events that change it)', async () => {
    await renderLiveBoard((received) => received.type === 'WorkCompleted');
    // The board read on mounting and once more for the caught-up (asked for after the hook's refresh window,
    // so it may come after the feed turned live): wait for both to land before counting.
    await waitFor(() => expect(reads >= 2 && readCount() === reads).toBe(true));
    const before = reads;
    act(() => lastSocket().deliver({ type: 'event', cursor: '11.6', event: event(2) }));
    // Proving that nothing follows takes waiting past the window in which events are answered with one read.
    await act(() => new Promise((resolve) => setTimeout(resolve, REFRESH_DELAY_MS * 3)));
    expect(reads).toBe(before);
    act(() => lastSocket().deliver({ type: 'event', cursor: '12.7', event: event(3, 'WorkCompleted') }));
    await waitFor(() => expect(readCount()).toBeGreaterThan(before));
  });

  it('says the board is not current while the connection is lost, and catches up from its cursor', async () => {
    await renderLiveBoard();

    act(() => lastSocket().close(1006));
    expect(state()).toBe('offline:stale');

    await waitFor(() => expect(sockets).toHaveLength(2));
    act(() => {
      lastSocket().open();
      lastSocket().deliver({ type: 'ready' });
    });
    expect(lastSocket().sent[1]).toEqual({ type: 'subscribe', topics: ['type:order'], after: '10.5' });
    expect(state()).toBe('connecting:stale');
    const before = readCount();
    act(() => {
      lastSocket().deliver({ type: 'event', cursor: '12.1', event: event(3) });
      lastSocket().deliver({ type: 'caught-up', cursor: '12.1' });
    });
    await waitFor(() => expect(state()).toBe('live:current'));
    expect(readCount()).toBeGreaterThan(before);
  });
});
