import type { StationQueueView } from '../../../domain/plan/plan.views';

/** A worklist entry as the plan sees it: where it comes in the plan's order here, and whether it may start now. */
export interface PlannedEntry {
  position: number;
  startable: boolean;
  startAt: string;
}

/**
 * The worklist in the plan's order at the station (docs/capacity-plan.md): the orders the plan
 * places first, by their position; the rest (the plan could not place them, or it is not known yet)
 * after them in the worklist's own order. Without a plan the worklist stays as the server sent it.
 */
export function inPlanOrder<Entry extends { id: string }>(
  entries: readonly Entry[],
  queue: StationQueueView | undefined,
): { entries: Entry[]; planned: Map<string, PlannedEntry> } {
  const planned = new Map<string, PlannedEntry>(
    (queue?.orders ?? []).map((order) => [order.orderId, { position: order.position, startable: order.startable, startAt: order.startAt }]),
  );
  const rank = (entry: Entry) => planned.get(entry.id)?.position ?? Number.POSITIVE_INFINITY;
  // Array.prototype.sort is stable: unplanned entries keep the worklist's order.
  return { entries: [...entries].sort((a, b) => rank(a) - rank(b)), planned };
}
