import { eventCatalogue } from '../shared/decider.js';
import type { MaterialType } from '../materials/materials.schema.js';
import type { Incoterm, OrderKind, OrderStatus } from './order.schema.js';

/** Stream type of an order's stream `order-<id>`. */
export const ORDER_STREAM_TYPE = 'order';
export const orderStreamId = (orderId: string) => `order-${orderId}`;

/** Stream type of a company's shop-floor announcement line, stream `order-advertisement-<companyId>`. */
export const ADVERTISEMENT_STREAM_TYPE = 'order-advertisement';
export const advertisementStreamId = (companyId: string) => `order-advertisement-${companyId}`;

/**
 * A position as the order keeps it: the material's name, number and type are copied when the
 * order is written, so the order (and its history) still reads right after the material changes.
 */
export interface OrderPosition {
  materialId: string;
  materialName: string;
  materialNumber: string;
  materialType: MaterialType;
  quantity: number;
  /** Per piece. */
  netPrice: number;
  useInventory: boolean;
}

/** The order form's fields besides the positions. */
export interface OrderDetails {
  name: string;
  street: string;
  houseNumber: string;
  addressSuffix: string;
  zip: string;
  place: string;
  country: string;
  prioritize: boolean;
  /** `YYYY-MM-DD`, or null when none was agreed. */
  deliveryDate: string | null;
  /** `YYYY-MM-DD` promised to the customer, or null; absent on events recorded before it existed: read as null. */
  promisedDate?: string | null;
  noteForProduction: string;
  shippingMethod: string;
  incoterm: Incoterm | null;
  stockOrder: boolean;
  comment: string;
  workInProgress: string;
  packaging: string;
}

/** Pieces of a material taken from or added to stock. */
export interface StockMove {
  materialId: string;
  quantity: number;
}

/** A production order a customer order's start of production created. */
export interface PlannedProductionOrder {
  orderId: string;
  orderNumber: string;
  materialId: string;
  quantity: number;
}

/** A value measured against its nominal and tolerances, as they were when measured. */
export interface MeasuredValue {
  valueName: string;
  nominal: number;
  unit: string;
  minTolerance: number;
  maxTolerance: number;
  measured: number;
  /** `minTolerance <= measured <= maxTolerance`. */
  passed: boolean;
}

/** The pieces of a report that do not go on as good ones, with their reasons (ids, and names as they were). */
export interface ScrapAndRework {
  scrap: number;
  rework: number;
  scrapReasonId: string | null;
  scrapReason: string | null;
  reworkReasonId: string | null;
  reworkReason: string | null;
  reworkStationId: string | null;
}

/**
 * Facts of one order (customer, production or logistics), in the past tense. Every payload carries
 * `orderId` and `at`, the ISO time the command was given, so a replay needs no clock. Shapes are
 * never edited once landed: a changed shape gets a new type name and an upcaster.
 */
