import { randomUUID } from 'node:crypto';
import type { InterruptionCommand } from '../../../domain/interruptions/interruption.commands.js';
import { stationInterruptionsDecider } from '../../../domain/interruptions/interruption.decider.js';
import { INTERRUPTION_STREAM_TYPE, interruptionStreamId } from '../../../domain/interruptions/interruption.events.js';
import type { ReportInterruption, ResolveInterruption, SetExpectedEnd } from '../../../domain/interruptions/interruption.schema.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { handleCommand, type CommandContext } from '../../platform/command.js';
import { stationOfOperator } from '../orders/index.js';
import { findStationRow, isAuthorizedForStation } from '../stations/index.js';
import { activeInterruptionReason, orderExists, stationOfInterruption } from './interruptions.queries.js';

const interruptionStream = (stationId: string) => ({ id: interruptionStreamId(stationId), type: INTERRUPTION_STREAM_TYPE });

const actorOf = (ctx: CommandContext) => {
  if (!ctx.actor) throw new DomainError('UNAUTHORIZED');
  return ctx.actor;
};

/**
 * An operator reports and resolves only at the station they are signed in at (their latest station
 * login) and authorised for; administrators act from the console and are not asked.
 */
async function operatorMustBeSignedInAt(ctx: CommandContext, stationId: string): Promise<void> {
  const actor = actorOf(ctx);
  if (actor.role !== 'OPERATOR') return;
  if ((await stationOfOperator(ctx.tx, actor.userId)) !== stationId) {
    throw new DomainError('STATION_NOT_SIGNED_IN', [{ path: 'stationId', message: 'errors.STATION_NOT_SIGNED_IN' }]);
  }
  if (!(await isAuthorizedForStation(ctx.tx, actor.userId, stationId))) throw new DomainError('STATION_NOT_AUTHORIZED');
}

/** Reports an interruption at a station (one open at a time: 409 otherwise). Returns its id. */
export async function reportInterruption(ctx: CommandContext, input: ReportInterruption): Promise<string> {
  const actor = actorOf(ctx);
  // Another company's or a deleted station looks absent: 404.
  if (!(await findStationRow(ctx.tx, input.stationId))) throw new DomainError('NOT_FOUND');
  await operatorMustBeSignedInAt(ctx, input.stationId);
  const reasonName = await activeInterruptionReason(ctx.tx, input.reasonId);
  if (reasonName === undefined) {
    throw new DomainError('VALIDATION_ERROR', [{ path: 'reasonId', message: 'interruptions.validation.unknownReason' }]);
  }
  if (input.orderId && !(await orderExists(ctx.tx, input.orderId))) {
    throw new DomainError('VALIDATION_ERROR', [{ path: 'orderId', message: 'validation.invalidId' }]);
  }
  const interruptionId = randomUUID();
  await handleCommand(
    ctx,
    stationInterruptionsDecider,
    interruptionStream(input.stationId),
    {
      type: 'ReportInterruption',
      interruptionId,
      stationId: input.stationId,
      orderId: input.orderId,
      reasonId: input.reasonId,
      reasonName,
      note: input.note,
      reportedBy: actor.userId,
      expectedEndAt: input.expectedEndAt,
      at: ctx.at,
    },
    // Two reports at the same moment: the second decides again and finds the first open (409).
    { retriesOnConflict: 1 },
  );
  return interruptionId;
}

/**
 * A command on an existing interruption: its station's stream, by an operator signed in there or an
 * administrator. An unknown interruption (or another company's) is INTERRUPTION_NOT_FOUND.
 */
async function onInterruption(ctx: CommandContext, interruptionId: string, commandOf: (actorId: string) => InterruptionCommand): Promise<void> {
  const actor = actorOf(ctx);
  const stationId = await stationOfInterruption(ctx.tx, interruptionId);
  if (!stationId) throw new DomainError('INTERRUPTION_NOT_FOUND');
  await operatorMustBeSignedInAt(ctx, stationId);
  await handleCommand(ctx, stationInterruptionsDecider, interruptionStream(stationId), commandOf(actor.userId), { retriesOnConflict: 1 });
}

/** Resolves an interruption with a note: an operator at its station, or an administrator. */
export async function resolveInterruption(ctx: CommandContext, interruptionId: string, input: ResolveInterruption): Promise<void> {
  await onInterruption(ctx, interruptionId, (resolvedBy) => ({
    type: 'ResolveInterruption',
    interruptionId,
    note: input.note,
    resolvedBy,
    at: ctx.at,
  }));
}

/** Sets (or clears) when an open interruption is expected to be resolved: an operator at its station, or an administrator. */
export async function setExpectedEnd(ctx: CommandContext, interruptionId: string, input: SetExpectedEnd): Promise<void> {
  await onInterruption(ctx, interruptionId, (setBy) => ({
    type: 'SetExpectedEnd',
    interruptionId,
    expectedEndAt: input.expectedEndAt,
    setBy,
    at: ctx.at,
  }));
}
