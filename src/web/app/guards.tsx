import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { can } from '../lib/access';
import { useAuth } from '../lib/auth';
import { PageSpinner } from '../ui/spinner';

/** Protected routes: a spinner while the saved session is checked, /login when nobody is signed in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'loading') return <PageSpinner />;
  if (status === 'unauthenticated') return <Redirect to="/login" replace />;
  return <>{children}</>;
}

/** Master-only routes: every other signed-in user is sent to /home. */
export function RequireMaster({ children }: { children: ReactNode }) {
  const { session } = useAuth();
  if (!can(session, 'chooseCompany')) return <Redirect to="/home" replace />;
  return <>{children}</>;
}

/** The sign-in page is of no use to a signed-in user: it leads home instead. */
export function RedirectWhenSignedIn({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'loading') return <PageSpinner />;
  if (status === 'authenticated') return <Redirect to="/home" replace />;
  return <>{children}</>;
}
