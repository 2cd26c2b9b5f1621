import { z } from 'zod';
import { optionalText, requiredText } from '../shared/validation.js';

/**
 * The public event types an endpoint may subscribe to (issue 31): stable names of the webhook
 * payloads (docs/integration.md), never the internal event types. The list grows with
 * `webhookPayloads` (webhooks.payloads.ts); `webhook.test` is sent to one endpoint on request and is
 * not subscribed to.
 */
export const webhookEventTypes = [
  'order.status_changed',
  'order.quantity_reported',
  'shipment.sent',
  'shipment.delivered',
  'interruption.reported',
  'interruption.resolved',
  'document.ready',
  'ncr.opened',
  'ncr.decided',
  'ncr.closed',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** The type of a test event (`POST /api/webhooks/{id}/test`), delivered to its endpoint only. */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';

/** The version of the payload envelope and of every `data` shape; a changed shape is a new version. */
export const WEBHOOK_PAYLOAD_VERSION = 1;

/**
 * Limits of webhooks. The spec names none: a URL as long as browsers take, a short description,
 * and at most 20 endpoints a company (each one is a receiver the queue keeps sending to).
 */
export const webhookLimits = { url: 2000, description: 200, endpoints: 20 } as const;

/**
 * What the URL of an endpoint must look like wherever it is checked: http or https, a host, no user
 * or password. Whether http and which addresses are allowed depends on where the server runs
 * (`webhookUrlRefusal` on the server: https only in production, http only to loopback).
 */
export function isWebhookUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

const eventTypesSchema = z
  .array(z.enum(webhookEventTypes, { error: 'validation.required' }))
  .min(1, { error: 'validation.webhookEventTypes' })
  .max(webhookEventTypes.length)
  .refine((types) => new Set(types).size === types.length, { error: 'validation.webhookEventTypes' });

/** `POST /api/webhooks`: the receiver's URL, what it is for, the event types it gets. */
export const createWebhookEndpointSchema = z.object({
  url: requiredText(webhookLimits.url).refine(isWebhookUrl, { error: 'validation.webhookUrl' }),
  description: optionalText(webhookLimits.description),
  eventTypes: eventTypesSchema,
});
export type CreateWebhookEndpoint = z.infer<typeof createWebhookEndpointSchema>;
export type CreateWebhookEndpointInput = z.input<typeof createWebhookEndpointSchema>;

/** `PUT /api/webhooks/{id}/event-types`: the event types it gets from now on. */
export const webhookEventTypesSchema = z.object({ eventTypes: eventTypesSchema });
export type WebhookEventTypesInput = z.infer<typeof webhookEventTypesSchema>;

/**
 * `POST /api/webhooks/{id}/replay`: deliver again from a log position (an event's `position` in a
 * payload: that event and every later one) or from a moment (the first event recorded at or after it).
 * Exactly one of the two.
 */
export const webhookReplaySchema = z
  .object({
    position: z.coerce.number({ error: 'validation.invalidType' }).int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
    from: z.iso.datetime({ offset: true, error: 'validation.dateTime' }).optional(),
  })
  .refine((replay) => (replay.position === undefined) !== (replay.from === undefined), { error: 'validation.webhookReplayFrom' });
export type WebhookReplay = z.infer<typeof webhookReplaySchema>;
export type WebhookReplayInput = z.input<typeof webhookReplaySchema>;
