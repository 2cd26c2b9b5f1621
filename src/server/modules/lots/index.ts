import { LOT_STREAM_TYPE } from '../../../domain/lots/lot.events.js';
import * as lotsViews from '../../../domain/lots/lots.views.js';
import { defineModule } from '../../platform/module.js';
import { lotsOrderReactions, lotsProjection } from './lots.projection.js';
import { lotsRoutes } from './lots.routes.js';
import { lotsLiveRules } from './lots.live.js';

export { certificatesIn, findLotRow, lotGenealogyOf, lotItemOf, lotOriginsOf, lotOriginsSql, lotRecallOf, lotRecallSql } from './lots.queries.js';
export { readCertificate, type LotCertificateFile } from './lot-certificate.files.js';

/**
 * Lots and traceability (docs/quality-and-lots.md, Lots): a goods receipt records a lot per bought
 * material (one stream each) with its supplier's heat number and certificate; the station books what a
 * production order consumed; a finished production order gets a lot of its own; the genealogy follows
 * the lots through production orders, customer orders and shipments both ways, and the recall names the
 * customers and delivery bills. Listed after orders and shipments, whose read models it traces.
 */
export const lotsModule = defineModule({
  name: 'lots',
  requires: [],
  // Certificates count in the company's storage quota.
  collects: ['recordedFolders'],
  provides: {},
  contributes: { companyTables: [{ exported: ['lot_consumptions', 'lot_counters', 'lot_serials', 'lots'], notExported: [] }] },
  plugin: async (app, { ports }) => {
    await app.register(async (scope) => lotsRoutes(scope, ports.recordedFolders));
  },
  projections: (eventStore) => [lotsProjection, lotsOrderReactions(eventStore)],
  openApi: {
    tags: [{ name: 'lots', description: 'Lots: goods receipt with heat number and certificate, consumption at the station, genealogy and recall.' }],
    views: [lotsViews],
  },
  liveTopics: [LOT_STREAM_TYPE],
  liveRules: lotsLiveRules,
});
