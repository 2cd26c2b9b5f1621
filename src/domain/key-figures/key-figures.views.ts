import { z } from 'zod';
import { keyFigureIds, keyFigurePeriods, keyFigureTargetsSchema } from './key-figures.schema.js';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const figureValues = z.object(
  Object.fromEntries(keyFigureIds.map((id) => [id, z.number().nullable()])) as Record<(typeof keyFigureIds)[number], z.ZodNullable<z.ZodNumber>>,
);

/** A company's targets and home figures, with the version a save must name (0 before the first save). */
export const keyFigureSettingsViewSchema = z.object({
  targets: keyFigureTargetsSchema,
  homeFigures: z.array(z.enum(keyFigureIds)),
  version: z.number().int(),
});
export type KeyFigureSettingsView = z.infer<typeof keyFigureSettingsViewSchema>;

/** One period's figures: counts, seconds, a share 0-1, the score 0-100; null is "no data". */
export const periodFiguresViewSchema = z.object({
  /** The period's first day. */
  start: day,
  /** The first day after it. */
  end: day,
  values: figureValues,
  punctualityCounted: z.number().int(),
  /** The team score's parts: each figure with a target and a value, the target in the value's unit, and how far it reaches it (0-1). */
  scoreTerms: z.array(z.object({ figure: z.enum(keyFigureIds), value: z.number(), target: z.number(), attainment: z.number() })),
});
export type PeriodFiguresView = z.infer<typeof periodFiguresViewSchema>;

export const stationFiguresViewSchema = z.object({
  stationId: z.uuid(),
  /** '' for a station deleted since. */
  stationName: z.string(),
  workCompleted: z.number().int(),
  piecesCompleted: z.number().int(),
  cycleTimeMedian: z.number().nullable(),
  cycleTimeP90: z.number().nullable(),
  proposalsImplemented: z.number().int(),
  /** The share 0-1 of the station's work done without an interruption; null without work. */
  withoutInterruption: z.number().nullable(),
  /** Interruptions reported at the station in the period. */
  interruptions: z.number().int(),
  /** Seconds the station was interrupted within the period. */
  interruptedSeconds: z.number().int(),
  /** Availability: the share 0-1 of the period's time so far the station was not interrupted; null before it began. */
  availability: z.number().nullable(),
});
export type StationFiguresView = z.infer<typeof stationFiguresViewSchema>;

/** GET /api/key-figures: the period holding `day`, the one before (for the trend), the series up to it, per station, and the settings. */
export const keyFiguresViewSchema = z.object({
  period: z.enum(keyFigurePeriods),
  day,
  current: periodFiguresViewSchema,
  previous: periodFiguresViewSchema,
  /** The periods up to the current one, oldest first. */
  series: z.array(periodFiguresViewSchema),
  stations: z.array(stationFiguresViewSchema),
  settings: keyFigureSettingsViewSchema,
});
export type KeyFiguresView = z.infer<typeof keyFiguresViewSchema>;

/** POST /api/key-figures/rebuild: how many events of the log were read again. */
export const keyFiguresRebuildViewSchema = z.object({ events: z.number().int() });
export type KeyFiguresRebuildView = z.infer<typeof keyFiguresRebuildViewSchema>;