export type OrderEvent =
  | {
      type: 'OrderCreated';
      data: {
        orderId: string;
        kind: OrderKind;
        /** Consecutive per company. */
        number: number;
        orderNumber: string;
        details: OrderDetails;
        positions: OrderPosition[];
        /** The customer order a production order was made for; null otherwise. */
        parentOrderId: string | null;
        /** A production order whose pieces go to stock when it finishes. */
        forStock: boolean;
        /**
         * The client of the company's customer directory the order was made for (docs/clients.md); null
         * when typed freely. Absent on events recorded before the directory existed: read as null.
         */
        clientId?: string | null;
        /** A production order split off another one at a station (good pieces sent on, or rework): that order's id. Absent otherwise. */
        splitFromOrderId?: string;
        at: string;
      };
    }
  | {
      type: 'OrderChanged';
      data: {
        orderId: string;
        details: OrderDetails;
        positions: OrderPosition[];
        /** The order's client after the change (as on `OrderCreated`); absent on earlier events: read as null. */
        clientId?: string | null;
        at: string;
      };
    }
  | { type: 'OrderPlaced'; data: { orderId: string; at: string } }
  /** A customer order went into production: these production orders were made, this stock was taken. */
  | { type: 'ProductionStarted'; data: { orderId: string; productionOrders: PlannedProductionOrder[]; takenFromStock: StockMove[]; at: string } }
  /** A production order entered the line at the start station. */
  | { type: 'ProductionOrderStarted'; data: { orderId: string; stationId: string; at: string } }
  | { type: 'WorkStarted'; data: { orderId: string; stationId: string; at: string } }
  /** Work at a station was done; the order went on to the next station, or to WIP when `nextStationId` is null. */
  | { type: 'WorkCompleted'; data: { orderId: string; stationId: string; workStartedAt: string; nextStationId: string | null; at: string } }
  /** Pieces an operator reported at a station: good ones go on, scrap ends them, rework goes to `reworkStationId`. Reason names are copied as they were. Appended before WorkCompleted/OrderSplit of the same command. */
  | {
      type: 'QuantityReported';
      data: { orderId: string; stationId: string; good: number } & ScrapAndRework & { reportedBy: string; at: string };
    }
  /**
   * Pieces of this production order went on as their own production order (`childOrderId`, numbered
   * `<this number>-<n>`): good pieces of a partial completion to the next station (`toStationId` null:
   * after the last station, straight to WIP), or rework pieces to the station the operator picked.
   */
  | {
      type: 'OrderSplit';
      data: {
        orderId: string;
        childOrderId: string;
        childOrderNumber: string;
        quantity: number;
        toStationId: string | null;
        reason: 'good' | 'rework';
        at: string;
      };
    }
  /** On a customer order: a production order split off one of its production orders now belongs to it too. */
  | { type: 'ProductionOrderAdded'; data: { orderId: string; productionOrder: PlannedProductionOrder; splitFromOrderId: string; at: string } }
  | { type: 'OrderMovedToStation'; data: { orderId: string; fromStationId: string; toStationId: string; at: string } }
  /** A production order passed its last station; pieces made for stock were added to it. */
  | { type: 'ProductionFinished'; data: { orderId: string; stockAdded: StockMove[]; at: string } }
  /**
   * On a customer order: one of its production orders finished, with `good` pieces (what it ships;
   * absent before quantities: its planned pieces).
   */
  | { type: 'ProductionOrderDone'; data: { orderId: string; productionOrderId: string; good?: number; at: string } }
  | { type: 'OrderReadyToShip'; data: { orderId: string; at: string } }
  | { type: 'OrderReadyToUse'; data: { orderId: string; at: string } }
  | { type: 'OrderReadyForDispatch'; data: { orderId: string; at: string } }
  | { type: 'OrderDispatched'; data: { orderId: string; at: string } }
  | { type: 'OrderDelivered'; data: { orderId: string; at: string } }
  /** A logistics order's goods arrived at an incoming-goods station and went to stock. */
  | { type: 'OrderCheckedIn'; data: { orderId: string; stationId: string; stockAdded: StockMove[]; at: string } }
  | { type: 'OrderFinished'; data: { orderId: string; at: string } }
  | { type: 'OrderCanceled'; data: { orderId: string; at: string } }
  /** A customer order Ready to ship was put into a shipment: from now on it moves with the shipment (docs/shipments.md). */
  | { type: 'OrderAssignedToShipment'; data: { orderId: string; shipmentId: string; at: string } }
  /** Ready for dispatch -> Ready to ship: its shipment was canceled, or the order was taken out of it. */
  | { type: 'OrderReleased'; data: { orderId: string; shipmentId: string; at: string } }
  /** The order left its shipment (taken out, or the shipment canceled): it is free for another one. */
  | { type: 'OrderLeftShipment'; data: { orderId: string; shipmentId: string; at: string } }
  /**
   * A part of a customer order went into a shipment: `quantity` of its ready pieces, not the rest of
   * the order, so the order keeps its status and does not move with that shipment (docs/shipments.md
   * "Partial shipments").
   */
  | { type: 'OrderPartAssignedToShipment'; data: { orderId: string; shipmentId: string; quantity: number; at: string } }
  /** The part came out of its shipment again (taken out, or the shipment canceled): its pieces are ready again. */
  | { type: 'OrderPartReleased'; data: { orderId: string; shipmentId: string; quantity: number; at: string } }
  /** The part's shipment was sent: its pieces are gone; the order is free for the next shipment. */
  | { type: 'OrderPartDispatched'; data: { orderId: string; shipmentId: string; quantity: number; at: string } }
  /**
   * An operator measured a value of the order's material at a station that checks it. The value's
   * nominal, unit and tolerances are copied as they were, so the test protocol reads right after the
   * material changes. A later measurement of the same value name replaces this one.
   */
  | {
      type: 'ValueMeasured';
      data: {
        orderId: string;
        stationId: string;
        /** The operator's user id. */
        measuredBy: string;
        at: string;
      } & MeasuredValue;
    }
  /**
   * Work was completed with these values outside tolerance, or with these checked values not
   * measured (`missingValues`, absent on earlier events), for this reason (appended just before `WorkCompleted`).
   */
  | {
      type: 'QualityFailureAccepted';
      data: { orderId: string; stationId: string; failedValues: string[]; missingValues?: string[]; reason: string; acceptedBy: string; at: string };
    }
  /**
   * A station's "set the order status" action ran after work was completed there (`trigger` names
   * that completion): the order went from `fromStatus` to `status` by the machine's rules.
   */
  | { type: 'StatusActionApplied'; data: { orderId: string; stationId: string; fromStatus: OrderStatus; status: OrderStatus; trigger: string; at: string } }
  /** The order machine refused the station's "set the order status" action; `reason` is the error code. */
  | {
      type: 'StatusActionRefused';
      data: { orderId: string; stationId: string; fromStatus: OrderStatus; status: OrderStatus; reason: string; trigger: string; at: string };
    };

export type OrderEventType = OrderEvent['type'];

/** The announcement line of the shop-floor display was set. */
export type AdvertisementEvent = { type: 'AdvertisementCommentSet'; data: { comment: string; at: string } };

/** An order's events as every reader reads them (the fold, projections, history, the browser's replay). */
export const orderEvents = eventCatalogue<OrderEvent>({
  streamType: ORDER_STREAM_TYPE,
  types: {
    OrderCreated: true,
    OrderChanged: true,
    OrderPlaced: true,
    ProductionStarted: true,
    ProductionOrderStarted: true,
    WorkStarted: true,
    WorkCompleted: true,
    QuantityReported: true,
    OrderSplit: true,
    ProductionOrderAdded: true,
    OrderMovedToStation: true,
    ProductionFinished: true,
    ProductionOrderDone: true,
    OrderReadyToShip: true,
    OrderReadyToUse: true,
    OrderReadyForDispatch: true,
    OrderDispatched: true,
    OrderDelivered: true,
    OrderCheckedIn: true,
    OrderFinished: true,
    OrderCanceled: true,
    OrderAssignedToShipment: true,
    OrderReleased: true,
    OrderLeftShipment: true,
    OrderPartAssignedToShipment: true,
    OrderPartReleased: true,
    OrderPartDispatched: true,
    ValueMeasured: true,
    QualityFailureAccepted: true,
    StatusActionApplied: true,
    StatusActionRefused: true,
  },
});
