import type { LotEvent } from '../../../domain/lots/lot.events.js';
import { everyone, liveRulesOf } from '../../platform/live-visibility.js';

declare module '../../platform/live-visibility.js' {
  interface KnownEvents {
    lots: LotEvent;
  }
}

/** Who of the company receives each event of lots on the live feed: what REST answers each role (docs/live-feed.md, "Roles"). */
export const lotsLiveRules = liveRulesOf<LotEvent>()({
  // lots: GET /api/lots and /api/lots/{id} answer every user of the company (the station picks lots)
  LotReceived: everyone,
  LotProduced: everyone,
  LotCertificateAttached: everyone,
  LotConsumed: everyone,
  LotSerialsAssigned: everyone,
});
