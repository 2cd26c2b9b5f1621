import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { StationLoginScreen } from '../../features/stations';
import { PublicFrame } from '../layout/public-frame';
import type { ScreenPageProps } from '../routes';
import { useDocumentTitle } from '../use-document-title';

/** station/{id}/login: the station login in the public frame, reachable on a tablet nobody is signed in on. */
export default function StationLoginPage({ screen }: ScreenPageProps) {
  const { t } = useTranslation();
  const { id = '' } = useParams<{ id?: string }>();
  const title = t(`screens.${screen}.title`);
  useDocumentTitle(title);
  return (
    <PublicFrame title={title}>
      <StationLoginScreen key={id} stationId={id} />
    </PublicFrame>
  );
}
