import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keyFigureIds, keyFigurePeriods, type KeyFigureId, type KeyFigurePeriod } from '../../../domain/key-figures/key-figures.schema';
import type { KeyFiguresView } from '../../../domain/key-figures/key-figures.views';
import { canChange } from '../../lib/access';
import { useAuth } from '../../lib/auth';
import { formatDay, useFormatNumber } from '../../lib/locale';
import { useChangeRights } from '../../lib/use-change-rights';
import { useLiveQuery } from '../../lib/use-live-feed';
import { EmptyState } from '../../ui/empty-state';
import { FormError } from '../../ui/form';
import { Link } from '../../ui/link';
import { LiveNote } from '../../ui/live-note';
import { Select, SelectItem } from '../../ui/select';
import { Spinner } from '../../ui/spinner';
import { getKeyFiguresQueryOptions, useKeyFigures } from './api/key-figures';
import { chartValue, SeriesChart, StationBars } from './charts';
import { FigureCard } from './figure-card';
import { useFigureFormat } from './format';
import { keyFigureTopics } from './key-figures-board';
import { OeeSection } from './oee-section';
import './key-figures.css';

const lastDayOf = (end: string) => new Date(Date.parse(`${end}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * The key-figures page: every figure of today, this week or this month with target and trend, the
 * team score and how it is made, a figure over time and the stations side by side; live as work is done.
 */
export function KeyFiguresScreen() {
  const { t, i18n } = useTranslation();
  const { session } = useAuth();
  const hasCompany = Boolean(session?.company);
  const mayEditTargets = canChange(session, 'companySettings', useChangeRights());
  const [period, setPeriod] = useState<KeyFigurePeriod>('week');
  const figures = useKeyFigures(period, hasCompany);
  const live = useLiveQuery(hasCompany ? keyFigureTopics : [], getKeyFiguresQueryOptions(period).queryKey, figures);
  const language = i18n.resolvedLanguage;

  return (
    <div className="page key-figures-page">
      <div className="page-header">
        <h1>{t('screens.keyFigures.title')}</h1>
        {mayEditTargets ? (
          <Link variant="button" href="/company">
            {t('keyFigures.page.editTargets')}
          </Link>
        ) : null}
      </div>
      {!hasCompany ? (
        <EmptyState title={t('keyFigures.page.noCompany')} />
      ) : (
        <>
          <div className="key-figures-toolbar">
            <Select
              label={t('keyFigures.periodLabel')}
              value={period}
              onChange={(key) => setPeriod(keyFigurePeriods.find((one) => one === key) ?? period)}
              items={keyFigurePeriods.map((id) => ({ id }))}
            >
              {(item) => (
                <SelectItem id={item.id} textValue={t(`keyFigures.periods.${item.id}`)}>
                  {t(`keyFigures.periods.${item.id}`)}
                </SelectItem>
              )}
            </Select>
            {figures.data ? (
              <p className="key-figures-range">
                {t('keyFigures.periodRange', {
                  from: formatDay(figures.data.current.start, language),
                  to: formatDay(lastDayOf(figures.data.current.end), language),
                })}
              </p>
            ) : null}
            <LiveNote live={live} text={(kind) => t(`keyFigures.live.${kind}`)} />
          </div>
          {figures.isPending ? (
            <Spinner aria-label={t('keyFigures.page.loading')} />
          ) : figures.isError ? (
            <FormError error={figures.error}>{t('keyFigures.page.loadFailed')}</FormError>
          ) : (
            <KeyFiguresContent figures={figures.data} isCurrent={live.isCurrent} />
          )}
        </>
      )}
    </div>
  );
}

function KeyFiguresContent({ figures, isCurrent }: { figures: KeyFiguresView; isCurrent: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="key-figures-content" data-current={isCurrent} aria-busy={!isCurrent}>
      <section className="panel" aria-labelledby="key-figures-heading">
        <h2 id="key-figures-heading">{t('keyFigures.page.figuresHeading')}</h2>
        <div className="key-figure-grid">
          {keyFigureIds.map((figure) => (
            <FigureCard key={figure} figure={figure} figures={figures} />
          ))}
        </div>
      </section>
      <ScoreSection figures={figures} />
      <OeeSection period={figures.period} figures={figures} />
      <SeriesSection figures={figures} />
      <StationsSection figures={figures} />
    </div>
  );
}

function ScoreSection({ figures }: { figures: KeyFiguresView }) {
  const { t } = useTranslation();
  const format = useFigureFormat();
  const number = useFormatNumber();
  const terms = figures.current.scoreTerms;
  return (
    <section className="panel" aria-labelledby="key-figures-score-heading">
      <h2 id="key-figures-score-heading">{t('keyFigures.page.scoreHeading')}</h2>
      <p>{t('keyFigures.page.scoreFormula')}</p>
      {terms.length === 0 ? (
        <p className="key-figures-muted">{t('keyFigures.page.scoreNone')}</p>
      ) : (
        <ul className="key-figures-terms">
          {terms.map((term) => (
            <li key={term.figure}>
              {t('keyFigures.page.scoreTerm', {
                figure: t(`keyFigures.figures.${term.figure}`),
                value: format.value(term.figure, term.value),
                target: format.value(term.figure, term.target),
                attainment: number(term.attainment, { style: 'percent', maximumFractionDigits: 0 }),
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SeriesSection({ figures }: { figures: KeyFiguresView }) {
  const { t, i18n } = useTranslation();
  const format = useFigureFormat();
  const [figure, setFigure] = useState<KeyFigureId>('ordersCompleted');
  const language = i18n.resolvedLanguage;
  const plotted = keyFigureIds;
  return (
    <section className="panel" aria-labelledby="key-figures-series-heading">
      <h2 id="key-figures-series-heading">{t('keyFigures.page.seriesHeading')}</h2>
      <Select
        label={t('keyFigures.page.seriesFigure')}
        value={figure}
        onChange={(key) => setFigure(plotted.find((one) => one === key) ?? figure)}
        items={plotted.map((id) => ({ id }))}
      >
        {(item) => (
          <SelectItem id={item.id} textValue={t(`keyFigures.figures.${item.id}`)}>
            {t(`keyFigures.figures.${item.id}`)}
          </SelectItem>
        )}
      </Select>
      <SeriesChart figures={figures} figure={figure} />
      <table className="key-figures-table">
        <caption>{t('keyFigures.page.seriesCaption', { figure: t(`keyFigures.figures.${figure}`) })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('keyFigures.page.periodColumn')}</th>
            <th scope="col">{t(`keyFigures.figures.${figure}`)}</th>
          </tr>
        </thead>
        <tbody>
          {figures.series.map((period) => (
            <tr key={period.start} data-value={chartValue(figure, period.values[figure]) ?? ''}>
              <th scope="row">{formatDay(period.start, language)}</th>
              <td>{format.value(figure, period.values[figure])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function StationsSection({ figures }: { figures: KeyFiguresView }) {
  const { t } = useTranslation();
  const format = useFigureFormat();
  const number = useFormatNumber();
  const names = figures.stations.map((station) => station.stationName || t('keyFigures.page.deletedStation'));
  return (
    <section className="panel" aria-labelledby="key-figures-stations-heading">
      <h2 id="key-figures-stations-heading">{t('keyFigures.page.stationsHeading')}</h2>
      {figures.stations.length === 0 ? (
        <p className="key-figures-muted">{t('keyFigures.page.stationsEmpty')}</p>
      ) : (
        <>
          <StationBars figures={figures} names={names} />
          <table className="key-figures-table">
            <caption>{t('keyFigures.page.stationsCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('keyFigures.page.station')}</th>
                <th scope="col">{t('keyFigures.page.workCompleted')}</th>
                <th scope="col">{t('keyFigures.page.piecesCompleted')}</th>
                <th scope="col">{t('keyFigures.page.cycleTimeMedian')}</th>
                <th scope="col">{t('keyFigures.page.cycleTimeP90')}</th>
                <th scope="col">{t('keyFigures.page.proposalsImplemented')}</th>
                <th scope="col">{t('keyFigures.page.withoutInterruption')}</th>
                <th scope="col">{t('keyFigures.page.interruptions')}</th>
                <th scope="col">{t('keyFigures.page.availability')}</th>
              </tr>
            </thead>
            <tbody>
              {figures.stations.map((station, index) => (
                <tr key={station.stationId}>
                  <th scope="row">{names[index]}</th>
                  <td>{number(station.workCompleted)}</td>
                  <td>{number(station.piecesCompleted)}</td>
                  <td>{format.value('cycleTimeMedian', station.cycleTimeMedian)}</td>
                  <td>{format.value('cycleTimeP90', station.cycleTimeP90)}</td>
                  <td>{number(station.proposalsImplemented)}</td>
                  <td>{format.value('withoutInterruption', station.withoutInterruption)}</td>
                  <td>
                    {t('keyFigures.page.interruptionsValue', {
                      count: station.interruptions,
                      minutes: number(Math.round(station.interruptedSeconds / 60)),
                    })}
                  </td>
                  <td>{format.value('withoutInterruption', station.availability)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
