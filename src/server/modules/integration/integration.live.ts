import type { ApiKeyEvent } from '../../../domain/integration/api-keys.events.js';
import type { WebhookEndpointEvent } from '../../../domain/integration/webhooks.events.js';
import { liveRulesOf, ownersOnly } from '../../platform/live-visibility.js';

declare module '../../platform/live-visibility.js' {
  interface KnownEvents {
    integration: ApiKeyEvent | WebhookEndpointEvent;
  }
}

/** Who of the company receives each event of integration on the live feed: what REST answers each role (docs/live-feed.md, "Roles"). */
export const integrationLiveRules = liveRulesOf<ApiKeyEvent | WebhookEndpointEvent>()({
  // GET /api/api-keys: the owner's (never the secret, which no event holds).
  ApiKeyCreated: ownersOnly,
  ApiKeyRevoked: ownersOnly,
  // GET /api/webhooks: the owner's (never the signing secret, which no event holds).
  WebhookEndpointCreated: ownersOnly,
  WebhookEventTypesChanged: ownersOnly,
  WebhookEndpointPaused: ownersOnly,
  WebhookEndpointResumed: ownersOnly,
  WebhookEndpointDeleted: ownersOnly,
  WebhookTestRequested: ownersOnly,
  WebhookReplayRequested: ownersOnly,
});
