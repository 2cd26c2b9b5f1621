import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { trackingPagePath } from '../../../domain/shipments/shipment-tracking.schema.js';
import type { CreatedTrackingLink, TrackingLink } from '../../../domain/shipments/shipment-tracking.views.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { recordEvents, type CommandContext } from '../../platform/command.js';
import './shipment-tracking.tables.js';
import { shipmentViewOf } from './shipments.queries.js';

/** The stream of a shipment's tracking links: apart from the shipment's, so a link does not change the version its form sends. */
export const SHIPMENT_TRACKING_STREAM_TYPE = 'shipment-tracking';
const trackingStream = (shipmentId: string) => ({ id: `shipment-tracking-${shipmentId}`, type: SHIPMENT_TRACKING_STREAM_TYPE });

const DAY_MS = 24 * 60 * 60 * 1000;

/** The stored form of a token. */
export const hashOfToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A link as the details list it, at `now`. */
export function trackingLinkOf(row: { id: string; created_at: Date; expires_at: Date; revoked_at: Date | null }, now: Date): TrackingLink {
  return {
    id: row.id,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    revokedAt: row.revoked_at?.toISOString() ?? null,
    active: row.revoked_at === null && row.expires_at.getTime() > now.getTime(),
  };
}

/**
 * Makes a tracking link of a shipment lasting `days`: 256 random bits, of which only the hash is
 * stored. The token is answered this once. Any shipment of the company may have one, even a canceled
 * one (its page then says so).
 */
export async function createTrackingLink(ctx: CommandContext, shipmentId: string, days: number): Promise<CreatedTrackingLink> {
  await shipmentViewOf(ctx.tx, shipmentId);
  const token = randomBytes(32).toString('base64url');
  const row = {
    id: randomUUID(),
    company_id: ctx.companyId,
    shipment_id: shipmentId,
    token_hash: hashOfToken(token),
    expires_at: new Date(ctx.now.getTime() + days * DAY_MS),
    revoked_at: null,
    created_at: ctx.now,
  };
  await ctx.tx.insertInto('shipment_tracking_links').values(row).execute();
  await recordEvents(ctx, trackingStream(shipmentId), [
    { type: 'TrackingLinkCreated', data: { shipmentId, linkId: row.id, expiresAt: row.expires_at.toISOString(), at: ctx.at } },
  ]);
  return { ...trackingLinkOf(row, ctx.now), token, path: trackingPagePath(token) };
}

/** Withdraws a link at once: its page answers 404 from now on. Withdrawing it again changes nothing. */
export async function revokeTrackingLink(ctx: CommandContext, shipmentId: string, linkId: string): Promise<TrackingLink> {
  const row = await ctx.tx
    .selectFrom('shipment_tracking_links')
    .select(['id', 'created_at', 'expires_at', 'revoked_at'])
    .where('id', '=', linkId)
    .where('shipment_id', '=', shipmentId)
    .executeTakeFirst();
  if (!row) throw new DomainError('TRACKING_LINK_NOT_FOUND');
  if (row.revoked_at) return trackingLinkOf(row, ctx.now);
  await ctx.tx.updateTable('shipment_tracking_links').set({ revoked_at: ctx.now }).where('id', '=', linkId).execute();
  await recordEvents(ctx, trackingStream(shipmentId), [{ type: 'TrackingLinkRevoked', data: { shipmentId, linkId, at: ctx.at } }]);
  return trackingLinkOf({ ...row, revoked_at: ctx.now }, ctx.now);
}
