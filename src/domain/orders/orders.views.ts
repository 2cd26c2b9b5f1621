import { z } from 'zod';
import { materialTypes } from '../materials/materials.schema.js';
import { pageOf } from '../shared/paging.js';
import { historyEntrySchema } from '../shared/history.views.js';
import { orderActions } from './order.machine.js';
import { incoterms, orderKinds, orderStatuses } from './order.schema.js';
import { shipmentStatuses } from '../shipments/shipment.schema.js';
import { orderProgressStages, productionBalances } from './order-tree.rules.js';

/** Answers of the order routes; the web reads its types from here. Dates are ISO strings, calendar days `YYYY-MM-DD`. */
const isoDate = z.string();
const calendarDay = z.string().nullable();

/** Where an order is on the line: at a station (arrived, maybe in work) or in WIP after the last one. */
export const orderLocationSchema = z
  .discriminatedUnion('stage', [
    z.object({ stage: z.literal('station'), stationId: z.uuid(), stationName: z.string(), arrivedAt: isoDate, workStartedAt: isoDate.nullable() }),
    z.object({ stage: z.literal('wip'), arrivedAt: isoDate }),
  ])
  .nullable();
export type OrderLocation = z.infer<typeof orderLocationSchema>;

/** The quality flag every board shows: `failed` while a latest measurement lies outside tolerance; null before any. */
export const qualityFlagSchema = z.enum(['passed', 'failed']).nullable();

/** The fields of a measured value (`MeasuredValue`): nominal, unit, tolerances, the measurement, passed or not. */
export const measuredValueShape = {
  valueName: z.string(),
  nominal: z.number(),
  unit: z.string(),
  minTolerance: z.number(),
  maxTolerance: z.number(),
  measured: z.number(),
  passed: z.boolean(),
};

/** A value measured at a station (the latest of its name), as `ValueMeasured` recorded it. */
export const measurementSchema = z.object({
  stationId: z.uuid(),
  ...measuredValueShape,
  measuredBy: z.string(),
  at: isoDate,
});
export type MeasurementView = z.infer<typeof measurementSchema>;

const count = z.number().int();

/** Pieces reported at one station, summed over every report there. */
export const stationQuantitiesSchema = z.object({ stationId: z.uuid(), stationName: z.string(), good: count, scrap: count, rework: count });

/**
 * A production order's quantity flow (docs/orders.md, Quantities): ordered, started (entered the
 * line), good (finished), scrap, rework (sent to rework orders), split off (good pieces sent on as
 * their own order), open (at its station now), and what was reported at each station.
 */
export const quantityFlowSchema = z.object({
  ordered: count,
  started: count,
  good: count,
  scrap: count,
  rework: count,
  splitOff: count,
  open: count,
  stations: z.array(stationQuantitiesSchema),
});
export type QuantityFlowView = z.infer<typeof quantityFlowSchema>;

/** A production order's pieces on the list, the boards and the worklists: ordered, at its station now, finished good, scrap, rework. */
export const piecesSchema = z.object({ ordered: count, open: count, good: count, scrap: count, rework: count });

/** What names an order wherever it is shown: its id, kind, number, status and customer name. */
const orderHeading = {
  id: z.uuid(),
  kind: z.enum(orderKinds),
  number: z.number().int(),
  orderNumber: z.string(),
  status: z.enum(orderStatuses),
  name: z.string(),
};

