import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/empty-state';
import { Link } from '../../ui/link';
import { useDocumentTitle } from '../use-document-title';

/** An address inside the console that matches no screen. */
export default function NotFound() {
  const { t } = useTranslation();
  useDocumentTitle(t('common.notFound.title'));
  return (
    <div className="page">
      <div className="page-header">
        <h1>{t('common.notFound.title')}</h1>
      </div>
      <div className="panel">
        <EmptyState
          title={t('common.notFound.text')}
          action={
            <Link variant="button" href="/home">
              {t('common.actions.goHome')}
            </Link>
          }
        />
      </div>
    </div>
  );
}
