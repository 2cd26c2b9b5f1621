import { z } from 'zod';
import { commaListQuery, pagingQuery, sortQuery } from '../shared/paging.js';
import { decimalSchema, wrongTypeIs } from '../shared/decimal.js';
import { optionalText, requiredText } from '../shared/validation.js';
import { materialLimits } from '../materials/materials.schema.js';
import { parseOrderNumber } from '../company/company.numbering.js';
import { orderKinds, orderSortColumns, orderStatuses } from './order.rules.js';

export { orderKinds, orderSortColumns, orderStatuses, type OrderKind, type OrderSortColumn, type OrderStatus } from './order.rules.js';

/** Incoterms 2020. */
export const incoterms = ['EXW', 'FCA', 'FAS', 'FOB', 'CFR', 'CIF', 'CPT', 'CIP', 'DAP', 'DPU', 'DDP'] as const;
export type Incoterm = (typeof incoterms)[number];

/**
 * Limits of spec section 5 (Order) and section 9, written once. Country, comment, shipping method,
 * packaging and the number of positions are not limited by the spec: those limits are ours.
 */
export const orderLimits = {
  name: 50,
  street: 50,
  houseNumber: 10,
  zip: 10,
  place: 50,
  addressSuffix: 50,
  country: 50,
  noteForProduction: 100,
  workInProgress: 50,
  advertisementComment: 100,
  comment: 200,
  shippingMethod: 50,
  packaging: 50,
  positions: 100,
  quantity: { min: 1, max: 999 },
  /** A production order makes at most this many pieces in all (PRODUCTION_ORDERS_LIMIT_EXCEEDED). */
  productionOrderQuantity: 999,
  /** Net price per piece: at most 9 digits, 2 of them decimals, like a material's. */
  netPrice: materialLimits.netPrice,
  /** A measured value: a number as a material value's (9 digits, 3 decimals, sign allowed). */
  measuredValue: materialLimits.valueNumber,
  /** Why work was completed with values outside tolerance (ours). */
  qualityReason: 200,
} as const;

/** A calendar day, `YYYY-MM-DD`. */
export const calendarDaySchema = z
  .string({ error: wrongTypeIs('validation.invalidFormat') })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.invalidFormat', abort: true })
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), 'validation.invalidFormat');

/** One line of an order: a material of the company, how many, at what net price per piece. */
export const positionSchema = z.object({
  materialId: z.uuid({ error: 'orders.validation.positionMaterial' }).toLowerCase(),
  quantity: z
    .number({ error: wrongTypeIs('validation.number') })
    .int('validation.wholeNumber')
    .min(orderLimits.quantity.min)
    .max(orderLimits.quantity.max),
  netPrice: decimalSchema({ ...orderLimits.netPrice, min: 0, message: 'orders.validation.netPrice' }),
  /** Taken from stock instead of being made (customer orders only; never on a stock order). */
  useInventory: z.boolean({ error: wrongTypeIs('validation.invalidType') }).default(false),
});
export type PositionInput = z.input<typeof positionSchema>;
export type Position = z.output<typeof positionSchema>;

/** What the add and edit forms of every order kind carry (spec section 3, Order). */
const orderFields = {
  /** The customer's name (the supplier's, on a logistics order). */
  name: requiredText(orderLimits.name),
  street: requiredText(orderLimits.street),
  houseNumber: requiredText(orderLimits.houseNumber),
  addressSuffix: optionalText(orderLimits.addressSuffix),
  zip: requiredText(orderLimits.zip),
  place: requiredText(orderLimits.place),
  country: optionalText(orderLimits.country),
  prioritize: z.boolean({ error: wrongTypeIs('validation.invalidType') }).default(false),
  deliveryDate: calendarDaySchema.nullable().default(null),
  /**
   * The date promised to the customer (docs/capacity-plan.md, "Promise a date"); null when none was
   * promised. Production orders made for the order carry it, and the board flags one the plan finishes after it.
   */
  promisedDate: calendarDaySchema.nullable().default(null),
  noteForProduction: optionalText(orderLimits.noteForProduction),
  shippingMethod: optionalText(orderLimits.shippingMethod),
  incoterm: z.enum(incoterms, { error: 'orders.validation.incoterm' }).nullable().default(null),
  /** Made for stock, not for a customer: its production adds to stock when it finishes. */
  stockOrder: z.boolean({ error: wrongTypeIs('validation.invalidType') }).default(false),
  positions: z
    .array(positionSchema, { error: wrongTypeIs('validation.invalidType', 'orders.validation.positionsRequired') })
    .min(1, 'orders.validation.positionsRequired')
    .max(orderLimits.positions),
  comment: optionalText(orderLimits.comment),
  workInProgress: requiredText(orderLimits.workInProgress),
  packaging: optionalText(orderLimits.packaging),
  /**
   * The client of the company's customer directory the order is made for (docs/clients.md); null when
   * the name and address were typed. The name and address fields stay the order's own copy.
   */
  clientId: z.uuid({ error: 'clients.validation.unknown' }).toLowerCase().nullable().default(null),
};

/** A stock order is made for stock, so none of its positions can be taken from stock. */
function stockOrderTakesNothingFromStock(order: { stockOrder: boolean; positions: Position[] }, ctx: z.core.$RefinementCtx) {
  if (!order.stockOrder) return;
  order.positions.forEach((position, index) => {
    if (position.useInventory) {
      ctx.addIssue({ code: 'custom', message: 'orders.validation.stockOrderUseInventory', path: ['positions', index, 'useInventory'], input: true });
    }
  });
}

