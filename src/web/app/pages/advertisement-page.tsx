import { useTranslation } from 'react-i18next';
import { InterruptedStations, InterruptionAlerts } from '../../features/interruptions';
import { StationBoard } from '../../features/board';
import { AdvertisementBoard } from '../../features/orders';
import type { ScreenPageProps } from '../routes';
import { useDocumentTitle } from '../use-document-title';

/** order/advertisement: the shop-floor display, full screen without the sidebar; stopped stations show red above the orders. */
export default function AdvertisementPage({ screen }: ScreenPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t(`screens.${screen}.title`));
  // Outside the console's layout: the supervisors' interruption notifications are mounted here too.
  return (
    <>
      <InterruptionAlerts />
      <AdvertisementBoard alerts={<InterruptedStations variant="display" />} stationBoard={<StationBoard variant="display" />} />
    </>
  );
}
