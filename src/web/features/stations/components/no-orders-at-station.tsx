import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/empty-state';

/** The station screen's worklist before any order has arrived at the station. */
export function NoOrdersAtStation({ stationName }: { stationName: string }) {
  const { t } = useTranslation();
  return (
    <EmptyState title={t('stations.work.noOrders')} headingLevel={3}>
      <p>{t('stations.work.noOrdersText', { station: stationName })}</p>
    </EmptyState>
  );
}
