import { useTranslation } from 'react-i18next';
import { Link } from '../../ui/link';
import './components/auth-forms.css';

/** Where an unknown, used or expired link leads: back to sign-in, or ask for a new link. */
export function InvalidTokenScreen() {
  const { t } = useTranslation();
  return (
    <>
      <p className="auth-intro">{t('auth.invalidToken.text')}</p>
      <div className="auth-actions">
        <Link variant="button" href="/forgot-password">
          {t('auth.invalidToken.newLink')}
        </Link>
        <Link variant="button" href="/login">
          {t('common.actions.backToSignIn')}
        </Link>
      </div>
    </>
  );
}
