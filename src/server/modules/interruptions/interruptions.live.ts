import type { InterruptionEvent } from '../../../domain/interruptions/interruption.events.js';
import { everyone, liveRulesOf } from '../../platform/live-visibility.js';

declare module '../../platform/live-visibility.js' {
  interface KnownEvents {
    interruptions: InterruptionEvent;
  }
}

/** Who of the company receives each event of interruptions on the live feed: what REST answers each role (docs/live-feed.md, "Roles"). */
export const interruptionsLiveRules = liveRulesOf<InterruptionEvent>()({
  InterruptionReported: everyone,
  InterruptionResolved: everyone,
  InterruptionExpectedEndSet: everyone,
});
