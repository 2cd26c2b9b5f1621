import type { TrackingLinks, TrackingPage } from '../../../domain/shipments/shipment-tracking.views.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { withSystem, withTenant, type Db, type Executor } from '../../platform/db.js';
import { companyLogoOf, findCompany } from '../company/index.js';
import { orderSummariesOf } from '../orders/index.js';
import { hashOfToken, trackingLinkOf } from './shipment-tracking.records.js';
import './shipment-tracking.tables.js';
import { findShipmentRow, shipmentViewOf } from './shipments.queries.js';

const linkGone = () => new DomainError('TRACKING_LINK_NOT_FOUND');

/** The tracking links of a shipment, newest first (404 for an unknown or another company's shipment). */
export async function trackingLinksOf(db: Executor, shipmentId: string, now: Date): Promise<TrackingLinks> {
  await shipmentViewOf(db, shipmentId);
  const rows = await db
    .selectFrom('shipment_tracking_links')
    .select(['id', 'created_at', 'expires_at', 'revoked_at'])
    .where('shipment_id', '=', shipmentId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return { data: rows.map((row) => trackingLinkOf(row, now)) };
}

/**
 * The end customer's page of a token. The token is looked up without a tenant (it is all the
 * visitor brings); everything else is read in the company's own tenant transaction. Unknown,
 * expired and withdrawn tokens are one and the same 404.
 */
export async function trackingPageOf(db: Db, dataDir: string, token: string, now: Date): Promise<TrackingPage> {
  const link = await workingLinkOf(db, token, now);
  return withTenant(db, link.company_id, async (tx) => {
    const row = await findShipmentRow(tx, link.shipment_id);
    if (!row) throw linkGone();
    const company = await findCompany(tx, link.company_id);
    const summaries = new Map(
      (
        await orderSummariesOf(
          tx,
          row.state.orders.map((order) => order.orderId),
        )
      ).map((order) => [order.orderId, order]),
    );
    return {
      shipmentNumber: row.shipment_number,
      status: row.status,
      carrierName: row.carrier_name,
      trackingId: row.tracking_id,
      link: row.link,
      shippingDate: row.shipping_date,
      orders: row.state.orders.map((order) => ({ orderNumber: order.orderNumber, positions: summaries.get(order.orderId)?.positions ?? [] })),
      updatedAt: row.updated_at.toISOString(),
      expiresAt: link.expires_at.toISOString(),
      sender: { companyName: company?.company_name ?? '', hasLogo: (await companyLogoOf(tx, dataDir, link.company_id)) !== undefined },
    };
  });
}

/** The sending company's logo behind a working token (404 as for the page when the link is gone or there is no logo). */
export async function trackingLogoOf(db: Db, dataDir: string, token: string, now: Date) {
  const link = await workingLinkOf(db, token, now);
  const logo = await withTenant(db, link.company_id, (tx) => companyLogoOf(tx, dataDir, link.company_id));
  if (!logo) throw new DomainError('NOT_FOUND');
  return logo;
}

/** The link of a token, looked up without a tenant (it is all the visitor brings); unknown, expired and withdrawn are one 404. */
async function workingLinkOf(db: Db, token: string, now: Date) {
  const link = await withSystem(db, (tx) =>
    tx
      .selectFrom('shipment_tracking_links')
      .select(['company_id', 'shipment_id', 'expires_at', 'revoked_at'])
      .where('token_hash', '=', hashOfToken(token))
      .executeTakeFirst(),
  );
  if (!link || link.revoked_at !== null || link.expires_at.getTime() <= now.getTime()) throw linkGone();
  return link;
}
