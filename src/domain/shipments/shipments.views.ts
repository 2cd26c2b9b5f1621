import { z } from 'zod';
import { orderStatuses } from '../orders/order.schema.js';
import { historyEntrySchema } from '../shared/history.views.js';
import { pageOf } from '../shared/paging.js';
import { shipmentActions } from './shipment.decider.js';
import { attachmentContentTypes, shipmentStatuses } from './shipment.schema.js';

/** Answers of the shipment routes; the web reads its types from here. Dates are ISO strings, calendar days `YYYY-MM-DD`. */
const isoDate = z.string();

/** Who delivers: the master-data carrier (null when the name was typed) and its name. */
const carrierSchema = z.object({ carrierId: z.uuid().nullable(), name: z.string() });

/** What names a shipment wherever it is shown, and its form's details. */
const shipmentHeading = {
  id: z.uuid(),
  number: z.number().int(),
  shipmentNumber: z.string(),
  status: z.enum(shipmentStatuses),
  /** The customer every order of the shipment is for. */
  customerName: z.string(),
  carrier: carrierSchema,
  trackingId: z.string(),
  /** The tracking page; '' when there is none. */
  link: z.string(),
  shippingDate: z.string(),
  /** Send it back with every change and action. */
  version: z.number().int(),
  createdAt: isoDate,
  updatedAt: isoDate,
};

/** A row of the Shipping Orders tab. */
export const shipmentListItemSchema = z.object({
  ...shipmentHeading,
  /** The orders the shipment holds (a canceled one: those it held). */
  orderIds: z.array(z.uuid()),
});
export type ShipmentListItem = z.infer<typeof shipmentListItemSchema>;

export const shipmentPageSchema = pageOf(shipmentListItemSchema);
export type ShipmentPage = z.infer<typeof shipmentPageSchema>;

/** An attachment as listed; its bytes are at `GET /api/shipments/{id}/attachments/{attachmentId}`. */
export const shipmentAttachmentSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  contentType: z.enum(attachmentContentTypes),
  /** In bytes. */
  size: z.number().int(),
});
export type ShipmentAttachmentView = z.infer<typeof shipmentAttachmentSchema>;

/** A shipment as its details screen and the edit form read it. */
export const shipmentViewSchema = z.object({
  ...shipmentHeading,
  /** The orders with where each stands now. */
  orders: z.array(
    z.object({
      id: z.uuid(),
      orderNumber: z.string(),
      status: z.enum(orderStatuses),
      name: z.string(),
      /** Pieces of the order in this shipment; null: the whole order (shipments made before partial shipments). */
      quantity: z.number().int().nullable(),
      /** Pieces the customer ordered. */
      ordered: z.number().int(),
    }),
  ),
  attachments: z.array(shipmentAttachmentSchema),
  /** Whether the form and the attachments may be changed (not once Sent). */
  editable: z.boolean(),
  /** What can be done now: the buttons to show. */
  actions: z.array(z.enum(shipmentActions)),
});
export type ShipmentView = z.infer<typeof shipmentViewSchema>;

/** A customer order the shipment form's picker offers: pieces ready to ship, in no open shipment. */
export const shippableOrderSchema = z.object({
  id: z.uuid(),
  orderNumber: z.string(),
  /** The customer. */
  name: z.string(),
  place: z.string(),
  deliveryDate: z.string().nullable(),
  /** Pieces the customer ordered. */
  ordered: z.number().int(),
  /** Pieces ready to ship now (docs/shipments.md "Partial shipments"): what a line takes at most, and by default. */
  readyQuantity: z.number().int(),
});
export type ShippableOrder = z.infer<typeof shippableOrderSchema>;

export const shippableOrdersSchema = z.object({ data: z.array(shippableOrderSchema) });
export type ShippableOrders = z.infer<typeof shippableOrdersSchema>;

/** The shipment's events with who, when and what (the browser folds `data` with `evolveShipment` to replay). */
export const shipmentHistorySchema = z.object({ shipmentId: z.uuid(), shipmentNumber: z.string(), data: z.array(historyEntrySchema) });
export type ShipmentHistory = z.infer<typeof shipmentHistorySchema>;
