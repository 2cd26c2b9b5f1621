import { useTranslation } from 'react-i18next';
import { AccountTab, CompanyScreen, type CompanyTab } from '../../features/company-settings';
import { ApiKeysTab, WebhooksTab } from '../../features/integration';
import { KeyFiguresTab } from '../../features/key-figures';
import { MachinesTab } from '../../features/machines';
import { can } from '../../lib/access';
import { useAuth } from '../../lib/auth';
import { useCompanyFunctions } from '../../lib/company-display';
import type { ScreenPageProps } from '../routes';
import { useDocumentTitle } from '../use-document-title';

/** The company screen: its own tabs, then the tabs of other features (key figures, while the company has them on; the owner's API keys and webhooks). */
export default function CompanyPage({ screen }: ScreenPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t(`screens.${screen}.title`));
  const functions = useCompanyFunctions();
  const { session } = useAuth();
  const keyFigures: CompanyTab[] = functions.isOn('keyFigures') ? [{ id: 'keyFigures', title: t('keyFigures.tab.title'), panel: <KeyFiguresTab /> }] : [];
  // The Account tab is the last, as in the spec; an admin given the settings right does not see the account.
  const account: CompanyTab[] = can(session, 'companyAccount') ? [{ id: 'account', title: t('companyAccount.tab'), panel: <AccountTab /> }] : [];
  // Keys for other systems are the owner's (docs/integration.md), before the Account tab.
  const apiKeys: CompanyTab[] = can(session, 'companyAccount') ? [{ id: 'apiKeys', title: t('integration.tab'), panel: <ApiKeysTab /> }] : [];
  // The machines' broker and links are the owner's too (docs/integration.md, Machine counts over MQTT).
  const machines: CompanyTab[] = can(session, 'companyAccount') ? [{ id: 'machines', title: t('machines.tab'), panel: <MachinesTab /> }] : [];
  const webhooks: CompanyTab[] = can(session, 'companyAccount') ? [{ id: 'webhooks', title: t('integration.webhooks.tab'), panel: <WebhooksTab /> }] : [];
  const extraTabs: CompanyTab[] = [...keyFigures, ...apiKeys, ...webhooks, ...machines, ...account];
  return <CompanyScreen extraTabs={extraTabs} />;
}
