import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { api, onUnauthorized, setApiToken } from './api';
import { clearSavedFormData, clearSession, restoreSession, saveSession, type SessionRecord } from './session';

/** Spec section 4: loading until the saved session is checked, then authenticated or not. */
export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface Auth {
  status: AuthStatus;
  /** The signed-in user's session; null unless authenticated. */
  session: SessionRecord | null;
  /** Stores a session from sign-in (or a company switch), clears saved form data, refreshes every cached query, marks the user signed in. */
  login(record: SessionRecord): void;
  /** Tells the server, then forgets the session here even if the server could not be reached. */
  logout(): Promise<void>;
}

const AuthContext = createContext<Auth | null>(null);

/** `signedIn`: a session was stored (sign-in, a company switch); `signedOut`: it was forgotten. */
export type SessionChange = 'signedIn' | 'signedOut';

const sessionChangeListeners = new Set<(change: SessionChange) => void>();

/**
 * Calls `listener` whenever the session changes; returns the unsubscribe. The query client (lib/query-client.ts)
 * listens so nothing read with another token stays cached, without the sign-in page loading the query library.
 */
export function onSessionChange(listener: (change: SessionChange) => void): () => void {
  sessionChangeListeners.add(listener);
  return () => sessionChangeListeners.delete(listener);
}

const announce = (change: SessionChange) => sessionChangeListeners.forEach((listener) => listener(change));

type AuthState = { status: 'loading' } | { status: 'unauthenticated' } | { status: 'authenticated'; session: SessionRecord };

export interface AuthProviderProps {
  children: ReactNode;
  /** Called when the server refuses the session's token (revoked or expired) and it was dropped. */
  onSessionEnded?: () => void;
}

export function AuthProvider({ children, onSessionEnded }: AuthProviderProps) {
  // The saved session is read from localStorage synchronously, so the first render already knows it.
  const [state, setState] = useState<AuthState>(() => {
    const session = restoreSession();
    setApiToken(session?.access_token ?? null);
    return session ? { status: 'authenticated', session } : { status: 'unauthenticated' };
  });
  const signingOut = useRef(false);

  const forget = useCallback(() => {
    clearSession();
    setApiToken(null);
    // What the station screen kept for a reload without network belongs to the session that ended
    // (a shared tablet). Loaded on demand: only station screens use the store.
    void import('./offline-queue').then((queue) => queue.clearSnapshots());
    announce('signedOut');
    setState({ status: 'unauthenticated' });
  }, []);

  useEffect(
    () =>
      onUnauthorized(() => {
        if (signingOut.current) return;
        forget();
        onSessionEnded?.();
      }),
    [forget, onSessionEnded],
  );

  const login = useCallback((record: SessionRecord) => {
    saveSession(record);
    clearSavedFormData();
    setApiToken(record.access_token);
    // Nothing read with another token may stay: every cached query starts over, the shown ones
    // refetch at once with the new token (a master's company switch, spec section 4).
    announce('signedIn');
    setState({ status: 'authenticated', session: record });
  }, []);

  const logout = useCallback(async () => {
    signingOut.current = true;
    try {
      await api.post('/auth/logout');
    } catch {
      // Signing out must work offline and with a token the server already forgot.
    } finally {
      signingOut.current = false;
    }
    forget();
  }, [forget]);

  const value = useMemo<Auth>(
    () => ({ status: state.status, session: state.status === 'authenticated' ? state.session : null, login, logout }),
    [state, login, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The current auth state and the sign-in / sign-out actions. */
export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth needs an AuthProvider above it');
  return auth;
}
