import { randomUUID } from 'node:crypto';
import { startOfDayIn, timeZoneOf, type WorkingTime } from '../../../domain/company/working-time.rules.js';
import type { LabourCommand } from '../../../domain/labour/labour.commands.js';
import { labourDecider } from '../../../domain/labour/labour.decider.js';
import { LABOUR_STREAM_TYPE, labourStreamId, type LeaveCause } from '../../../domain/labour/labour.events.js';
import { dayEndOf } from '../../../domain/labour/labour.rules.js';
import {
  labourLimits,
  type ClockInput,
  type CorrectAttendanceInput,
  type CorrectWorkTimeInput,
  type OrderWorkInput,
  type PauseOrderWorkInput,
  type WorkSplitInput,
} from '../../../domain/labour/labour.schema.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { handleCommand, runInTenant, type CommandContext, type CommandDeps } from '../../platform/command.js';
import { withSystem } from '../../platform/db.js';
import { stationOfOperator } from '../orders/index.js';
import { findStationRow, isAuthorizedForStation } from '../stations/index.js';
import { orderInWorkAtStation } from '../orders/index.js';
import { missedClockOuts, ownerOfAttendance, userOfCompany } from './labour.queries.js';

const labourStream = (userId: string) => ({ id: labourStreamId(userId), type: LABOUR_STREAM_TYPE });

const actorOf = (ctx: CommandContext) => {
  if (!ctx.actor) throw new DomainError('UNAUTHORIZED');
  return ctx.actor;
};

/** Decides a command on the person's stream; two taps at once: the second decides again on the first's result. */
const decide = (ctx: CommandContext, command: LabourCommand) =>
  handleCommand(ctx, labourDecider, labourStream(command.userId), command, { retriesOnConflict: 1 });

/**
 * The moment a tap counts at: the request's, or the one the station tablet queued it at offline
 * (docs/offline-station.md). Older than a day, or more than five minutes ahead, is refused; a tablet's
 * clock a little ahead counts as now (never a moment the server has not reached).
 */
function tapTimeOf(ctx: CommandContext, at: string | undefined): string {
  if (at === undefined) return ctx.at;
  const tapped = Date.parse(at);
  const now = ctx.now.getTime();
  if (tapped > now + 5 * 60_000 || tapped < now - labourLimits.tapAgeHours * 3_600_000) {
    throw new DomainError('VALIDATION_ERROR', [{ path: 'at', message: 'labour.validation.tapTime' }]);
  }
  return new Date(Math.min(tapped, now)).toISOString();
}

/** A station named must be the company's (404 otherwise); an operator acts only where they are signed in and authorised. */
async function stationMayBeUsed(ctx: CommandContext, stationId: string | null): Promise<void> {
  const actor = actorOf(ctx);
  if (stationId !== null && !(await findStationRow(ctx.tx, stationId))) throw new DomainError('NOT_FOUND');
  if (actor.role !== 'OPERATOR' || stationId === null) return;
  if ((await stationOfOperator(ctx.tx, actor.userId)) !== stationId) {
    throw new DomainError('STATION_NOT_SIGNED_IN', [{ path: 'stationId', message: 'errors.STATION_NOT_SIGNED_IN' }]);
  }
  if (!(await isAuthorizedForStation(ctx.tx, actor.userId, stationId))) throw new DomainError('STATION_NOT_AUTHORIZED');
}

/** Clocks the signed-in user in (at a station tablet or the console); the day's end is the company's working day's. */
export async function clockIn(ctx: CommandContext, input: ClockInput, working: WorkingTime): Promise<void> {
  const actor = actorOf(ctx);
  await stationMayBeUsed(ctx, input.stationId);
  const at = tapTimeOf(ctx, input.at);
  await decide(ctx, { type: 'ClockIn', attendanceId: randomUUID(), userId: actor.userId, stationId: input.stationId, at, dayEndsAt: dayEndOf(at, working) });
}

/** Clocks the signed-in user out, taking them off every order they were on. */
export async function clockOut(ctx: CommandContext, input: ClockInput): Promise<void> {
  const actor = actorOf(ctx);
  await stationMayBeUsed(ctx, input.stationId);
  await decide(ctx, { type: 'ClockOut', userId: actor.userId, stationId: input.stationId, at: tapTimeOf(ctx, input.at) });
}

/** Clocks the signed-in user onto an order in work at a station (several people may be on one order). */
export async function joinOrderWork(ctx: CommandContext, orderId: string, input: OrderWorkInput): Promise<void> {
  const actor = actorOf(ctx);
  const inWork = await orderInWorkAtStation(ctx.tx, orderId, input.stationId);
  if (inWork === undefined) throw new DomainError('NOT_FOUND');
  await stationMayBeUsed(ctx, input.stationId);
  if (!inWork) throw new DomainError('LABOUR_ORDER_NOT_IN_WORK');
  await decide(ctx, { type: 'JoinOrderWork', userId: actor.userId, orderId, stationId: input.stationId, at: tapTimeOf(ctx, input.at) });
}

