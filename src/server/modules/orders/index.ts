import { ADVERTISEMENT_STREAM_TYPE, ORDER_STREAM_TYPE } from '../../../domain/orders/order.events.js';
import * as ordersViews from '../../../domain/orders/orders.views.js';
import { defineModule } from '../../platform/module.js';
import { boardRoutes } from './board.routes.js';
import { ordersEmailTemplates } from './orders.emails.js';
import { applyStatusActionsJob, notifyWorkCompletedJob, ordersDispatchRoutes } from './orders.jobs.js';
import { operatorStationsProjection, ordersProjection, stationFlowProjection } from './orders.projection.js';
import { materialIsInAnOrderInProduction, stationWorklistOf, type OrderHoldCheck, type OrderHoldsReader, type OrderShipmentReader } from './orders.queries.js';
import { ordersRoutes } from './orders.routes.js';
import { ordersLiveRules } from './orders.live.js';

export { materialIsInAnOrderInProduction, orderListStatement, stationOfOperator } from './orders.queries.js';
export { orderSummariesOf, shippableOrderRows, type OrderShipment, type OrderShipmentReader } from './orders.queries.js';
export { findOrderRow, findOrderRows } from './orders.queries.js';
// Labour time (modules/labour) reads the orders through these, never the table.
export { orderInWorkAtStation, orderNumbersById, ordersInWorkAtStation } from './orders.queries.js';
// The home screen's one read (modules/home) answers these boards as their own routes do.
export { homeBoardOf } from './orders.queries.js';
export { stationBoardOf, type PredictionSettings } from './board.queries.js';
export { productionOrdersAtStations, type OrderAtStation } from './board.queries.js';
export { followShipment, type ShipmentOrderCommand } from './orders.handlers.js';
// The quality module's decisions move a held order to rework or end its pieces as scrap (docs/quality-and-lots.md);
// machines report their counts as a completion of pieces at the station (modules/machines).
export { completeWork, moveToStation } from './orders.handlers.js';
// The customer orders import (modules/imports) creates each order through the order form's command.
export { createOrder } from './orders.handlers.js';
export type { OrderHold, OrderHoldCheck, OrderHoldsReader } from './orders.queries.js';

declare module '../../platform/module.js' {
  interface Ports {
    /** Provided by shipments: the shipment an order is in, as the order details show it (shipments build on orders). */
    orderShipmentReader: OrderShipmentReader;
    /** Provided by quality: the order's open NCR, which stops moves and completions (docs/quality-and-lots.md). */
    orderHoldCheck: OrderHoldCheck;
    /** Provided by quality: the open NCRs of many orders at once (the station board's hold badge; the home screen reads the board too). */
    orderHoldsReader: OrderHoldsReader;
  }
}

/**
 * Orders: customer, production and logistics orders (one event stream each), their status
 * machine, operators moving production orders along the station sequence, the station worklists
 * and key figures, the home board and the shop-floor display. Provides the materials' in-production
 * check and the stations' worklist; reads the saved sequence.
 */
export const ordersModule = defineModule({
  name: 'orders',
  requires: ['orderShipmentReader', 'orderHoldCheck', 'orderHoldsReader'],
  provides: {
    inProductionCheck: () => materialIsInAnOrderInProduction,
    worklistReader: () => stationWorklistOf,
  },
  contributes: { companyTables: [{ exported: ['operator_stations', 'order_advertisements', 'order_counters', 'order_states', 'orders'], notExported: [] }] },
  plugin: async (app, { ports }) => {
    await app.register(async (scope) => ordersRoutes(scope, { shipmentOf: ports.orderShipmentReader, holdOf: ports.orderHoldCheck }));
    await app.register(async (scope) => boardRoutes(scope, { holdsOf: ports.orderHoldsReader }));
  },
  projections: () => [ordersProjection, stationFlowProjection, operatorStationsProjection],
  jobs: {
    definitions: [notifyWorkCompletedJob, applyStatusActionsJob],
    dispatchRoutes: ordersDispatchRoutes,
    emailTemplates: ordersEmailTemplates,
  },
  openApi: {
    tags: [{ name: 'orders', description: 'Orders and their life cycle: placing, production at the stations, measurements, dispatch, delivery, history.' }],
    views: [ordersViews],
  },
  liveTopics: [ORDER_STREAM_TYPE, ADVERTISEMENT_STREAM_TYPE],
  liveRules: ordersLiveRules,
});
