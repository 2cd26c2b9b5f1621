import { randomUUID } from 'node:crypto';
import { MACHINES_STREAM_TYPE, machinesStreamId, type MachineEvent } from '../../../domain/machines/machines.events.js';
import { brokerUrlProblem, repeatedStopCodes, topicIsLinkable } from '../../../domain/machines/machines.rules.js';
import type { BrokerSettings, MachineLink } from '../../../domain/machines/machines.schema.js';
import type { MachineSettings } from '../../../domain/machines/machines.views.js';
import { DomainError, type ErrorDetail } from '../../../domain/shared/errors.js';
import { recordEvents, type CommandContext } from '../../platform/command.js';
import { seal } from '../../platform/secrets.js';
import { findStationRow } from '../stations/index.js';
import { activeEntryName } from '../team/index.js';
import { findBroker, findLink, machineSettingsOf } from './machines.queries.js';

/** What the settings' writes need beside the command: the key the password is sealed with, whether in production, and whom to tell. */
export interface MachineSettingsDeps {
  sealKey: Buffer;
  production: boolean;
  /** Called once a change committed: the connection manager connects, subscribes or stops for the company. */
  changed(companyId: string): Promise<void>;
}

const record = (ctx: CommandContext, event: MachineEvent) => recordEvents(ctx, { id: machinesStreamId(ctx.companyId), type: MACHINES_STREAM_TYPE }, [event]);

const invalid = (details: ErrorDetail[]) => new DomainError('VALIDATION_ERROR', details);

/** Sets the company's broker: URL (mqtt or mqtts), user name, password (sealed; absent keeps the stored one, null removes it). */
export async function setBroker(ctx: CommandContext, deps: MachineSettingsDeps, input: BrokerSettings): Promise<MachineSettings> {
  const problem = brokerUrlProblem(input.url, deps.production);
  if (problem) throw invalid([{ path: 'url', message: problem }]);
  const stored = await findBroker(ctx.tx);
  const passwordSealed = input.password === undefined ? (stored?.password_sealed ?? null) : input.password ? seal(deps.sealKey, input.password) : null;
  const row = { url: input.url, username: input.username || null, password_sealed: passwordSealed, updated_at: ctx.now };
  await ctx.tx
    .insertInto('machine_brokers')
    .values({ company_id: ctx.companyId, ...row })
    .onConflict((conflict) => conflict.column('company_id').doUpdateSet(row))
    .execute();
  await record(ctx, { type: 'MachineBrokerSet', data: { url: row.url, username: row.username, hasPassword: passwordSealed !== null, at: ctx.at } });
  ctx.afterCommit(() => deps.changed(ctx.companyId));
  return machineSettingsOf(ctx.tx);
}

/** Removes the company's broker: its connection ends; the stations' links stay for a next broker. */
export async function removeBroker(ctx: CommandContext, deps: MachineSettingsDeps): Promise<void> {
  const removed = await ctx.tx.deleteFrom('machine_brokers').executeTakeFirst();
  if (removed.numDeletedRows === 0n) throw new DomainError('NOT_FOUND');
  await record(ctx, { type: 'MachineBrokerRemoved', data: { at: ctx.at } });
  ctx.afterCommit(() => deps.changed(ctx.companyId));
}

/** Each reason the link names must be an active entry of its list; the problems on their fields. */
async function reasonProblems(ctx: CommandContext, input: MachineLink): Promise<ErrorDetail[]> {
  const problems: ErrorDetail[] = [];
  const unknown = 'machines.validation.unknownReason';
  if (input.scrapReasonId && !(await activeEntryName(ctx.tx, 'scrapReasons', input.scrapReasonId))) problems.push({ path: 'scrapReasonId', message: unknown });
  if (input.defaultStopReasonId && !(await activeEntryName(ctx.tx, 'interruptionReasons', input.defaultStopReasonId))) {
    problems.push({ path: 'defaultStopReasonId', message: unknown });
  }
  for (const [index, row] of input.stopReasons.entries()) {
    if (!(await activeEntryName(ctx.tx, 'interruptionReasons', row.reasonId))) problems.push({ path: `stopReasons.${index}.reasonId`, message: unknown });
  }
  for (const index of repeatedStopCodes(input.stopReasons)) problems.push({ path: `stopReasons.${index}.code`, message: 'machines.validation.codeRepeated' });
  return problems;
}

/** Links a station to its machine's topic (or changes the link): one topic per station and station per topic. */
export async function saveLink(ctx: CommandContext, deps: MachineSettingsDeps, stationId: string, input: MachineLink): Promise<MachineSettings> {
  if (!(await findStationRow(ctx.tx, stationId))) throw new DomainError('NOT_FOUND');
  const problems = topicIsLinkable(input.topic) ? [] : [{ path: 'topic', message: 'machines.validation.topic' }];
  const other = await ctx.tx
    .selectFrom('machine_links')
    .select('station_id')
    .where('topic', '=', input.topic)
    .where('station_id', '<>', stationId)
    .executeTakeFirst();
  if (other) problems.push({ path: 'topic', message: 'machines.validation.topicTaken' });
  problems.push(...(await reasonProblems(ctx, input)));
  if (problems.length > 0) throw invalid(problems);
  const existing = await findLink(ctx.tx, stationId, { lock: true });
  // A new topic or format starts its counter anew: its first total is the baseline.
  const sameSource = existing && existing.topic === input.topic && existing.format === input.format;
  const row = {
    topic: input.topic,
    format: input.format,
    scrap_reason_id: input.scrapReasonId,
    default_stop_reason_id: input.defaultStopReasonId,
    stop_reasons: JSON.stringify(input.stopReasons),
    last_counter: sameSource && existing.last_counter !== null ? Number(existing.last_counter) : null,
    updated_at: ctx.now,
  };
  await ctx.tx
    .insertInto('machine_links')
    .values({ station_id: stationId, company_id: ctx.companyId, id: randomUUID(), open_interruption_id: null, last_message_at: null, ...row })
    .onConflict((conflict) => conflict.column('station_id').doUpdateSet(row))
    .execute();
  await record(ctx, { type: 'MachineLinkSaved', data: { stationId, ...input, at: ctx.at } });
  ctx.afterCommit(() => deps.changed(ctx.companyId));
  return machineSettingsOf(ctx.tx);
}

/** Unlinks a station: its machine's messages are no longer taken. */
export async function removeLink(ctx: CommandContext, deps: MachineSettingsDeps, stationId: string): Promise<void> {
  const removed = await ctx.tx.deleteFrom('machine_links').where('station_id', '=', stationId).executeTakeFirst();
  if (removed.numDeletedRows === 0n) throw new DomainError('NOT_FOUND');
  await record(ctx, { type: 'MachineLinkRemoved', data: { stationId, at: ctx.at } });
  ctx.afterCommit(() => deps.changed(ctx.companyId));
}
