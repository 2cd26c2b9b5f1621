import { useTranslation } from 'react-i18next';
import { CostsScreen } from '../../features/costing';
import type { ScreenPageProps } from '../routes';
import { useDocumentTitle } from '../use-document-title';

/** costs: rates and prices valid from a day, and the margins report (the `costs` right). */
export default function CostsPage({ screen }: ScreenPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t(`screens.${screen}.title`));
  return <CostsScreen />;
}
