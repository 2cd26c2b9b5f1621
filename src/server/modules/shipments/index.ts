import type { FastifyInstance } from 'fastify';
import { setShipmentReader } from '../orders/index.js';
import { carriersRoutes } from './carriers.routes.js';
import { shipmentsProjection } from './shipments.projection.js';
import { shipmentTrackingRoutes } from './shipment-tracking.routes.js';
import { shipmentOfOrder } from './shipments.queries.js';
import { shipmentsRoutes } from './shipments.routes.js';

/** The module's inline projections: `src/server/projections.ts` registers them for the server and the worker. */
export const shipmentsProjections = [shipmentsProjection];

export { findShipmentRow } from './shipments.queries.js';

/**
 * Shipments (shipping orders): customer orders Ready to ship, of one customer, sent together. One
 * event stream per shipment; its transitions move the orders in the same transaction (docs/shipments.md).
 * Registered after orders: it commands the orders and shows the order details their shipment.
 */
export async function shipmentsModule(app: FastifyInstance) {
  setShipmentReader(shipmentOfOrder);
  await app.register(shipmentsRoutes);
  await app.register(shipmentTrackingRoutes);
  await app.register(carriersRoutes);
}
