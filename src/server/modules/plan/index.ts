import { PLAN_QUEUE_STREAM_TYPE } from '../../../domain/plan/plan-queue.events.js';
import * as planViews from '../../../domain/plan/plan.views.js';
import { defineModule } from '../../platform/module.js';
import { planQueueProjection } from './plan.projection.js';
import { planRoutes } from './plan.routes.js';
import { planLiveRules } from './plan.live.js';

export { planInputOf, type PlanSettings } from './plan.queries.js';

/**
 * The capacity plan (docs/capacity-plan.md): a finite-capacity forward schedule of every open
 * production order, computed on each read from the read models of orders, stations, materials,
 * team and interruptions by the pure scheduler (src/domain/plan), or from the log as it stood at a
 * past moment (replay). It owns the supervisors' queue orders: one stream per station
 * (`plan-queue-<stationId>`) and their read model `plan_station_queues`.
 */
export const planModule = defineModule({
  name: 'plan',
  requires: [],
  provides: {},
  contributes: { companyTables: [{ exported: ['plan_station_queues'], notExported: [] }] },
  plugin: async (app) => {
    await app.register(planRoutes);
  },
  projections: () => [planQueueProjection],
  openApi: {
    tags: [{ name: 'plan', description: 'The capacity plan: when every open production order is planned at each station, and why.' }],
    views: [planViews],
  },
  liveTopics: [PLAN_QUEUE_STREAM_TYPE],
  liveRules: planLiveRules,
});
