import { z } from 'zod';
import { keyFigurePeriods } from '../key-figures/key-figures.schema.js';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const share = z.number().nullable();

/** OEE of a station or the plant in a period (docs/oee.md): minutes, pieces, shares 0-1; null is unknown. */
export const oeeFiguresViewSchema = z.object({
  plannedMinutes: z.number(),
  downtimeMinutes: z.number(),
  runMinutes: z.number(),
  /** Null when pieces were reported without a planned time per piece. */
  idealMinutes: z.number().nullable(),
  made: z.number().int(),
  good: z.number().int(),
  scrap: z.number().int(),
  rework: z.number().int(),
  availability: share,
  /** Null when the ideal time is unknown or nothing was made: never assumed 100 %. */
  performance: share,
  quality: share,
  oee: share,
  speedLossMinutes: z.number().nullable(),
});
export type OeeFiguresView = z.infer<typeof oeeFiguresViewSchema>;

export const stationOeeViewSchema = z.object({
  stationId: z.uuid(),
  /** '' for a station deleted since. */
  stationName: z.string(),
  figures: oeeFiguresViewSchema,
});
export type StationOeeView = z.infer<typeof stationOeeViewSchema>;

/** GET /api/oee: the period holding `day`, per station and for the plant, and the plant's series up to it (for the chart). */
export const oeeViewSchema = z.object({
  period: z.enum(keyFigurePeriods),
  day,
  /** The period's first day and the first day after it. */
  start: day,
  end: day,
  /** The period is still running: its numbers count the time up to `asOf`. */
  live: z.boolean(),
  asOf: z.string(),
  plant: oeeFiguresViewSchema,
  /** Every station with pieces reported or an interruption in the period, by name. */
  stations: z.array(stationOeeViewSchema),
  /** The plant's figures per period, oldest first, the current one last. */
  series: z.array(z.object({ start: day, end: day, plant: oeeFiguresViewSchema })),
});
export type OeeView = z.infer<typeof oeeViewSchema>;

/** One bar of the loss Pareto, with the orders it touched (the amount each lost). */
export const lossBarViewSchema = z.object({
  kind: z.enum(['downtime', 'scrap', 'speed']),
  /** The interruption or scrap reason's id; the station's id for a speed loss. */
  key: z.string(),
  /** The reason's name as recorded; the station's name for a speed loss. */
  label: z.string(),
  /** Minutes (downtime, speed) or pieces (scrap). */
  amount: z.number(),
  orders: z.array(z.object({ orderId: z.uuid(), orderNumber: z.string(), amount: z.number() })),
});
export type LossBarView = z.infer<typeof lossBarViewSchema>;

/** GET /api/oee/losses: the loss Pareto of a station (or the plant) in the period, largest first. */
export const oeeLossesViewSchema = z.object({
  period: z.enum(keyFigurePeriods),
  day,
  stationId: z.uuid().nullable(),
  bars: z.array(lossBarViewSchema),
});
export type OeeLossesView = z.infer<typeof oeeLossesViewSchema>;
