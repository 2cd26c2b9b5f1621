import { quantitiesOf } from '../../../domain/orders/order.decider.js';
import type { NcrCommand } from '../../../domain/quality/ncr.commands.js';
import { ncrDecider, ncrMustBeHeld, type NcrState } from '../../../domain/quality/ncr.decider.js';
import { NCR_STREAM_TYPE, ncrStreamId, type NcrEvent } from '../../../domain/quality/ncr.events.js';
import type { DecideNcrInput } from '../../../domain/quality/ncr.schema.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { handleCommand, staleCopy, type CommandContext } from '../../platform/command.js';
import { userNamesByIds } from '../identity/index.js';
import { completeWork, findOrderRow, moveToStation } from '../orders/index.js';
import { findStationRow } from '../stations/index.js';
import { activeEntryName } from '../team/index.js';
import { openNcrOfOrder } from './quality.queries.js';

const ncrStream = (ncrId: string) => ({ id: ncrStreamId(ncrId), type: NCR_STREAM_TYPE });

/** Another company's NCR looks absent (row-level security); a decided one is decided (409). */
const ncrMustBeDecidable = ({ state }: { state: NcrState }) => ncrMustBeHeld(state);

/** The decision as the decider reads it: the station and reason looked up in the company (unknown: null). */
async function decisionCommand(ctx: CommandContext, input: DecideNcrInput): Promise<NcrCommand> {
  const station = input.reworkStationId ? await findStationRow(ctx.tx, input.reworkStationId) : undefined;
  const userId = ctx.actor?.userId ?? '';
  const names = await userNamesByIds(ctx.tx, userId ? [userId] : []);
  return {
    type: 'DecideNcr',
    disposition: input.disposition,
    note: input.note,
    reworkStationId: input.reworkStationId,
    reworkStation: station ? { stationId: station.id, name: station.name, checks: station.value_checks } : null,
    scrapReasonId: input.scrapReasonId,
    scrapReason: input.scrapReasonId ? ((await activeEntryName(ctx.tx, 'scrapReasons', input.scrapReasonId)) ?? null) : null,
    decidedBy: userId,
    decidedByName: names.get(userId) ?? '',
    at: ctx.at,
  };
}

/**
 * What a decision does to the held order, in the decision's transaction (docs/quality-and-lots.md,
 * Decisions): rework moves it to the chosen station (where it must be measured again), scrap and return
 * to supplier report its pieces at the station as scrap with the reason; use as is only releases it.
 */
async function followDecision(ctx: CommandContext, decided: Extract<NcrEvent, { type: 'NonConformanceDecided' }>, number: string, orderId: string) {
  const order = await findOrderRow(ctx.tx, orderId);
  if (!order) return;
  const here = order.state.location?.stage === 'station' ? order.state.location.stationId : null;
  const { disposition, reworkStationId, scrapReasonId, scrapReason } = decided.data;
  if (disposition === 'rework' && reworkStationId && reworkStationId !== here) {
    await moveToStation(ctx, openNcrOfOrder, orderId, order.version, reworkStationId);
  }
  if ((disposition === 'scrap' || disposition === 'return-to-supplier') && here) {
    const open = quantitiesOf(order.state)?.open ?? 0;
    const report = { good: 0, scrap: open, scrapReasonId, rework: 0, reworkReasonId: null, reworkStationId: null };
    await completeWork(ctx, openNcrOfOrder, orderId, order.version, here, `${number}: ${scrapReason ?? ''}`.slice(0, 200), report);
  }
}

/**
 * A user with the quality right decides a held NCR on the version they saw: of two decisions on one
 * version exactly one is recorded, the other is a 409 (stale copy, or decided already).
 */
export async function decideNcr(ctx: CommandContext, ncrId: string, input: DecideNcrInput): Promise<void> {
  const { events, state } = await handleCommand(ctx, ncrDecider, ncrStream(ncrId), (): Promise<NcrCommand> => decisionCommand(ctx, input), {
    clientVersion: input.version,
    precondition: ncrMustBeDecidable,
    conflict: () => staleCopy('This report was changed meanwhile. Reload it and decide again.'),
  });
  const decided = events.find((event): event is Extract<NcrEvent, { type: 'NonConformanceDecided' }> => event.type === 'NonConformanceDecided');
  if (!decided || state.status === 'absent') throw new DomainError('NOT_FOUND');
  await followDecision(ctx, decided, state.number, state.orderId);
}
