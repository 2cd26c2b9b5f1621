import { keyFigureSettingsEvents } from './key-figures.events.js';
import type { Decider } from '../shared/decider.js';
import type { KeyFigureSettingsCommand } from './key-figures.commands.js';
import type { KeyFigureSettingsEvent } from './key-figures.events.js';
import { defaultHomeFigures, noTargets, type KeyFigureId, type KeyFigureTargets } from './key-figures.schema.js';

/** A company's targets per figure and the figures its home board shows. */
export interface KeyFigureSettingsState {
  targets: KeyFigureTargets;
  homeFigures: readonly KeyFigureId[];
}

/** Before the first save: no targets, the default home figures. */
export const initialKeyFigureSettings: KeyFigureSettingsState = { targets: noTargets, homeFigures: defaultHomeFigures };

export function evolveKeyFigureSettings(_state: KeyFigureSettingsState, event: KeyFigureSettingsEvent): KeyFigureSettingsState {
  switch (event.type) {
    case 'KeyFigureSettingsSaved':
      // Figures added after a save have no target yet.
      return { targets: { ...noTargets, ...event.data.targets }, homeFigures: event.data.homeFigures };
    default: {
      const _exhaustive: never = event.type;
      return _exhaustive;
    }
  }
}

export function decideKeyFigureSettings(command: KeyFigureSettingsCommand): KeyFigureSettingsEvent[] {
  switch (command.type) {
    case 'SaveKeyFigureSettings':
      return [{ type: 'KeyFigureSettingsSaved', data: { targets: command.targets, homeFigures: [...command.homeFigures], at: command.at } }];
    default: {
      const _exhaustive: never = command.type;
      return _exhaustive;
    }
  }
}

export const keyFigureSettingsDecider: Decider<KeyFigureSettingsState, KeyFigureSettingsCommand, KeyFigureSettingsEvent> = {
  events: keyFigureSettingsEvents,
  initialState: initialKeyFigureSettings,
  evolve: evolveKeyFigureSettings,
  decide: (command) => decideKeyFigureSettings(command),
};
