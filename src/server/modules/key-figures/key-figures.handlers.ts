import { keyFigureSettingsDecider } from '../../../domain/key-figures/key-figures.decider.js';
import { KEY_FIGURE_SETTINGS_STREAM_TYPE, keyFigureSettingsStreamId } from '../../../domain/key-figures/key-figures.events.js';
import type { KeyFigureSettingsInput } from '../../../domain/key-figures/key-figures.schema.js';
import { handleCommand, staleCopy, type CommandContext } from '../../platform/command.js';
import { rebuildKeyFigureFacts } from './key-figures.projection.js';

const staleSettings = () => staleCopy('The key-figure settings were saved by someone else meanwhile. Reload them and make your changes again.');

/** Saves the targets and the home figures; the form must have been made on the saved version. */
export async function saveKeyFigureSettings(ctx: CommandContext, input: KeyFigureSettingsInput, version: number): Promise<void> {
  await handleCommand(
    ctx,
    keyFigureSettingsDecider,
    { id: keyFigureSettingsStreamId(ctx.companyId), type: KEY_FIGURE_SETTINGS_STREAM_TYPE },
    { type: 'SaveKeyFigureSettings', at: ctx.at, ...input },
    { clientVersion: version, conflict: staleSettings },
  );
}

/** Reads the company's key-figure facts again from the log (docs/key-figures.md, Rebuild). */
export const rebuildKeyFigures = (ctx: CommandContext): Promise<number> => rebuildKeyFigureFacts(ctx.tx, ctx.companyId);
