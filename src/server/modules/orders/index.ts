import type { FastifyInstance } from 'fastify';
import { boardRoutes } from './board.routes.js';
import { operatorStationsProjection, ordersProjection, stationFlowProjection } from './orders.projection.js';
import { materialIsInAnOrderInProduction, stationWorklistOf } from './orders.queries.js';
import { ordersRoutes } from './orders.routes.js';

/** The module's inline projections: `src/server/projections.ts` registers them for the server and the worker. */
export const ordersProjections = [ordersProjection, stationFlowProjection, operatorStationsProjection];

export { materialIsInAnOrderInProduction, orderListStatement, stationOfOperator } from './orders.queries.js';
export { orderSummariesOf, setShipmentReader, shippableOrderRows, type OrderShipment } from './orders.queries.js';
export { findOrderRow, findOrderRows } from './orders.queries.js';
// The home screen's one read (modules/home) answers these boards as their own routes do.
export { homeBoardOf } from './orders.queries.js';
export { stationBoardOf, type PredictionSettings } from './board.queries.js';
export { followShipment, type ShipmentOrderCommand } from './orders.handlers.js';

/**
 * Orders: customer, production and logistics orders (one event stream each), their status
 * machine, operators moving production orders along the station sequence, the station worklists
 * and key figures, the home board and the shop-floor display. Registered after materials and
 * stations: it installs the materials' in-production check and the stations' worklist, and reads
 * the saved sequence.
 */
export async function ordersModule(app: FastifyInstance) {
  app.materials.setInProductionCheck((tx, materialId) => materialIsInAnOrderInProduction(tx, materialId));
  app.stations.setWorklistReader(stationWorklistOf);
  await app.register(ordersRoutes);
  await app.register(boardRoutes);
}
