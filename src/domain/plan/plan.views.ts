import { z } from 'zod';

/** Answers of the capacity plan routes (docs/capacity-plan.md); the web reads its types from here. Times are ISO, durations working ms. */
const isoDate = z.string();

export const durationBasisSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('planned'), setupMinutes: z.number().nullable(), pieceMinutes: z.number().nullable(), pieces: z.number() }),
  z.object({ kind: z.literal('estimate'), medianSeconds: z.number(), from: z.enum(['station', 'allStations']) }),
  z.object({ kind: z.literal('unknown') }),
]);

export const stationStopSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('interruption'), interruptionId: z.string(), reasonId: z.string(), reasonName: z.string(), workingMs: z.number() }),
  z.object({ kind: z.literal('noOperator'), workingMs: z.number() }),
]);

/** Why an operation is planned when it is (rendered by the screen in its language). */
export const operationExplanationSchema = z.object({
  duration: durationBasisSchema,
  doneMs: z.number(),
  waitedMs: z.number(),
  behind: z.array(z.object({ orderId: z.string(), number: z.string() })),
  behindMore: z.number().int(),
  stops: z.array(stationStopSchema),
});

export const plannedOperationSchema = z.object({
  orderId: z.string(),
  stationId: z.string(),
  step: z.number().int(),
  place: z.number().int(),
  readyAt: isoDate,
  startAt: isoDate,
  endAt: isoDate,
  workingMs: z.number(),
  inProgress: z.boolean(),
  explanation: operationExplanationSchema,
});

export const orderPlanSchema = z.object({
  orderId: z.string(),
  number: z.string(),
  rank: z.number().int(),
  operations: z.array(plannedOperationSchema),
  finishAt: isoDate.nullable(),
  dueAt: isoDate.nullable(),
  late: z.boolean(),
  tardinessMs: z.number(),
  notPlanned: z.object({ step: z.number().int(), stationId: z.string(), reason: z.enum(['noAuthorisedOperator', 'unknownStation']) }).nullable(),
});

/** An order of a plan's window: only its operations in the window, explained only when asked (`explain=true`). */
export const windowedOrderPlanSchema = orderPlanSchema.extend({
  operations: z.array(plannedOperationSchema.extend({ explanation: operationExplanationSchema.optional() })),
});

/**
 * `GET /api/plan`: the plan now (or as it stood at `at`) in a window of time, for the station rows
 * asked (all by default): those stations (rows of a Gantt), the open production orders with an
 * operation at them in the window (only those operations), in plan order, each row's whole queue of
 * waiting orders in plan order, the totals of the whole plan in the window and the working time it counted.
 */
export const capacityPlanSchema = z.object({
  now: isoDate,
  window: z.object({ from: isoDate, to: isoDate }),
  /** The station rows answered: `count` rows from `offset` of `total` (the stations' order). */
  rows: z.object({ offset: z.number().int(), count: z.number().int(), total: z.number().int() }),
  /** The whole plan in the window, every row: orders with an operation in it, how many of them are late, the last end (null: none). */
  totals: z.object({ orders: z.number().int(), lateOrders: z.number().int(), lastEndAt: isoDate.nullable() }),
  stations: z.array(z.object({ id: z.string(), name: z.string(), capacity: z.number().int() })),
  orders: z.array(windowedOrderPlanSchema),
  queues: z.array(z.object({ stationId: z.string(), orderIds: z.array(z.string()) })),
  workingTime: z.object({ days: z.array(z.number().int()), from: z.string(), to: z.string(), timeZone: z.string() }),
});
export type CapacityPlanView = z.infer<typeof capacityPlanSchema>;

/** `GET /api/plan/orders/{orderId}`: one order's whole plan, every operation explained (the Gantt's details). */
export const orderPlanViewSchema = z.object({ now: isoDate, order: orderPlanSchema });
export type OrderPlanView = z.infer<typeof orderPlanViewSchema>;

/** An order on time before that the order asked for would make late. */
export const pushedLateSchema = z.object({ orderId: z.string(), number: z.string(), dueAt: isoDate, finishBefore: isoDate, finishAfter: isoDate });

/**
 * `POST /api/plan/promise` (docs/capacity-plan.md, "Promise a date"): the earliest delivery of the
 * material and quantity asked for in today's plan. `promiseDay` in its place in plan order (its
 * priority and delivery date), with the orders that would then be late (`pushedLate`);
 * `promiseDayWithoutDelay` planned after every order, delaying none. Days in the company's zone;
 * null when a station of its route cannot be planned (`notPlanned`). `planned` explains each step.
 */
export const deliveryPromiseSchema = z.object({
  now: isoDate,
  finishAt: isoDate.nullable(),
  promiseDay: z.string().nullable(),
  pushedLate: z.array(pushedLateSchema),
  finishWithoutDelayAt: isoDate.nullable(),
  promiseDayWithoutDelay: z.string().nullable(),
  notPlanned: orderPlanSchema.shape.notPlanned,
  planned: orderPlanSchema,
});
export type DeliveryPromiseView = z.infer<typeof deliveryPromiseSchema>;

/** `GET /api/plan/promises`: the production orders whose planned finish breaks the date promised to their customer. */
export const promisesAtRiskSchema = z.object({
  now: isoDate,
  atRisk: z.array(
    z.object({
      orderId: z.string(),
      number: z.string(),
      promisedDate: z.string(),
      promisedBy: isoDate,
      finishAt: isoDate.nullable(),
      reason: z.enum(['late', 'notPlanned']),
    }),
  ),
});
export type PromisesAtRiskView = z.infer<typeof promisesAtRiskSchema>;

/**
 * `GET /api/plan/stations/{stationId}`: the orders at the station in the order the plan starts them
 * there, each marked `startable` when nothing holds it (the station worklist's "what can I start now").
 */
export const stationQueueSchema = z.object({
  now: isoDate,
  stationId: z.string(),
  orders: z.array(
    z.object({
      orderId: z.string(),
      number: z.string(),
      position: z.number().int(),
      startAt: isoDate,
      endAt: isoDate,
      inProgress: z.boolean(),
      startable: z.boolean(),
      waitedMs: z.number(),
    }),
  ),
});
export type StationQueueView = z.infer<typeof stationQueueSchema>;
