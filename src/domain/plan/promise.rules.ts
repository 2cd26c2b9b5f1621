/**
 * Promises to customers against the capacity plan (docs/capacity-plan.md, "Promise a date"): the
 * hypothetical order a promise is asked for, and the orders whose planned finish breaks the date
 * promised. Pure, like the scheduler.
 */

import { defaultWorkingTime, endOfDayIn, timeZoneOf, type WorkingTime } from '../company/working-time.rules.js';
import type { PlannedTime } from '../oee/planned-time.rules.js';
import type { CapacityPlan, PlanOrder } from './capacity-plan.rules.js';

/** The id the hypothetical order of a promise carries in the plan (no order has it: ids are uuids). */
export const promisedOrderId = 'promise';

/**
 * The order a promise is asked for, as the plan takes it: not started, arrived now, over `route`
 * (the start station and the saved sequence after it) with the planned times of its material there.
 */
export function orderToPromise(
  request: { quantity: number; prioritize: boolean; deliveryDate: string | null },
  route: readonly string[],
  plannedAt: (stationId: string) => PlannedTime,
  now: Date,
): PlanOrder {
  return {
    id: promisedOrderId,
    number: '',
    prioritized: request.prioritize,
    deliveryDate: request.deliveryDate,
    arrivedAt: now.toISOString(),
    pieces: request.quantity,
    steps: route.map((stationId) => ({ stationId, ...plannedAt(stationId) })),
    workStartedAt: null,
  };
}

/** An order whose plan breaks the date promised to its customer. */
export interface PromiseAtRisk {
  orderId: string;
  number: string;
  /** `YYYY-MM-DD` promised. */
  promisedDate: string;
  /** ISO end of the promised day in the company's zone: the finish must come before it. */
  promisedBy: string;
  /** ISO planned finish; null when a station of its route cannot be planned. */
  finishAt: string | null;
  /** `late`: planned to finish after the promised day; `notPlanned`: a station of its route cannot be planned. */
  reason: 'late' | 'notPlanned';
}

/**
 * The orders of the plan with a promised date that the plan breaks: the planned finish at or after
 * the end of the promised day in the company's zone (as lateness against a delivery date), or no
 * finish at all. `promised` maps an order id to its promised day; orders without one are never at risk.
 */
export function promisesAtRisk(plan: CapacityPlan, promised: ReadonlyMap<string, string>, working: WorkingTime = defaultWorkingTime): PromiseAtRisk[] {
  const zone = timeZoneOf(working);
  const atRisk: PromiseAtRisk[] = [];
  for (const order of plan.orders) {
    const promisedDate = promised.get(order.orderId);
    if (promisedDate === undefined) continue;
    const promisedBy = endOfDayIn(promisedDate, zone).toISOString();
    if (order.finishAt === null) atRisk.push({ orderId: order.orderId, number: order.number, promisedDate, promisedBy, finishAt: null, reason: 'notPlanned' });
    else if (Date.parse(order.finishAt) >= Date.parse(promisedBy))
      atRisk.push({ orderId: order.orderId, number: order.number, promisedDate, promisedBy, finishAt: order.finishAt, reason: 'late' });
  }
  return atRisk;
}
