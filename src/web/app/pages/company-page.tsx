import { useTranslation } from 'react-i18next';
import { CompanyScreen } from '../../features/company-settings';
import type { ScreenPageProps } from '../routes';
import { useDocumentTitle } from '../use-document-title';

/** The company screen: basic data and advanced settings. */
export default function CompanyPage({ screen }: ScreenPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t(`screens.${screen}.title`));
  return <CompanyScreen />;
}
