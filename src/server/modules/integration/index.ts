import { API_KEY_STREAM_TYPE } from '../../../domain/integration/api-keys.events.js';
import * as apiKeyViews from '../../../domain/integration/api-keys.views.js';
import { WEBHOOK_ENDPOINT_STREAM_TYPE } from '../../../domain/integration/webhooks.events.js';
import * as webhookViews from '../../../domain/integration/webhooks.views.js';
import { defineModule } from '../../platform/module.js';
import { apiKeyCheck } from './api-key-check.js';
import { apiKeyRoutes } from './api-keys.routes.js';
import { createWebhookScheduler } from './webhook-scheduler.js';
import { webhookEmailTemplates } from './webhooks.emails.js';
import { deliverWebhooksJob, notifyWebhookPausedJob, webhookDispatchRoutes } from './webhooks.jobs.js';
import { webhookRoutes } from './webhooks.routes.js';
import { integrationLiveRules } from './integration.live.js';

/**
 * Integration (issue 31, docs/integration.md): the company's doors for other systems. API keys
 * (port `apiKeyCheck`: a request with a key acts as the key, within its scopes) and signed
 * webhooks (a scheduler in each server starts a delivery job per endpoint with messages waiting).
 */
export const integrationModule = defineModule({
  name: 'integration',
  requires: [],
  provides: {
    apiKeyCheck: (deps) => apiKeyCheck(deps.db, deps.clock),
  },
  contributes: { companyTables: [{ exported: ['webhook_deliveries'], notExported: ['api_keys', 'webhook_endpoints'] }] },
  plugin: async (app) => {
    await app.register(apiKeyRoutes);
    await app.register(webhookRoutes);
    const scheduler = createWebhookScheduler({ db: app.db, clock: app.clock, queue: app.jobQueue, eventStore: app.eventStore, log: app.log });
    app.addHook('onReady', async () => scheduler.start());
    app.addHook('onClose', async () => scheduler.stop());
  },
  jobs: { definitions: [deliverWebhooksJob, notifyWebhookPausedJob], dispatchRoutes: webhookDispatchRoutes, emailTemplates: webhookEmailTemplates },
  openApi: {
    tags: [
      {
        name: 'api-keys',
        description:
          "The company's API keys for other systems (ERP, accounting): scopes per area, expiry, revocation, last use. The owner's only; no key reaches them.",
      },
      {
        name: 'webhooks',
        description:
          "The company's webhook endpoints: signed deliveries (Standard Webhooks) of public events in log order, retries with backoff, a delivery log, test events and replay. The owner's only; no key reaches them.",
      },
    ],
    views: [apiKeyViews, webhookViews],
  },
  liveTopics: [API_KEY_STREAM_TYPE, WEBHOOK_ENDPOINT_STREAM_TYPE],
  liveRules: integrationLiveRules,
});
