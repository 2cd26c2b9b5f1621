import { eventCatalogue } from '../shared/decider.js';
import type { KeyFigureId, KeyFigureTargets } from './key-figures.schema.js';

/** Stream type of a company's key-figure settings, stream `key-figure-settings-<companyId>` (one per company). */
export const KEY_FIGURE_SETTINGS_STREAM_TYPE = 'key-figure-settings';
export const keyFigureSettingsStreamId = (companyId: string) => `key-figure-settings-${companyId}`;

/** Facts of a company's key-figure settings. Shapes are never edited once landed. */
export type KeyFigureSettingsEvent = {
  type: 'KeyFigureSettingsSaved';
  data: { targets: KeyFigureTargets; homeFigures: KeyFigureId[]; at: string };
};

/** The key-figure settings' events as every reader reads them. */
export const keyFigureSettingsEvents = eventCatalogue<KeyFigureSettingsEvent>({
  streamType: KEY_FIGURE_SETTINGS_STREAM_TYPE,
  types: { KeyFigureSettingsSaved: true },
});
