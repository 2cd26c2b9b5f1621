import { z } from 'zod';
import { wrongTypeIs } from '../shared/decimal.js';
import { keyFigureIds, keyFigureUnits, type KeyFigureId, type KeyFigureUnit } from './figure-units.rules.js';

export { keyFigureIds, keyFigureUnits, type KeyFigureId, type KeyFigureUnit, type ScoredFigureId } from './figure-units.rules.js';

/** The periods figures are counted in: days, weeks from Monday and calendar months of the company's time zone. */
export const keyFigurePeriods = ['day', 'week', 'month'] as const;
export type KeyFigurePeriod = (typeof keyFigurePeriods)[number];

/** Limits of a target, written once for the server and the form. */
export const keyFigureTargetLimits: Record<KeyFigureUnit, { min: number; max: number }> = {
  count: { min: 0, max: 100_000 },
  minutes: { min: 1, max: 1_000_000 },
  percent: { min: 0, max: 100 },
  score: { min: 0, max: 100 },
};

/** The figures a new company's home board shows until it chooses. */
export const defaultHomeFigures: readonly KeyFigureId[] = ['ordersCompleted', 'cycleTimeMedian', 'punctuality', 'teamScore'];
/** At most this many figures on the home board. */
export const maxHomeFigures = 6;

const targetSchema = (unit: KeyFigureUnit) =>
  z
    .number({ error: wrongTypeIs('validation.number') })
    .int('validation.wholeNumber')
    .min(keyFigureTargetLimits[unit].min)
    .max(keyFigureTargetLimits[unit].max)
    .nullable()
    .default(null);

/** A target per figure; null: none set (the figure is shown, but does not enter the team score). */
export const keyFigureTargetsSchema = z.object(
  Object.fromEntries(keyFigureIds.map((id) => [id, targetSchema(keyFigureUnits[id])])) as Record<KeyFigureId, ReturnType<typeof targetSchema>>,
);
export type KeyFigureTargets = z.output<typeof keyFigureTargetsSchema>;

export const noTargets: KeyFigureTargets = Object.fromEntries(keyFigureIds.map((id) => [id, null])) as KeyFigureTargets;

/** Saving the targets and the home board's figures (`homeFiguresAreDistinct`: each figure once). */
export const keyFigureSettingsInputSchema = z.object({
  targets: keyFigureTargetsSchema,
  homeFigures: z
    .array(z.enum(keyFigureIds, { error: 'validation.invalidValue' }))
    .max(maxHomeFigures)
    .refine((figures) => new Set(figures).size === figures.length, 'validation.invalidValue'),
});
export type KeyFigureSettingsInputForm = z.input<typeof keyFigureSettingsInputSchema>;
export type KeyFigureSettingsInput = z.output<typeof keyFigureSettingsInputSchema>;

/** A calendar day of the company the figures can be asked for (years 2000 to 2999). */
export const keyFigureDaySchema = z.iso
  .date({ error: 'validation.invalidFormat' })
  .refine((day) => day >= '2000-01-01' && day <= '2999-12-31', 'validation.invalidValue');

/** `GET /api/key-figures`: the kind of period (default: week) and a day in it (default: today in the company's time zone). */
export const keyFiguresQuerySchema = z.object({
  period: z.enum(keyFigurePeriods, { error: 'validation.invalidValue' }).default('week'),
  day: keyFigureDaySchema.optional(),
});
export type KeyFiguresQuery = z.input<typeof keyFiguresQuerySchema>;
