import type { OrderKind, OrderStatus } from '../orders/order.schema.js';
import type { ShipmentAttachment } from './shipment.events.js';
import type { ShipmentForm } from './shipment.schema.js';

/** A carrier of the company's master data, as the handler found it. */
export interface CarrierOnHand {
  carrierId: string;
  name: string;
  /** A link with `TRACKING_ID_PLACEHOLDER` where the tracking ID goes; null when the carrier has none. */
  trackingLinkTemplate: string | null;
}

/**
 * An order the form names, as the handler looked it up in the company: its kind, status, customer
 * and the open shipment (Open or Ready for dispatch) it sits in, if any. An id the handler did not
 * find (unknown, or another company's) is simply absent from the list.
 */
export interface OrderOnHand {
  orderId: string;
  orderNumber: string;
  kind: OrderKind;
  status: OrderStatus;
  /** The customer's name on the order (orders carry no customer id). */
  customerName: string;
  /** The open shipment the order is in; null when none. */
  openShipmentId: string | null;
  /** Pieces ready to ship now, not held by a shipment (`readyToShipOf`). */
  readyQuantity: number;
}

/** A new shipment number the company's counter handed out, and the id of the new stream. */
export interface NumberedShipment {
  shipmentId: string;
  number: number;
  shipmentNumber: string;
}

/**
 * Intents on one shipment. `at` is the ISO time the command was given; ids and numbers arrive on
 * the command too. `orders` are the orders the form names, `carrier` the master-data carrier it
 * names (null when typed, or not found).
 */
export type ShipmentCommand =
  | { type: 'CreateShipment'; shipment: NumberedShipment; form: ShipmentForm; orders: readonly OrderOnHand[]; carrier: CarrierOnHand | null; at: string }
  | { type: 'ChangeShipment'; form: ShipmentForm; orders: readonly OrderOnHand[]; carrier: CarrierOnHand | null; at: string }
  | { type: 'MarkReadyToDispatch'; at: string }
  | { type: 'Dispatch'; at: string }
  | { type: 'Deliver'; at: string }
  | { type: 'Cancel'; at: string }
  /** The file is stored already (under `attachment.attachmentId`); the shipment records it. */
  | { type: 'AddAttachment'; attachment: ShipmentAttachment; at: string }
  | { type: 'RemoveAttachment'; attachmentId: string; at: string };

export type ShipmentCommandType = ShipmentCommand['type'];
