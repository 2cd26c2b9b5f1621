import { randomUUID } from 'node:crypto';
import { suggestionDecider, type SuggestionState } from '../../../domain/suggestions/suggestion.decider.js';
import { SUGGESTION_STREAM_TYPE, suggestionStreamId } from '../../../domain/suggestions/suggestion.events.js';
import type { ChangeSuggestionStatus, SubmitSuggestion } from '../../../domain/suggestions/suggestion.schema.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { handleCommand, staleCopy, type CommandContext } from '../../platform/command.js';
import { stationNamesById } from '../stations/index.js';

const suggestionStream = (suggestionId: string) => ({ id: suggestionStreamId(suggestionId), type: SUGGESTION_STREAM_TYPE });

/** Another company's suggestion looks absent (row-level security): 404. */
const suggestionMustExist = ({ state }: { state: SuggestionState }) => (state.status === 'absent' ? new DomainError('SUGGESTION_NOT_FOUND') : undefined);

const actorOf = (ctx: CommandContext) => {
  if (!ctx.actor) throw new DomainError('UNAUTHORIZED');
  return ctx.actor.userId;
};

/** Any user of the company submits a suggestion; the station, when named, must be one of the company's. Returns its id. */
export async function submitSuggestion(ctx: CommandContext, input: SubmitSuggestion): Promise<string> {
  if (input.stationId && !(await stationNamesById(ctx.tx, [input.stationId])).has(input.stationId)) {
    throw new DomainError('VALIDATION_ERROR', [{ path: 'stationId', message: 'validation.invalidId' }]);
  }
  const suggestionId = randomUUID();
  await handleCommand(ctx, suggestionDecider, suggestionStream(suggestionId), {
    type: 'SubmitSuggestion',
    suggestionId,
    text: input.text,
    submittedBy: actorOf(ctx),
    stationId: input.stationId,
    at: ctx.at,
  });
  return suggestionId;
}

/** An admin marks a suggestion accepted, rejected or implemented, on the copy of `version` (another is stale: 409). */
export async function changeSuggestionStatus(ctx: CommandContext, suggestionId: string, change: ChangeSuggestionStatus): Promise<void> {
  await handleCommand(
    ctx,
    suggestionDecider,
    suggestionStream(suggestionId),
    { type: 'ChangeSuggestionStatus', status: change.status, changedBy: actorOf(ctx), at: ctx.at },
    {
      clientVersion: change.version,
      precondition: suggestionMustExist,
      conflict: () => staleCopy('This suggestion was changed meanwhile. Reload it and mark it again.'),
    },
  );
}
