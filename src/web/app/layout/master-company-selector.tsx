import { lazy, Suspense } from 'react';
import { companySelectorQuery, useCompanyAccounts } from '../../features/company-accounts/api/get-company-accounts';
import { can } from '../../lib/access';
import { useAuth } from '../../lib/auth';

// The selector (react-aria's ComboBox) downloads for the master only, not with every user's signed-in frame.
const CompanySelector = lazy(() => import('../../features/company-switch/company-selector').then((module) => ({ default: module.CompanySelector })));

/** The company selector of the sidebar, fed with the customer accounts (page 1, limit 100); master only. */
export function MasterCompanySelector() {
  const { session } = useAuth();
  const isMaster = can(session, 'chooseCompany');
  const accounts = useCompanyAccounts(companySelectorQuery, isMaster);
  if (!isMaster) return null;
  return (
    <Suspense fallback={null}>
      <CompanySelector companies={accounts.data?.data ?? []} isLoading={accounts.isPending} />
    </Suspense>
  );
}
