import type { FirstSteps } from '../../../domain/home/home.views.js';
import { recordEvents, type CommandContext } from '../../platform/command.js';
import { FIRST_STEPS_STREAM_TYPE, firstStepsOf, firstStepsStreamId } from './first-steps.queries.js';

/** The user puts the first-steps list away for good: `FirstStepsDismissed` on their stream, once. */
export async function dismissFirstSteps(ctx: CommandContext, userId: string): Promise<FirstSteps> {
  const before = await firstStepsOf(ctx.tx, ctx.companyId, userId);
  if (before.dismissed) return before;
  await recordEvents(ctx, { id: firstStepsStreamId(userId), type: FIRST_STEPS_STREAM_TYPE }, [{ type: 'FirstStepsDismissed', data: { userId, at: ctx.at } }]);
  return { ...before, dismissed: true };
}
