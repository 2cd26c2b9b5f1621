import * as oeeViews from '../../../domain/oee/oee.views.js';
import { defineModule } from '../../platform/module.js';
import { oeeProjection } from './oee.projection.js';
import { oeeRoutes } from './oee.routes.js';

export { plantQualityFiguresOf } from './oee.queries.js';

/**
 * OEE (docs/oee.md): a projection of material, order and interruption events into the facts of
 * availability, performance and quality, the figures per station and plant, and the loss Pareto.
 * Its events are other modules' (it owns no stream); key figures read its plant figures.
 */
export const oeeModule = defineModule({
  name: 'oee',
  requires: [],
  provides: {},
  contributes: {
    companyTables: [
      { exported: ['oee_downtimes', 'oee_material_times', 'oee_orders', 'oee_reports', 'oee_rework_orders', 'oee_station_work'], notExported: [] },
    ],
  },
  plugin: async (app) => {
    await app.register(oeeRoutes);
  },
  projections: () => [oeeProjection],
  openApi: {
    tags: [{ name: 'oee', description: 'Overall equipment effectiveness per station and plant, and the loss Pareto, from the event log.' }],
    views: [oeeViews],
  },
  liveTopics: [],
  liveRules: {},
});
