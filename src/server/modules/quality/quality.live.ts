import type { NcrEvent } from '../../../domain/quality/ncr.events.js';
import { everyone, liveRulesOf } from '../../platform/live-visibility.js';

declare module '../../platform/live-visibility.js' {
  interface KnownEvents {
    quality: NcrEvent;
  }
}

/** Who of the company receives each event of quality on the live feed: what REST answers each role (docs/live-feed.md, "Roles"). */
export const qualityLiveRules = liveRulesOf<NcrEvent>()({
  // quality: the non-conformance reports (GET /api/ncrs: any user of the company; the station shows the hold)
  NonConformanceOpened: everyone,
  NonConformanceDecided: everyone,
  NonConformanceRemeasured: everyone,
  NonConformanceClosed: everyone,
});
