import type { KeyFigureSettingsEvent } from '../../../domain/key-figures/key-figures.events.js';
import { everyone, liveRulesOf } from '../../platform/live-visibility.js';

declare module '../../platform/live-visibility.js' {
  interface KnownEvents {
    'key-figures': KeyFigureSettingsEvent;
  }
}

/** Who of the company receives each event of key-figures on the live feed: what REST answers each role (docs/live-feed.md, "Roles"). */
export const keyFiguresLiveRules = liveRulesOf<KeyFigureSettingsEvent>()({
  KeyFigureSettingsSaved: everyone,
});
