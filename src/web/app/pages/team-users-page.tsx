import { useTranslation } from 'react-i18next';
import { TeamUsersScreen } from '../../features/team-users';
import type { ScreenPageProps } from '../routes';
import { useDocumentTitle } from '../use-document-title';

/** team/administration-user and team/operation-user: the users of one role. */
export default function TeamUsersPage({ screen }: ScreenPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t(`screens.${screen}.title`));
  return <TeamUsersScreen role={screen === 'administrationUser' ? 'ADMIN' : 'OPERATOR'} />;
}
