import { z } from 'zod';
import { materialTypes } from '../materials/materials.schema.js';
import { measuredValueShape } from '../orders/orders.views.js';
import { pageOf } from '../shared/paging.js';
import { dispositions } from './ncr.events.js';
import { ncrStatuses } from './ncr.schema.js';

export const ncrMeasurementSchema = z.object({
  ...measuredValueShape,
  stationId: z.uuid(),
  stationName: z.string(),
  measuredBy: z.string(),
  measuredByName: z.string(),
  at: z.string(),
});

export const ncrDecisionSchema = z.object({
  disposition: z.enum(dispositions),
  note: z.string(),
  reworkStationId: z.uuid().nullable(),
  reworkStationName: z.string().nullable(),
  scrapReasonId: z.uuid().nullable(),
  scrapReason: z.string().nullable(),
  decidedBy: z.string(),
  decidedByName: z.string(),
  at: z.string(),
});

/** What the NCR's view and its list row both start with: the NCR, its order and station. */
const ncrHeadShape = {
  id: z.uuid(),
  number: z.string(),
  status: z.enum(ncrStatuses),
  orderId: z.uuid(),
  orderNumber: z.string(),
  stationId: z.uuid(),
  stationName: z.string(),
};

/** GET /api/ncrs/{id}: the NCR with what opened it, every decision and re-measurement. */
export const ncrViewSchema = z.object({
  ...ncrHeadShape,
  materialId: z.string(),
  materialName: z.string(),
  materialNumber: z.string(),
  materialType: z.enum(materialTypes),
  /** The pieces at the station when it opened. */
  pieces: z.number().int(),
  measurement: ncrMeasurementSchema,
  decisions: z.array(ncrDecisionSchema),
  remeasurements: z.array(ncrMeasurementSchema),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  version: z.number().int(),
});
export type NcrView = z.infer<typeof ncrViewSchema>;

export const ncrListItemSchema = z.object({
  ...ncrHeadShape,
  materialName: z.string(),
  valueName: z.string(),
  disposition: z.enum(dispositions).nullable(),
  openedAt: z.string(),
  decidedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type NcrListItem = z.infer<typeof ncrListItemSchema>;
export const ncrPageSchema = pageOf(ncrListItemSchema);
export type NcrPage = z.infer<typeof ncrPageSchema>;

/** GET /api/ncrs/{id}/history: every event of the NCR with who recorded it. */
export const ncrHistorySchema = z.object({
  ncrId: z.uuid(),
  number: z.string(),
  data: z.array(
    z.object({
      version: z.number().int(),
      type: z.string(),
      at: z.string(),
      who: z.object({ userId: z.string().nullable(), name: z.string().nullable() }),
      data: z.record(z.string(), z.unknown()),
    }),
  ),
});
export type NcrHistory = z.infer<typeof ncrHistorySchema>;

/** GET /api/ncrs/figures: the quality loop's key figures of a period (docs/quality-and-lots.md, Definitions). */
export const qualityFiguresSchema = z.object({
  from: z.string(),
  to: z.string(),
  ncrsOpened: z.number().int(),
  ncrsOpenNow: z.number().int(),
  decided: z.object({ 'use-as-is': z.number().int(), rework: z.number().int(), scrap: z.number().int(), 'return-to-supplier': z.number().int() }),
  ordersMeasured: z.number().int(),
  ordersPassedFirstTime: z.number().int(),
  /** ordersPassedFirstTime / ordersMeasured; null when nothing was measured. */
  firstPassYield: z.number().nullable(),
});
export type QualityFigures = z.infer<typeof qualityFiguresSchema>;
