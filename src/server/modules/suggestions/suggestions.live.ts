import type { SuggestionEvent } from '../../../domain/suggestions/suggestion.events.js';
import { all, liveRulesOf, none, rule, writersOnly } from '../../platform/live-visibility.js';

declare module '../../platform/live-visibility.js' {
  interface KnownEvents {
    suggestions: SuggestionEvent;
  }
}

/** Who of the company receives each event of suggestions on the live feed: what REST answers each role (docs/live-feed.md, "Roles"). */
export const suggestionsLiveRules = liveRulesOf<SuggestionEvent>()({
  // suggestions: GET /api/suggestions is for writers (with the author); an operator reads none
  SuggestionSubmitted: { subject: 'submittedBy', roles: rule(all, none).roles },
  SuggestionStatusChanged: writersOnly,
});
