import { useTranslation } from 'react-i18next';
import { DocumentsPanel } from '../../features/documents';
import { WorkTimesScreen } from '../../features/labour';
import type { ScreenPageProps } from '../routes';
import { useDocumentTitle } from '../use-document-title';

/** work-times: one's own clock, who is in (supervisors), the work times per employee and week with the timesheet's documents (PDF). */
export default function LabourPage({ screen }: ScreenPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t(`screens.${screen}.title`));
  return <WorkTimesScreen timesheets={(userId, week) => <DocumentsPanel key={userId} types={['timesheet']} subjectId={userId} week={week} />} />;
}
