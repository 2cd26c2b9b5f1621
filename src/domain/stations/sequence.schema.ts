import { z } from 'zod';
import { versionSchema } from './station.schema.js';

/** More stations than any shop floor runs in one line; bounds the request. */
export const SEQUENCE_MAX_STATIONS = 200;

/**
 * A sequence save from the editor: the stations in order, the start station, and the version the
 * draft was made on. `startStationId` absent keeps the saved start station (or takes the first
 * station when there is none); `null` is only valid for an empty sequence.
 */
export const saveSequenceSchema = z.object({
  stationIds: z.array(z.uuid()).max(SEQUENCE_MAX_STATIONS),
  startStationId: z.uuid().nullable().optional(),
  version: versionSchema,
});
export type SaveSequenceInput = z.output<typeof saveSequenceSchema>;
