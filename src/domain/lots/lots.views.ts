import { z } from 'zod';
import { pageOf } from '../shared/paging.js';
import { lotOrigins } from './lot.events.js';

/** One lot as the lists, the station's picker and the genealogy show it. */
export const lotListItemSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  origin: z.enum(lotOrigins),
  materialId: z.uuid(),
  materialName: z.string(),
  materialNumber: z.string(),
  unit: z.string(),
  /** The logistics order that brought it, or the production order that made it. */
  orderId: z.uuid(),
  orderNumber: z.string(),
  supplier: z.string(),
  /** The supplier's lot or heat number ('' for a lot made here). */
  supplierLotNumber: z.string(),
  quantity: z.number(),
  remaining: z.number(),
  receivedOn: z.string(),
  hasCertificate: z.boolean(),
  /** A produced lot of a material with serial numbers: one per piece (`SN-000001`); else empty. */
  serials: z.array(z.string()),
  version: z.number().int(),
});
export type LotListItem = z.infer<typeof lotListItemSchema>;

export const lotPageSchema = pageOf(lotListItemSchema);

export const lotConsumptionSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  quantity: z.number(),
  consumedBy: z.string(),
  at: z.string(),
});

/** GET /api/lots/{id}: the lot with its certificate and every consumption. */
export const lotViewSchema = lotListItemSchema.extend({
  certificate: z.object({ fileName: z.string(), size: z.number().int(), at: z.string() }).nullable(),
  consumptions: z.array(lotConsumptionSchema),
});
export type LotView = z.infer<typeof lotViewSchema>;

/** A production order the lot reached (directly, through a split, or through a lot made of it). */
export const tracedProductionOrderSchema = z.object({ orderId: z.uuid(), orderNumber: z.string(), status: z.string(), materialName: z.string() });

/** A shipment the lot reached, with its customer and the delivery bills printed for it. */
export const tracedShipmentSchema = z.object({
  shipmentId: z.uuid(),
  shipmentNumber: z.string(),
  status: z.string(),
  shippingDate: z.string(),
  customer: z.string(),
  deliveryBills: z.array(z.string()),
});

export const tracedCustomerOrderSchema = z.object({ orderId: z.uuid(), orderNumber: z.string(), customer: z.string(), status: z.string() });

/** GET /api/lots/{id}/genealogy: everything the lot went into, up to the customers. */
export const lotGenealogySchema = z.object({
  lot: lotListItemSchema,
  productionOrders: z.array(tracedProductionOrderSchema),
  producedLots: z.array(lotListItemSchema),
  customerOrders: z.array(tracedCustomerOrderSchema),
  shipments: z.array(tracedShipmentSchema),
  customers: z.array(z.string()),
});
export type LotGenealogy = z.infer<typeof lotGenealogySchema>;

/** One affected delivery: the recall list's row (a customer order not shipped yet has no shipment). */
export const recallRowSchema = z.object({
  customer: z.string(),
  customerOrderId: z.uuid(),
  customerOrderNumber: z.string(),
  shipmentId: z.uuid().nullable(),
  shipmentNumber: z.string().nullable(),
  shippingDate: z.string().nullable(),
  deliveryBills: z.array(z.string()),
  /** The serial numbers of the pieces made of the lot for this customer order. */
  serials: z.array(z.string()),
});
export type RecallRow = z.infer<typeof recallRowSchema>;

/** GET /api/lots/{id}/recall: the customers and delivery bills a lot reached. */
export const lotRecallSchema = z.object({ lot: lotListItemSchema, rows: z.array(recallRowSchema) });
export type LotRecall = z.infer<typeof lotRecallSchema>;

/** GET /api/lots/origins?orderId|shipmentId: every lot in a delivered order or shipment, down to the bought ones and their certificates. */
export const lotOriginsSchema = z.object({ lots: z.array(lotListItemSchema) });
export type LotOrigins = z.infer<typeof lotOriginsSchema>;
