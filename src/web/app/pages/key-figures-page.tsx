import { useTranslation } from 'react-i18next';
import { KeyFiguresScreen } from '../../features/key-figures';
import type { ScreenPageProps } from '../routes';
import { useDocumentTitle } from '../use-document-title';

/** key-figures: the company's key figures from the event log, with charts. */
export default function KeyFiguresPage({ screen }: ScreenPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t(`screens.${screen}.title`));
  return <KeyFiguresScreen />;
}
