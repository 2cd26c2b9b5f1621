import { API_KEY_STREAM_TYPE } from '../../../domain/integration/api-keys.events.js';
import * as apiKeyViews from '../../../domain/integration/api-keys.views.js';
import { defineModule } from '../../platform/module.js';
import { apiKeyCheck } from './api-key-check.js';
import { apiKeyRoutes } from './api-keys.routes.js';

/**
 * Integration (issue 31, docs/integration.md): the company's doors for other systems. API keys
 * (port `apiKeyCheck`: a request with a key acts as the key, within its scopes); signed webhooks
 * are to live here too.
 */
export const integrationModule = defineModule({
  name: 'integration',
  requires: [],
  provides: {
    apiKeyCheck: (deps) => apiKeyCheck(deps.db, deps.clock),
  },
  plugin: async (app) => {
    await app.register(apiKeyRoutes);
  },
  openApi: {
    tags: [
      {
        name: 'api-keys',
        description:
          "The company's API keys for other systems (ERP, accounting): scopes per area, expiry, revocation, last use. The owner's only; no key reaches them.",
      },
    ],
    views: [apiKeyViews],
  },
  liveTopics: [API_KEY_STREAM_TYPE],
});
