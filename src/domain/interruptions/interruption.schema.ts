import { z } from 'zod';
import { pagingQuery } from '../shared/paging.js';
import { optionalText, requiredText } from '../shared/validation.js';

/** Limits of an interruption's notes (the spec names none; a note is a sentence or two). */
export const interruptionLimits = {
  note: 500,
  /** An expected end lies at most this many days after the moment it is given (ours: a year). */
  expectedEndDays: 366,
} as const;

/** When an interruption is expected to be resolved: an ISO time with offset, or null for not known. */
export const expectedEndSchema = z.iso
  .datetime({ offset: true, error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalidFormat') })
  .nullable()
  .transform((at) => (at === null ? null : new Date(at).toISOString()));

const id = z.uuid({ error: 'validation.invalidId' });

/** `POST /api/interruptions`: the station, optionally the order worked on, the reason (master data) and a note. */
export const reportInterruptionSchema = z.object({
  stationId: id,
  orderId: id.nullable().default(null),
  reasonId: z.uuid({ error: 'validation.required' }),
  note: optionalText(interruptionLimits.note),
  expectedEndAt: expectedEndSchema.optional().transform((at) => at ?? null),
});
export type ReportInterruption = z.infer<typeof reportInterruptionSchema>;
export type ReportInterruptionInput = z.input<typeof reportInterruptionSchema>;

/** `POST /api/interruptions/{id}/resolve`: how it was resolved (required). */
export const resolveInterruptionSchema = z.object({
  note: requiredText(interruptionLimits.note),
});
export type ResolveInterruption = z.infer<typeof resolveInterruptionSchema>;
export type ResolveInterruptionInput = z.input<typeof resolveInterruptionSchema>;

/** `POST /api/interruptions/{id}/expected-end`: when the open interruption is now expected to be resolved (null: not known). */
export const setExpectedEndSchema = z.object({ expectedEndAt: expectedEndSchema });
export type SetExpectedEnd = z.infer<typeof setExpectedEndSchema>;
export type SetExpectedEndInput = z.input<typeof setExpectedEndSchema>;

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
