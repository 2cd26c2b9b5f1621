import { SUGGESTION_STREAM_TYPE } from '../../../domain/suggestions/suggestion.events.js';
import * as suggestionsViews from '../../../domain/suggestions/suggestions.views.js';
import { defineModule } from '../../platform/module.js';
import { suggestionsEmailTemplates } from './suggestions.emails.js';
import { notifySuggestionRecipientJob, suggestionsDispatchRoutes } from './suggestions.jobs.js';
import { suggestionsProjection } from './suggestions.projection.js';
import { suggestionsRoutes } from './suggestions.routes.js';
import { suggestionsLiveRules } from './suggestions.live.js';

/**
 * Improvement suggestions (docs/suggestions.md): one event stream per suggestion, listed for
 * admins by an inline projection; a new one is emailed to the company's suggestion recipient
 * (suggestions.jobs.ts). Key figures read its events.
 */
export const suggestionsModule = defineModule({
  name: 'suggestions',
  requires: [],
  provides: {},
  contributes: { companyTables: [{ exported: ['suggestions'], notExported: [] }] },
  plugin: async (app) => {
    await app.register(suggestionsRoutes);
  },
  projections: () => [suggestionsProjection],
  jobs: { definitions: [notifySuggestionRecipientJob], dispatchRoutes: suggestionsDispatchRoutes, emailTemplates: suggestionsEmailTemplates },
  openApi: {
    tags: [{ name: 'suggestions', description: 'Improvement suggestions: submitted by any user, marked by the writers.' }],
    views: [suggestionsViews],
  },
  liveTopics: [SUGGESTION_STREAM_TYPE],
  liveRules: suggestionsLiveRules,
});
