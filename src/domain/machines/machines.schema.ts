import { z } from 'zod';
import { requiredText } from '../shared/validation.js';

/** Limits of the machine settings (docs/integration.md, Machine counts over MQTT). */
export const machineLimits = {
  url: 300,
  username: 100,
  password: 200,
  topic: 200,
  code: 20,
  stopReasons: 50,
  /** The largest count one message may carry (a delta) or a counter may reach. */
  count: 1_000_000_000,
  /** A message id seen again within this many seconds is a duplicate. */
  duplicateWindowSeconds: 60,
} as const;

/** How a station's machine publishes: JSON objects, or a plain integer (a running total). */
export const machineFormats = ['json', 'counter'] as const;
export type MachineFormat = (typeof machineFormats)[number];

const id = z.uuid({ error: 'validation.invalidId' });

/** `PUT /api/machines/broker`: where the company's broker is. `password` absent keeps the stored one, null removes it. */
export const brokerSettingsSchema = z.object({
  url: requiredText(machineLimits.url),
  username: z.string().trim().max(machineLimits.username, { error: 'validation.maxLength' }).nullable().default(null),
  password: z.string().max(machineLimits.password, { error: 'validation.maxLength' }).nullable().optional(),
});
export type BrokerSettings = z.infer<typeof brokerSettingsSchema>;
export type BrokerSettingsInput = z.input<typeof brokerSettingsSchema>;

/** One row of a station's mapping table: the machine's stop code and the interruption reason (master data) it means. */
export const stopReasonSchema = z.object({
  code: requiredText(machineLimits.code),
  reasonId: id,
});
export type StopReason = z.infer<typeof stopReasonSchema>;

/**
 * `PUT /api/machines/links/{stationId}`: the topic the station's machine publishes on, its format,
 * the scrap reason its scrap counts are reported with, and its stop codes' reasons (a code not in the
 * table takes `defaultStopReasonId`; without one such a stop is ignored).
 */
export const machineLinkSchema = z.object({
  topic: requiredText(machineLimits.topic),
  format: z.enum(machineFormats, { error: 'validation.invalidValue' }),
  scrapReasonId: id.nullable().default(null),
  defaultStopReasonId: id.nullable().default(null),
  stopReasons: z.array(stopReasonSchema).max(machineLimits.stopReasons, { error: 'validation.max' }).default([]),
});
export type MachineLink = z.infer<typeof machineLinkSchema>;
export type MachineLinkInput = z.input<typeof machineLinkSchema>;
