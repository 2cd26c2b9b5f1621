import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { keyFigureUnits, type KeyFigureId } from '../../../domain/key-figures/key-figures.schema';
import type { KeyFiguresView } from '../../../domain/key-figures/key-figures.views';
import { chartWidth, dayAxis, daySeries, followWidth } from '../../lib/day-chart';

/** A figure in the chart's unit: minutes for durations, percent for shares. */
export function chartValue(figure: KeyFigureId, value: number | null): number | null {
  if (value === null) return null;
  const unit = keyFigureUnits[figure];
  if (unit === 'minutes') return Math.round((value / 60) * 10) / 10;
  if (unit === 'percent') return Math.round(value * 1000) / 10;
  return value;
}

/** The figure over the periods of the series (a gap where there is no data). The table beside it carries the numbers. */
export function SeriesChart({ figures, figure }: { figures: KeyFiguresView; figure: KeyFigureId }) {
  const { t, i18n } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const language = i18n.resolvedLanguage;
  const label = t(`keyFigures.figures.${figure}`);
  const periodLabel = t('keyFigures.page.periodColumn');

  useEffect(() => {
    const target = box.current;
    if (!target) return;
    const starts = figures.series.map((period) => Date.parse(`${period.start}T00:00:00Z`) / 1000);
    const chart = new uPlot(
      {
        width: chartWidth(target),
        height: 240,
        scales: { x: { time: true }, y: { range: (_plot, _min, max) => [0, Math.max(1, max ?? 1)] } },
        axes: [dayAxis(language), { label }],
        series: [daySeries(periodLabel, language), { label, stroke: '#1d4ed8', width: 2, points: { show: true }, spanGaps: false }],
      },
      [starts, figures.series.map((period) => chartValue(figure, period.values[figure]))],
      target,
    );
    const unfollow = followWidth(chart, target);
    return () => {
      unfollow();
      chart.destroy();
    };
  }, [figures, figure, language, label, periodLabel]);

  return <div ref={box} className="key-figures-chart" aria-hidden="true" data-chart="series" />;
}

/** Work completed and the median cycle time per station, as bars. The table beside it carries the numbers. */
export function StationBars({ figures, names }: { figures: KeyFiguresView; names: string[] }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const completedLabel = t('keyFigures.page.workCompleted');
  const medianLabel = t('keyFigures.page.cycleTimeMedian');
  const stationLabel = t('keyFigures.page.station');

  useEffect(() => {
    const target = box.current;
    if (!target || figures.stations.length === 0) return;
    const bars = uPlot.paths.bars?.({ size: [0.35, 48], align: -1 });
    const barsRight = uPlot.paths.bars?.({ size: [0.35, 48], align: 1 });
    const chart = new uPlot(
      {
        width: chartWidth(target),
        height: 240,
        scales: {
          x: { time: false, range: (_plot, min, max) => [min - 0.6, max + 0.6] },
          count: { range: (_plot, _min, max) => [0, Math.max(1, max ?? 1)] },
          minutes: { range: (_plot, _min, max) => [0, Math.max(1, max ?? 1)] },
        },
        axes: [
          { values: (_plot, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? (names[tick] ?? '') : '')) },
          { scale: 'count', label: completedLabel },
          { scale: 'minutes', side: 1, label: medianLabel, grid: { show: false } },
        ],
        series: [
          { label: stationLabel, value: (_plot, index) => (index === null ? '–' : (names[index] ?? '')) },
          { label: completedLabel, scale: 'count', fill: '#1d4ed8', stroke: '#1d4ed8', paths: bars, points: { show: false } },
          { label: medianLabel, scale: 'minutes', fill: '#b45309', stroke: '#b45309', paths: barsRight, points: { show: false } },
        ],
      },
      [
        figures.stations.map((_station, index) => index),
        figures.stations.map((station) => station.workCompleted),
        figures.stations.map((station) => chartValue('cycleTimeMedian', station.cycleTimeMedian)),
      ],
      target,
    );
    const unfollow = followWidth(chart, target);
    return () => {
      unfollow();
      chart.destroy();
    };
  }, [figures, names, completedLabel, medianLabel, stationLabel]);

  return <div ref={box} className="key-figures-chart" aria-hidden="true" data-chart="stations" />;
}
