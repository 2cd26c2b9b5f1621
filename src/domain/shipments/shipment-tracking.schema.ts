import { z } from 'zod';
import { emailSchema } from '../identity/identity.schema.js';
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

/**
 * Emailing a tracking link to the end customer: at most `perCompanyPerDay` mails per company in any 24 hours
 * (a form cannot become a mail relay).
 */
export const trackingEmailLimits = { perCompanyPerDay: 50 } as const;

/**
 * POST /api/shipments/{id}/tracking-links/{linkId}/email: the link's token (the console holds it from the link's
 * making; only its hash is stored, so the server checks it against that) and the end customer's address.
 */
export const emailTrackingLinkSchema = z.object({
  token: z.string().min(1).max(100),
  email: emailSchema,
});
export type EmailTrackingLinkInput = z.input<typeof emailTrackingLinkSchema>;