/** Pauses (with a reason), resumes or leaves the signed-in user's work on an order at a station. */
export async function changeOrderWork(
  ctx: CommandContext,
  orderId: string,
  change: { type: 'pause'; input: PauseOrderWorkInput } | { type: 'resume' | 'leave'; input: OrderWorkInput },
): Promise<void> {
  const actor = actorOf(ctx);
  if ((await orderInWorkAtStation(ctx.tx, orderId, change.input.stationId)) === undefined) throw new DomainError('NOT_FOUND');
  const { stationId } = change.input;
  await stationMayBeUsed(ctx, stationId);
  const at = tapTimeOf(ctx, change.input.at);
  const base = { userId: actor.userId, orderId, stationId, at };
  if (change.type === 'pause') await decide(ctx, { type: 'PauseOrderWork', ...base, reason: change.input.reason });
  else if (change.type === 'resume') await decide(ctx, { type: 'ResumeOrderWork', ...base });
  else await decide(ctx, { type: 'LeaveOrderWork', ...base, cause: 'left' satisfies LeaveCause });
}

/** A supervisor sets an attendance's times, with a reason; the original stays in the records. Returns the person's id. */
export async function correctAttendance(ctx: CommandContext, attendanceId: string, input: CorrectAttendanceInput): Promise<string> {
  const actor = actorOf(ctx);
  const userId = await ownerOfAttendance(ctx.tx, attendanceId);
  if (!userId) throw new DomainError('LABOUR_ATTENDANCE_NOT_FOUND');
  await decide(ctx, {
    type: 'CorrectAttendance',
    correctionId: randomUUID(),
    attendanceId,
    userId,
    clockedInAt: new Date(input.clockedInAt).toISOString(),
    clockedOutAt: new Date(input.clockedOutAt).toISOString(),
    reason: input.reason,
    correctedBy: actor.userId,
    at: ctx.at,
  });
  return userId;
}

/** A supervisor adds (or takes) work time on an order at a station, booked at the start of a day in the company's zone. */
export async function correctWorkTime(ctx: CommandContext, userId: string, input: CorrectWorkTimeInput, working: WorkingTime): Promise<void> {
  const actor = actorOf(ctx);
  if (!(await userOfCompany(ctx.tx, userId))) throw new DomainError('NOT_FOUND');
  if ((await orderInWorkAtStation(ctx.tx, input.orderId, input.stationId)) === undefined)
    throw new DomainError('VALIDATION_ERROR', [{ path: 'orderId', message: 'validation.invalidId' }]);
  if (!(await findStationRow(ctx.tx, input.stationId))) throw new DomainError('VALIDATION_ERROR', [{ path: 'stationId', message: 'validation.invalidId' }]);
  await decide(ctx, {
    type: 'CorrectWorkTime',
    correctionId: randomUUID(),
    userId,
    orderId: input.orderId,
    stationId: input.stationId,
    bookedAt: startOfDayIn(input.day, timeZoneOf(working)).toISOString(),
    seconds: input.minutes * 60,
    reason: input.reason,
    correctedBy: actor.userId,
    at: ctx.at,
  });
}

/**
 * States how a work period of a person splits across its orders (the person at the station, or a
 * supervisor afterwards; the route checks who). Another company's person is 404.
 */
export async function stateWorkSplit(ctx: CommandContext, userId: string, input: WorkSplitInput): Promise<void> {
  const actor = actorOf(ctx);
  if (!(await userOfCompany(ctx.tx, userId))) throw new DomainError('NOT_FOUND');
  await decide(ctx, {
    type: 'StateWorkSplit',
    splitId: randomUUID(),
    userId,
    periodStartedAt: new Date(input.periodStartedAt).toISOString(),
    unit: input.unit,
    shares: input.shares,
    reason: input.reason === '' ? null : input.reason,
    statedBy: actor.userId,
    at: ctx.at,
  });
}

/**
 * The end-of-day sweep: every open attendance whose working day has ended by the platform clock's
 * now is closed at that end and flagged (`ClockOutMissed`). Idempotent: the decider does nothing
 * for one closed meanwhile, so two server instances sweeping at once close each once. Returns how many it closed.
 */
export async function closeMissedClockOuts(deps: CommandDeps): Promise<number> {
  const now = deps.clock.now();
  const due = await withSystem(deps.db, (tx) => missedClockOuts(tx, now));
  let closed = 0;
  for (const { companyId, userId } of due) {
    const scope = { companyId, actor: null, metadata: { correlationId: `labour-day-end-${now.toISOString()}` } };
    const handled = await runInTenant(deps, scope, (ctx) => decide(ctx, { type: 'CloseMissedClockOut', userId, at: ctx.at }));
    if (handled.events.length) closed++;
  }
  return closed;
}
