import { describe, expect, it } from 'vitest';
import { startOfDayIn, type WorkingTime } from '../company/working-time.rules.js';
import { lossParetoOf, plantOeeOf, quantityFiguresOf, quantitySumsOf, stationOeeOf, type DowntimeFact, type QuantityFact } from './oee.rules.js';

// The worked example of docs/oee.md: its numbers are these.
const working: WorkingTime = { days: [1, 2, 3, 4, 5], fromMinute: 6 * 60, toMinute: 22 * 60, timeZone: 'Europe/Berlin' };
const monday = { from: startOfDayIn('2026-11-23', 'Europe/Berlin').getTime(), to: startOfDayIn('2026-11-24', 'Europe/Berlin').getTime() };
const endOfDay = monday.to;
const saw = 'station-saw';
const report = (orderId: string, good: number, scrap: number, rework: number, scrapReason: string, at: string, startedAt: string): QuantityFact => ({
  stationId: saw,
  orderId,
  at,
  good,
  scrap,
  rework,
  scrapReasonId: scrapReason,
  scrapReason,
  pieceMinutes: 1.5,
  workStartedAt: startedAt,
  reworked: false,
});
// 06:00-22:00 Berlin is 05:00-21:00 UTC in November.
const reports = [
  report('order-A', 290, 6, 4, 'Kratzer', '2026-11-23T12:00:00Z', '2026-11-23T05:00:00Z'),
  report('order-B', 190, 9, 1, 'Maßfehler', '2026-11-23T20:00:00Z', '2026-11-23T12:00:00Z'),
];
const downtimes: DowntimeFact[] = [
  { stationId: saw, orderId: 'order-A', reasonId: 'jam', reasonName: 'Säge klemmt', from: '2026-11-23T08:00:00Z', to: '2026-11-23T09:00:00Z' },
];

describe('OEE, the worked example of docs/oee.md', () => {
  const figures = stationOeeOf(monday, endOfDay, working, reports, downtimes);

  it('availability 900 / 960, performance 750 / 900, quality 480 / 500, OEE 0.75', () => {
    expect(figures).toMatchObject({ plannedMinutes: 960, downtimeMinutes: 60, runMinutes: 900, idealMinutes: 750, made: 500, good: 480, scrap: 15, rework: 5 });
    expect(figures.availability).toBeCloseTo(0.9375, 10);
    expect(figures.performance).toBeCloseTo(0.833333, 6);
    expect(figures.quality).toBeCloseTo(0.96, 10);
    expect(figures.oee).toBeCloseTo(0.75, 10);
    // Equivalently: ideal time × good / planned production time = 1.5 × 480 / 960.
    expect(figures.oee).toBeCloseTo((1.5 * 480) / 960, 10);
    expect(figures.speedLossMinutes).toBe(150);
  });

  it('yield 480 / 495, scrap rate 15 / 500, first-pass yield 480 / 500', () => {
    const quality = quantityFiguresOf([quantitySumsOf(reports)]);
    expect(quality.yield).toBeCloseTo(480 / 495, 10);
    expect(quality.scrapRate).toBeCloseTo(0.03, 10);
    expect(quality.firstPassYield).toBeCloseTo(0.96, 10);
  });

  it('leaves the reports of an order of reworked pieces out of first-pass yield, but not out of yield, scrap rate or quality', () => {
    // Order A's 4 rework pieces come back to SAW as their own order A-1: 3 good, 1 scrap.
    const reworked = { ...report('order-A-1', 3, 1, 0, 'Kratzer', '2026-11-23T20:30:00Z', '2026-11-23T20:00:00Z'), reworked: true };
    const withRework = [...reports, reworked];
    const quality = quantityFiguresOf([quantitySumsOf(withRework)]);
    expect(quality.firstPassYield).toBeCloseTo(480 / 500, 10);
    expect(quality.yield).toBeCloseTo(483 / 499, 10);
    expect(quality.scrapRate).toBeCloseTo(16 / 504, 10);
    expect(stationOeeOf(monday, endOfDay, working, withRework, downtimes).quality).toBeCloseTo(483 / 504, 10);
    // Only reworked pieces: no first pass, so no first-pass yield (never 100 %).
    expect(quantityFiguresOf([quantitySumsOf([reworked])]).firstPassYield).toBeNull();
  });

  it('counts only the time observed so far for today (live), and leaves a station without pieces out of the plant', () => {
    const noon = Date.parse('2026-11-23T11:00:00Z');
    const live = stationOeeOf(monday, noon, working, reports.slice(0, 0), downtimes);
    expect(live).toMatchObject({ plannedMinutes: 360, downtimeMinutes: 60, runMinutes: 300, made: 0, performance: null, quality: null, oee: null });
    expect(live.availability).toBeCloseTo(300 / 360, 10);
    const plant = plantOeeOf([figures, live]);
    expect(plant).toMatchObject({ plannedMinutes: 960, runMinutes: 900, idealMinutes: 750, good: 480 });
    expect(plant.oee).toBeCloseTo(0.75, 10);
  });

  it('shows performance and OEE as unknown, never 100 %, when a report has no planned time per piece', () => {
    const unplanned = stationOeeOf(monday, endOfDay, working, [...reports, { ...reports[0], orderId: 'order-C', pieceMinutes: null }], downtimes);
    expect(unplanned).toMatchObject({ idealMinutes: null, performance: null, oee: null, speedLossMinutes: null });
    expect(unplanned.availability).toBeCloseTo(0.9375, 10);
    expect(plantOeeOf([unplanned]).performance).toBeNull();
  });

  it('ranks the losses: speed 150 min, the jam 60 min, then scrap by reason, each with its orders', () => {
    const bars = lossParetoOf(monday, endOfDay, working, reports, downtimes, [{ stationId: saw, figures }]);
    expect(bars.map((bar) => [bar.kind, bar.label, bar.amount])).toEqual([
      ['speed', saw, 150],
      ['downtime', 'Säge klemmt', 60],
      ['scrap', 'Maßfehler', 9],
      ['scrap', 'Kratzer', 6],
    ]);
    expect(bars[1].orders).toEqual([{ orderId: 'order-A', amount: 60 }]);
    // Order A took 420 min for 300 pieces of 1.5 min (450 ideal): no speed loss; order B 480 min for 300 ideal.
    expect(bars[0].orders).toEqual([{ orderId: 'order-B', amount: 180 }]);
  });
});
