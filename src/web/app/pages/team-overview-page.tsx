import { useTranslation } from 'react-i18next';
import { EmployeesScreen, TeamOverviewScreen } from '../../features/team-overview';
import type { ScreenPageProps } from '../routes';
import { useDocumentTitle } from '../use-document-title';

/** team (the overview) and team/view-employees (every employee in one table). */
export default function TeamOverviewPage({ screen }: ScreenPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t(`screens.${screen}.title`));
  return screen === 'viewEmployees' ? <EmployeesScreen /> : <TeamOverviewScreen />;
}
