import { z } from 'zod';
import { keyFigureDaySchema, keyFigurePeriods } from '../key-figures/key-figures.schema.js';

/** `GET /api/oee`: the kind of period (default: day, live for today) and a day in it (default: today in the company's time zone). */
export const oeeQuerySchema = z.object({
  period: z.enum(keyFigurePeriods, { error: 'validation.invalidValue' }).default('day'),
  day: keyFigureDaySchema.optional(),
});
export type OeeQuery = z.input<typeof oeeQuerySchema>;

/** `GET /api/oee/losses`: the same period, for one station or (without `stationId`) the plant. */
export const oeeLossesQuerySchema = oeeQuerySchema.extend({
  stationId: z.uuid({ error: 'validation.invalidValue' }).optional(),
});
export type OeeLossesQuery = z.input<typeof oeeLossesQuerySchema>;
