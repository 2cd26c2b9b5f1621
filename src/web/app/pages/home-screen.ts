import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import type { HomeScreen } from '../../../domain/home/home.views';
// The boards' own query files (not the features' indexes, docs/performance.md): their keys are seeded here.
import { openInterruptionsKey, stationBoardKey } from '../../features/board/api/board';
import { getInterruptionsQueryOptions } from '../../features/interruptions/api/interruptions';
import { getKeyFiguresQueryOptions } from '../../features/key-figures/api/key-figures';
import { getOrderBoardQueryOptions } from '../../features/orders/api/orders';
import { api } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { restoreSession } from '../../lib/session';

/** `GET /api/home`: the home screen's boards in one answer, each part as its own route answers it. */
const getHomeScreen = (token: string): Promise<HomeScreen> => api.get<HomeScreen>('/home', { headers: { authorization: `Bearer ${token}` } });

interface HomeRead {
  company: string;
  token: string;
  read: Promise<HomeScreen>;
  /** The answer and when it came, once it is in; `failed` when the read failed (the boards then read themselves). */
  settled?: { screen: HomeScreen; at: number } | 'failed';
}

let current: HomeRead | null = null;

/** The read for this session: the one under way or done for it, else a new one. */
function homeReadFor(company: string, token: string): HomeRead {
  if (current && current.company === company && current.token === token) return current;
  const started: HomeRead = { company, token, read: getHomeScreen(token) };
  started.read.then(
    (screen) => {
      started.settled = { screen, at: Date.now() };
    },
    () => {
      started.settled = 'failed';
    },
  );
  current = started;
  return started;
}

// The read starts when this file loads: main.tsx preloads the home page's chunk at start-up for a signed-in
// user, so the boards' data downloads beside the console's scripts and texts instead of after React rendered
// the frame (docs/performance.md, Lighthouse). It carries the saved session's token itself: the api client
// gets the token only when the app renders.
const saved = restoreSession();
if (saved?.company && window.location.pathname === '/home') homeReadFor(saved.company, saved.access_token);

/** Puts each board's part of the home read into the board's own query, so its live updates work as before. */
function seedBoards(queryClient: QueryClient, { screen, at }: { screen: HomeScreen; at: number }): void {
  const seed = (queryKey: readonly unknown[], data: unknown) => {
    if (queryClient.getQueryData(queryKey) === undefined) queryClient.setQueryData(queryKey, data, { updatedAt: at });
  };
  seed(getOrderBoardQueryOptions().queryKey, screen.orders);
  seed(stationBoardKey, screen.stationBoard);
  seed(getInterruptionsQueryOptions({ open: true }).queryKey, screen.openInterruptions);
  seed(openInterruptionsKey, screen.openInterruptions.data);
  if (screen.keyFigures) seed(getKeyFiguresQueryOptions('day').queryKey, screen.keyFigures);
}

const boardsCached = (queryClient: QueryClient) =>
  [getOrderBoardQueryOptions().queryKey, stationBoardKey, openInterruptionsKey].every((queryKey) => queryClient.getQueryData(queryKey) !== undefined);

/**
 * Whether the home screen's boards may render: once their first data is in their own queries, seeded
 * from one `GET /api/home` (or at once when they are cached from an earlier visit). Should the read
 * fail, they render anyway and read their own routes as before. The boards then appear in a transition.
 */
export function useHomeBoards(): boolean {
  const queryClient = useQueryClient();
  const { session } = useAuth();
  const company = session?.company ?? null;
  const token = session?.access_token ?? null;
  const [ready, setReady] = useState(() => {
    if (!company || !token || boardsCached(queryClient)) return true;
    // The read started with the page's chunk is in already: the first render draws the boards with their data.
    const settled = homeReadFor(company, token).settled;
    if (settled && settled !== 'failed') seedBoards(queryClient, settled);
    return settled !== undefined;
  });

  useEffect(() => {
    if (ready || !company || !token) return;
    let active = true;
    const home = homeReadFor(company, token);
    const show = () => {
      if (!active) return;
      if (home.settled && home.settled !== 'failed') seedBoards(queryClient, home.settled);
      startTransition(() => setReady(true));
    };
    home.read.then(show, show);
    return () => {
      active = false;
    };
  }, [ready, company, token, queryClient]);

  return ready;
}
