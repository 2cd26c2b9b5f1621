import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import type { CompanyFunction } from '../../domain/company/company.schema';
import { can } from '../lib/access';
import { useAuth } from '../lib/auth';
import { useCompanyFunctions } from '../lib/company-display';
import { PageSpinner } from '../ui/spinner';
import NotFound from './pages/not-found';

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

/** A screen of an optional function: "not found" once the company is known to have switched it off (its routes answer 404 too). */
export function RequireFunction({ name, children }: { name: CompanyFunction | undefined; children: ReactNode }) {
  const functions = useCompanyFunctions();
  const { session } = useAuth();
  if (!name || !session?.company) return <>{children}</>;
  if (functions.status === 'pending') return <PageSpinner />;
  if (functions.isOff(name)) return <NotFound />;
  return <>{children}</>;
}
