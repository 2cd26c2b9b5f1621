import type { AdvertisementEvent, OrderEvent } from '../../../domain/orders/order.events.js';
import { everyone, liveRulesOf } from '../../platform/live-visibility.js';

declare module '../../platform/live-visibility.js' {
  interface KnownEvents {
    orders: AdvertisementEvent | OrderEvent;
  }
}

/** Who of the company receives each event of orders on the live feed: what REST answers each role (docs/live-feed.md, "Roles"). */
export const ordersLiveRules = liveRulesOf<AdvertisementEvent | OrderEvent>()({
  OrderCreated: everyone,
  OrderChanged: everyone,
  OrderPlaced: everyone,
  ProductionStarted: everyone,
  ProductionOrderStarted: everyone,
  WorkStarted: everyone,
  WorkCompleted: everyone,
  QuantityReported: everyone,
  OrderSplit: everyone,
  ProductionOrderAdded: everyone,
  OrderMovedToStation: everyone,
  ProductionFinished: everyone,
  ProductionOrderDone: everyone,
  OrderReadyToShip: everyone,
  OrderReadyToUse: everyone,
  OrderReadyForDispatch: everyone,
  OrderDispatched: everyone,
  OrderDelivered: everyone,
  OrderCheckedIn: everyone,
  OrderFinished: everyone,
  OrderCanceled: everyone,
  OrderAssignedToShipment: everyone,
  OrderReleased: everyone,
  OrderLeftShipment: everyone,
  OrderPartAssignedToShipment: everyone,
  OrderPartReleased: everyone,
  OrderPartDispatched: everyone,
  ValueMeasured: everyone,
  QualityFailureAccepted: everyone,
  StatusActionApplied: everyone,
  StatusActionRefused: everyone,
  AdvertisementCommentSet: everyone,
});
