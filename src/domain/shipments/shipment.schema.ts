import { z } from 'zod';
import { wrongTypeIs } from '../shared/decimal.js';
import { commaListQuery, pagingQuery, sortQuery } from '../shared/paging.js';
import { calendarDaySchema, orderVersionSchema } from '../orders/order.schema.js';

/**
 * A shipment's (shipping order's) statuses: Open -> Ready for dispatch -> Sent -> Delivered, and
 * Canceled from Open or Ready for dispatch. The labels are those of the order statuses (spec section 4).
 */
export const shipmentStatuses = ['open', 'ready-for-dispatch', 'sent', 'delivered', 'canceled'] as const;
export type ShipmentStatus = (typeof shipmentStatuses)[number];

/** What is put in a tracking-link template where the tracking ID goes, e.g. `https://carrier.example/track?id={trackingId}`. */
export const TRACKING_ID_PLACEHOLDER = '{trackingId}';

/**
 * The file types a shipment takes as an attachment (delivery bill, receipt, photo of the pallet),
 * each with the bytes a file of that type starts with: the server trusts the bytes, not the name
 * or the header the browser sent (UNSUPPORTED_MEDIA_TYPE otherwise).
 */
export const attachmentTypes = {
  'application/pdf': { extension: 'pdf', signature: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  'image/png': { extension: 'png', signature: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  'image/jpeg': { extension: 'jpg', signature: [0xff, 0xd8, 0xff] },
} as const;
export type AttachmentType = keyof typeof attachmentTypes;
export const attachmentContentTypes = Object.keys(attachmentTypes) as AttachmentType[];

/** The attachment type the first bytes of a file show, or null when they show none we take. */
export function attachmentTypeOf(head: Uint8Array): AttachmentType | null {
  for (const type of attachmentContentTypes) {
    const { signature } = attachmentTypes[type];
    if (head.length >= signature.length && signature.every((byte, index) => head[index] === byte)) return type;
  }
  return null;
}

/**
 * Limits of the shipping order, written once. The spec gives none: these are ours. Carrier names
 * as long as a company name (50); tracking IDs of the large carriers are at most 35 characters, 50
 * leaves room; a link as long as browsers reliably keep (2048); attachments up to 25 MB each
 * (PAYLOAD_TOO_LARGE above it), 10 per shipment; up to 50 orders in one shipment.
 */
export const shipmentLimits = {
  carrierName: 50,
  trackingId: 50,
  link: 2048,
  orders: 50,
  /** Pieces of one order in a shipment (a part or the rest): the order's positions hold at most 999 each. */
  lineQuantity: { min: 1, max: 999_999 },
  attachments: 10,
  attachmentFileName: 255,
  /** One attachment, in bytes. */
  attachmentBytes: 25 * 1024 * 1024,
} as const;

const requiredText = (max: number) =>
  z
    .string({ error: wrongTypeIs('validation.invalidType') })
    .trim()
    .min(1, 'validation.required')
    .max(max);
const optionalText = (max: number) =>
  z
    .string({ error: wrongTypeIs('validation.invalidType') })
    .trim()
    .max(max)
    .default('');

/** An http(s) address, or '' when there is none. */
const linkSchema = optionalText(shipmentLimits.link).refine((link) => link === '' || isWebAddress(link), 'shipments.validation.link');

function isWebAddress(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const { protocol } = new URL(text);
  return protocol === 'https:' || protocol === 'http:';
}

/** Who delivers: a carrier of the company's master data (its tracking-link template fills the link), or a name typed in. */
export const deliveredBySchema = z.discriminatedUnion(
  'source',
  [
    z.object({ source: z.literal('master-data'), carrierId: z.uuid({ error: 'shipments.validation.carrier' }).toLowerCase() }),
    z.object({ source: z.literal('typed'), name: requiredText(shipmentLimits.carrierName) }),
  ],
  { error: 'shipments.validation.carrier' },
);
export type DeliveredBy = z.output<typeof deliveredBySchema>;

/** An order is named once in a shipment. */
function ordersNamedOnce(orderIds: string[], ctx: z.core.$RefinementCtx) {
  orderIds.forEach((orderId, index) => {
    if (orderIds.indexOf(orderId) !== index) ctx.addIssue({ code: 'custom', message: 'shipments.validation.orderTwice', path: [index], input: orderId });
  });
}

const orderIdSchema = z.uuid({ error: 'shipments.validation.orderId' }).toLowerCase();

/** A line of the shipment: an order and how many of its ready pieces go (absent: all that are ready). */
export const shipmentLineSchema = z.object({
  orderId: orderIdSchema,
  quantity: z
    .number({ error: wrongTypeIs('validation.number') })
    .int('validation.wholeNumber')
    .min(shipmentLimits.lineQuantity.min)
    .max(shipmentLimits.lineQuantity.max)
    .optional(),
});
export type ShipmentLine = { orderId: string; quantity: number | null };

const ordersListError = { error: wrongTypeIs('validation.invalidType', 'shipments.validation.ordersRequired') };

const shipmentFields = {
  deliveredBy: deliveredBySchema,
  trackingId: optionalText(shipmentLimits.trackingId),
  /** The tracking page; when left empty, made from the carrier's template and the tracking ID. */
  link: linkSchema,
  shippingDate: calendarDaySchema,
  /** The customer orders shipped together, each with all its ready pieces: at least one, all of one customer. */
  orderIds: z
    .array(orderIdSchema, ordersListError)
    .min(1, 'shipments.validation.ordersRequired')
    .max(shipmentLimits.orders)
    .superRefine(ordersNamedOnce)
    .optional(),
  /** The same with a quantity per order (a partial shipment); given, it stands for `orderIds`. */
  orders: z
    .array(shipmentLineSchema, ordersListError)
    .min(1, 'shipments.validation.ordersRequired')
    .max(shipmentLimits.orders)
    .superRefine((lines, ctx) =>
      lines.forEach(({ orderId }, index) => {
        if (lines.findIndex((line) => line.orderId === orderId) !== index) {
          ctx.addIssue({ code: 'custom', message: 'shipments.validation.orderTwice', path: [index, 'orderId'], input: orderId });
        }
      }),
    )
    .optional(),
};

/** The form names its orders by `orderIds` or by `orders` (with quantities): one of them is required. */
function ordersNamed(form: { orderIds?: unknown; orders?: unknown }, ctx: z.core.$RefinementCtx) {
  if (form.orderIds === undefined && form.orders === undefined) {
    ctx.addIssue({ code: 'custom', message: 'shipments.validation.ordersRequired', path: ['orderIds'], input: undefined });
  }
}

/** The shipment's lines as the form names them: `orders`, or else every one of `orderIds` with all its ready pieces. */
export const shipmentLinesOf = (form: { orderIds?: readonly string[]; orders?: readonly { orderId: string; quantity?: number }[] }): ShipmentLine[] =>
  form.orders
    ? form.orders.map((line) => ({ orderId: line.orderId, quantity: line.quantity ?? null }))
    : (form.orderIds ?? []).map((orderId) => ({ orderId, quantity: null }));

/** The shipping order form (add and edit). Attachments are uploaded one by one, see `attachmentSchema`. */
export const shipmentFormSchema = z.object(shipmentFields).superRefine(ordersNamed);
export type ShipmentFormInput = z.input<typeof shipmentFormSchema>;
export type ShipmentForm = z.output<typeof shipmentFormSchema>;

/** POST /api/shipments: the form; the carrier chosen from master data or typed. */
export const createShipmentSchema = shipmentFormSchema;

/** PUT /api/shipments/{id}: the whole form plus the version it was loaded with. */
export const changeShipmentSchema = z.object({ ...shipmentFields, version: orderVersionSchema }).superRefine(ordersNamed);

/** Body of a transition (ready-to-dispatch, dispatch, deliver, cancel) and of removing an attachment: the version. */
export const shipmentActionSchema = z.object({ version: orderVersionSchema });

/**
 * An uploaded attachment as the shipment records it. The server fills it from the stream: the type
 * from the bytes (`attachmentTypeOf`), the size as counted; the file name as the browser sent it.
 */
export const attachmentSchema = z.object({
  fileName: requiredText(shipmentLimits.attachmentFileName),
  contentType: z.enum(attachmentContentTypes, { error: 'errors.UNSUPPORTED_MEDIA_TYPE' }),
  size: z.number().int().min(1, 'shipments.validation.emptyFile').max(shipmentLimits.attachmentBytes, 'errors.PAYLOAD_TOO_LARGE'),
});
export type Attachment = z.output<typeof attachmentSchema>;

/** Columns the shipment list sorts by; `-column` sorts descending. */
export const shipmentSortColumns = ['number', 'shipmentNumber', 'customerName', 'carrierName', 'shippingDate', 'status', 'createdAt', 'updatedAt'] as const;
export type ShipmentSortColumn = (typeof shipmentSortColumns)[number];

/** GET /api/shipments: filters, search, paging and sort. */
export const shipmentListQuerySchema = z.object({
  /** One status or several, comma-separated. */
  status: commaListQuery(shipmentStatuses),
  /** Only the shipment(s) of this order (the order details show its shipment). */
  orderId: z.uuid().toLowerCase().optional(),
  /** Part of the shipment number, the customer's name, the carrier or the tracking ID, any case. */
  q: z.string().trim().max(50).optional(),
  ...pagingQuery(),
  sort: sortQuery(shipmentSortColumns, '-number'),
});
export type ShipmentListQuery = z.output<typeof shipmentListQuerySchema>;
