import { useTranslation } from 'react-i18next';
import { SuggestionsScreen } from '../../features/suggestions';
import { can } from '../../lib/access';
import { useAuth } from '../../lib/auth';
import { EmptyState } from '../../ui/empty-state';
import type { ScreenPageProps } from '../routes';
import { useDocumentTitle } from '../use-document-title';

/** The improvement suggestions: listed and marked by the company's writers; everyone else submits from the header. */
export default function SuggestionsPage({ screen }: ScreenPageProps) {
  const { t } = useTranslation();
  const { session } = useAuth();
  useDocumentTitle(t(`screens.${screen}.title`));
  if (!can(session, 'write')) {
    return (
      <div className="page">
        <EmptyState title={t('suggestions.onlyWritersTitle')}>
          <p>{t('suggestions.onlyWriters')}</p>
        </EmptyState>
      </div>
    );
  }
  return <SuggestionsScreen />;
}
