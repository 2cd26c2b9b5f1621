import { useTranslation } from 'react-i18next';
import { AccountTab, CompanyScreen, type CompanyTab } from '../../features/company-settings';
import { KeyFiguresTab } from '../../features/key-figures';
import { useCompanyFunctions } from '../../lib/company-display';
import type { ScreenPageProps } from '../routes';
import { useDocumentTitle } from '../use-document-title';

/** The company screen: its own tabs, then the tabs of other features (key figures, while the company has them on). */
export default function CompanyPage({ screen }: ScreenPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t(`screens.${screen}.title`));
  const functions = useCompanyFunctions();
  const keyFigures: CompanyTab[] = functions.isOn('keyFigures') ? [{ id: 'keyFigures', title: t('keyFigures.tab.title'), panel: <KeyFiguresTab /> }] : [];
  // The Account tab is the last, as in the spec.
  const extraTabs: CompanyTab[] = [...keyFigures, { id: 'account', title: t('companyAccount.tab'), panel: <AccountTab /> }];
  return <CompanyScreen extraTabs={extraTabs} />;
}