/** An order as the details screen, the edit form and the station screen read it. */
export const orderViewSchema = z.object({
  ...orderHeading,
  street: z.string(),
  houseNumber: z.string(),
  addressSuffix: z.string(),
  zip: z.string(),
  place: z.string(),
  country: z.string(),
  /** The client of the customer directory the order is linked to (docs/clients.md); null when typed freely. The edit form sends it back. */
  clientId: z.uuid().nullable(),
  /** That client as the directory names it now; null when none is linked or it was removed since (the order keeps its own name and address). */
  client: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  prioritize: z.boolean(),
  deliveryDate: calendarDay,
  /** The day promised to the customer (`YYYY-MM-DD`), null when none. */
  promisedDate: calendarDay,
  noteForProduction: z.string(),
  shippingMethod: z.string(),
  incoterm: z.enum(incoterms).nullable(),
  stockOrder: z.boolean(),
  positions: z.array(
    z.object({
      materialId: z.uuid(),
      materialName: z.string(),
      materialNumber: z.string(),
      materialType: z.enum(materialTypes),
      quantity: z.number().int(),
      netPrice: z.number(),
      useInventory: z.boolean(),
      /** Quantity times net price. */
      netAmount: z.number(),
    }),
  ),
  netSum: z.number(),
  comment: z.string(),
  workInProgress: z.string(),
  packaging: z.string(),
  /** The customer order a production order was made for. */
  parentOrder: z.object({ id: z.uuid(), orderNumber: z.string() }).nullable(),
  /** A customer order's production orders, with where each stands now. */
  productionOrders: z.array(
    z.object({ id: z.uuid(), orderNumber: z.string(), materialId: z.uuid(), quantity: z.number().int(), status: z.enum(orderStatuses), done: z.boolean() }),
  ),
  /** A production order pieces go to stock from when it finishes. */
  forStock: z.boolean(),
  /** A production order's quantity flow; null for other kinds. */
  quantities: quantityFlowSchema.nullable(),
  /** The production order this one was split off; null when it was not. */
  splitFromOrder: z.object({ id: z.uuid(), orderNumber: z.string() }).nullable(),
  /** Production orders split off this one: good pieces sent on, or rework, with where each stands now. */
  splitOrders: z.array(
    z.object({
      id: z.uuid(),
      orderNumber: z.string(),
      quantity: count,
      reason: z.enum(['good', 'rework']),
      toStationId: z.uuid().nullable(),
      status: z.enum(orderStatuses),
    }),
  ),
  /**
   * A customer order: pieces to make (positions not taken from stock) against the good pieces its
   * production orders finished, and their scrap; `balance` says, once they have all ended, whether
   * fewer (`under`) or more (`over`) good pieces were made than ordered (`productionBalanceOf`).
   */
  production: z.object({ ordered: count, good: count, scrap: count, balance: z.enum(productionBalances) }).nullable(),
  location: orderLocationSchema,
  /** The shipment the order is in (a customer order): its id, number and status; null when none. */
  shipment: z.object({ id: z.uuid(), shipmentNumber: z.string(), status: z.enum(shipmentStatuses) }).nullable(),
  /** A customer order's tree (production orders, shipment) rolled up (`customerOrderProgressOf`); null for other kinds. */
  progress: z.object({ stage: z.enum(orderProgressStages), productionDone: z.number().int(), productionTotal: z.number().int() }).nullable(),
  delayed: z.boolean(),
  /** The order's open non-conformance report (docs/quality-and-lots.md): `held` stops it, `rework` waits for the re-measurement; absent when none. */
  hold: z.object({ ncrId: z.uuid(), number: z.string(), status: z.enum(['held', 'rework']) }).optional(),
  editable: z.boolean(),
  /** What can be done now: the buttons to show. */
  actions: z.array(z.enum(orderActions)),
  quality: qualityFlagSchema,
  /** The latest measurement of each value (a re-measure replaces). */
  measurements: z.array(measurementSchema),
  /** Work completed with values outside tolerance or checked values not measured (`missingValues`), and why. */
  qualityFailures: z.array(
    z.object({
      stationId: z.uuid(),
      failedValues: z.array(z.string()),
      missingValues: z.array(z.string()),
      reason: z.string(),
      acceptedBy: z.string(),
      at: isoDate,
    }),
  ),
  /** Send it back with every change and action. */
  version: z.number().int(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type OrderView = z.infer<typeof orderViewSchema>;

const positionSummarySchema = z.object({ materialId: z.uuid(), materialName: z.string(), materialNumber: z.string(), quantity: z.number().int() });

/** A row of the order list (tabs Orders, Production Orders, Logistics Orders). */
export const orderListItemSchema = z.object({
  ...orderHeading,
  place: z.string(),
  prioritize: z.boolean(),
  deliveryDate: calendarDay,
  stockOrder: z.boolean(),
  netSum: z.number(),
  parentOrderId: z.uuid().nullable(),
  stage: z.enum(['station', 'wip']).nullable(),
  stationId: z.uuid().nullable(),
  stationName: z.string().nullable(),
  arrivedAt: isoDate.nullable(),
  workStartedAt: isoDate.nullable(),
  delayed: z.boolean(),
  positions: z.array(positionSummarySchema),
  noteForProduction: z.string(),
  quality: qualityFlagSchema,
  /** A production order's pieces; null for other kinds. */
  pieces: piecesSchema.nullable(),
  splitFromOrderId: z.uuid().nullable(),
  version: z.number().int(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type OrderListItem = z.infer<typeof orderListItemSchema>;

export const orderPageSchema = pageOf(orderListItemSchema);
export type OrderPage = z.infer<typeof orderPageSchema>;

/** The home board: orders with number, status and delayed (and enough to sort and link); `today` is the day "delayed" was judged on. */
export const homeBoardSchema = z.object({ data: z.array(orderListItemSchema), total: z.number().int(), today: z.string() });
export type HomeBoard = z.infer<typeof homeBoardSchema>;

/** An order on a station's worklist: in work there, or waiting. */
export const worklistItemSchema = orderListItemSchema.extend({ inWork: z.boolean() });
export type WorklistItem = z.infer<typeof worklistItemSchema>;

/** A station's worklist: orders waiting or in work there, prioritized first, then by delivery date. */
export const worklistSchema = z.object({
  stationId: z.uuid(),
  stationName: z.string(),
  data: z.array(worklistItemSchema),
});
export type Worklist = z.infer<typeof worklistSchema>;

/** The shop-floor display: the announcement line and every order in production. */
export const advertisementViewSchema = z.object({
  comment: z.string(),
  updatedAt: isoDate.nullable(),
  orders: z.array(orderListItemSchema),
});
export type AdvertisementView = z.infer<typeof advertisementViewSchema>;

/** An order's history: its events with who caused them and when (the browser folds these with `evolveOrder`). */
export const orderHistorySchema = z.object({ orderId: z.uuid(), orderNumber: z.string(), data: z.array(historyEntrySchema) });
export type OrderHistory = z.infer<typeof orderHistorySchema>;
