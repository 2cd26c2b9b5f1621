import * as planViews from '../../../domain/plan/plan.views.js';
import { defineModule } from '../../platform/module.js';
import { planRoutes } from './plan.routes.js';

export { planInputOf, type PlanSettings } from './plan.queries.js';

/**
 * The capacity plan (docs/capacity-plan.md): a finite-capacity forward schedule of every open
 * production order, computed on each read from the read models of orders, stations, materials,
 * team and interruptions by the pure scheduler (src/domain/plan). It owns no table and no stream.
 */
export const planModule = defineModule({
  name: 'plan',
  requires: [],
  provides: {},
  plugin: async (app) => {
    await app.register(planRoutes);
  },
  projections: () => [],
  openApi: {
    tags: [{ name: 'plan', description: 'The capacity plan: when every open production order is planned at each station, and why.' }],
    views: [planViews],
  },
  liveTopics: [],
});
