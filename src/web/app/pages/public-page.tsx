import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/empty-state';
import { Link } from '../../ui/link';
import { PublicFrame } from '../layout/public-frame';
import type { ScreenPageProps } from '../routes';
import { useDocumentTitle } from '../use-document-title';

/** A public page whose form is not built yet, in the public frame with its own heading. */
export default function PublicPage({ screen }: ScreenPageProps) {
  const { t } = useTranslation();
  const title = t(`screens.${screen}.title`);
  useDocumentTitle(title);
  return (
    <PublicFrame title={title}>
      <EmptyState
        title={t('common.publicPending.title', { screen: title })}
        action={
          screen === 'login' ? null : (
            <Link variant="button" href="/login">
              {t('common.actions.backToSignIn')}
            </Link>
          )
        }
      >
        <p>{t(`screens.${screen}.summary`)}</p>
        <p>{t('common.publicPending.hint')}</p>
      </EmptyState>
    </PublicFrame>
  );
}
