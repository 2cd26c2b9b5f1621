import { z } from 'zod';
import { orderStatuses } from './order.schema.js';

/** Answers of the station board and prediction routes (docs/board.md, docs/prediction.md); the web reads its types from here. */
const isoDate = z.string();

/** The predicted completion of one open production order. */
export const orderPredictionSchema = z.object({
  orderId: z.uuid(),
  /** When the order is expected to leave its last station (ISO); null while no station has a completion to go by. */
  predictedAt: isoDate.nullable(),
  /** The prediction passes the end of the delivery date (the order is not late yet, it will be). */
  willBeLate: z.boolean(),
  /** Orders ahead of it at its station now. */
  queueAhead: z.number().int(),
});
export type OrderPrediction = z.infer<typeof orderPredictionSchema>;

export const predictionsSchema = z.object({
  data: z.array(orderPredictionSchema),
  /** How many recent completions per station the medians are taken over. */
  window: z.number().int(),
  /** The working time the prediction counts (the company's, else the server's): weekdays (0 Sunday .. 6 Saturday), hours in `timeZone`. */
  workingTime: z.object({ days: z.array(z.number().int()), from: z.string(), to: z.string(), timeZone: z.string() }),
});
export type Predictions = z.infer<typeof predictionsSchema>;

/** One order on the board. */
export const boardCardSchema = z.object({
  id: z.uuid(),
  orderNumber: z.string(),
  status: z.enum(orderStatuses),
  /** Send it back with Move to. */
  version: z.number().int(),
  /** The material made (a production order has positions of one material); null without positions. */
  material: z.string().nullable(),
  materialNumber: z.string().nullable(),
  /** Pieces here: at the station not yet reported, or finished good in WIP (a split order has its own). */
  quantity: z.number().int(),
  /** Pieces the order was made for (over all positions). */
  ordered: z.number().int(),
  /** The customer's name (or whoever the order was made for). */
  customer: z.string(),
  deliveryDate: z.string().nullable(),
  /** The day promised to the customer (`YYYY-MM-DD`), null when none: the board flags it when the plan finishes after it. */
  promisedDate: z.string().nullable(),
  prioritize: z.boolean(),
  quality: z.enum(['passed', 'failed']).nullable(),
  /** The order's open NCR (docs/quality-and-lots.md): held or in rework; absent when none. */
  hold: z.object({ ncrId: z.uuid(), number: z.string(), status: z.enum(['held', 'rework']) }).optional(),
  /** The delivery date has passed and the order is not done. */
  delayed: z.boolean(),
  /** Work has started at the station. */
  inWork: z.boolean(),
  /** When it arrived where it is (ISO). */
  arrivedAt: isoDate.nullable(),
  predictedAt: isoDate.nullable(),
  willBeLate: z.boolean(),
});
export type BoardCard = z.infer<typeof boardCardSchema>;

/** One column: a station (in sequence order, then stations outside the sequence holding orders) or the WIP stage. */
export const boardColumnSchema = z.object({
  kind: z.enum(['station', 'wip']),
  /** null for the WIP stage. */
  stationId: z.uuid().nullable(),
  name: z.string(),
  /** The station is in the saved sequence (the WIP stage too). */
  inSequence: z.boolean(),
  count: z.number().int(),
  /** The station's WIP limit; null: none (always for WIP). */
  wipLimit: z.number().int().nullable(),
  /** More orders at the station than its WIP limit. */
  overLimit: z.boolean(),
  /** The longest an order waiting here (arrived, work not started) has waited, in seconds; 0 when none waits. */
  waitingSeconds: z.number().int(),
  /** The station with the longest waiting time of the board (at most one). */
  bottleneck: z.boolean(),
  /** The median cycle time the prediction uses here, in seconds; null without completions. */
  cycleSeconds: z.number().nullable(),
  cards: z.array(boardCardSchema),
});
export type BoardColumn = z.infer<typeof boardColumnSchema>;

export const stationBoardSchema = z.object({
  columns: z.array(boardColumnSchema),
  /** Orders on the board. */
  total: z.number().int(),
  /** The moment the board was read (ISO): waiting times count to it. */
  at: isoDate,
  today: z.string(),
});
export type StationBoard = z.infer<typeof stationBoardSchema>;
