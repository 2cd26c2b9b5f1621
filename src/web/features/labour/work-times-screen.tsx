import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LABOUR_STREAM_TYPE } from '../../../domain/labour/labour.events';
import type { AttendanceView, WorkTimes } from '../../../domain/labour/labour.views';
import { can } from '../../lib/access';
import { useAuth } from '../../lib/auth';
import { describeError } from '../../lib/error-messages';
import { useLiveQuery } from '../../lib/use-live-feed';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { useNotify } from '../../ui/notification-bar';
import { Spinner } from '../../ui/spinner';
import { getPresentQueryOptions, getWorkTimesQueryOptions, useClock, useLabourPeople, useLabourStatus, usePresent, useWorkTimes } from './api/labour';
import { CorrectAttendanceDialog, CorrectWorkTimeDialog } from './components/correction-dialogs';
import { SplitDialog } from './components/split-dialog';
import { addDays, dateTimeText, hoursText, timeText, today } from './components/format';
import { PayrollExport, TimesheetCsvButton } from './components/labour-exports';
import './labour.css';

const liveTopics = [`type:${LABOUR_STREAM_TYPE}`] as const;

/** One's own clock in the console (no station). */
function MyClock() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const status = useLabourStatus();
  const clock = useClock();
  const attendance = status.data?.attendance ?? null;
  const press = (direction: 'in' | 'out') =>
    clock.mutate(
      { direction, input: { stationId: null } },
      { onError: (error) => notify({ severity: 'error', message: t('labour.station.failed', { reason: describeError(t, error) }) }) },
    );
  return (
    <section className="panel labour-panel" aria-labelledby="labour-my-clock">
      <h2 id="labour-my-clock">{t('labour.myClock.title')}</h2>
      {status.isPending ? (
        <Spinner aria-label={t('common.loading')} />
      ) : status.isError ? (
        <p role="alert">{t('labour.loadFailed')}</p>
      ) : (
        <div className="labour-clock">
          <p aria-live="polite">{attendance ? t('labour.clock.inSince', { time: timeText(i18n.language, attendance.clockedInAt) }) : t('labour.clock.out')}</p>
          <Button variant={attendance ? 'secondary' : 'primary'} isDisabled={clock.isPending} onPress={() => press(attendance ? 'out' : 'in')}>
            {attendance ? t('labour.clock.clockOut') : t('labour.clock.clockIn')}
          </Button>
        </div>
      )}
    </section>
  );
}

