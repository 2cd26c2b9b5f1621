import { useTranslation } from 'react-i18next';
import { AddStationScreen, EditStationScreen, StationsScreen } from '../../features/stations';
import type { ScreenPageProps } from '../routes';
import { useDocumentTitle } from '../use-document-title';

/** station (overview with the sequence editor), station/add-production-station and station/edit-production-station. */
export default function StationsPage({ screen }: ScreenPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t(`screens.${screen}.title`));
  if (screen === 'addStation') return <AddStationScreen />;
  if (screen === 'editStation') return <EditStationScreen />;
  return <StationsScreen />;
}
