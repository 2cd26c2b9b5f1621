import { sql } from 'kysely';
import type { CarrierOnHand } from '../../../domain/shipments/shipment.commands.js';
import type { CarrierList } from '../../../domain/shipments/carrier.schema.js';
import type { Tx } from '../../platform/db.js';
import './carriers.tables.js';
import './shipments.tables.js';

/** The company's carriers by name (retired ones too), each with how many shipments name it. */
export async function carrierListOf(tx: Tx): Promise<CarrierList> {
  const rows = await tx
    .selectFrom('carriers')
    .select((eb) => [
      'id',
      'name',
      'tracking_link_template',
      'retired',
      eb
        .selectFrom('shipments')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('shipments.carrier_id', '=', 'carriers.id')
        .as('shipment_count'),
    ])
    .orderBy(sql`lower(name)`)
    .execute();
  return {
    data: rows.map((row) => ({
      id: row.id,
      name: row.name,
      trackingLinkTemplate: row.tracking_link_template,
      retired: row.retired,
      shipmentCount: row.shipment_count ?? 0,
    })),
  };
}

/** A carrier of the company (null when unknown or another company's). */
export async function findCarrier(tx: Tx, carrierId: string) {
  return (await tx.selectFrom('carriers').selectAll().where('id', '=', carrierId).executeTakeFirst()) ?? null;
}

/** How many shipments name the carrier. */
export async function shipmentCountOfCarrier(tx: Tx, carrierId: string): Promise<number> {
  const { n } = await tx
    .selectFrom('shipments')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('carrier_id', '=', carrierId)
    .executeTakeFirstOrThrow();
  return n;
}

/**
 * The carrier a shipment form names, as the decider takes it: an active carrier of the company, or
 * the one the shipment has already (a retired carrier stays on a shipment being edited). Null
 * otherwise, which the decider refuses (`carrierIsKnown`).
 */
export async function carrierOnHand(tx: Tx, carrierId: string, keptCarrierId: string | null = null): Promise<CarrierOnHand | null> {
  // Locked `for share`: a delete of the carrier waits for this shipment command (and then sees it in use).
  const row = await tx.selectFrom('carriers').selectAll().where('id', '=', carrierId).forShare().executeTakeFirst();
  if (!row || (row.retired && row.id !== keptCarrierId)) return null;
  return { carrierId: row.id, name: row.name, trackingLinkTemplate: row.tracking_link_template };
}
