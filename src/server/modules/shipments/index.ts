import { SHIPMENT_TRACKING_STREAM_TYPE } from '../../../domain/shipments/carrier.events.js';
import { CARRIER_STREAM_TYPE } from '../../../domain/shipments/carrier.schema.js';
import { SHIPMENT_STREAM_TYPE } from '../../../domain/shipments/shipment.events.js';
import * as shipmentTrackingViews from '../../../domain/shipments/shipment-tracking.views.js';
import * as shipmentsViews from '../../../domain/shipments/shipments.views.js';
import { defineModule } from '../../platform/module.js';
import { carriersRoutes } from './carriers.routes.js';
import { shipmentsProjection } from './shipments.projection.js';
import { shipmentsEmailTemplates } from './shipment-tracking.emails.js';
import { sendTrackingLinkEmailJob, shipmentsDispatchRoutes } from './shipment-tracking.jobs.js';
import { shipmentTrackingRoutes } from './shipment-tracking.routes.js';
import { shipmentOfOrder } from './shipments.queries.js';
import { shipmentsRoutes } from './shipments.routes.js';
import { shipmentsLiveRules } from './shipments.live.js';

export { findShipmentRow } from './shipments.queries.js';

/**
 * Shipments (shipping orders): customer orders Ready to ship, of one customer, sent together. One
 * event stream per shipment; its transitions move the orders in the same transaction (docs/shipments.md).
 * Listed after orders: it commands the orders, and provides the shipment the order details show.
 */
export const shipmentsModule = defineModule({
  name: 'shipments',
  requires: [],
  // Attachments count in the company's storage quota.
  collects: ['recordedFolders'],
  provides: { orderShipmentReader: () => shipmentOfOrder },
  contributes: {
    companyTables: [
      { exported: ['carriers', 'shipment_attachments', 'shipment_counters', 'shipment_orders', 'shipment_tracking_links', 'shipments'], notExported: [] },
    ],
  },
  plugin: async (app, { ports }) => {
    await app.register(async (scope) => shipmentsRoutes(scope, ports.recordedFolders));
    await app.register(shipmentTrackingRoutes);
    await app.register(carriersRoutes);
  },
  projections: () => [shipmentsProjection],
  jobs: { definitions: [sendTrackingLinkEmailJob], dispatchRoutes: shipmentsDispatchRoutes, emailTemplates: shipmentsEmailTemplates },
  openApi: {
    tags: [{ name: 'shipments', description: 'Shipping orders, carriers, attachments, and tracking links for the end customer.' }],
    views: [shipmentTrackingViews, shipmentsViews],
  },
  liveTopics: [SHIPMENT_STREAM_TYPE, CARRIER_STREAM_TYPE, SHIPMENT_TRACKING_STREAM_TYPE],
  liveRules: shipmentsLiveRules,
});
