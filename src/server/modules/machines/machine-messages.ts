import { parseMachineMessage, piecesOfCounter, piecesToReport, reasonOfStopCode, type MachineMessage } from '../../../domain/machines/machines.rules.js';
import { DomainError } from '../../../domain/shared/errors.js';
import type { WriteCheck } from '../../platform/auth.js';
import { runInTenant, type CommandContext, type CommandDeps } from '../../platform/command.js';
import { withTenant } from '../../platform/db.js';
import { reportInterruption, resolveInterruption } from '../interruptions/index.js';
import { completeWork, type OrderHoldCheck } from '../orders/index.js';
import { findStationRow, stationNamesById } from '../stations/index.js';
import { linkOfTopic, orderInWorkAt } from './machines.queries.js';
import type { MachineLinkRow } from './machines.tables.js';

/** What became of one machine message (logged; the tests read it). */
export type MessageOutcome = 'reported' | 'no-order' | 'nothing-to-count' | 'stopped' | 'resolved' | 'ignored' | 'unlinked' | 'unreadable' | 'refused';

/** A refusal of the command path (a quality reason needed, a second open interruption): the message is dropped, the rest kept. */
async function refusedAs<T>(work: () => Promise<T>, refused: T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError) return refused;
    throw error;
  }
}

/** Pieces counted by the machine become a report of the order in work at the station, as an operator's would. */
async function reportPieces(ctx: CommandContext, holdOf: OrderHoldCheck, link: MachineLinkRow, good: number, scrap: number): Promise<MessageOutcome> {
  // Scrap needs a reason: without the link's scrap reason the machine's scrap is not reported.
  const scrapCounted = link.scrap_reason_id ? scrap : 0;
  if (good + scrapCounted === 0) return 'nothing-to-count';
  const order = await orderInWorkAt(ctx.tx, link.station_id);
  if (!order) return 'no-order';
  const pieces = piecesToReport(order.pieces_open, good, scrapCounted);
  if (pieces.good + pieces.scrap === 0) return 'nothing-to-count';
  const report = {
    good: pieces.good,
    scrap: pieces.scrap,
    scrapReasonId: pieces.scrap > 0 ? link.scrap_reason_id : null,
    rework: 0,
    reworkReasonId: null,
    reworkStationId: null,
  };
  return refusedAs(async () => {
    await completeWork(ctx, holdOf, order.id, order.version, link.station_id, undefined, report);
    return 'reported' as const;
  }, 'refused');
}

/** A stop opens an interruption with the code's reason (naming the order in work); a restart resolves the one it opened. */
async function changeState(
  ctx: CommandContext,
  link: MachineLinkRow,
  message: Extract<MachineMessage, { kind: 'stopped' | 'running' }>,
): Promise<MessageOutcome> {
  if (message.kind === 'running') {
    if (!link.open_interruption_id) return 'ignored';
    const interruptionId = link.open_interruption_id;
    await ctx.tx.updateTable('machine_links').set({ open_interruption_id: null }).where('station_id', '=', link.station_id).execute();
    // Resolved by someone meanwhile: nothing left to do.
    return refusedAs(async () => {
      await resolveInterruption(ctx, interruptionId, { note: `${link.topic}: running` });
      return 'resolved' as const;
    }, 'ignored');
  }
  const reasonId = reasonOfStopCode(link.stop_reasons, link.default_stop_reason_id, message.code);
  if (!reasonId) return 'ignored';
  const order = await orderInWorkAt(ctx.tx, link.station_id);
  // One open interruption per station: a stop while one is open (the machine's or an operator's) adds none.
  return refusedAs(async () => {
    const interruptionId = await reportInterruption(ctx, {
      stationId: link.station_id,
      orderId: order?.id ?? null,
      reasonId,
      note: message.code ? `${link.topic}: ${message.code}` : link.topic,
      expectedEndAt: null,
    });
    await ctx.tx.updateTable('machine_links').set({ open_interruption_id: interruptionId }).where('station_id', '=', link.station_id).execute();
    return 'stopped' as const;
  }, 'ignored');
}

/** Takes one message within the company's transaction, as the link's service actor. */
async function takeMessage(ctx: CommandContext, holdOf: OrderHoldCheck, topic: string, payload: string): Promise<MessageOutcome> {
  const link = await linkOfTopic(ctx.tx, topic);
  if (!link || !(await findStationRow(ctx.tx, link.station_id))) return 'unlinked';
  const message = parseMachineMessage(link.format, payload);
  if (!message) return 'unreadable';
  await ctx.tx.updateTable('machine_links').set({ last_message_at: ctx.now }).where('station_id', '=', link.station_id).execute();
  if (message.kind === 'stopped' || message.kind === 'running') return changeState(ctx, link, message);
  if (message.kind === 'delta') return reportPieces(ctx, holdOf, link, message.good, message.scrap);
  const last = link.last_counter === null ? null : Number(link.last_counter);
  await ctx.tx.updateTable('machine_links').set({ last_counter: message.total }).where('station_id', '=', link.station_id).execute();
  return reportPieces(ctx, holdOf, link, piecesOfCounter(last, message.total), 0);
}

/**
 * One message on a linked topic of the company's broker (docs/integration.md): read in the station's
 * format and given to the orders' and interruptions' own commands, as a service actor of the company
 * (role ADMIN, user id the link's id) recorded in the events' metadata (`machine`).
 */
/** What a machine message needs of other modules: whether the company may write, and whether an order is held (quality). */
export interface MachinePorts {
  writeCheck: WriteCheck;
  holdOf: OrderHoldCheck;
}

export async function takeMachineMessage(deps: CommandDeps, ports: MachinePorts, companyId: string, topic: string, payload: string): Promise<MessageOutcome> {
  // The station's name as it is now names the machine in the events' metadata (the history's `who.machine`).
  const link = await withTenant(deps.db, companyId, async (tx) => {
    const row = await tx.selectFrom('machine_links').select(['id', 'station_id']).where('topic', '=', topic).executeTakeFirst();
    return row && { ...row, stationName: (await stationNamesById(tx, [row.station_id])).get(row.station_id) };
  });
  if (!link) return 'unlinked';
  const actor = { userId: link.id, role: 'ADMIN' as const };
  // A company that may not write now (its trial ended) takes no machine message either.
  const mayWrite = await refusedAs(async () => {
    await ports.writeCheck({ ...actor, companyId, tokenId: link.id });
    return true;
  }, false);
  if (!mayWrite) return 'refused';
  const metadata = { userId: link.id, role: 'ADMIN', onBehalfOf: companyId, machine: { stationId: link.station_id, topic, name: link.stationName ?? topic } };
  return runInTenant(deps, { companyId, actor, metadata }, (ctx) => takeMessage(ctx, ports.holdOf, topic, payload));
}
