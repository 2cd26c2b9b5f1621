import { eventCatalogue } from '../shared/decider.js';
import type { WebhookEventType } from './webhooks.schema.js';

/** Stream of one webhook endpoint in the event log. */
export const webhookEndpointStreamId = (endpointId: string) => `webhook-endpoint-${endpointId}`;
export const WEBHOOK_ENDPOINT_STREAM_TYPE = 'webhook-endpoint';

/** Why an endpoint stopped getting deliveries: its owner paused it, or it failed too often in a row. */
export type WebhookPauseReason = 'manual' | 'failing';

/**
 * Facts appended beside every change of the plain `webhook_endpoints` record (audit trail, live
 * feed, the mail to the owner). They never carry the signing secret. `WebhookTestRequested` is also
 * what the endpoint is sent as its test event, in log order with the rest.
 */
export type WebhookEndpointEvent =
  | { type: 'WebhookEndpointCreated'; data: { endpointId: string; url: string; description: string; eventTypes: WebhookEventType[]; at: string } }
  | { type: 'WebhookEventTypesChanged'; data: { endpointId: string; eventTypes: WebhookEventType[]; at: string } }
  | {
      type: 'WebhookEndpointPaused';
      data: { endpointId: string; url: string; reason: WebhookPauseReason; failures: number; lastError: string | null; at: string };
    }
  | { type: 'WebhookEndpointResumed'; data: { endpointId: string; at: string } }
  | { type: 'WebhookEndpointDeleted'; data: { endpointId: string; url: string; at: string } }
  | { type: 'WebhookTestRequested'; data: { endpointId: string; at: string } }
  | { type: 'WebhookReplayRequested'; data: { endpointId: string; fromPosition: number | null; fromTime: string | null; at: string } };

export type WebhookEndpointEventType = WebhookEndpointEvent['type'];

export const webhookEndpointEvents = eventCatalogue<WebhookEndpointEvent>({
  streamType: WEBHOOK_ENDPOINT_STREAM_TYPE,
  types: {
    WebhookEndpointCreated: true,
    WebhookEventTypesChanged: true,
    WebhookEndpointPaused: true,
    WebhookEndpointResumed: true,
    WebhookEndpointDeleted: true,
    WebhookTestRequested: true,
    WebhookReplayRequested: true,
  },
});
