import { z } from 'zod';
import { historyEntrySchema } from '../shared/history.views.js';
import { pageOf } from '../shared/paging.js';
import { locales } from '../shared/locales.js';
import { roles } from '../shared/roles.js';
import { afterCompletionActions, valueCheckModes, WIP_STAGE_NAME } from './station.schema.js';

/** Answers of the station routes; the web reads its types from here. Dates are ISO strings. */
const isoDate = z.string();

/** A station's key figures on the overview; a station without orders reads zero, never blank. */
export const keyFiguresSchema = z.object({
  /** Orders waiting at the station now. */
  worklistCount: z.number().int(),
  /** Average time from arrival to finish of the orders finished today, in whole seconds. */
  cycleTimeSeconds: z.number().int(),
  /** Orders finished at the station since the start of today (UTC). */
  finishedToday: z.number().int(),
});
export type KeyFigures = z.infer<typeof keyFiguresSchema>;

/** A station as the overview, the edit form and the station screen read it. */
export const stationViewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  parameters: z.array(z.object({ name: z.string(), value: z.number(), unit: z.string(), from: z.number().nullable(), to: z.number().nullable() })),
  actions: z.array(z.object({ action: z.enum(afterCompletionActions), element: z.string() })),
  incomingGoodsCheckIn: z.boolean(),
  /** Which values of the order's material operators measure at the station. */
  valueChecks: z.object({ mode: z.enum(valueCheckModes), names: z.array(z.string()), holdOutOfTolerance: z.boolean().optional() }),
  /** At most this many orders at the station before the board marks its column; null: no limit. */
  wipLimit: z.number().int().nullable(),
  /** Orders worked at the station at once (the capacity plan's places), 1-99. */
  capacity: z.number().int(),
  lastMaintenanceAt: isoDate.nullable(),
  /** Send it back on PUT, DELETE and maintenance. */
  version: z.number().int(),
  /** 1-based place in the saved sequence; null when the station is not in it. */
  sequencePosition: z.number().int().nullable(),
  isStartStation: z.boolean(),
  keyFigures: keyFiguresSchema,
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type StationView = z.infer<typeof stationViewSchema>;

export const stationPageSchema = pageOf(stationViewSchema);
export type StationPage = z.infer<typeof stationPageSchema>;

/**
 * One stage of the production line as the sequence editor draws it: the stations in order, then
 * the WIP stage, which is always last and is not a station.
 */
export const sequenceStageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('station'), stationId: z.uuid(), name: z.string(), isStartStation: z.boolean() }),
  z.object({ kind: z.literal('wip'), name: z.literal(WIP_STAGE_NAME) }),
]);
export type SequenceStage = z.infer<typeof sequenceStageSchema>;

export const sequenceViewSchema = z.object({
  stationIds: z.array(z.uuid()),
  startStationId: z.uuid().nullable(),
  stages: z.array(sequenceStageSchema),
  /** Send it back with the next save; 0 before the first save. */
  version: z.number().int(),
  savedAt: isoDate.nullable(),
});
export type SequenceView = z.infer<typeof sequenceViewSchema>;

export const historySchema = z.object({ stationId: z.uuid(), data: z.array(historyEntrySchema) });
export type StationHistory = z.infer<typeof historySchema>;

/** The station screen's session: a token for the operator, and the station it was opened for. */
export const stationSessionSchema = z.object({
  access_token: z.string(),
  userId: z.uuid(),
  role: z.enum(roles),
  companyId: z.uuid(),
  station: z.object({ id: z.uuid(), name: z.string() }),
  /** The operator's stored language (a shared tablet keeps the language chosen on it; the console follows it at sign-in). */
  locale: z.enum(locales),
});
export type StationSession = z.infer<typeof stationSessionSchema>;

/** The stations a user may sign in at. */
export const stationAuthorizationsViewSchema = z.object({
  userId: z.uuid(),
  stationIds: z.array(z.uuid()),
});
export type StationAuthorizationsView = z.infer<typeof stationAuthorizationsViewSchema>;
