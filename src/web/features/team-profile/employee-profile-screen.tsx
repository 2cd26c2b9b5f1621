import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'wouter';
import { userStreamId } from '../../../domain/identity/identity.events';
import { employeeStreamId } from '../../../domain/team/employee.events';
import type { AccountView } from '../../../domain/team/team.views';
import { can } from '../../lib/access';
import { useAuth } from '../../lib/auth';
import { useCompanyFunctions } from '../../lib/company-display';
import { useConfirmLeave } from '../../lib/navigation-guard';
import { useLiveQuery } from '../../lib/use-live-feed';
import { Link } from '../../ui/link';
import { RecordLoader } from '../../ui/record-loader';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/tabs';
import { accountQueryOptions, useAccount } from './api/team-profile';
import { AuthorizationsTab } from './components/authorizations-tab';
import { DevelopmentTab } from './components/development-tab';
import { OrganizationTab } from './components/organization-tab';
import { ProfileTab } from './components/profile-tab';
import { RecordsTab } from './components/records-tab';
import { VacationsTab } from './components/vacations-tab';
import { personName } from './format';
import './team-profile.css';

const tabs = ['profile', 'organization', 'vacations', 'authorizations', 'records', 'development', 'timesheet'] as const;
type ProfileTabId = (typeof tabs)[number];
const isTab = (value: unknown): value is ProfileTabId => tabs.includes(value as ProfileTabId);

/** team/employee-profile/:id: one employee's profile, organization, vacations, authorizations, records, development and timesheet (tab in the address). */
export function EmployeeProfileScreen({ timesheet }: { timesheet?: (userId: string) => ReactNode } = {}) {
  const { t } = useTranslation();
  const { id = '' } = useParams<{ id?: string }>();
  const account = useAccount(id);
  // Changes elsewhere (a save, a booking, a deactivation) show without a reload; the forms keep what is typed.
  useLiveQuery([`stream:${employeeStreamId(id)}`, `stream:${userStreamId(id)}`], accountQueryOptions(id).queryKey, account);

  return (
    <div className="page">
      <div className="page-header">
        <h1>{account.data ? t('team.profile.heading', { name: personName(account.data) }) : t('screens.employeeProfile.title')}</h1>
        <Link href="/team/view-employees">{t('team.profile.backToEmployees')}</Link>
      </div>
      <RecordLoader
        id={id}
        query={account}
        failedTitle={t('team.profile.loadFailed')}
        noneChosen={{ title: t('team.profile.noneChosen'), text: t('team.profile.chooseInList') }}
        back={{ href: '/team/view-employees', label: t('team.profile.backToEmployees') }}
      >
        {(loaded) => <EmployeeTabs key={loaded.id} account={loaded} timesheet={timesheet} />}
      </RecordLoader>
    </div>
  );
}

/** `timesheet`: the person's weekly timesheet (CSV, PDF), composed in by the page from the labour feature. */
function EmployeeTabs({ account, timesheet }: { account: AccountView; timesheet?: (userId: string) => ReactNode }) {
  const { t } = useTranslation();
  const { session } = useAuth();
  const mayWrite = can(session, 'write');
  const [search, setSearch] = useSearchParams();
  // A tab's form goes when another tab opens: unsaved entries are asked about as when leaving the page.
  const confirmLeave = useConfirmLeave();
  // Vacations are an optional function of the company (App function): switched off, the tab goes.
  const withVacations = useCompanyFunctions().isOn('vacations');
  const shown = tabs.filter(
    (tab) => (tab !== 'authorizations' || mayWrite) && (tab !== 'vacations' || withVacations) && (tab !== 'timesheet' || timesheet !== undefined),
  );
  const asked = search.get('tab');
  const selected: ProfileTabId = isTab(asked) && shown.includes(asked) ? asked : 'profile';

  return (
    <Tabs
      selectedKey={selected}
      onSelectionChange={(key) =>
        confirmLeave(() =>
          setSearch(
            (current) => {
              const next = new URLSearchParams(current);
              next.set('tab', String(key));
              return next;
            },
            { replace: true },
          ),
        )
      }
    >
      <TabList aria-label={t('team.profile.tabs')}>
        {shown.map((tab) => (
          <Tab key={tab} id={tab}>
            {t(`team.profile.tab.${tab}`)}
          </Tab>
        ))}
      </TabList>
      <TabPanel id="profile">
        <ProfileTab account={account} mayWrite={mayWrite} />
      </TabPanel>
      <TabPanel id="organization">
        <OrganizationTab account={account} mayWrite={mayWrite} />
      </TabPanel>
      {withVacations ? (
        <TabPanel id="vacations">
          <VacationsTab account={account} mayWrite={mayWrite} />
        </TabPanel>
      ) : null}
      {mayWrite ? (
        <TabPanel id="authorizations">
          <AuthorizationsTab userId={account.id} />
        </TabPanel>
      ) : null}
      <TabPanel id="records">
        <RecordsTab userId={account.id} />
      </TabPanel>
      <TabPanel id="development">
        <DevelopmentTab userId={account.id} mayReadTeam={mayWrite} />
      </TabPanel>
      {timesheet ? <TabPanel id="timesheet">{timesheet(account.id)}</TabPanel> : null}
    </Tabs>
  );
}
