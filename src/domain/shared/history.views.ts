import { z } from 'zod';
import { roles } from './roles.js';

const isoDate = z.string();

/**
 * One entry of a record's history (an order's, a shipment's, a station's): the event, who caused it,
 * when, and its data; the browser folds `data` with the record's evolve function to replay it.
 * `who.name` is the user's display name now; `who.apiKey` the name of the API key the request came
 * with (docs/integration.md), and then `userId` is the key's id; `who.machine` the machine that
 * reported over MQTT (its station's name then, docs/integration.md), and then `userId` is the link's id.
 */
export const historyEntrySchema = z.object({
  version: z.number().int(),
  type: z.string(),
  at: isoDate,
  who: z.object({
    userId: z.string().nullable(),
    role: z.enum(roles).nullable(),
    name: z.string().nullable(),
    apiKey: z.string().nullable(),
    machine: z.string().nullable(),
  }),
  data: z.record(z.string(), z.unknown()),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
