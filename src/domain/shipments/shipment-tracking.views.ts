import { z } from 'zod';
import { shipmentStatuses } from './shipment.schema.js';

/** A tracking link as the shipment's details list it: never its token, which only the creator sees once. */
export const trackingLinkSchema = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** When it was withdrawn; null while it works (or until it expires). */
  revokedAt: z.string().nullable(),
  /** True while the link opens the page: not expired, not revoked. */
  active: z.boolean(),
});
export type TrackingLink = z.infer<typeof trackingLinkSchema>;

export const trackingLinksSchema = z.object({ data: z.array(trackingLinkSchema) });
export type TrackingLinks = z.infer<typeof trackingLinksSchema>;

/** A link just made: its token and the page's path, shown this once (only a hash is stored). */
export const createdTrackingLinkSchema = trackingLinkSchema.extend({ token: z.string(), path: z.string() });
export type CreatedTrackingLink = z.infer<typeof createdTrackingLinkSchema>;

/** A tracking link's email to the end customer, queued: where it goes (never the link). */
export const trackingLinkEmailSchema = z.object({ linkId: z.uuid(), email: z.string() });
export type TrackingLinkEmail = z.infer<typeof trackingLinkEmailSchema>;

/**
 * GET /api/tracking/{token}: only what the end customer's page shows. No ids, no company data
 * beyond the shipment and who sends it (name, logo): what was shipped, when, by whom, where to follow it, and where it stands.
 */
export const trackingPageSchema = z.object({
  shipmentNumber: z.string(),
  status: z.enum(shipmentStatuses),
  carrierName: z.string(),
  trackingId: z.string(),
  /** The carrier's tracking page; '' when there is none. */
  link: z.string(),
  /** `YYYY-MM-DD`. */
  shippingDate: z.string(),
  /** The orders shipped, with their positions. */
  orders: z.array(
    z.object({
      orderNumber: z.string(),
      positions: z.array(z.object({ materialName: z.string(), materialNumber: z.string(), quantity: z.number() })),
    }),
  ),
  /** When the shipment last changed (ISO). */
  updatedAt: z.string(),
  /** When this link stops working (ISO). */
  expiresAt: z.string(),
  /** The company that sends the shipment; its logo, when it has one, at `GET /api/tracking/{token}/logo`. */
  sender: z.object({ companyName: z.string(), hasLogo: z.boolean() }),
});
export type TrackingPage = z.infer<typeof trackingPageSchema>;
