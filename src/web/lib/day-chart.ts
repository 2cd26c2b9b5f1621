import type uPlot from 'uplot';
import { formatDay } from './locale';

/*
 * What the console's uPlot charts over days share (key figures, the team's development): the date
 * axis, the legend's first entry and a width that follows the chart's box.
 */

const day = 86_400;
// Ticks fall on whole days only (a date axis of periods has nothing between two days).
const dayIncrements = [day, 2 * day, 7 * day, 14 * day, 28 * day, 91 * day, 182 * day, 364 * day];

/** A day (seconds since 1970, UTC midnight) written as the console writes days. */
const dayOf = (seconds: number, language: string | undefined) => formatDay(new Date(seconds * 1000).toISOString().slice(0, 10), language);

/** The x axis of days: ticks at least 96 px apart, so dates written out never overlap. */
export const dayAxis = (language: string | undefined): uPlot.Axis => ({
  space: 96,
  incrs: dayIncrements,
  values: (_plot, ticks) => ticks.map((tick) => dayOf(tick, language)),
});

/** The legend's entry of the x values (uPlot's own would read "Time" in English), named and written as a day. */
export const daySeries = (label: string, language: string | undefined): uPlot.Series => ({
  label,
  value: (_plot, seconds) => (seconds === null ? '–' : dayOf(seconds, language)),
});

/** The chart's width: its box's, at least 320 px. */
export const chartWidth = (target: HTMLElement) => Math.max(320, target.clientWidth);

/** Keeps the chart as wide as its box while the page's width changes (a chart never pushes the page wider); answers the stop. */
export function followWidth(chart: uPlot, target: HTMLElement): () => void {
  const observer = new ResizeObserver(() => {
    if (chart.width !== chartWidth(target)) chart.setSize({ width: chartWidth(target), height: chart.height });
  });
  observer.observe(target);
  return () => observer.disconnect();
}
