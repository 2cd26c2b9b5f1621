import { useTranslation } from 'react-i18next';
import { HomeBoardScreen } from '../../features/orders';
import type { ScreenPageProps } from '../routes';
import { useDocumentTitle } from '../use-document-title';

/** home: the live board of the company's orders. */
export default function HomePage({ screen }: ScreenPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t(`screens.${screen}.title`));
  return <HomeBoardScreen />;
}
