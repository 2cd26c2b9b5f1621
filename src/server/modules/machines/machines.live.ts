import type { MachineEvent } from '../../../domain/machines/machines.events.js';
import { liveRulesOf, ownersOnly } from '../../platform/live-visibility.js';

declare module '../../platform/live-visibility.js' {
  interface KnownEvents {
    machines: MachineEvent;
  }
}

/** Who of the company receives each event of machines on the live feed: what REST answers each role (docs/live-feed.md, "Roles"). */
export const machinesLiveRules = liveRulesOf<MachineEvent>()({
  // GET /api/machines: the owner's (never the broker's password, which no event holds).
  MachineBrokerSet: ownersOnly,
  MachineBrokerRemoved: ownersOnly,
  MachineLinkSaved: ownersOnly,
  MachineLinkRemoved: ownersOnly,
});
