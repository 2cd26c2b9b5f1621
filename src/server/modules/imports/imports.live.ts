import type { ImportEvent } from '../../../domain/imports/imports.events.js';
import { liveRulesOf, writersOnly } from '../../platform/live-visibility.js';

declare module '../../platform/live-visibility.js' {
  interface KnownEvents {
    imports: ImportEvent;
  }
}

/** Who of the company receives each event of imports on the live feed: what REST answers each role (docs/live-feed.md, "Roles"). */
export const importsLiveRules = liveRulesOf<ImportEvent>()({
  // GET /api/imports/{id}: the writers' (the file's rows are in its report, which no event holds).
  ImportRequested: writersOnly,
  ImportCompleted: writersOnly,
  ImportFailed: writersOnly,
});
