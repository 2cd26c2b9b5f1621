import { z } from 'zod';
import { machineFormats, stopReasonSchema } from './machines.schema.js';

/** The company's broker as the settings show it: never the password, only whether one is stored. */
export const machineBrokerViewSchema = z.object({
  url: z.string(),
  username: z.string().nullable(),
  hasPassword: z.boolean(),
  updatedAt: z.string(),
});
export type MachineBrokerView = z.infer<typeof machineBrokerViewSchema>;

/** A station's link to its machine's topic. */
export const machineLinkViewSchema = z.object({
  stationId: z.string(),
  /** null: the station was deleted since (its machine's messages are dropped). */
  stationName: z.string().nullable(),
  topic: z.string(),
  format: z.enum(machineFormats),
  scrapReasonId: z.string().nullable(),
  defaultStopReasonId: z.string().nullable(),
  stopReasons: z.array(stopReasonSchema),
  /** The last counter total taken (format counter, or json `{"counter":n}`); null: none yet. */
  lastCounter: z.number().int().nullable(),
  /** When the last message was taken; null: none yet. */
  lastMessageAt: z.string().nullable(),
});
export type MachineLinkView = z.infer<typeof machineLinkViewSchema>;

/** `GET /api/machines`: the broker (null: none configured, nothing connects) and the stations' links by station name. */
export const machineSettingsSchema = z.object({
  broker: machineBrokerViewSchema.nullable(),
  links: z.array(machineLinkViewSchema),
});
export type MachineSettings = z.infer<typeof machineSettingsSchema>;
