import type { FirstStepsEvent } from '../../../domain/home/first-steps.events.js';
import { liveRulesOf, subjectOnly } from '../../platform/live-visibility.js';

declare module '../../platform/live-visibility.js' {
  interface KnownEvents {
    home: FirstStepsEvent;
  }
}

/** Who of the company receives each event of home on the live feed: what REST answers each role (docs/live-feed.md, "Roles"). */
export const homeLiveRules = liveRulesOf<FirstStepsEvent>()({
  // home: a user's own first-steps list (GET /api/home/first-steps answers the caller's own)
  FirstStepsDismissed: subjectOnly,
});
