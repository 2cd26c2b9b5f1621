import { companySelectorQuery, useCompanyAccounts } from '../../features/company-accounts/api/get-company-accounts';
import { CompanySelector } from '../../features/company-switch';
import { can } from '../../lib/access';
import { useAuth } from '../../lib/auth';

/** The company selector of the sidebar, fed with the customer accounts (page 1, limit 100); master only. */
export function MasterCompanySelector() {
  const { session } = useAuth();
  const isMaster = can(session, 'chooseCompany');
  const accounts = useCompanyAccounts(companySelectorQuery, isMaster);
  if (!isMaster) return null;
  return <CompanySelector companies={accounts.data?.data ?? []} isLoading={accounts.isPending} />;
}
