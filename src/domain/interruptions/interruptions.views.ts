import { z } from 'zod';
import { pageOf } from '../shared/paging.js';

const who = z.object({
  userId: z.string(),
  /** The user's name, or the username of an operator; '' when the user is gone. */
  name: z.string(),
});

/**
 * One interruption as every route answers it; the web and the station board read their types
 * from here. Dates are ISO strings. `resolvedAt` null: still open (the station is red).
 */
export const interruptionViewSchema = z.object({
  id: z.string(),
  stationId: z.string(),
  /** The station's name now; null when it was deleted. */
  stationName: z.string().nullable(),
  /** The order being worked on when it was reported, or null for the station as a whole. */
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  reason: z.object({ id: z.string(), name: z.string() }),
  note: z.string(),
  reportedAt: z.string(),
  reportedBy: who,
  resolvedAt: z.string().nullable(),
  resolvedBy: who.nullable(),
  resolutionNote: z.string().nullable(),
  /** When it is expected to be resolved, while open (ISO); null: not known. */
  expectedEndAt: z.string().nullable(),
  /** Seconds from report to resolution; for an open one, until the answer was made. */
  durationSeconds: z.number().int(),
  /** The station stream's version after this interruption's last event. */
  version: z.number().int(),
});
export type InterruptionView = z.infer<typeof interruptionViewSchema>;

export const interruptionPageSchema = pageOf(interruptionViewSchema);
export type InterruptionPage = z.infer<typeof interruptionPageSchema>;