/** The order form (every rule of spec section 5, Order). */
export const orderFormSchema = z.object(orderFields).superRefine(stockOrderTakesNothingFromStock);
export type OrderFormInput = z.input<typeof orderFormSchema>;
export type OrderForm = z.output<typeof orderFormSchema>;

/** POST /api/orders: the form plus the kind of order. */
export const createOrderSchema = z
  .object({ kind: z.enum(orderKinds, { error: 'orders.validation.kind' }), ...orderFields })
  .superRefine(stockOrderTakesNothingFromStock);
export type CreateOrderInput = z.input<typeof createOrderSchema>;

/** The version of the order a client's copy was made on: every write names it. */
export const orderVersionSchema = z
  .number({ error: wrongTypeIs('validation.number') })
  .int()
  .min(1);

/** PUT /api/orders/{id}: the whole form plus the version it was loaded with. */
export const changeOrderSchema = z.object({ ...orderFields, version: orderVersionSchema }).superRefine(stockOrderTakesNothingFromStock);

/** Body of an action that needs nothing but the version (place, start-production, dispatch, ...). */
export const orderActionSchema = z.object({ version: orderVersionSchema });

/** Body of an action at a station (start-work, complete-work, check-in): where it happens. */
export const stationActionSchema = z.object({ version: orderVersionSchema, stationId: z.uuid().toLowerCase() });

/** A count of pieces reported at a station: a whole number, at least 0 (at most a production order's pieces). */
const pieceCount = z
  .number({ error: wrongTypeIs('validation.number') })
  .int('validation.wholeNumber')
  .min(0)
  .max(orderLimits.productionOrderQuantity);
const optionalId = z.uuid({ error: 'validation.invalidFormat' }).toLowerCase().nullable().default(null);

/**
 * The pieces reported with a completion (docs/orders.md, Quantities): `good` absent is every piece not
 * reported as scrap or rework ("complete the rest"); scrap needs `scrapReasonId` (master data
 * `scrapReasons`), rework `reworkReasonId` (`reworkReasons`) and the station the pieces go to.
 */
export const quantityReportFields = {
  good: pieceCount.optional(),
  scrap: pieceCount.default(0),
  scrapReasonId: optionalId,
  rework: pieceCount.default(0),
  reworkReasonId: optionalId,
  reworkStationId: optionalId,
};
export const quantityReportSchema = z.object(quantityReportFields);
export type QuantityReportInput = z.output<typeof quantityReportSchema>;

/**
 * Body of complete-work: a `reason` is needed when a value measured in this work lies outside
 * tolerance; the pieces reported (none: every piece at the station is good).
 */
export const completeWorkSchema = stationActionSchema.extend({ reason: optionalText(orderLimits.qualityReason), ...quantityReportFields });

/** A measured value: the number rule of a material value's, so whatever a material can name can be measured. */
export const measuredValueSchema = decimalSchema({ ...orderLimits.measuredValue, message: 'orders.validation.measuredValue' });

/** Body of measure (POST /api/orders/{id}/measure): the value of the order's material, measured at the station. */
export const measureValueSchema = z.object({
  version: orderVersionSchema,
  stationId: z.uuid().toLowerCase(),
  valueName: requiredText(materialLimits.valueName),
  measured: measuredValueSchema,
});
export type MeasureValueInput = z.output<typeof measureValueSchema>;

/** Whether a measured value lies within a value's tolerances (both inclusive). */
export const withinTolerance = (measured: number, value: { minTolerance: number; maxTolerance: number }) =>
  measured >= value.minTolerance && measured <= value.maxTolerance;

/** Body of move-to-station: where the order goes (for rework, or any station an admin chooses). */
export const moveToStationSchema = z.object({ version: orderVersionSchema, toStationId: z.uuid().toLowerCase() });

/** GET /api/orders/by-number/{orderNumber}: a number as `formatOrderNumber` writes it, as a scanner types what is printed. */
export const orderNumberParamsSchema = z.object({
  orderNumber: z
    .string()
    .trim()
    .refine((orderNumber) => parseOrderNumber(orderNumber) !== null, 'validation.invalidFormat'),
});

/** The shop-floor display's announcement line (PUT /api/orders/advertisement). */
export const advertisementSchema = z.object({
  comment: z
    .string({ error: wrongTypeIs('validation.invalidType') })
    .trim()
    .max(orderLimits.advertisementComment),
});

/** GET /api/orders: filters, paging and sort. */
export const orderListQuerySchema = z.object({
  kind: z.enum(orderKinds).optional(),
  /** One status or several, comma-separated. */
  status: commaListQuery(orderStatuses),
  /** Only the orders linked to this client of the customer directory. */
  clientId: z.uuid({ error: 'validation.invalidId' }).toLowerCase().optional(),
  /** Part of the order number, the name or the place, any case. */
  q: z.string().trim().max(50).optional(),
  /** true: only delayed orders; false: only those on time. */
  delayed: z
    .enum(['true', 'false'])
    .transform((text) => text === 'true')
    .optional(),
  ...pagingQuery(),
  sort: sortQuery(orderSortColumns, '-number'),
});
export type OrderListQuery = z.output<typeof orderListQuerySchema>;

/** GET /api/orders/board: how many orders the home board shows (by default 200; `GET /api/home` shows that many). */
export const homeBoardQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(500).default(200) });

/** Net value of one position in cents: quantity times net price, exact to the cent. */
export const positionNetCents = (position: { quantity: number; netPrice: number }) => position.quantity * Math.round(position.netPrice * 100);

/** The order's net sum: the positions' quantity times net price, added up in cents. */
export const netSumOf = (positions: readonly { quantity: number; netPrice: number }[]) =>
  positions.reduce((cents, position) => cents + positionNetCents(position), 0) / 100;
