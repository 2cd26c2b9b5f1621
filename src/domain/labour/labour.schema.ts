import { z } from 'zod';
import { optionalText, requiredText } from '../shared/validation.js';
import { pauseReasons, splitUnits } from './labour.events.js';
import { splitSumProblem } from './labour.rules.js';

/** Limits of labour time inputs: a correction's reason is a sentence; a correction adds at most a day. */
export const labourLimits = { reason: 300, correctionMinutes: 24 * 60, tapAgeHours: 24 } as const;

const id = z.uuid({ error: 'validation.invalidId' });
const instant = z.iso.datetime({ offset: true, error: 'validation.dateTime' });
const day = z.iso.date({ error: 'validation.invalidFormat' });

/**
 * The moment of a tap, when the station tablet queued it offline (docs/offline-station.md): absent,
 * the server's now. The server refuses one in the future or older than `labourLimits.tapAgeHours`.
 */
const tappedAt = instant.optional();

/** `POST /api/labour/clock-in` and `/clock-out`: at a station tablet (its id) or the console (none). */
export const clockSchema = z.object({
  stationId: id.nullable().default(null),
  at: tappedAt,
});
export type ClockInput = z.infer<typeof clockSchema>;

/** `POST /api/labour/orders/{orderId}/join|resume|leave`: the station the order is worked at. */
export const orderWorkSchema = z.object({
  stationId: id,
  at: tappedAt,
});
export type OrderWorkInput = z.infer<typeof orderWorkSchema>;

/** `POST /api/labour/orders/{orderId}/pause`: with a reason of the fixed set. */
export const pauseOrderWorkSchema = orderWorkSchema.extend({
  reason: z.enum(pauseReasons, { error: 'validation.required' }),
});
export type PauseOrderWorkInput = z.infer<typeof pauseOrderWorkSchema>;

/** `POST /api/labour/attendances/{id}/corrections`: the times as they should be, and why. */
export const correctAttendanceSchema = z
  .object({
    clockedInAt: instant,
    clockedOutAt: instant,
    reason: requiredText(labourLimits.reason),
  })
  .refine((input) => Date.parse(input.clockedOutAt) > Date.parse(input.clockedInAt), {
    path: ['clockedOutAt'],
    message: 'labour.validation.outBeforeIn',
  });
export type CorrectAttendanceInput = z.infer<typeof correctAttendanceSchema>;

/** `POST /api/labour/users/{userId}/work-time-corrections`: minutes added (negative: taken) on an order at a station on a day. */
export const correctWorkTimeSchema = z.object({
  orderId: id,
  stationId: id,
  day,
  minutes: z
    .number({ error: 'validation.invalidType' })
    .int('validation.wholeNumber')
    .min(-labourLimits.correctionMinutes)
    .max(labourLimits.correctionMinutes)
    .refine((minutes) => minutes !== 0, 'labour.validation.zeroMinutes'),
  reason: requiredText(labourLimits.reason),
});
export type CorrectWorkTimeInput = z.infer<typeof correctWorkTimeSchema>;

/** A split names at most this many orders (one person's orders at once). */
export const splitMaxOrders = 20;

/**
 * `POST /api/labour/users/{userId}/work-splits`: how a work period (the one that started at
 * `periodStartedAt`) splits across its orders, in percent (adding up to 100) or whole minutes (adding up
 * to the period's minutes, `wholeMinutes` when the form knows them; the server checks against the period).
 */
export const workSplitSchemaFor = (wholeMinutes: number | null) =>
  z
    .object({
      periodStartedAt: instant,
      unit: z.enum(splitUnits, { error: 'validation.required' }),
      shares: z
        .array(z.object({ orderId: id, stationId: id, amount: z.number({ error: 'validation.invalidType' }).min(0).max(labourLimits.correctionMinutes) }))
        .min(2)
        .max(splitMaxOrders),
      reason: optionalText(labourLimits.reason),
    })
    .superRefine((input, context) => {
      // Minutes add up to the period's: checked here when the form knows them, else by the decider.
      if (input.unit === 'minutes' && wholeMinutes === null) return;
      const problem = splitSumProblem(
        input.unit,
        input.shares.map((share) => share.amount),
        wholeMinutes,
      );
      if (problem) context.addIssue({ code: 'custom', path: ['shares'], message: problem });
    });
export const workSplitSchema = workSplitSchemaFor(null);
export type WorkSplitInput = z.infer<typeof workSplitSchema>;

/** `GET /api/labour/times?userId&week`: one person's week; `week` is any day of it (`YYYY-MM-DD`), default this week. */
export const workTimesQuerySchema = z.object({
  userId: id,
  week: day.optional(),
});
export type WorkTimesQuery = z.infer<typeof workTimesQuerySchema>;

/** Languages of the CSV exports (column names; `de`: decimal commas): the user's own when not named. */
const csvLanguage = z.enum(['en', 'de'], { error: 'validation.invalidValue' }).optional();

/** `GET /api/labour/timesheet.csv?userId&week&lang`: one person's week as CSV. */
export const timesheetCsvQuerySchema = workTimesQuerySchema.extend({ lang: csvLanguage });

/** The payroll export covers at most this many days at once. */
export const payrollMaxDays = 93;

/** `GET /api/labour/payroll.csv?from&to&lang`: hours per employee and day from `from` to `to` (days, both included). */
export const payrollQuerySchema = z
  .object({ from: day, to: day, lang: csvLanguage })
  .refine((query) => query.to >= query.from, { path: ['to'], message: 'labour.validation.toBeforeFrom' })
  .refine((query) => Date.parse(query.to) - Date.parse(query.from) < payrollMaxDays * 86_400_000, {
    path: ['to'],
    message: 'labour.validation.payrollTooLong',
  });
export type PayrollQuery = z.infer<typeof payrollQuerySchema>;
