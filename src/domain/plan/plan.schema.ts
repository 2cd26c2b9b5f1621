import { z } from 'zod';
import { calendarDaySchema, positionSchema } from '../orders/order.schema.js';
import { wrongTypeIs } from '../shared/decimal.js';

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
