import { useTranslation } from 'react-i18next';
import { KeyFiguresScreen } from '../../features/key-figures';
import { QualityFiguresPanel } from '../../features/quality';
import type { ScreenPageProps } from '../routes';
import { useDocumentTitle } from '../use-document-title';

/** key-figures: the company's key figures from the event log, with charts; below, the quality loop's figures (NCRs, first-pass yield). */
export default function KeyFiguresPage({ screen }: ScreenPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t(`screens.${screen}.title`));
  return (
    <>
      <KeyFiguresScreen />
      <div className="page">
        <QualityFiguresPanel />
      </div>
    </>
  );
}
