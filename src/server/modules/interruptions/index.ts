import { INTERRUPTION_STREAM_TYPE } from '../../../domain/interruptions/interruption.events.js';
import * as interruptionsViews from '../../../domain/interruptions/interruptions.views.js';
import { defineModule } from '../../platform/module.js';
import { interruptionsEmailTemplates } from './interruptions.emails.js';
import { interruptionsDispatchRoutes, notifySupervisorsOfInterruptionJob } from './interruptions.jobs.js';
import { interruptionsProjection } from './interruptions.projection.js';
import { interruptionReasonUsage } from './interruptions.queries.js';
import { interruptionsRoutes } from './interruptions.routes.js';
import { interruptionsLiveRules } from './interruptions.live.js';

export { interruptionPageOf, openInterruptionsOf } from './interruptions.queries.js';

/**
 * Interruptions (Andon, docs/interruptions.md): one event stream per station, read by an inline
 * projection; a report is emailed to the company's supervisors (interruptions.jobs.ts) and reaches
 * every board and console through the live feed. Key figures read its events.
 */
export const interruptionsModule = defineModule({
  name: 'interruptions',
  requires: [],
  provides: {},
  // A reason named by an interruption counts as used in the team's master data (not deletable).
  contributes: { companyTables: [{ exported: ['interruptions'], notExported: [] }], entryUsageReaders: [interruptionReasonUsage] },
  plugin: async (app) => {
    await app.register(interruptionsRoutes);
  },
  projections: () => [interruptionsProjection],
  jobs: {
    definitions: [notifySupervisorsOfInterruptionJob],
    dispatchRoutes: interruptionsDispatchRoutes,
    emailTemplates: interruptionsEmailTemplates,
  },
  openApi: {
    tags: [{ name: 'interruptions', description: 'Interruptions reported at a station and their resolution.' }],
    views: [interruptionsViews],
  },
  liveTopics: [INTERRUPTION_STREAM_TYPE],
  liveRules: interruptionsLiveRules,
});
// Machines report their stops and restarts through the same commands (modules/machines).
export { reportInterruption, resolveInterruption } from './interruptions.handlers.js';
