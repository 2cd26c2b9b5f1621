import { eventCatalogue } from '../shared/decider.js';
import type { AttachmentType } from './shipment.schema.js';

/** Stream type of a shipment's stream `shipment-<id>`. */
export const SHIPMENT_STREAM_TYPE = 'shipment';
export const shipmentStreamId = (shipmentId: string) => `shipment-${shipmentId}`;

/** The carrier as the shipment keeps it: its name copied in, so the history still reads right after master data changes. */
export interface ShipmentCarrier {
  /** The master-data carrier; null when the name was typed. */
  carrierId: string | null;
  name: string;
}

/** The shipping order form's fields besides the orders. */
export interface ShipmentDetails {
  carrier: ShipmentCarrier;
  trackingId: string;
  /** The tracking page, '' when there is none. */
  link: string;
  /** `YYYY-MM-DD`. */
  shippingDate: string;
}

/** An order in the shipment, its number copied in. */
export interface ShippedOrder {
  orderId: string;
  orderNumber: string;
  /** Pieces of the order in this shipment (a part, or all that was ready); absent in shipments made before partial shipments: the whole order. */
  quantity?: number;
}

/** An attachment as the shipment keeps it; the bytes are stored under `attachmentId`. */
export interface ShipmentAttachment {
  attachmentId: string;
  fileName: string;
  contentType: AttachmentType;
  /** In bytes. */
  size: number;
}

/**
 * Facts of one shipment (shipping order), in the past tense. Every payload carries `shipmentId`
 * and `at`, the ISO time the command was given, so a replay needs no clock. Which orders are in
 * the shipment is told by `ShipmentOrderAssigned` and `ShipmentOrderReleased`, so a projection of
 * "the open shipment of an order" needs no earlier state. Shapes are never edited once landed.
 */
export type ShipmentEvent =
  | {
      type: 'ShipmentCreated';
      data: {
        shipmentId: string;
        /** Consecutive per company. */
        number: number;
        shipmentNumber: string;
        /** The customer every order of the shipment is for. */
        customerName: string;
        details: ShipmentDetails;
        at: string;
      };
    }
  | { type: 'ShipmentChanged'; data: { shipmentId: string; details: ShipmentDetails; at: string } }
  | { type: 'ShipmentOrderAssigned'; data: { shipmentId: string; order: ShippedOrder; at: string } }
  | { type: 'ShipmentOrderReleased'; data: { shipmentId: string; orderId: string; at: string } }
  | { type: 'ShipmentMarkedReadyForDispatch'; data: { shipmentId: string; at: string } }
  | { type: 'ShipmentSent'; data: { shipmentId: string; at: string } }
  | { type: 'ShipmentDelivered'; data: { shipmentId: string; at: string } }
  /** Canceled: the orders it held (`orderIds`) are free for another shipment again. */
  | { type: 'ShipmentCanceled'; data: { shipmentId: string; orderIds: string[]; at: string } }
  | { type: 'ShipmentAttachmentAdded'; data: { shipmentId: string; attachment: ShipmentAttachment; at: string } }
  | { type: 'ShipmentAttachmentRemoved'; data: { shipmentId: string; attachmentId: string; at: string } };

export type ShipmentEventType = ShipmentEvent['type'];

/** A shipment's events as every reader reads them. */
export const shipmentEvents = eventCatalogue<ShipmentEvent>({
  streamType: SHIPMENT_STREAM_TYPE,
  types: {
    ShipmentCreated: true,
    ShipmentChanged: true,
    ShipmentOrderAssigned: true,
    ShipmentOrderReleased: true,
    ShipmentMarkedReadyForDispatch: true,
    ShipmentSent: true,
    ShipmentDelivered: true,
    ShipmentCanceled: true,
    ShipmentAttachmentAdded: true,
    ShipmentAttachmentRemoved: true,
  },
});
