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

/** `GET /api/plan`: the plan now, every open production order in plan order, with the stations (rows of a Gantt) and the working time it counted. */
export const capacityPlanSchema = z.object({
  now: isoDate,
  stations: z.array(z.object({ id: z.string(), name: z.string(), capacity: z.number().int() })),
  orders: z.array(orderPlanSchema),
  workingTime: z.object({ days: z.array(z.number().int()), from: z.string(), to: z.string(), timeZone: z.string() }),
});
export type CapacityPlanView = z.infer<typeof capacityPlanSchema>;
