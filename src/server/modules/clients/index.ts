import { CLIENT_STREAM_TYPE } from '../../../domain/clients/clients.schema.js';
import * as clientsViews from '../../../domain/clients/clients.views.js';
import { defineModule } from '../../platform/module.js';
import { clientsRoutes } from './clients.routes.js';
import { clientsLiveRules } from './clients.live.js';

export { clientsByName, findClient } from './clients.queries.js';

/**
 * The company's customer directory ("clients": the master user's "customers" are the companies),
 * a plain-record module like materials: rows in `clients`, each write recorded on the client's stream.
 */
export const clientsModule = defineModule({
  name: 'clients',
  requires: [],
  provides: {},
  contributes: { companyTables: [{ exported: ['clients'], notExported: [] }] },
  plugin: async (app) => {
    await app.register(clientsRoutes);
  },
  openApi: {
    tags: [{ name: 'clients', description: "The company's customer directory: name, contact, addresses; order and shipment forms pick from it." }],
    views: [clientsViews],
  },
  liveTopics: [CLIENT_STREAM_TYPE],
  liveRules: clientsLiveRules,
});
