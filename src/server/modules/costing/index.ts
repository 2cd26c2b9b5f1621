import { COSTING_STREAM_TYPE } from '../../../domain/costing/costing.events.js';
import * as costingViews from '../../../domain/costing/costing.views.js';
import { defineModule } from '../../platform/module.js';
import { costingProjection } from './costing.projection.js';
import { costingRoutes } from './costing.routes.js';
import { costingLiveRules } from './costing.live.js';

export { stationCostsOf, marginsOf } from './costing.queries.js';

/**
 * Job costing (docs/labour-and-costs.md, "Costs"): machine and labour rates and material prices, each
 * valid from a day (one stream per company); the planned and actual cost of orders from the bill of
 * materials, planned times, the labour module's work-time read model and the orders' work at stations;
 * margins per customer and material. Everything behind the `costs` right.
 */
export const costingModule = defineModule({
  name: 'costing',
  requires: [],
  provides: {},
  contributes: {
    companyTables: [
      {
        exported: ['costing_job_titles', 'costing_materials', 'costing_orders', 'costing_planned_stations', 'costing_rates', 'costing_station_work'],
        notExported: [],
      },
    ],
  },
  plugin: async (app) => {
    await app.register(costingRoutes);
  },
  projections: () => [costingProjection],
  openApi: {
    tags: [
      { name: 'costing', description: 'Job costing: rates and prices valid from a day, planned and actual cost of orders, margins per customer and material.' },
    ],
    views: [costingViews],
  },
  liveTopics: [COSTING_STREAM_TYPE],
  liveRules: costingLiveRules,
});
