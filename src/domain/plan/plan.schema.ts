import { z } from 'zod';
import { calendarDaySchema, positionSchema } from '../orders/order.schema.js';
import { wrongTypeIs } from '../shared/decimal.js';

/** More orders than wait at one station on any shop floor; bounds the request. */
export const QUEUE_MAX_ORDERS = 2000;

/**
 * `PUT /api/plan/stations/{id}/queue`: every order waiting at the station, in the order a
 * supervisor set (dragged or moved with the keyboard on the Gantt). The list must name exactly the
 * orders waiting there now, so a queue made on an outdated screen is refused (409).
 */
export const stationQueueSchema = z.object({
  orderIds: z
    .array(z.uuid())
    .min(1)
    .max(QUEUE_MAX_ORDERS)
    .refine((ids) => new Set(ids).size === ids.length, 'validation.invalidValue'),
});
export type StationQueueInput = z.output<typeof stationQueueSchema>;

/** Days the plan's answer covers by default from the start of today in the company's zone: what the Gantt shows at most. */
export const PLAN_WINDOW_DAYS = 42;
/** The longest window one answer covers, in days. */
export const PLAN_WINDOW_MAX_DAYS = 366;

/** The most station rows one answer of `GET /api/plan` may ask for (`limit`). */
export const PLAN_ROWS_MAX = 100;

/**
 * `GET /api/plan`: `at` the plan as it stood at that past moment, made from the log up to it;
 * `from`/`to` the window of operations answered (those overlapping it; default today in the company's
 * zone and `PLAN_WINDOW_DAYS` on); `explain` each operation's explanation too (else fetched per order);
 * `offset`/`limit` the station rows answered (the Gantt's rows in view; default every row).
 */
export const planQuerySchema = z.object({
  at: z.iso.datetime({ offset: true }).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  explain: z
    .enum(['true', 'false'], { error: 'validation.invalidValue' })
    .transform((value) => value === 'true')
    .optional(),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(PLAN_ROWS_MAX).optional(),
});
export type PlanQuery = z.output<typeof planQuerySchema>;

/**
 * `POST /api/plan/promise` (docs/capacity-plan.md, "Promise a date"): a material and a quantity as
 * the customer-order form holds them, with the order's priority and the delivery date asked for
 * (both decide its place in plan order). The limits are the order position's.
 */
export const promiseRequestSchema = z.object({
  materialId: positionSchema.shape.materialId,
  quantity: positionSchema.shape.quantity,
  prioritize: z.boolean({ error: wrongTypeIs('validation.invalidType') }).default(false),
  deliveryDate: calendarDaySchema.nullable().default(null),
});
export type PromiseRequest = z.output<typeof promiseRequestSchema>;
export type PromiseRequestInput = z.input<typeof promiseRequestSchema>;
