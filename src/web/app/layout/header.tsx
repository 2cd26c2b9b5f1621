import { useTranslation } from 'react-i18next';
// The button's own file: the feature's index brings the suggestions screen and its table along.
import { SuggestImprovementButton } from '../../features/suggestions/components/suggest-improvement-button';
import { can, canChange } from '../../lib/access';
import { useAuth } from '../../lib/auth';
import { useConfirmLeave } from '../../lib/navigation-guard';
import { useChangeRights } from '../../lib/use-change-rights';
import { Button } from '../../ui/button';
import { Link } from '../../ui/link';
import { useNotify } from '../../ui/notification-bar';
import { LanguageSwitch } from './language-switch';

/** The bar above each screen: suggest an improvement (and, for writers, the suggestions list), language switch, change password and sign-out (which asks first when the page holds unsaved changes). */
export function Header() {
  const { t } = useTranslation();
  const { logout, session } = useAuth();
  const notify = useNotify();
  const confirmLeave = useConfirmLeave();
  const changeRights = useChangeRights();

  const signOut = async () => {
    await logout();
    notify({ severity: 'success', message: t('message.signedOut') });
  };

  return (
    <header className="shell-header">
      {session?.company ? <SuggestImprovementButton /> : null}
      {session?.company && can(session, 'write') ? <Link href="/suggestions">{t('suggestions.openList')}</Link> : null}
      {session?.company ? <Link href="/work-times">{t('labour.title')}</Link> : null}
      {session?.company ? <Link href="/quality">{t('quality.title')}</Link> : null}
      {session?.company ? <Link href="/lots">{t('lots.title')}</Link> : null}
      {session?.company && canChange(session, 'costs', changeRights) ? <Link href="/costs">{t('costing.title')}</Link> : null}
      <LanguageSwitch />
      <Link variant="button" href="/change-password">
        {t('common.actions.changePassword')}
      </Link>
      <Button variant="secondary" onPress={() => confirmLeave(() => void signOut())}>
        {t('common.actions.signOut')}
      </Button>
    </header>
  );
}
