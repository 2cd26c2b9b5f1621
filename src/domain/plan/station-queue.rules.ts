/**
 * "What can I start now" at a station (docs/capacity-plan.md, "The worklist in plan order"): the
 * orders waiting or in work at a station, in the order the plan starts them there, each marked
 * startable when nothing holds it (no order before it on the station's places, no stop). Pure.
 */

import type { CapacityPlan } from './capacity-plan.rules.js';

export interface StationQueueEntry {
  orderId: string;
  number: string;
  /** Position in the plan's order at this station (0 first). */
  position: number;
  /** ISO planned start and end at this station. */
  startAt: string;
  endAt: string;
  inProgress: boolean;
  /** Not in work, and planned to start as soon as it is ready here: no order holds the station before it and it is not stopped. */
  startable: boolean;
  /** Working ms it waits at the station (queue and stops). */
  waitedMs: number;
}

/**
 * The orders at `stationId` now (their first remaining step is there) in the plan's order there:
 * work in progress first, then by planned start, then by the plan's rank. An order the plan cannot
 * place at all (a station it cannot plan) is left out: the worklist keeps it in its own order.
 */
export function stationQueue(plan: CapacityPlan, stationId: string): StationQueueEntry[] {
  const entries = plan.orders.flatMap((order) => {
    const operation = order.operations[0];
    if (!operation || operation.step !== 0 || operation.stationId !== stationId) return [];
    return [{ order, operation }];
  });
  entries.sort(
    (a, b) =>
      Number(b.operation.inProgress) - Number(a.operation.inProgress) ||
      Date.parse(a.operation.startAt) - Date.parse(b.operation.startAt) ||
      a.order.rank - b.order.rank,
  );
  return entries.map(({ order, operation }, position) => ({
    orderId: order.orderId,
    number: order.number,
    position,
    startAt: operation.startAt,
    endAt: operation.endAt,
    inProgress: operation.inProgress,
    startable: !operation.inProgress && operation.explanation.waitedMs === 0,
    waitedMs: operation.explanation.waitedMs,
  }));
}
