import { useTranslation } from 'react-i18next';
import { DocumentsPanel } from '../../features/documents';
import { NcrDetailsScreen, NcrListScreen } from '../../features/quality';
import type { ScreenPageProps } from '../routes';
import { useDocumentTitle } from '../use-document-title';

/** The quality loop (docs/quality-and-lots.md): the NCR list with the figures, and one NCR with its decision. */
export default function QualityPage({ screen }: ScreenPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t(`screens.${screen}.title`));
  if (screen !== 'ncrDetails') return <NcrListScreen />;
  return <NcrDetailsScreen documents={(ncrId) => <DocumentsPanel types={['ncr-report']} subjectId={ncrId} />} />;
}
