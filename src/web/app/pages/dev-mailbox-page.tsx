import { useTranslation } from 'react-i18next';
import { DevMailboxScreen } from '../../features/dev-mailbox';
import type { ScreenPageProps } from '../routes';
import { useDocumentTitle } from '../use-document-title';

/** The master's dev mailbox. */
export default function DevMailboxPage({ screen }: ScreenPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t(`screens.${screen}.title`));
  return <DevMailboxScreen />;
}
