import { z } from 'zod';
import { decimalSchema } from '../shared/decimal.js';
import { labourRateTargets } from './costing.events.js';

/** Limits of rates and prices: hourly rates up to 99,999.99, a purchase price up to 9,999,999.99 (two decimals); a report spans at most a year. */
export const costingLimits = {
  hourlyRate: { min: 0, maxDigits: 7, maxDecimals: 2 },
  price: { min: 0, maxDigits: 9, maxDecimals: 2 },
  reportDays: 366,
} as const;

const id = z.uuid({ error: 'validation.invalidId' });
const day = z.iso.date({ error: 'validation.invalidFormat' });
const hourlyRate = decimalSchema({ ...costingLimits.hourlyRate, message: 'costing.validation.hourlyRate' });

/** `POST /api/costs/machine-rates`: a station's hourly rate from a day on. */
export const setMachineRateSchema = z.object({ stationId: id, hourlyRate, validFrom: day });
export type SetMachineRateInput = z.infer<typeof setMachineRateSchema>;

/** `POST /api/costs/labour-rates`: the standard labour rate (no `targetId`), a job title's or an employee's, from a day on. */
export const setLabourRateSchema = z
  .object({ target: z.enum(labourRateTargets, { error: 'validation.invalidValue' }), targetId: id.nullable().default(null), hourlyRate, validFrom: day })
  .refine((input) => (input.target === 'standard') === (input.targetId === null), { path: ['targetId'], message: 'validation.required' });
export type SetLabourRateInput = z.infer<typeof setLabourRateSchema>;

/** `POST /api/costs/material-prices`: a material's purchase price per piece from a day on. */
export const setMaterialPriceSchema = z.object({
  materialId: id,
  price: decimalSchema({ ...costingLimits.price, message: 'costing.validation.price' }),
  validFrom: day,
});
export type SetMaterialPriceInput = z.infer<typeof setMaterialPriceSchema>;

/** One rate or price to set: which route (`kind`) and its body. */
export type RateWrite =
  { kind: 'machine'; input: SetMachineRateInput } | { kind: 'labour'; input: SetLabourRateInput } | { kind: 'material'; input: SetMaterialPriceInput };

/** `GET /api/costs/margins` (and `.csv`): orders created from `from` to `to` (days in the company's zone, both included). */
export const marginsQuerySchema = z
  .object({ from: day, to: day, lang: z.enum(['en', 'de']).default('en') })
  .refine((query) => query.from <= query.to, { path: ['to'], message: 'costing.validation.period' })
  .refine((query) => Date.parse(query.to) - Date.parse(query.from) <= (costingLimits.reportDays - 1) * 86_400_000, {
    path: ['to'],
    message: 'costing.validation.periodTooLong',
  });
export type MarginsQuery = z.infer<typeof marginsQuerySchema>;
