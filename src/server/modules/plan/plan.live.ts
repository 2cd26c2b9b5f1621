import type { PlanQueueEvent } from '../../../domain/plan/plan-queue.events.js';
import { everyone, liveRulesOf } from '../../platform/live-visibility.js';

declare module '../../platform/live-visibility.js' {
  interface KnownEvents {
    plan: PlanQueueEvent;
  }
}

/** Who of the company receives each event of plan on the live feed: what REST answers each role (docs/live-feed.md, "Roles"). */
export const planLiveRules = liveRulesOf<PlanQueueEvent>()({
  // the capacity plan: GET /api/plan is read by every company user
  StationQueueOrdered: everyone,
});
