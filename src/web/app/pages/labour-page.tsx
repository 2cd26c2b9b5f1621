import { useTranslation } from 'react-i18next';
import { WorkTimesScreen } from '../../features/labour';
import type { ScreenPageProps } from '../routes';
import { useDocumentTitle } from '../use-document-title';

/** work-times: one's own clock, who is in (supervisors), and the work times per employee and week. */
export default function LabourPage({ screen }: ScreenPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t(`screens.${screen}.title`));
  return <WorkTimesScreen />;
}
