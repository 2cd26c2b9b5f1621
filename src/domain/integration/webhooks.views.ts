import { z } from 'zod';
import { webhookEventTypes } from './webhooks.schema.js';

/** Answers of the webhook routes; the web reads its types from here. Dates are ISO strings. */
export const webhookEndpointViewSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.enum(webhookEventTypes)),
  status: z.enum(['active', 'paused']),
  /** Why it is paused: `manual` (its owner) or `failing` (too many failures in a row); null while active. */
  pausedReason: z.enum(['manual', 'failing']).nullable(),
  /** Failed attempts in a row at the message it stands at; 0 after a success. */
  consecutiveFailures: z.number().int(),
  /** When the next attempt is due after a failure; null when nothing waits for a retry. */
  nextAttemptAt: z.string().nullable(),
  /** The log position of the last event it was given or passed over. */
  position: z.number().int(),
  createdAt: z.string(),
});
export type WebhookEndpointView = z.infer<typeof webhookEndpointViewSchema>;

export const webhookEndpointListSchema = z.object({ data: z.array(webhookEndpointViewSchema) });
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

/** What creating an endpoint answers: the endpoint, and its signing secret, this once. */
export const createdWebhookEndpointSchema = z.object({
  endpoint: webhookEndpointViewSchema,
  /** `whsec_` and the base64 key (Standard Webhooks): verify every delivery's `webhook-signature` with it. */
  secret: z.string(),
});
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpointSchema>;

/** One message of the delivery log: its latest attempt. */
export const webhookDeliveryViewSchema = z.object({
  /** The message id (`webhook-id`). */
  id: z.string(),
  eventType: z.string(),
  position: z.number().int(),
  /** `delivered` (a 2xx answer), `retrying` (failed, tried again at `nextAttemptAt`), `failed` (failed; the endpoint is paused). */
  status: z.enum(['delivered', 'retrying', 'failed']),
  attempts: z.number().int(),
  /** The receiver's HTTP status of the latest attempt; null when none came (refused address, timeout, no connection). */
  responseCode: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  lastAttemptAt: z.string(),
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryViewSchema>;

/** The delivery log of an endpoint, newest attempt first. */
export const webhookDeliveryListSchema = z.object({ data: z.array(webhookDeliveryViewSchema) });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;
