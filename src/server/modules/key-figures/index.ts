import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { KEY_FIGURE_SETTINGS_STREAM_TYPE } from '../../../domain/key-figures/key-figures.events.js';
import * as keyFiguresViews from '../../../domain/key-figures/key-figures.views.js';
import { runInTenant } from '../../platform/command.js';
import { defineModule } from '../../platform/module.js';
import { rebuildKeyFigures } from './key-figures.handlers.js';
import { companiesWithoutFacts, keyFiguresProjection } from './key-figures.projection.js';
import { keyFiguresRoutes } from './key-figures.routes.js';
import { keyFiguresLiveRules } from './key-figures.live.js';

export { keyFiguresOf } from './key-figures.queries.js';

/**
 * Key figures from the event log: the facts projection over order and suggestion streams, the
 * company's targets (stream `key-figure-settings-<companyId>`), the figures and the rebuild.
 */
export const keyFiguresModule = defineModule({
  name: 'key-figures',
  requires: [],
  provides: {},
  contributes: {
    companyTables: [{ exported: ['key_figure_interruptions', 'key_figure_orders', 'key_figure_station_runs', 'key_figure_suggestions'], notExported: [] }],
  },
  plugin: fp(
    async (app: FastifyInstance) => {
      await app.register(keyFiguresRoutes);
      // Orders and suggestions from before this module have no facts yet: rebuild those companies
      // once, at start (one instance at a time; a company with facts is never touched again).
      app.addHook('onReady', async () => {
        await app.database.exclusively('key-figures-backfill', async () => {
          for (const companyId of await companiesWithoutFacts(app.db)) {
            const events = await runInTenant(app, { companyId, actor: null, metadata: {} }, rebuildKeyFigures);
            app.log.info({ companyId, events }, 'key figures: facts rebuilt from the log for a company that had none');
          }
        });
      });
    },
    { name: 'key-figures', dependencies: ['stations'] },
  ),
  projections: () => [keyFiguresProjection],
  openApi: {
    tags: [{ name: 'key-figures', description: 'Key figures from the event history, their settings and rebuild.' }],
    views: [keyFiguresViews],
  },
  liveTopics: [KEY_FIGURE_SETTINGS_STREAM_TYPE],
  liveRules: keyFiguresLiveRules,
});
