import { eventCatalogue } from '../shared/decider.js';

/**
 * Stream type of a station's queue order in the plan: one stream per station,
 * `plan-queue-<stationId>`, holding the orders a supervisor set for the orders waiting there
 * (docs/capacity-plan.md, "Manual queue order"). The plan follows the latest one.
 */
export const PLAN_QUEUE_STREAM_TYPE = 'plan-queue';
export const planQueueStreamId = (stationId: string) => `plan-queue-${stationId}`;

/** Facts of a station's queue order. Shapes are a contract: never edited once landed. */
export type PlanQueueEvent = {
  /** A supervisor set the order of the orders waiting at the station (every one of them, first first). */
  type: 'StationQueueOrdered';
  data: { stationId: string; orderIds: string[]; setBy: string; at: string };
};

/** The queue order's events as every reader reads them. */
export const planQueueEvents = eventCatalogue<PlanQueueEvent>({
  streamType: PLAN_QUEUE_STREAM_TYPE,
  types: { StationQueueOrdered: true },
});
