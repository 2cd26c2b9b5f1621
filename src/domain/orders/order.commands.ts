import type { MaterialType, MaterialValue } from '../materials/materials.schema.js';
import type { ValueChecks } from '../stations/station.schema.js';
import type { OrderDetails, OrderPosition, PlannedProductionOrder, ScrapAndRework } from './order.events.js';

/**
 * Pieces an operator reports with a completion. `good` absent: every piece not reported as scrap or
 * rework is good ("complete the rest"). A reason's id names a master-data entry; its name is what the
 * caller found for it (null: no active entry of that id). `reworkStationExists` as the caller found it.
 */
export interface ReportedQuantities extends ScrapAndRework {
  good?: number;
  reworkStationExists: boolean;
}
import type { OrderForm, OrderKind, OrderStatus } from './order.schema.js';

/** A material as the order sees it when a position names it: found in the company, with its stock. */
export interface MaterialOnHand {
  materialId: string;
  name: string;
  materialNumber: string;
  type: MaterialType;
  /** Pieces in stock now. */
  stock: number;
}

/** The saved station sequence, as far as orders need it. */
export interface ProductionLine {
  stationIds: readonly string[];
  startStationId: string | null;
}

/** A new order number the company's counter handed out. */
export interface NumberedOrder {
  orderId: string;
  number: number;
  orderNumber: string;
}

/**
 * Intents on one order. `at` is the ISO time the command was given; ids and numbers arrive on the
 * command too, so the decider needs no clock and no counter. `materials` are the company's
 * materials the positions name (absent ones are unknown or another company's).
 */
export type OrderCommand =
  /** `clientFound`: the form's `clientId` names a client of the company (absent: none found). */
  | { type: 'CreateOrder'; order: NumberedOrder; kind: OrderKind; form: OrderForm; materials: readonly MaterialOnHand[]; clientFound?: boolean; at: string }
  | { type: 'ChangeOrder'; form: OrderForm; materials: readonly MaterialOnHand[]; clientFound?: boolean; at: string }
  | { type: 'PlaceOrder'; at: string }
  /**
   * Customer order: `productionOrders` are numbered for what `productionPlanOf` plans; `materials`
   * carry the stock of the positions taken from it. Production order: enters the line.
   */
  | { type: 'StartProduction'; line: ProductionLine; productionOrders: readonly NumberedOrder[]; materials: readonly MaterialOnHand[]; at: string }
  /** A production order made for a customer order's start of production, entering the line at once. */
  | {
      type: 'CreateProductionOrder';
      order: NumberedOrder;
      parent: { orderId: string; details: OrderDetails; stockOrder: boolean };
      positions: readonly OrderPosition[];
      startStationId: string;
      at: string;
    }
  | { type: 'StartWork'; stationId: string; at: string }
  /**
   * `reason` is needed when a value measured in this work at the station lies outside tolerance,
   * or a value in `checkedValues` (the names of the order's material values the station checks)
   * was not measured in this work; `userId` is who completes (recorded on `QualityFailureAccepted`).
   */
  | {
      type: 'CompleteWork';
      stationId: string;
      line: ProductionLine;
      checkedValues?: readonly string[];
      reason?: string;
      userId?: string;
      /** What the operator reported; absent: every piece at the station is good. */
      quantities?: ReportedQuantities;
      /** New ids for the production orders a split may make (good pieces sent on, rework), handed out by the caller. */
      splitOrderIds?: readonly string[];
      at: string;
    }
  /** A production order split off `parent` (good pieces sent on, or rework), entering the line at `toStationId` (null: straight to WIP). */
  | {
      type: 'CreateSplitOrder';
      order: { orderId: string; orderNumber: string };
      parent: { orderId: string; number: number; details: OrderDetails; positions: readonly OrderPosition[]; parentOrderId: string | null; forStock: boolean };
      quantity: number;
      toStationId: string | null;
      at: string;
    }
  /** On a customer order: a production order split off one of its own belongs to it too. */
  | { type: 'RecordProductionOrderAdded'; productionOrder: PlannedProductionOrder; splitFromOrderId: string; at: string }
  /**
   * A value measured at the station: `values` are the values of the order's materials (as they
   * are now), `checks` what the station checks.
   */
  | {
      type: 'MeasureValue';
      stationId: string;
      checks: ValueChecks;
      values: readonly MaterialValue[];
      valueName: string;
      measured: number;
      measuredBy: string;
      at: string;
    }
  /**
   * A station's "set the order status" action after the completion `trigger`: applied by the
   * machine's rules, or recorded as refused. A trigger already handled does nothing (job retries).
   */
  | { type: 'ApplyStatusAction'; stationId: string; status: OrderStatus; trigger: string; at: string }
  | { type: 'MoveToStation'; toStationId: string; stationExists: boolean; at: string }
  /** On a customer order, when one of its production orders finished. */
  | { type: 'RecordProductionOrderDone'; productionOrderId: string; good?: number; at: string }
  | { type: 'MarkReadyToUse'; at: string }
  /**
   * Ready to dispatch, dispatch and deliver: given by a user on an order in no shipment, or by the
   * shipment handler for the orders of `shipmentId` (an order in a shipment moves only with it).
   */
  | { type: 'MarkReadyToDispatch'; shipmentId?: string; at: string }
  | { type: 'Dispatch'; shipmentId?: string; at: string }
  | { type: 'Deliver'; shipmentId?: string; at: string }
  /**
   * The shipment handler puts the order into a shipment: `quantity` of its ready pieces (absent:
   * all of them). All that remains of an order Ready to ship moves it with the shipment; less is a part.
   */
  | { type: 'AssignToShipment'; shipmentId: string; quantity?: number; at: string }
  /** The shipment handler gives an order Ready for dispatch back (Ready to ship): its shipment was canceled or it was taken out. */
  | { type: 'Release'; shipmentId: string; at: string }
  /** The shipment handler takes the order out of the shipment (taken out, or the shipment canceled). */
  | { type: 'LeaveShipment'; shipmentId: string; at: string }
  | { type: 'CheckIn'; station: { stationId: string; incomingGoodsCheckIn: boolean }; at: string }
  | { type: 'Finish'; at: string }
  | { type: 'Cancel'; at: string };

export type OrderCommandType = OrderCommand['type'];
