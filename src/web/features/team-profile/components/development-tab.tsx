import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { DevelopmentView } from '../../../../domain/team/team.views';
import { chartWidth, dayAxis, daySeries, followWidth } from '../../../lib/day-chart';
import { formatDay, useFormatNumber } from '../../../lib/locale';
import { Checkbox } from '../../../ui/checkbox';
import { FormError } from '../../../ui/form';
import { Spinner } from '../../../ui/spinner';
import { useDevelopment } from '../api/team-profile';

const minutes = (seconds: number | null) => (seconds === null ? null : seconds / 60);

/**
 * The Development tab: weekly trends of work completed, the median cycle time and the labour time (worked
 * hours, work on orders, orders worked on), of the employee
 * or (writers) of the whole team, as a chart with the same numbers in a table for screen readers
 * and keyboard users.
 */
export function DevelopmentTab({ userId, mayReadTeam }: { userId: string; mayReadTeam: boolean }) {
  const { t } = useTranslation();
  const [wholeTeam, setWholeTeam] = useState(false);
  const development = useDevelopment(wholeTeam ? null : userId);
  return (
    <div className="team-tab">
      {mayReadTeam ? (
        <Checkbox isSelected={wholeTeam} onChange={setWholeTeam}>
          {t('team.development.wholeTeam')}
        </Checkbox>
      ) : null}
      {development.isPending ? (
        <Spinner aria-label={t('team.development.loading')} />
      ) : development.isError ? (
        <FormError error={development.error} />
      ) : (
        <>
          <TrendChart development={development.data} />
          <TrendTable development={development.data} />
        </>
      )}
    </div>
  );
}

function TrendChart({ development }: { development: DevelopmentView }) {
  const { t, i18n } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const language = i18n.resolvedLanguage;
  const completedLabel = t('team.development.completed');
  const medianLabel = t('team.development.medianMinutes');
  const weekLabel = t('team.development.week');

  useEffect(() => {
    const target = box.current;
    if (!target) return;
    const days = development.weeks.map((week) => Date.parse(`${week.week}T00:00:00Z`) / 1000);
    const chart = new uPlot(
      {
        width: chartWidth(target),
        height: 260,
        scales: {
          x: { time: true },
          count: { range: (_plot, _min, max) => [0, Math.max(1, max)] },
          minutes: { range: (_plot, _min, max) => [0, Math.max(1, max)] },
        },
        axes: [dayAxis(language), { scale: 'count', label: completedLabel }, { scale: 'minutes', side: 1, label: medianLabel, grid: { show: false } }],
        series: [
          daySeries(weekLabel, language),
          { label: completedLabel, scale: 'count', stroke: '#1d4ed8', width: 2, points: { show: true } },
          { label: medianLabel, scale: 'minutes', stroke: '#b45309', width: 2, dash: [6, 4], points: { show: true } },
        ],
      },
      [days, development.weeks.map((week) => week.completed), development.weeks.map((week) => minutes(week.medianCycleTimeSeconds))],
      target,
    );
    const unfollow = followWidth(chart, target);
    return () => {
      unfollow();
      chart.destroy();
    };
  }, [development, language, completedLabel, medianLabel, weekLabel]);

  // The canvas is a picture of the table below, which carries the numbers for assistive technology.
  return <div ref={box} className="team-chart" aria-hidden="true" />;
}

function TrendTable({ development }: { development: DevelopmentView }) {
  const { t, i18n } = useTranslation();
  const number = useFormatNumber();
  const language = i18n.resolvedLanguage;
  return (
    <table className="team-table">
      <caption>
        {t(development.userId ? 'team.development.captionEmployee' : 'team.development.captionTeam', {
          from: formatDay(development.from, language),
          to: formatDay(development.to, language),
        })}
      </caption>
      <thead>
        <tr>
          <th scope="col">{t('team.development.week')}</th>
          <th scope="col">{t('team.development.completed')}</th>
          <th scope="col">{t('team.development.medianMinutes')}</th>
          <th scope="col">{t('team.development.workedHours')}</th>
          <th scope="col">{t('team.development.orderWorkHours')}</th>
          <th scope="col">{t('team.development.ordersWorkedOn')}</th>
        </tr>
      </thead>
      <tbody>
        {development.weeks.map((week) => (
          <tr key={week.week}>
            <th scope="row">{formatDay(week.week, language)}</th>
            <td>{number(week.completed)}</td>
            <td>{week.medianCycleTimeSeconds === null ? '–' : number(week.medianCycleTimeSeconds / 60, { maximumFractionDigits: 1 })}</td>
            <td>{number(week.workedSeconds / 3600, { maximumFractionDigits: 1 })}</td>
            <td>{number(week.orderWorkSeconds / 3600, { maximumFractionDigits: 1 })}</td>
            <td>{number(week.ordersWorkedOn)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
