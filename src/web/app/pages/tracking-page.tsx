import { useTranslation } from 'react-i18next';
import { TrackingScreen } from '../../features/shipments';
import type { ScreenPageProps } from '../routes';
import { useDocumentTitle } from '../use-document-title';

/** /tracking/:token: the end customer's shipment tracking, outside the layout and open to anyone with the link. */
export default function TrackingPage({ screen }: ScreenPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t(`screens.${screen}.title`));
  return <TrackingScreen />;
}
