import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  CARRIER_STREAM_TYPE,
  carrierInUseCannotBeDeleted,
  carrierNameIsUnique,
  carrierStreamId,
  type CarrierInput,
} from '../../../domain/shipments/carrier.schema.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { recordEvents, type CommandContext } from '../../platform/command.js';
import { isUniqueViolation } from '../../platform/pg-errors.js';
import { findCarrier, shipmentCountOfCarrier } from './carriers.queries.js';
import './carriers.tables.js';

const carrierStream = (carrierId: string) => ({ id: carrierStreamId(carrierId), type: CARRIER_STREAM_TYPE });

const carrierNotFound = () => new DomainError('NOT_FOUND', [{ path: 'carrierId', message: 'shipments.validation.unknownCarrier' }]);

/** Two writers adding the same name at once: the unique index refuses the second. */
const duplicateName = () => new DomainError('DUPLICATE_VALUES', [{ path: 'name', message: 'errors.DUPLICATE_VALUES' }]);

async function nameMustBeFree(ctx: CommandContext, name: string, exceptId: string | null) {
  let query = ctx.tx
    .selectFrom('carriers')
    .select('name')
    .where(sql<boolean>`lower(name) = lower(${name})`);
  if (exceptId) query = query.where('id', '<>', exceptId);
  const others = await query.execute();
  const refusal = carrierNameIsUnique(
    name,
    others.map((other) => other.name),
  );
  if (refusal) throw refusal;
}

async function carrierMustExist(ctx: CommandContext, carrierId: string) {
  const row = await findCarrier(ctx.tx, carrierId);
  if (!row) throw carrierNotFound();
  return row;
}

/** Adds a carrier; answers its id. */
export async function addCarrier(ctx: CommandContext, input: CarrierInput): Promise<string> {
  await nameMustBeFree(ctx, input.name, null);
  const id = randomUUID();
  try {
    await ctx.tx
      .insertInto('carriers')
      .values({
        id,
        company_id: ctx.companyId,
        name: input.name,
        tracking_link_template: input.trackingLinkTemplate,
        retired: false,
        created_at: ctx.now,
        updated_at: ctx.now,
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error, 'carriers_name_per_company')) throw duplicateName();
    throw error;
  }
  await recordEvents(ctx, carrierStream(id), [
    { type: 'CarrierAdded', data: { carrierId: id, name: input.name, trackingLinkTemplate: input.trackingLinkTemplate, at: ctx.at } },
  ]);
  return id;
}

/** Renames a carrier or changes its template. Shipments keep the name they were made with (their events copied it). */
export async function changeCarrier(ctx: CommandContext, carrierId: string, input: CarrierInput): Promise<void> {
  const before = await carrierMustExist(ctx, carrierId);
  if (before.name === input.name && before.tracking_link_template === input.trackingLinkTemplate) return;
  await nameMustBeFree(ctx, input.name, carrierId);
  try {
    await ctx.tx
      .updateTable('carriers')
      .set({ name: input.name, tracking_link_template: input.trackingLinkTemplate, updated_at: ctx.now })
      .where('id', '=', carrierId)
      .execute();
  } catch (error) {
    if (isUniqueViolation(error, 'carriers_name_per_company')) throw duplicateName();
    throw error;
  }
  await recordEvents(ctx, carrierStream(carrierId), [
    { type: 'CarrierChanged', data: { carrierId, name: input.name, trackingLinkTemplate: input.trackingLinkTemplate, at: ctx.at } },
  ]);
}

/** Retires a carrier (no longer offered) or reinstates it; the same state again changes nothing. */
export async function setCarrierRetired(ctx: CommandContext, carrierId: string, retired: boolean): Promise<void> {
  const before = await carrierMustExist(ctx, carrierId);
  if (before.retired === retired) return;
  await ctx.tx.updateTable('carriers').set({ retired, updated_at: ctx.now }).where('id', '=', carrierId).execute();
  await recordEvents(ctx, carrierStream(carrierId), [{ type: retired ? 'CarrierRetired' : 'CarrierReinstated', data: { carrierId, at: ctx.at } }]);
}

/** Deletes a carrier no shipment names (`carrierInUseCannotBeDeleted`: 409 otherwise). */
export async function deleteCarrier(ctx: CommandContext, carrierId: string): Promise<void> {
  // The row is locked first (a shipment naming it takes it `for share`), so none slips in between the count and the delete.
  const row = await ctx.tx.selectFrom('carriers').select('id').where('id', '=', carrierId).forUpdate().executeTakeFirst();
  if (!row) throw carrierNotFound();
  const refusal = carrierInUseCannotBeDeleted(await shipmentCountOfCarrier(ctx.tx, carrierId));
  if (refusal) throw refusal;
  await ctx.tx.deleteFrom('carriers').where('id', '=', carrierId).execute();
  await recordEvents(ctx, carrierStream(carrierId), [{ type: 'CarrierDeleted', data: { carrierId, at: ctx.at } }]);
}
