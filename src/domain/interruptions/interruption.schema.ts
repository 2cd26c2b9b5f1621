import { z } from 'zod';
import { pagingQuery } from '../shared/paging.js';
import { optionalText, requiredText } from '../shared/validation.js';

/** Limits of an interruption's notes (the spec names none; a note is a sentence or two). */
export const interruptionLimits = { note: 500 } as const;

const id = z.uuid({ error: 'validation.invalidId' });

/** `POST /api/interruptions`: the station, optionally the order worked on, the reason (master data) and a note. */
export const reportInterruptionSchema = z.object({
  stationId: id,
  orderId: id.nullable().default(null),
  reasonId: z.uuid({ error: 'validation.required' }),
  note: optionalText(interruptionLimits.note),
});
export type ReportInterruption = z.infer<typeof reportInterruptionSchema>;
export type ReportInterruptionInput = z.input<typeof reportInterruptionSchema>;

/** `POST /api/interruptions/{id}/resolve`: how it was resolved (required). */
export const resolveInterruptionSchema = z.object({
  note: requiredText(interruptionLimits.note),
});
export type ResolveInterruption = z.infer<typeof resolveInterruptionSchema>;
export type ResolveInterruptionInput = z.input<typeof resolveInterruptionSchema>;

/** `open=true` only the open ones, `open=false` only the resolved ones, absent both. */
const booleanQuery = z.enum(['true', 'false'], { error: 'validation.invalidValue' }).transform((value) => value === 'true');

/** `GET /api/interruptions`: newest first, paged (up to 100), filtered by open, station and order. */
export const interruptionListQuerySchema = z.object({
  ...pagingQuery(100),
  open: booleanQuery.optional(),
  stationId: id.optional(),
  orderId: id.optional(),
});
export type InterruptionListQuery = z.infer<typeof interruptionListQuerySchema>;
