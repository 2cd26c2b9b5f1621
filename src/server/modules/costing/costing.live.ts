import type { CostingEvent } from '../../../domain/costing/costing.events.js';
import { liveRulesOf, ownersOnly } from '../../platform/live-visibility.js';

declare module '../../platform/live-visibility.js' {
  interface KnownEvents {
    costing: CostingEvent;
  }
}

/** Who of the company receives each event of costing on the live feed: what REST answers each role (docs/live-feed.md, "Roles"). */
export const costingLiveRules = liveRulesOf<CostingEvent>()({
  // costing: rates and prices are behind the `costs` right, which the feed's role rules cannot see per
  // admin; the owner (and the product operator) get them live, a granted admin reads them over REST.
  MachineRateSet: ownersOnly,
  LabourRateSet: ownersOnly,
  MaterialPriceSet: ownersOnly,
});
