import { z } from 'zod';
import { decimalSchema } from '../shared/decimal.js';
import { pagingQuery, sortQuery } from '../shared/paging.js';
import { requiredText } from '../shared/validation.js';
import { calendarDaySchema } from '../orders/order.schema.js';
import { lotOrigins } from './lot.events.js';

/**
 * Limits of lots (ours): the supplier's lot number as certificates print it, a lot's quantity in the
 * material's stock unit (9 digits, 3 of them decimals: kilograms of steel to the gram), the certificate's size.
 */
export const lotLimits = {
  supplierLotNumber: 40,
  quantity: { maxDigits: 9, maxDecimals: 3, max: 999_999.999 },
  /** A certificate PDF: at most 10 MB. */
  certificateBytes: 10 * 1024 * 1024,
  certificateFileName: 120,
} as const;

/** The bytes a PDF starts with (`%PDF-`): a certificate is taken by its bytes, not its name. */
export const pdfSignature = [0x25, 0x50, 0x44, 0x46, 0x2d] as const;

const quantity = (message: string) => decimalSchema({ ...lotLimits.quantity, min: 0.001, message });

/** POST /api/lots: the goods receipt of one lot of a material the logistics order brought. */
export const receiveLotSchema = z.object({
  orderId: z.uuid({ error: 'lots.validation.order' }).toLowerCase(),
  materialId: z.uuid({ error: 'lots.validation.material' }).toLowerCase(),
  supplierLotNumber: requiredText(lotLimits.supplierLotNumber),
  quantity: quantity('lots.validation.quantity'),
  receivedOn: calendarDaySchema,
});
export type ReceiveLotInput = z.output<typeof receiveLotSchema>;

/** POST /api/lots/{id}/consume: a production order consumed this much of the lot; `version` the lot as the client saw it (optional). */
export const consumeLotSchema = z.object({
  orderId: z.uuid({ error: 'lots.validation.productionOrder' }).toLowerCase(),
  quantity: quantity('lots.validation.quantity'),
  version: z.number({ error: 'validation.number' }).int().min(1).optional(),
  /** The component of the bill of materials the station books the lot for: a lot of another material is refused (400 on `lot`). */
  materialId: z.uuid({ error: 'lots.validation.material' }).toLowerCase().optional(),
});
export type ConsumeLotInput = z.output<typeof consumeLotSchema>;

export const lotSortColumns = ['number', 'receivedOn', 'material'] as const;

/** GET /api/lots: `q` in the lot number, the supplier's lot (heat) number, the material and the supplier. */
export const lotListQuerySchema = z.object({
  ...pagingQuery(),
  q: z.string().trim().max(50).optional(),
  origin: z.enum(lotOrigins, { error: 'validation.invalidValue' }).optional(),
  materialId: z.uuid({ error: 'validation.invalidFormat' }).optional(),
  /** Only lots with something left (what the station offers). */
  available: z.enum(['true', 'false'], { error: 'validation.invalidValue' }).optional(),
  sort: sortQuery(lotSortColumns, '-number'),
});
export type LotListQuery = z.output<typeof lotListQuerySchema>;

/** A lot's number as shown: `LOT-` and the company's consecutive number, six digits at least. */
export const formatLotNumber = (number: number) => `LOT-${String(number).padStart(6, '0')}`;

/** A piece's serial number as shown: `SN-` and the company's consecutive serial, six digits at least. */
export const formatSerialNumber = (serial: number) => `SN-${String(serial).padStart(6, '0')}`;

/** Quantities are added in thousandths, so 0.1 + 0.2 of a lot leaves exactly what is left. */
export const thousandths = (quantity: number) => Math.round(quantity * 1000);
export const fromThousandths = (count: number) => count / 1000;

/** GET /api/lots/{id}/recall.csv: the language of the headers and numbers. */
export const recallCsvQuerySchema = z.object({ lang: z.enum(['en', 'de'], { error: 'validation.invalidValue' }).default('en') });

/** GET /api/lots/origins: the customer order or the shipment to trace down (one of them). */
export const lotOriginsQuerySchema = z
  .object({
    orderId: z.uuid({ error: 'validation.invalidFormat' }).optional(),
    shipmentId: z.uuid({ error: 'validation.invalidFormat' }).optional(),
  })
  .refine((query) => Boolean(query.orderId) !== Boolean(query.shipmentId), { path: ['orderId'], message: 'lots.validation.originsOf' });
