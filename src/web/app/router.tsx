import { lazy, Suspense, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { PageSpinner } from '../ui/spinner';
import { RedirectWhenSignedIn, RequireAuth, RequireMaster } from './guards';
import { ConsoleShell } from './layout/console-shell';
import { RouteErrorBoundary } from './route-error-boundary';
import { RequireTexts } from './texts-gate';
import { displayRoutes, layoutRoutes, loadLayout, publicRoutes, stationRoutes, type ScreenRoute } from './routes';

// The signed-in frame (sidebar, header, company selector) and the console's texts come with the first
// screen inside it, so the public pages (sign-in, sign-up, tracking) do not download them (docs/performance.md).
const Layout = lazy(() => loadLayout().then((module) => ({ default: module.Layout })));
// The query client, the live feed and react-aria's providers come with the console's screens too (app/console-providers.tsx).
// Plain lazy, as the frame: only a page's own file (lazyPage) decides about the one reload after a failed download.
const ConsoleProviders = lazy(() => import('./console-providers'));
const RequireFunction = lazy(() => import('./require-function'));
const NotFound = lazy(() => import('./pages/not-found'));

/** The console's providers around screens outside the signed-in frame (the frame has them around itself). */
function ConsoleTier({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <ConsoleProviders>{children}</ConsoleProviders>
    </Suspense>
  );
}

/** A page loaded on demand, with a spinner meanwhile and an error screen if it cannot load. */
function Screen({ route }: { route: ScreenRoute }) {
  const [path] = useLocation();
  const Page = route.page;
  return (
    <RouteErrorBoundary key={path}>
      <Suspense fallback={<PageSpinner />}>
        {route.texts === 'public' ? (
          <Page screen={route.screen} />
        ) : (
          <RequireTexts>
            <Page screen={route.screen} />
          </RequireTexts>
        )}
      </Suspense>
    </RouteErrorBoundary>
  );
}

function guarded(route: ScreenRoute): ReactNode {
  const screen = route.function ? (
    <RequireFunction name={route.function}>
      <Screen route={route} />
    </RequireFunction>
  ) : (
    <Screen route={route} />
  );
  if (route.access === 'master') return <RequireMaster>{screen}</RequireMaster>;
  if (route.screen === 'login') return <RedirectWhenSignedIn>{screen}</RedirectWhenSignedIn>;
  return screen;
}

/**
 * The route table of spec section 2. "/" is the layout route and leads to /home; public pages
 * come first, every other address is inside the layout and needs a signed-in user.
 */
export function AppRouter() {
  return (
    <Switch>
      <Route path="/">
        <Redirect to="/home" replace />
      </Route>
      {publicRoutes.map((route) => (
        <Route key={route.path} path={route.path}>
          {/* The sign-in and password pages: the auth page gives the screens that need them the console's providers. */}
          {route.texts === 'public' ? guarded(route) : <ConsoleTier>{guarded(route)}</ConsoleTier>}
        </Route>
      ))}
      {stationRoutes.map((route) => (
        <Route key={route.path} path={route.path}>
          <ConsoleTier>
            <Screen route={route} />
          </ConsoleTier>
        </Route>
      ))}
      {displayRoutes.map((route) => (
        <Route key={route.path} path={route.path}>
          <RequireAuth>
            <ConsoleTier>{guarded(route)}</ConsoleTier>
          </RequireAuth>
        </Route>
      ))}
      <Route>
        {/* Signed out, the visitor goes to the sign-in before the frame and the console's texts download. Until they
            and the frame's providers are in, the frame's stand-in (the same the server prerenders) shows. */}
        <RequireAuth>
          <RouteErrorBoundary>
            <Suspense fallback={<ConsoleShell />}>
              <RequireTexts>
                <ConsoleProviders>
                  <Layout>
                    <Switch>
                      {layoutRoutes.map((route) => (
                        <Route key={route.path} path={route.path}>
                          {guarded(route)}
                        </Route>
                      ))}
                      <Route>
                        <NotFound />
                      </Route>
                    </Switch>
                  </Layout>
                </ConsoleProviders>
              </RequireTexts>
            </Suspense>
          </RouteErrorBoundary>
        </RequireAuth>
      </Route>
    </Switch>
  );
}
