import { z } from 'zod';
import { DomainError } from '../shared/errors.js';
import { requiredText } from '../shared/validation.js';
import { shipmentLimits, TRACKING_ID_PLACEHOLDER } from './shipment.schema.js';

/**
 * Carriers: the company's master data of who delivers its shipments, each with an optional
 * tracking-link template (`https://carrier.example/track?id={trackingId}`) that fills a shipment's
 * link from its tracking ID. A name is unique in the company, any case; a carrier that shipments
 * name cannot be deleted, only retired (then no longer offered, still on the shipments that name it).
 */
export const carrierLimits = { name: shipmentLimits.carrierName, trackingLinkTemplate: shipmentLimits.link } as const;

/** The stream a carrier's changes are recorded on (the audit trail). */
export const CARRIER_STREAM_TYPE = 'carrier';
export const carrierStreamId = (carrierId: string) => `carrier-${carrierId}`;

function isWebAddress(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const { protocol } = new URL(text);
  return protocol === 'https:' || protocol === 'http:';
}

/**
 * `templateIsWebAddress` and `templateHasPlaceholder`: a template is an http(s) address with
 * `TRACKING_ID_PLACEHOLDER` where the tracking ID goes; '' (no template) is null.
 */
export const trackingLinkTemplateSchema = z
  .string({ error: 'validation.invalidType' })
  .trim()
  .max(carrierLimits.trackingLinkTemplate)
  .default('')
  .refine((template) => template === '' || isWebAddress(template.split(TRACKING_ID_PLACEHOLDER).join('0')), 'shipments.validation.templateLink')
  .refine((template) => template === '' || template.includes(TRACKING_ID_PLACEHOLDER), 'shipments.validation.templatePlaceholder')
  .transform((template) => (template === '' ? null : template));

/** Adding a carrier or changing its name and template. */
export const carrierInputSchema = z.object({
  name: requiredText(carrierLimits.name),
  trackingLinkTemplate: trackingLinkTemplateSchema,
});
export type CarrierInputForm = z.input<typeof carrierInputSchema>;
export type CarrierInput = z.output<typeof carrierInputSchema>;

/** How names compare: case and surrounding spaces make no new carrier ('DHL' = ' dhl '). */
export const sameCarrierName = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** `carrierNameIsUnique`: a name is unique in the company, retired carriers included (reinstate one instead). */
export function carrierNameIsUnique(name: string, otherNames: readonly string[]): DomainError | null {
  return otherNames.some((other) => sameCarrierName(other, name))
    ? new DomainError('DUPLICATE_VALUES', [{ path: 'name', message: 'errors.DUPLICATE_VALUES' }])
    : null;
}

/** `carrierInUseCannotBeDeleted`: a carrier that shipments name is retired, not deleted (409); the detail carries how many. */
export const carrierInUseCannotBeDeleted = (shipmentCount: number): DomainError | null =>
  shipmentCount > 0
    ? new DomainError('MASTER_DATA_ENTRY_IN_USE', [{ path: 'carrierId', message: 'shipments.validation.carrierInUse', params: { count: shipmentCount } }])
    : null;

/** A carrier as the list answers it. */
export const carrierViewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  trackingLinkTemplate: z.string().nullable(),
  retired: z.boolean(),
  /** How many shipments name it: a carrier in use is retired, not deleted. */
  shipmentCount: z.number().int(),
});
export type CarrierView = z.infer<typeof carrierViewSchema>;

/** GET /api/carriers: every carrier of the company, by name; the shipment form offers the active ones. */
export const carrierListSchema = z.object({ data: z.array(carrierViewSchema) });
export type CarrierList = z.infer<typeof carrierListSchema>;
