import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { SHIPMENT_TRACKING_STREAM_TYPE } from '../../../domain/shipments/carrier.events.js';
import { trackingEmailLimits, trackingPagePath, type EmailTrackingLinkInput } from '../../../domain/shipments/shipment-tracking.schema.js';
import type { CreatedTrackingLink, TrackingLink, TrackingLinkEmail } from '../../../domain/shipments/shipment-tracking.views.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { recordEvents, type CommandContext } from '../../platform/command.js';
import type { Config } from '../../platform/config.js';
import { deriveKey, sameDigest, seal } from '../../platform/secrets.js';
import { findCompany } from '../company/index.js';
import './shipment-tracking.tables.js';
import { shipmentViewOf } from './shipments.queries.js';

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

/** The key that seals a link's token for its email job (derived from JWT_SECRET; the job opens it). */
export const trackingSealKeyFrom = (config: Pick<Config, 'jwtSecret'>) => deriveKey(config.jwtSecret, 'shipment-tracking-email');

/**
 * Emails a working link to the end customer. Only the link's hash is stored, so the console sends the token it
 * was given when the link was made, and it must match (else the same 404 as a link gone). The token goes into
 * the event sealed for the email job, which sends the mail in the company's document language, naming the
 * company, and is then forgotten (docs/shipments.md). At most `trackingEmailLimits.perCompanyPerDay` in any
 * 24 hours per company (429 `TRACKING_EMAIL_LIMIT_REACHED`); the count is taken under a lock of the company's
 * own, so two requests at once cannot both pass the last place.
 */
export async function emailTrackingLink(
  ctx: CommandContext,
  sealKey: Buffer,
  shipmentId: string,
  linkId: string,
  input: { token: string; email: EmailTrackingLinkInput['email'] },
): Promise<TrackingLinkEmail> {
  await shipmentViewOf(ctx.tx, shipmentId);
  const link = await ctx.tx
    .selectFrom('shipment_tracking_links')
    .select(['token_hash', 'expires_at', 'revoked_at'])
    .where('id', '=', linkId)
    .where('shipment_id', '=', shipmentId)
    .executeTakeFirst();
  if (!link || !sameDigest(hashOfToken(input.token), link.token_hash) || link.revoked_at !== null || link.expires_at.getTime() <= ctx.now.getTime()) {
    throw new DomainError('TRACKING_LINK_NOT_FOUND');
  }
  await sql`select pg_advisory_xact_lock(hashtext(${`tracking-email:${ctx.companyId}`}))`.execute(ctx.tx);
  const since = new Date(ctx.now.getTime() - DAY_MS).toISOString();
  const { sent } = await ctx.tx
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<string>().as('sent'))
    .where('stream_type', '=', SHIPMENT_TRACKING_STREAM_TYPE)
    .where('type', '=', 'TrackingLinkEmailRequested')
    .where(sql<boolean>`(data->>'at')::timestamptz > ${since}::timestamptz`)
    .executeTakeFirstOrThrow();
  if (Number(sent) >= trackingEmailLimits.perCompanyPerDay) throw new DomainError('TRACKING_EMAIL_LIMIT_REACHED');
  const company = await findCompany(ctx.tx, ctx.companyId);
  const email = input.email;
  await recordEvents(ctx, trackingStream(shipmentId), [
    {
      type: 'TrackingLinkEmailRequested',
      data: {
        shipmentId,
        linkId,
        email,
        locale: company?.basic_settings.documentLanguage ?? 'en',
        companyName: company?.company_name ?? '',
        sealedToken: seal(sealKey, input.token),
        at: ctx.at,
      },
    },
  ]);
  return { linkId, email };
}
