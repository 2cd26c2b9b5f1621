// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createServer, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from './api';
import { AuthProvider, useAuth, type Auth } from './auth';
import { consoleQueryClient } from './query-client';
import { restoreSession, saveSession, savedFormDataStorageKey, sessionStorageKey, type SessionRecord } from './session';

// A small HTTP server standing in for the API: records who called and answers as scripted.
let server: Server;
let calls: { method: string; url: string; authorization: string | null }[] = [];
let status = 200;

beforeAll(async () => {
  server = createServer((request, response) => {
    calls.push({ method: request.method ?? '', url: request.url ?? '', authorization: request.headers.authorization ?? null });
    response.statusCode = status;
    response.setHeader('content-type', 'application/json');
    response.end(
      status < 300 ? '{}' : JSON.stringify({ error: { code: status === 401 ? 'UNAUTHORIZED' : 'INTERNAL_SERVER_ERROR', message: 'x', details: [] } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`http://127.0.0.1:${port}/home`);
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  localStorage.clear();
  calls = [];
  status = 200;
});

afterEach(cleanup);

const record: SessionRecord = { access_token: 'token-7', userId: 'user-7', role: 'ADMIN', company: 'company-7' };

function renderAuth(onSessionEnded?: () => void) {
  const current: { auth?: Auth } = {};
  function Probe() {
    current.auth = useAuth();
    return <p>status: {current.auth.status}</p>;
  }
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider onSessionEnded={onSessionEnded}>
        <Probe />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return current as { auth: Auth };
}

describe('auth state', () => {
  it('restores a saved session at start-up and sends its token with every call', async () => {
    saveSession(record);
    const current = renderAuth();
    await screen.findByText('status: authenticated');
    expect(current.auth.session).toEqual(record);
    await api.get('/home');
    expect(calls[0].authorization).toBe('Bearer token-7');
  });

  it('is unauthenticated when the saved session has expired, and sends no token', async () => {
    localStorage.setItem(sessionStorageKey, JSON.stringify({ ...record, expiresAt: Date.now() - 1 }));
    renderAuth();
    await screen.findByText('status: unauthenticated');
    expect(localStorage.getItem(sessionStorageKey)).toBeNull();
    await api.get('/home');
    expect(calls[0].authorization).toBeNull();
  });

  it('login stores the session, clears saved form data and marks the user signed in', async () => {
    localStorage.setItem(savedFormDataStorageKey, '{"customerName":"Alpen GmbH"}');
    const current = renderAuth();
    await screen.findByText('status: unauthenticated');
    act(() => current.auth.login(record));
    await screen.findByText('status: authenticated');
    expect(restoreSession()).toEqual(record);
    expect(localStorage.getItem(savedFormDataStorageKey)).toBeNull();
  });

  it('logout tells the server with the token, then forgets the session', async () => {
    saveSession(record);
    const current = renderAuth();
    await screen.findByText('status: authenticated');
    await act(() => current.auth.logout());
    expect(calls).toEqual([{ method: 'POST', url: '/api/auth/logout', authorization: 'Bearer token-7' }]);
    await screen.findByText('status: unauthenticated');
    expect(localStorage.getItem(sessionStorageKey)).toBeNull();
    await api.get('/home');
    expect(calls[1].authorization).toBeNull();
  });

  it('logout forgets the session even when the server fails or refuses the token', async () => {
    let ended = 0;
    for (const answer of [500, 401]) {
      cleanup();
      status = answer;
      saveSession(record);
      const current = renderAuth(() => (ended += 1));
      await screen.findByText('status: authenticated');
      await act(() => current.auth.logout());
      await screen.findByText('status: unauthenticated');
      expect(localStorage.getItem(sessionStorageKey)).toBeNull();
    }
    // Signing out on purpose is not a session that "ended".
    expect(ended).toBe(0);
  });

  it('ends the session when the server refuses its token on any call', async () => {
    let ended = 0;
    saveSession(record);
    renderAuth(() => (ended += 1));
    await screen.findByText('status: authenticated');
    status = 401;
    await act(() => api.get('/home').catch(() => undefined));
    await waitFor(() => expect(screen.getByText('status: unauthenticated')).toBeTruthy());
    expect(ended).toBe(1);
    expect(localStorage.getItem(sessionStorageKey)).toBeNull();
  });

  it("starts the console's cached reads over with a new session and empties them on sign-out", async () => {
    const queries = consoleQueryClient();
    const current = renderAuth();
    await screen.findByText('status: unauthenticated');
    queries.setQueryData(['orders', 'board'], { rows: 3 });
    act(() => current.auth.login(record));
    expect(queries.getQueryData(['orders', 'board'])).toBeUndefined();
    queries.setQueryData(['orders', 'board'], { rows: 3 });
    await act(() => current.auth.logout());
    expect(queries.getQueryCache().getAll()).toEqual([]);
  });
});
