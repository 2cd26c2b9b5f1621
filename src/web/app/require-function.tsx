import type { ReactNode } from 'react';
import type { CompanyFunction } from '../../domain/company/company.schema';
import { useAuth } from '../lib/auth';
import { useCompanyFunctions } from '../lib/company-display';
import { PageSpinner } from '../ui/spinner';
import NotFound from './pages/not-found';

/**
 * A screen of an optional function: "not found" once the company is known to have switched it off (its routes
 * answer 404 too). Loaded with those screens (app/router.tsx): it reads the company's settings with the query
 * client, which the start-up does not load.
 */
export default function RequireFunction({ name, children }: { name: CompanyFunction | undefined; children: ReactNode }) {
  const functions = useCompanyFunctions();
  const { session } = useAuth();
  if (!name || !session?.company) return <>{children}</>;
  if (functions.status === 'pending') return <PageSpinner />;
  if (functions.isOff(name)) return <NotFound />;
  return <>{children}</>;
}
