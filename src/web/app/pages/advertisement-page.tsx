import { useTranslation } from 'react-i18next';
import { AdvertisementBoard } from '../../features/orders';
import type { ScreenPageProps } from '../routes';
import { useDocumentTitle } from '../use-document-title';

/** order/advertisement: the shop-floor display, full screen without the sidebar. */
export default function AdvertisementPage({ screen }: ScreenPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t(`screens.${screen}.title`));
  return <AdvertisementBoard />;
}
