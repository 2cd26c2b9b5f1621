import { useTranslation } from 'react-i18next';
import { DocumentsPanel } from '../../features/documents';
import { EmployeeTimesheet } from '../../features/labour';
import { EmployeeProfileScreen, MasterDataScreen, UserRightsScreen } from '../../features/team-profile';
import type { ScreenPageProps } from '../routes';
import { useDocumentTitle } from '../use-document-title';

/** team/employee-profile/:id (with the person's timesheet from labour and its PDFs), team/user-rights and team/master-data. */
export default function TeamProfilePage({ screen }: ScreenPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t(`screens.${screen}.title`));
  if (screen === 'masterData') return <MasterDataScreen />;
  if (screen === 'userRights') return <UserRightsScreen />;
  return (
    <EmployeeProfileScreen
      timesheet={(userId) => (
        <EmployeeTimesheet userId={userId} documents={(week) => <DocumentsPanel key={week} types={['timesheet']} subjectId={userId} week={week} />} />
      )}
    />
  );
}
