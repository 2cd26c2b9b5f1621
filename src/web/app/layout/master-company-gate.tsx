import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { companySelectorQuery, useCompanyAccounts } from '../../features/company-accounts/api/get-company-accounts';
import { can } from '../../lib/access';
import { useAuth } from '../../lib/auth';
import { CenteredMessage } from '../../ui/empty-state';
import { PageSpinner } from '../../ui/spinner';

/**
 * The master user works through the company accounts; when their list fails to load or is
 * empty there is nothing to work on, and the content area says so (message.missingData).
 */
export function MasterCompanyGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { session } = useAuth();
  const isMaster = can(session, 'chooseCompany');
  const accounts = useCompanyAccounts(companySelectorQuery, isMaster);
  if (!isMaster) return <>{children}</>;
  if (accounts.isPending) return <PageSpinner />;
  if (accounts.isError || accounts.data.data.length === 0) return <CenteredMessage>{t('message.missingData')}</CenteredMessage>;
  return <>{children}</>;
}