/** Who is clocked in now (supervisors), live. */
function WhoIsIn() {
  const { t, i18n } = useTranslation();
  const present = usePresent(true);
  useLiveQuery(liveTopics, getPresentQueryOptions().queryKey, present);
  return (
    <section className="panel labour-panel" aria-labelledby="labour-present">
      <h2 id="labour-present">{t('labour.present.title')}</h2>
      {present.isPending ? (
        <Spinner aria-label={t('common.loading')} />
      ) : present.isError ? (
        <p role="alert">{t('labour.loadFailed')}</p>
      ) : present.data.data.length === 0 ? (
        <p>{t('labour.present.nobody')}</p>
      ) : (
        <ul className="labour-present-list">
          {present.data.data.map((person) => (
            <li key={person.userId}>
              <strong>{person.name}</strong>{' '}
              {t('labour.present.since', { time: timeText(i18n.language, person.clockedInAt), station: person.stationName ?? t('labour.present.console') })}
              {person.orders.length ? (
                <>
                  {' · '}
                  {person.orders
                    .map((work) =>
                      work.pauseReason
                        ? t('labour.present.orderPaused', { orderNumber: work.orderNumber, reason: t(`labour.pauseReasons.${work.pauseReason}`) })
                        : work.orderNumber,
                    )
                    .join(', ')}
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AttendanceTable({ times, mayCorrect, onCorrect }: { times: WorkTimes; mayCorrect: boolean; onCorrect: (row: AttendanceView) => void }) {
  const { t, i18n } = useTranslation();
  if (times.attendances.length === 0) return <p>{t('labour.times.noAttendance')}</p>;
  return (
    <table className="table labour-table" aria-label={t('labour.times.attendance')}>
      <thead>
        <tr>
          <th scope="col">{t('labour.fields.clockedIn')}</th>
          <th scope="col">{t('labour.fields.clockedOut')}</th>
          <th scope="col">{t('labour.fields.break')}</th>
          <th scope="col">{t('labour.fields.net')}</th>
          <th scope="col">{t('labour.fields.note')}</th>
          {mayCorrect ? <th scope="col">{t('labour.fields.actions')}</th> : null}
        </tr>
      </thead>
      <tbody>
        {times.attendances.map((row) => (
          <tr key={row.id}>
            <th scope="row">{dateTimeText(i18n.language, row.clockedInAt)}</th>
            <td>{row.clockedOutAt ? timeText(i18n.language, row.clockedOutAt) : t('labour.times.stillIn')}</td>
            <td>{hoursText(row.breakSeconds)}</td>
            <td>{hoursText(row.netSeconds)}</td>
            <td>
              {row.closedAtDayEnd ? <span className="labour-flag">{t('labour.times.closedAtDayEnd')}</span> : null}
              {row.corrected ? (
                <span>
                  {' '}
                  {t('labour.times.recorded', {
                    from: dateTimeText(i18n.language, row.recordedClockedInAt),
                    to: row.recordedClockedOutAt ? timeText(i18n.language, row.recordedClockedOutAt) : '–',
                  })}
                </span>
              ) : null}
            </td>
            {mayCorrect ? (
              <td>
                {row.clockedOutAt ? (
                  <Button variant="secondary" onPress={() => onCorrect(row)}>
                    {t('labour.correct.attendance', { when: dateTimeText(i18n.language, row.clockedInAt) })}
                  </Button>
                ) : null}
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The work periods of several orders at once: each order's time and percent, evenly or as stated; supervisors state a split. */
function WorkPeriods({ times, mayCorrect }: { times: WorkTimes; mayCorrect: boolean }) {
  const { t, i18n } = useTranslation();
  const [splitting, setSplitting] = useState<WorkTimes['periods'][number] | null>(null);
  if (times.periods.length === 0) return <p>{t('labour.split.noPeriods')}</p>;
  return (
    <>
      <ul className="labour-periods">
        {times.periods.map((period) => {
          const when = {
            day: dateTimeText(i18n.language, period.startedAt),
            to: period.endedAt ? timeText(i18n.language, period.endedAt) : t('labour.times.stillIn'),
          };
          return (
            <li key={period.startedAt}>
              <p>
                <strong>{t('labour.split.periodFrom', when)}</strong>{' '}
                {period.statedBy ? t('labour.split.statedBy', { name: period.statedBy.name }) : t('labour.split.even')}
              </p>
              <ul aria-label={t('labour.split.periodFrom', when)}>
                {period.orders.map((order) => (
                  <li key={`${order.orderId} ${order.stationId}`}>
                    {t('labour.split.share', {
                      order: t('labour.times.orderAtStation', { orderNumber: order.orderNumber, station: order.stationName ?? '–' }),
                      time: hoursText(order.seconds),
                      percent: order.percent,
                    })}
                  </li>
                ))}
              </ul>
              {mayCorrect && period.endedAt ? (
                <Button variant="secondary" onPress={() => setSplitting(period)}>
                  {t('labour.split.correct', when)}
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {splitting ? <SplitDialog userId={times.user.userId} period={splitting} units={['minutes', 'percent']} onClose={() => setSplitting(null)} /> : null}
    </>
  );
}

function WeekRecords({ times, mayCorrect }: { times: WorkTimes; mayCorrect: boolean }) {
  const { t, i18n } = useTranslation();
  const [correcting, setCorrecting] = useState<AttendanceView | null>(null);
  const [correctingWork, setCorrectingWork] = useState(false);
  return (
    <>
      <p className="labour-totals">
        {t('labour.times.totals', {
          attendance: hoursText(times.totals.attendanceSeconds),
          breaks: hoursText(times.totals.breakSeconds),
          work: hoursText(times.totals.workSeconds),
        })}
      </p>
      <h3>{t('labour.times.attendance')}</h3>
      <AttendanceTable times={times} mayCorrect={mayCorrect} onCorrect={setCorrecting} />
      <h3>{t('labour.times.orders')}</h3>
      {times.orders.length === 0 ? (
        <p>{t('labour.times.noOrders')}</p>
      ) : (
        <table className="table labour-table" aria-label={t('labour.times.orders')}>
          <thead>
            <tr>
              <th scope="col">{t('labour.fields.order')}</th>
              <th scope="col">{t('labour.fields.station')}</th>
              <th scope="col">{t('labour.fields.workTime')}</th>
              <th scope="col">{t('labour.fields.corrected')}</th>
            </tr>
          </thead>
          <tbody>
            {times.orders.map((row) => (
              <tr key={`${row.orderId} ${row.stationId}`}>
                <th scope="row">{row.orderNumber}</th>
                <td>{row.stationName ?? '–'}</td>
                <td>{hoursText(row.seconds)}</td>
                <td>{row.correctedSeconds ? hoursText(row.correctedSeconds) : '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {mayCorrect && times.orders.length ? (
        <Button variant="secondary" onPress={() => setCorrectingWork(true)}>
          {t('labour.correct.workTime')}
        </Button>
      ) : null}
      <h3>{t('labour.split.periods')}</h3>
      <WorkPeriods times={times} mayCorrect={mayCorrect} />
      <h3>{t('labour.times.corrections')}</h3>
      {times.corrections.length === 0 ? (
        <p>{t('labour.times.noCorrections')}</p>
      ) : (
        <ul className="labour-corrections">
          {times.corrections.map((row) => (
            <li key={row.id}>
              {row.kind === 'attendance' && row.before && row.after
                ? t('labour.times.attendanceCorrected', {
                    before: `${dateTimeText(i18n.language, row.before.clockedInAt)}–${timeText(i18n.language, row.before.clockedOutAt)}`,
                    after: `${dateTimeText(i18n.language, row.after.clockedInAt)}–${timeText(i18n.language, row.after.clockedOutAt)}`,
                  })
                : t('labour.times.workTimeCorrected', {
                    time: hoursText(row.seconds ?? 0),
                    orderNumber: row.orderNumber ?? '',
                    station: row.stationName ?? '–',
                  })}{' '}
              {t('labour.times.correctedBy', { name: row.correctedBy.name, when: dateTimeText(i18n.language, row.at), reason: row.reason })}
            </li>
          ))}
        </ul>
      )}
      {correcting ? <CorrectAttendanceDialog attendance={correcting} onClose={() => setCorrecting(null)} /> : null}
      {correctingWork ? <CorrectWorkTimeDialog times={times} onClose={() => setCorrectingWork(false)} /> : null}
    </>
  );
}

/** Previous / next week around the week shown (its Monday and the Monday after, once loaded). */
function WeekPicker({ week, shown, onChange }: { week: string; shown: { weekStart: string; weekEnd: string } | undefined; onChange: (week: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="labour-week" role="group" aria-label={t('labour.fields.week')}>
      <Button variant="secondary" onPress={() => onChange(addDays(shown?.weekStart ?? week, -7))}>
        {t('labour.times.previousWeek')}
      </Button>
      <span aria-live="polite">{shown ? t('labour.times.week', { from: shown.weekStart, to: addDays(shown.weekEnd, -1) }) : '…'}</span>
      <Button variant="secondary" onPress={() => onChange(addDays(shown?.weekStart ?? week, 7))}>
        {t('labour.times.nextWeek')}
      </Button>
    </div>
  );
}

/**
 * One person's timesheet on their profile (the team's employee page): the week, its totals, the CSV and
 * (`documents`: the documents panel the page composes in) the PDF.
 */
export function EmployeeTimesheet({ userId, documents }: { userId: string; documents?: (week: string) => ReactNode }) {
  const { t } = useTranslation();
  const [week, setWeek] = useState(today());
  const times = useWorkTimes(userId, week);
  useLiveQuery(liveTopics, getWorkTimesQueryOptions(userId, week).queryKey, times);
  return (
    <section className="panel labour-panel" aria-labelledby="labour-profile-timesheet">
      <h2 id="labour-profile-timesheet">{t('labour.exports.profileTitle')}</h2>
      <p className="form-note">{t('labour.exports.profileIntro')}</p>
      <WeekPicker week={week} shown={times.data} onChange={setWeek} />
      {times.isPending ? (
        <Spinner aria-label={t('common.loading')} />
      ) : times.isError ? (
        <p role="alert">{t('labour.loadFailed')}</p>
      ) : (
        <>
          <p className="labour-totals">
            {t('labour.times.totals', {
              attendance: hoursText(times.data.totals.attendanceSeconds),
              breaks: hoursText(times.data.totals.breakSeconds),
              work: hoursText(times.data.totals.workSeconds),
            })}
          </p>
          <div className="labour-exports">
            <TimesheetCsvButton userId={userId} week={times.data.weekStart} />
          </div>
          {documents ? documents(times.data.weekStart) : null}
        </>
      )}
    </section>
  );
}

/**
 * "Work times": one's own clock, who is in (supervisors), and per person and week the attendance (as
 * recorded and corrected), the time per order and station, and the corrections with who and why; the
 * week's timesheet as CSV and (`timesheets`: the documents panel the page composes in) as PDF; the
 * payroll export (supervisors).
 */
export function WorkTimesScreen({ timesheets }: { timesheets?: (userId: string, week: string) => ReactNode }) {
  const { t } = useTranslation();
  const { session } = useAuth();
  const supervisor = can(session, 'write');
  const clocks = session?.role !== 'MASTER';
  const people = useLabourPeople();
  const [chosen, setChosen] = useState<string | null>(null);
  const [week, setWeek] = useState(today());
  const userId = chosen ?? (session?.role === 'MASTER' ? (people.data?.data[0]?.userId ?? null) : (session?.userId ?? null));
  const times = useWorkTimes(userId, week);
  useLiveQuery(liveTopics, getWorkTimesQueryOptions(userId ?? '', week).queryKey, times);

  return (
    <div className="page labour-page">
      <h1>{t('labour.title')}</h1>
      <div className="labour-top">
        {clocks ? <MyClock /> : null}
        {supervisor ? <WhoIsIn /> : null}
      </div>
      <section className="panel" aria-labelledby="labour-times-heading">
        <h2 id="labour-times-heading">{t('labour.times.title')}</h2>
        <div className="labour-filters">
          <div className="field">
            <label className="field-label" htmlFor="labour-person">
              {t('labour.fields.person')}
            </label>
            <select id="labour-person" className="field-input" value={userId ?? ''} onChange={(event) => setChosen(event.target.value)} disabled={!people.data}>
              {(people.data?.data ?? []).map((person) => (
                <option key={person.userId} value={person.userId}>
                  {person.name}
                </option>
              ))}
            </select>
          </div>
          <WeekPicker week={week} shown={times.data} onChange={setWeek} />
        </div>
        {userId === null ? (
          <EmptyState title={t('labour.times.nobodyTitle')}>
            <p>{t('labour.times.nobody')}</p>
          </EmptyState>
        ) : times.isPending ? (
          <Spinner aria-label={t('common.loading')} />
        ) : times.isError ? (
          <p role="alert">{t('labour.loadFailed')}</p>
        ) : (
          <>
            <WeekRecords times={times.data} mayCorrect={supervisor} />
            <div className="labour-exports">
              <TimesheetCsvButton userId={times.data.user.userId} week={times.data.weekStart} />
            </div>
            {timesheets ? timesheets(times.data.user.userId, times.data.weekStart) : null}
          </>
        )}
      </section>
      {supervisor ? <PayrollExport /> : null}
    </div>
  );
}
