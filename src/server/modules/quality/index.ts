import { NCR_STREAM_TYPE } from '../../../domain/quality/ncr.events.js';
import * as qualityViews from '../../../domain/quality/quality.views.js';
import { defineModule } from '../../platform/module.js';
import { ncrProjection, qualityOrderReactions } from './quality.projection.js';
import { openNcrOfOrder, openNcrsOfOrders } from './quality.queries.js';
import { qualityRoutes } from './quality.routes.js';
import { qualityLiveRules } from './quality.live.js';

export { findNcrRow, ncrOpeningsBetween, ncrsOfOrder, ncrViewOf, openNcrsOfOrders } from './quality.queries.js';

/**
 * The quality loop (docs/quality-and-lots.md): a value measured outside tolerance at a station that
 * holds opens a non-conformance report (one stream each) in the measuring transaction; the orders'
 * moves and completions ask the hold check it provides; a user with the quality right decides (use as
 * is, rework, scrap, return to supplier); a re-measurement after rework closes it.
 */
export const qualityModule = defineModule({
  name: 'quality',
  requires: [],
  provides: {
    orderHoldCheck: () => openNcrOfOrder,
    orderHoldsReader: () => openNcrsOfOrders,
  },
  contributes: { companyTables: [{ exported: ['ncr_counters', 'ncrs'], notExported: [] }] },
  plugin: async (app) => {
    await app.register(qualityRoutes);
  },
  projections: (eventStore) => [ncrProjection, qualityOrderReactions(eventStore)],
  openApi: {
    tags: [
      {
        name: 'quality',
        description: 'The quality loop: non-conformance reports of values outside tolerance, their decisions and re-measurements, and the figures.',
      },
    ],
    views: [qualityViews],
  },
  liveTopics: [NCR_STREAM_TYPE],
  liveRules: qualityLiveRules,
});
