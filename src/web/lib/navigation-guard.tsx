import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Router, type AroundNavHandler, type NavigateOptions } from 'wouter';
import { navigate as browserNavigate } from 'wouter/use-browser-location';

/** A navigation that waits for the user: leave the page and its unsaved changes, or stay. */
export interface LeavePrompt {
  stay: () => void;
  leave: () => void;
}

interface NavigationGuard {
  /** Marks the shown page as holding unsaved changes; the answer releases the mark. */
  block: () => () => void;
  /** Runs `leave` at once, or after the user agreed to drop unsaved changes (sign-out, say). */
  confirmLeave: (leave: () => void) => void;
}

const NavigationGuardContext = createContext<NavigationGuard | null>(null);

const pathOf = (href: string) => new URL(href, window.location.href).pathname;

const warnBeforeUnload = (event: BeforeUnloadEvent) => {
  event.preventDefault();
  // Older browsers show their prompt only when returnValue is set.
  event.returnValue = '';
};

/**
 * The address the screens are rendered for. It follows the browser's, except while Back or Forward
 * waits for the user's answer: screens then keep showing the page they are on, whenever React renders.
 */
function createShownLocation(ssrPath = '/') {
  // Without a window (the build's prerender, src/web/prerender.tsx) the address is the one rendered.
  const read = () => (typeof window === 'undefined' ? { path: ssrPath, search: '' } : { path: window.location.pathname, search: window.location.search });
  let shown = read();
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const follow = () => {
    const now = read();
    if (now.path === shown.path && now.search === shown.search) return;
    shown = now;
    for (const listener of listeners) listener();
  };
  const navigate = (to: string, options?: NavigateOptions) => {
    browserNavigate(to, options);
    follow();
  };
  // wouter's location and search hooks (`<Router hook searchHook>`), reading the shown address.
  // The server's snapshot is the same: a hydrated page was rendered for the address it is shown at.
  const path = () => shown.path;
  const search = () => shown.search;
  const useShownLocation = (): [string, typeof navigate] => [useSyncExternalStore(subscribe, path, path), navigate];
  const useShownSearch = () => useSyncExternalStore(subscribe, search, search);
  return { follow, useShownLocation, useShownSearch };
}

export interface NavigationGuardProviderProps {
  children: ReactNode;
  /** The question shown while a navigation waits (`null`: none waits), e.g. a dialog. */
  renderPrompt: (prompt: LeavePrompt | null) => ReactNode;
  /** The address rendered where there is no window (the build's prerender). */
  ssrPath?: string;
}

/**
 * wouter's router for the console, and the one place every in-app navigation passes: its `aroundNav`
 * serves `Link`, `Redirect`, `useLocation`'s navigate, `useSearchParams` and so the react-aria links.
 * While a page holds unsaved changes (`useUnsavedChangesGuard`), a navigation to another path waits
 * for `renderPrompt`'s answer. Back and Forward are turned back to the page and asked about the same
 * way; closing or reloading the tab gets the browser's own prompt. A change of the query alone keeps
 * the page, so it passes.
 */
export function NavigationGuardProvider({ children, renderPrompt, ssrPath }: NavigationGuardProviderProps) {
  const [location] = useState(() => createShownLocation(ssrPath));
  const blockers = useRef(0);
  // The history entry of the guarded page, to return to when Back or Forward left it.
  const guardedEntry = useRef<{ href: string; state: unknown } | null>(null);
  const letTraversalPass = useRef(false);
  const [prompt, setPrompt] = useState<LeavePrompt | null>(null);

  const ask = useCallback((leave: () => void) => {
    setPrompt({
      stay: () => setPrompt(null),
      leave: () => {
        setPrompt(null);
        leave();
      },
    });
  }, []);

  const rememberEntry = () => {
    guardedEntry.current = { href: window.location.href, state: window.history.state };
  };

  const aroundNav = useCallback<AroundNavHandler>(
    (navigate, to, options) => {
      if (blockers.current > 0 && pathOf(to) !== window.location.pathname) {
        ask(() => navigate(to, options));
        return;
      }
      navigate(to, options);
      if (blockers.current > 0) rememberEntry();
    },
    [ask],
  );

  useEffect(() => {
    const onPopState = () => {
      const guarded = guardedEntry.current;
      const passes = letTraversalPass.current || blockers.current === 0 || !guarded || pathOf(guarded.href) === window.location.pathname;
      letTraversalPass.current = false;
      if (passes) {
        location.follow();
        if (blockers.current > 0) rememberEntry();
        return;
      }
      // Back on the guarded page as a new entry: whatever Back or Forward reached is now the entry before it.
      window.history.pushState(guarded.state, '', guarded.href);
      ask(() => {
        letTraversalPass.current = true;
        window.history.back();
      });
    };
    window.addEventListener('popstate', onPopState);
    window.addEventListener('hashchange', location.follow);
    location.follow();
    return () => {
      window.removeEventListener('popstate', onPopState);
      window.removeEventListener('hashchange', location.follow);
    };
  }, [ask, location]);

  const guard = useMemo<NavigationGuard>(
    () => ({
      block: () => {
        if (blockers.current === 0) {
          rememberEntry();
          window.addEventListener('beforeunload', warnBeforeUnload);
        }
        blockers.current += 1;
        let released = false;
        return () => {
          if (released) return;
          released = true;
          blockers.current -= 1;
          if (blockers.current === 0) window.removeEventListener('beforeunload', warnBeforeUnload);
        };
      },
      confirmLeave: (leave) => {
        if (blockers.current > 0) ask(leave);
        else leave();
      },
    }),
    [ask],
  );

  return (
    <NavigationGuardContext.Provider value={guard}>
      <Router hook={location.useShownLocation} searchHook={location.useShownSearch} aroundNav={aroundNav}>
        {children}
        {renderPrompt(prompt)}
      </Router>
    </NavigationGuardContext.Provider>
  );
}

/**
 * Keeps unsaved changes from being lost by a navigation: while `dirty`, leaving the page asks first
 * (see `NavigationGuardProvider`). Saving or discarding makes `dirty` false, which lifts the guard.
 * `release` lifts it at once, for a save that navigates on before `dirty` has turned false; it comes
 * back when `dirty` turns true again.
 */
export function useUnsavedChangesGuard(dirty: boolean): { release: () => void } {
  const guard = useContext(NavigationGuardContext);
  const release = useRef<(() => void) | null>(null);
  // A layout effect: a screen that goes (e.g. on sign-out) drops its guard before a redirect of the same commit runs.
  useLayoutEffect(() => {
    if (!dirty || !guard) return;
    const unblock = guard.block();
    release.current = unblock;
    return () => {
      release.current = null;
      unblock();
    };
  }, [dirty, guard]);
  return useMemo(() => ({ release: () => release.current?.() }), []);
}

/**
 * For an action that leaves the page without a navigation of its own (sign-out): returns a function
 * that runs it at once, or after the user agreed to drop the page's unsaved changes.
 */
export function useConfirmLeave(): (leave: () => void) => void {
  const guard = useContext(NavigationGuardContext);
  return useCallback((leave: () => void) => (guard ? guard.confirmLeave(leave) : leave()), [guard]);
}
