import { useTranslation } from 'react-i18next';
import { USER_STREAM_TYPE } from '../../../domain/identity/identity.events';
import { STATION_STREAM_TYPE } from '../../../domain/stations/station.events';
import { EMPLOYEE_STREAM_TYPE } from '../../../domain/team/employee.events';
import { USER_RIGHTS_STREAM_TYPE } from '../../../domain/team/rights.events';
import type { TeamAbsencesView } from '../../../domain/team/team.views';
import { useCompanyFunctions } from '../../lib/company-display';
import { useLocaleFormats, useFormatNumber } from '../../lib/locale';
import { useLiveQuery } from '../../lib/use-live-feed';
import { FormError } from '../../ui/form';
import { LiveNote } from '../../ui/live-note';
import { LivePanel } from '../../ui/live-panel';
import { Link } from '../../ui/link';
import { PageSpinner } from '../../ui/spinner';
import {
  stationSessionsQueryOptions,
  teamAbsencesQueryOptions,
  userCountsQueryOptions,
  useStationSessions,
  useTeamAbsences,
  useUserCounts,
} from './api/team-overview';
import { dayOf, weekOf } from './week';
import './team-overview.css';

const countTopics = [`type:${USER_STREAM_TYPE}`] as const;
const absenceTopics = [`type:${EMPLOYEE_STREAM_TYPE}`] as const;
// Station login (station stream), logout, deactivation and a new password (user stream), a revoked right (rights matrix).
const stationSessionTopics = [`type:${STATION_STREAM_TYPE}`, `type:${USER_STREAM_TYPE}`, `type:${USER_RIGHTS_STREAM_TYPE}`] as const;

/** The team screens the overview links to, with the key of their title in `screens`. */
const teamScreens = [
  { href: '/team/view-employees', screen: 'viewEmployees' },
  { href: '/team/administration-user', screen: 'administrationUser' },
  { href: '/team/operation-user', screen: 'operationUser' },
  { href: '/team/user-rights', screen: 'userRights' },
  { href: '/team/master-data', screen: 'masterData' },
] as const;

/** team: how many people per role, who is away today and this week (both live), and the way to every team screen. */
export function TeamOverviewScreen({ today = new Date() }: { today?: Date }) {
  const { t } = useTranslation();
  const formatNumber = useFormatNumber();
  const counts = useUserCounts();
  useLiveQuery(countTopics, userCountsQueryOptions.queryKey, counts);
  // Vacations are an optional function of the company (App function): switched off, nobody is listed as away.
  const functions = useCompanyFunctions();

  return (
    <div className="page">
      <div className="page-header">
        <h1>{t('screens.team.title')}</h1>
      </div>
      <section aria-labelledby="team-counts">
        <h2 id="team-counts">{t('teamUsers.overview.counts')}</h2>
        {counts.isPending ? (
          <PageSpinner aria-label={t('teamUsers.overview.loading')} />
        ) : counts.isError ? (
          <FormError error={counts.error} />
        ) : (
          <dl className="team-counts">
            {(['SUPER_USER', 'ADMIN', 'OPERATOR', 'total', 'deactivated'] as const).map((key) => (
              <div className="team-count" key={key}>
                <dt>{key === 'total' || key === 'deactivated' ? t(`teamUsers.overview.${key}`) : t(`teamUsers.roles.${key}`)}</dt>
                <dd>{formatNumber(counts.data[key])}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      <StationSessionsPanel />
      <div className="team-sections">
        {functions.isOn('vacations') ? <AwaySection today={today} /> : null}
        <nav aria-labelledby="team-screens">
          <h2 id="team-screens">{t('teamUsers.overview.screens')}</h2>
          <ul>
            {teamScreens.map(({ href, screen }) => (
              <li key={href}>
                <Link href={href}>{t(`screens.${screen}.title`)}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}

/** Who is signed in at which station right now (live: sign-in, sign-out and revocation; an expired session goes on reload). */
function StationSessionsPanel() {
  const { t } = useTranslation();
  const formats = useLocaleFormats();
  const sessions = useStationSessions();
  const live = useLiveQuery(stationSessionTopics, stationSessionsQueryOptions.queryKey, sessions);
  return (
    <LivePanel
      className="team-station-sessions"
      headerClassName="team-panel-header"
      headingId="team-station-sessions"
      heading={t('teamUsers.overview.atStations')}
      isCurrent={live.isCurrent}
      note={<LiveNote live={live} text={(kind) => t(`teamUsers.overview.live.${kind}`)} />}
    >
      {sessions.isPending ? (
        <PageSpinner aria-label={t('teamUsers.overview.loading')} />
      ) : sessions.isError ? (
        <FormError error={sessions.error} />
      ) : sessions.data.data.length === 0 ? (
        <p>{t('teamUsers.overview.nobodyAtStations')}</p>
      ) : (
        <table>
          <caption className="visually-hidden">{t('teamUsers.overview.atStations')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('teamUsers.overview.person')}</th>
              <th scope="col">{t('teamUsers.overview.station')}</th>
              <th scope="col">{t('teamUsers.overview.since')}</th>
            </tr>
          </thead>
          <tbody>
            {sessions.data.data.map((session) => (
              <tr key={session.sessionId}>
                <th scope="row">
                  <Link href={`/team/employee-profile/${session.userId}`}>{`${session.firstName} ${session.lastName}`}</Link>
                </th>
                <td>{session.stationName ?? t('teamUsers.overview.deletedStation')}</td>
                <td>{formats.dateTime(session.since)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </LivePanel>
  );
}

/** Who is away today and this week (live). */
function AwaySection({ today }: { today: Date }) {
  const { t } = useTranslation();
  const week = weekOf(today);
  const day = dayOf(today);
  const absences = useTeamAbsences(week.from, week.to);
  useLiveQuery(absenceTopics, teamAbsencesQueryOptions(week.from, week.to).queryKey, absences);
  return (
    <section aria-labelledby="team-away">
      <h2 id="team-away">{t('teamUsers.overview.away')}</h2>
      {absences.isPending ? (
        <PageSpinner aria-label={t('teamUsers.overview.loading')} />
      ) : absences.isError ? (
        <FormError error={absences.error} />
      ) : (
        <>
          <AwayList title={t('teamUsers.overview.awayToday')} absences={absences.data.data.filter((a) => a.from <= day && a.to >= day)} />
          <AwayList title={t('teamUsers.overview.awayThisWeek')} absences={absences.data.data} />
        </>
      )}
    </section>
  );
}

function AwayList({ title, absences }: { title: string; absences: TeamAbsencesView['data'] }) {
  const { t } = useTranslation();
  const formats = useLocaleFormats();
  return (
    <>
      <h3>{title}</h3>
      {absences.length === 0 ? (
        <p>{t('teamUsers.overview.nobodyAway')}</p>
      ) : (
        <ul>
          {absences.map((absence) => (
            <li key={absence.absenceId}>
              <Link href={`/team/employee-profile/${absence.userId}`}>{`${absence.firstName} ${absence.lastName}`}</Link>
              {' – '}
              {t(absence.halfDay ? 'teamUsers.overview.absenceHalfDay' : 'teamUsers.overview.absence', {
                from: formats.day(absence.from),
                to: formats.day(absence.to),
                reason: absence.reasonName ?? t('teamUsers.overview.noReason'),
              })}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
