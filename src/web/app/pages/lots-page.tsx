import { useTranslation } from 'react-i18next';
import { DocumentsPanel } from '../../features/documents';
import { LotDetailsScreen, LotListScreen, LotReceiptScreen } from '../../features/lots';
import type { ScreenPageProps } from '../routes';
import { useDocumentTitle } from '../use-document-title';

/** Lots and traceability (docs/quality-and-lots.md): the lots, the goods receipt of one, one lot with its genealogy and recall. */
export default function LotsPage({ screen }: ScreenPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t(`screens.${screen}.title`));
  if (screen === 'lotReceipt') return <LotReceiptScreen today={new Date().toISOString().slice(0, 10)} />;
  if (screen === 'lotDetails') return <LotDetailsScreen documents={(lotId) => <DocumentsPanel types={['lot-label']} subjectId={lotId} />} />;
  return <LotListScreen />;
}
