import { useTranslation } from 'react-i18next';
import { USER_STREAM_TYPE } from '../../../domain/identity/identity.events';
import { EMPLOYEE_STREAM_TYPE } from '../../../domain/team/employee.events';
import type { TeamAbsencesView } from '../../../domain/team/team.views';
import { useLocaleFormats, useFormatNumber } from '../../lib/locale';
import { useLiveQuery } from '../../lib/use-live-feed';
import { FormError } from '../../ui/form';
import { Link } from '../../ui/link';
import { PageSpinner } from '../../ui/spinner';
import { teamAbsencesQueryOptions, userCountsQueryOptions, useTeamAbsences, useUserCounts } from './api/team-overview';
import { dayOf, weekOf } from './week';
import './team-overview.css';

const countTopics = [`type:${USER_STREAM_TYPE}`] as const;
const absenceTopics = [`type:${EMPLOYEE_STREAM_TYPE}`] as const;

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
  const week = weekOf(today);
  const day = dayOf(today);
  const absences = useTeamAbsences(week.from, week.to);
  useLiveQuery(absenceTopics, teamAbsencesQueryOptions(week.from, week.to).queryKey, absences);

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
            {(['SUPER_USER', 'ADMIN', 'OPERATOR', 'total'] as const).map((key) => (
              <div className="team-count" key={key}>
                <dt>{key === 'total' ? t('teamUsers.overview.total') : t(`teamUsers.roles.${key}`)}</dt>
                <dd>{formatNumber(counts.data[key])}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      <div className="team-sections">
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
