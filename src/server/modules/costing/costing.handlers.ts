import { randomUUID } from 'node:crypto';
import { calendarDayIn } from '../../../domain/company/working-time.rules.js';
import type { CostingCommand } from '../../../domain/costing/costing.commands.js';
import { costingDecider } from '../../../domain/costing/costing.decider.js';
import { COSTING_STREAM_TYPE, costingStreamId } from '../../../domain/costing/costing.events.js';
import { effectiveFromOf } from '../../../domain/costing/costing.rules.js';
import type { SetLabourRateInput, SetMachineRateInput, SetMaterialPriceInput } from '../../../domain/costing/costing.schema.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { handleCommand, type CommandContext } from '../../platform/command.js';
import { findStationRow } from '../stations/index.js';
import './costing.tables.js';

type RateInput = SetMachineRateInput | SetLabourRateInput | SetMaterialPriceInput;

/** What every rate command carries beyond its input: the company's today, the instant it counts from, who and when. */
function validityOf(ctx: CommandContext, validFrom: string, zone: string) {
  if (!ctx.actor) throw new DomainError('UNAUTHORIZED');
  return {
    id: randomUUID(),
    validFrom,
    today: calendarDayIn(ctx.now, zone),
    effectiveFrom: effectiveFromOf(validFrom, ctx.at, zone),
    setBy: ctx.actor.userId,
    at: ctx.at,
  };
}

/** A target named must be the company's (404 otherwise, as for another company's). */
async function targetExists(ctx: CommandContext, kind: 'station' | 'employee' | 'jobTitle' | 'material', id: string): Promise<boolean> {
  switch (kind) {
    case 'station':
      return (await findStationRow(ctx.tx, id)) !== undefined;
    case 'employee':
      return (await ctx.tx.selectFrom('users').select('id').where('id', '=', id).where('role', '!=', 'MASTER').executeTakeFirst()) !== undefined;
    case 'jobTitle':
      return (
        (await ctx.tx.selectFrom('master_data_entries').select('id').where('id', '=', id).where('list', '=', 'jobTitles').executeTakeFirst()) !== undefined
      );
    case 'material':
      return (await ctx.tx.selectFrom('costing_materials').select('material_id').where('material_id', '=', id).executeTakeFirst()) !== undefined;
    default: {
      const _exhaustive: never = kind;
      return _exhaustive;
    }
  }
}

/** Sets a rate or price on the company's costing stream (its history is kept: a new one follows the old). */
export async function setRate(ctx: CommandContext, kind: 'machine' | 'labour' | 'material', input: RateInput, zone: string): Promise<void> {
  const validity = validityOf(ctx, input.validFrom, zone);
  let command: CostingCommand;
  if (kind === 'machine' && 'stationId' in input) {
    if (!(await targetExists(ctx, 'station', input.stationId))) throw new DomainError('NOT_FOUND');
    command = { type: 'SetMachineRate', stationId: input.stationId, hourlyRate: input.hourlyRate, ...validity };
  } else if (kind === 'labour' && 'target' in input) {
    if (input.target !== 'standard' && (input.targetId === null || !(await targetExists(ctx, input.target, input.targetId))))
      throw new DomainError('NOT_FOUND');
    command = { type: 'SetLabourRate', target: input.target, targetId: input.targetId, hourlyRate: input.hourlyRate, ...validity };
  } else if (kind === 'material' && 'materialId' in input) {
    if (!(await targetExists(ctx, 'material', input.materialId))) throw new DomainError('NOT_FOUND');
    command = { type: 'SetMaterialPrice', materialId: input.materialId, price: input.price, ...validity };
  } else {
    throw new DomainError('VALIDATION_ERROR');
  }
  await handleCommand(ctx, costingDecider, { id: costingStreamId(ctx.companyId), type: COSTING_STREAM_TYPE }, command, { retriesOnConflict: 2 });
}
