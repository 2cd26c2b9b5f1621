import { z } from 'zod';
import { labourRateTargets } from './costing.events.js';

/** One rate or price as set: what it is for, the amount, the day it is valid from and the instant it counts from. */
export const rateViewSchema = z.object({
  id: z.string(),
  kind: z.enum(['machine', 'labour', 'material']),
  /** `station`, `material`, or the labour rate's target. */
  target: z.enum(['station', 'material', ...labourRateTargets]),
  targetId: z.string().nullable(),
  targetName: z.string(),
  amount: z.number(),
  validFrom: z.string(),
  effectiveFrom: z.string(),
  setAt: z.string(),
});
export type RateView = z.infer<typeof rateViewSchema>;

const choiceSchema = z.object({ id: z.string(), name: z.string() });

/** `GET /api/costs/rates`: every rate and price ever set (newest first) and what one can set them for. */
export const ratesSchema = z.object({
  rates: z.array(rateViewSchema),
  stations: z.array(choiceSchema),
  jobTitles: z.array(choiceSchema),
  employees: z.array(choiceSchema),
  materials: z.array(choiceSchema),
  /** The company's today (its zone): the earliest day a new rate may be valid from. */
  today: z.string(),
});
export type RatesView = z.infer<typeof ratesSchema>;

const costSplitSchema = z.object({ material: z.number(), labour: z.number(), machine: z.number(), total: z.number() });

/** `GET /api/costs/orders/{orderId}`: the order's planned and actual cost, per station, and its margin. */
export const orderCostingSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  kind: z.string(),
  pieces: z.number(),
  scrap: z.number(),
  netPrice: z.number(),
  planned: costSplitSchema,
  actual: costSplitSchema.extend({ scrap: z.number() }),
  stations: z.array(
    z.object({
      stationId: z.string(),
      stationName: z.string(),
      plannedMinutes: z.number(),
      plannedLabour: z.number(),
      plannedMachine: z.number(),
      labourSeconds: z.number(),
      actualLabour: z.number(),
      machineSeconds: z.number(),
      actualMachine: z.number(),
      difference: z.number(),
    }),
  ),
  margin: z.number(),
  marginRate: z.number().nullable(),
  /** Every time and material had a rate or price that applied; false: some counted 0. */
  complete: z.boolean(),
  /** A customer order's production orders (their own costings sum to it); empty for others. */
  productionOrders: z.array(z.object({ orderId: z.string(), orderNumber: z.string(), actualTotal: z.number() })),
});
export type OrderCostingView = z.infer<typeof orderCostingSchema>;

const marginRowSchema = z.object({
  orders: z.number(),
  netPrice: z.number(),
  actualCost: z.number(),
  margin: z.number(),
  marginRate: z.number().nullable(),
});

/** `GET /api/costs/margins`: margins of the period's customer orders per customer, and of its production orders per material. */
export const marginsSchema = z.object({
  from: z.string(),
  to: z.string(),
  customers: z.array(marginRowSchema.extend({ clientId: z.string().nullable(), customer: z.string() })),
  materials: z.array(marginRowSchema.extend({ materialId: z.string(), material: z.string(), materialNumber: z.string(), pieces: z.number() })),
});
export type MarginsView = z.infer<typeof marginsSchema>;
