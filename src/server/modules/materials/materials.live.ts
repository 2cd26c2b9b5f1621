import type { MaterialEvent } from '../../../domain/materials/materials.events.js';
import { everyone, liveRulesOf } from '../../platform/live-visibility.js';

declare module '../../platform/live-visibility.js' {
  interface KnownEvents {
    materials: MaterialEvent;
  }
}

/** Who of the company receives each event of materials on the live feed: what REST answers each role (docs/live-feed.md, "Roles"). */
export const materialsLiveRules = liveRulesOf<MaterialEvent>()({
  MaterialCreated: everyone,
  MaterialUpdated: everyone,
  MaterialDeleted: everyone,
  MaterialMediaAdded: everyone,
  MaterialMediaRemoved: everyone,
});
