import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/empty-state';
import type { ScreenPageProps } from '../routes';
import { useDocumentTitle } from '../use-document-title';

/** A screen whose feature is not built yet: its name, what it will hold, and where to go instead. */
export default function PendingScreen({ screen }: ScreenPageProps) {
  const { t } = useTranslation();
  const title = t(`screens.${screen}.title`);
  useDocumentTitle(title);
  return (
    <div className="page">
      <div className="page-header">
        <h1>{title}</h1>
      </div>
      <div className="panel">
        <EmptyState title={t('common.screenPending.title', { screen: title })}>
          <p>{t(`screens.${screen}.summary`)}</p>
          <p>{t('common.screenPending.hint')}</p>
        </EmptyState>
      </div>
    </div>
  );
}
