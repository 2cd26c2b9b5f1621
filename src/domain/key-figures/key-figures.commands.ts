import type { KeyFigureSettingsInput } from './key-figures.schema.js';

/** Intents on a company's key-figure settings. `at` is the ISO time the command was given. */
export type KeyFigureSettingsCommand = { type: 'SaveKeyFigureSettings'; at: string } & KeyFigureSettingsInput;
