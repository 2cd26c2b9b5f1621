import { z } from 'zod';
import { wrongTypeIs } from '../shared/decimal.js';

/**
 * The end customer's tracking link: how long it lasts. Ours, the spec gives none: a week by
 * default (a parcel is usually there by then), at most 90 days (a claim is made within that).
 */
export const trackingLinkLimits = { defaultDays: 7, maxDays: 90 } as const;

/** POST /api/shipments/{id}/tracking-links: how many days the link lasts. */
export const createTrackingLinkSchema = z.object({
  days: z
    .number({ error: wrongTypeIs('validation.invalidType') })
    .int()
    .min(1)
    .max(trackingLinkLimits.maxDays)
    .default(trackingLinkLimits.defaultDays),
});
export type CreateTrackingLinkInput = z.input<typeof createTrackingLinkSchema>;

/** The path of the public tracking page of a token (the web route and what the details screen copies). */
export const trackingPagePath = (token: string) => `/tracking/${encodeURIComponent(token)}`;
