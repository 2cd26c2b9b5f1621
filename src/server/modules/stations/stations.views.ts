import { z } from 'zod';
import { pageOf } from '../../../domain/shared/paging.js';
import { roles } from '../../../domain/shared/roles.js';
import { afterCompletionActions, WIP_STAGE_NAME } from '../../../domain/stations/station.schema.js';
import type { StoredEvent } from '../../platform/event-store.js';
import type { StationKeyFigures, StationRow } from './stations.queries.js';

const isoDate = z.string();

export const keyFiguresSchema = z.object({
  worklistCount: z.number().int(),
  cycleTimeSeconds: z.number().int(),
  finishedToday: z.number().int(),
});

/** A station as the overview, the edit form and the station screen read it. */
export const stationViewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  parameters: z.array(
    z.object({ name: z.string(), value: z.number(), unit: z.string(), from: z.number().nullable(), to: z.number().nullable() }),
  ),
  actions: z.array(z.object({ action: z.enum(afterCompletionActions), element: z.string() })),
  incomingGoodsCheckIn: z.boolean(),
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

export function stationView(row: StationRow, keyFigures: StationKeyFigures): StationView {
  return {
    id: row.id,
    name: row.name,
    parameters: row.parameters.map((p) => ({ name: p.name, value: p.value, unit: p.unit, from: p.from ?? null, to: p.to ?? null })),
    actions: row.actions.map((a) => ({ action: a.action, element: a.element })),
    incomingGoodsCheckIn: row.incoming_goods_check_in,
    lastMaintenanceAt: row.last_maintenance_at ? new Date(row.last_maintenance_at).toISOString() : null,
    version: row.version,
    sequencePosition: row.sequence_position === null ? null : Number(row.sequence_position),
    isStartStation: row.is_start_station,
    keyFigures,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/**
 * One stage of the production line as the sequence editor draws it: the stations in order, then
 * the WIP stage, which is always last and is not a station.
 */
export const sequenceStageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('station'), stationId: z.uuid(), name: z.string(), isStartStation: z.boolean() }),
  z.object({ kind: z.literal('wip'), name: z.literal(WIP_STAGE_NAME) }),
]);

export const sequenceViewSchema = z.object({
  stationIds: z.array(z.uuid()),
  startStationId: z.uuid().nullable(),
  stages: z.array(sequenceStageSchema),
  /** Send it back with the next save; 0 before the first save. */
  version: z.number().int(),
  savedAt: isoDate.nullable(),
});
export type SequenceView = z.infer<typeof sequenceViewSchema>;

export function sequenceView(
  saved: { station_ids: string[]; start_station_id: string | null; version: number; saved_at: Date } | undefined,
  names: Map<string, string>,
): SequenceView {
  const stationIds = saved?.station_ids ?? [];
  const startStationId = saved?.start_station_id ?? null;
  return {
    stationIds,
    startStationId,
    stages: [
      ...stationIds.map((stationId) => ({
        kind: 'station' as const,
        stationId,
        name: names.get(stationId) ?? '',
        isStartStation: stationId === startStationId,
      })),
      { kind: 'wip' as const, name: WIP_STAGE_NAME },
    ],
    version: saved?.version ?? 0,
    savedAt: saved ? new Date(saved.saved_at).toISOString() : null,
  };
}

/** One entry of a station's history: every event, who caused it, when, and what it carried. */
export const historyEntrySchema = z.object({
  version: z.number().int(),
  type: z.string(),
  at: isoDate,
  who: z.object({ userId: z.string().nullable(), role: z.enum(roles).nullable() }),
  data: z.record(z.string(), z.unknown()),
});

export const historySchema = z.object({ stationId: z.uuid(), data: z.array(historyEntrySchema) });

export function historyEntry(event: StoredEvent): z.infer<typeof historyEntrySchema> {
  const role = event.metadata.role;
  return {
    version: event.streamVersion,
    type: event.type,
    at: event.recordedAt.toISOString(),
    who: {
      userId: event.metadata.userId ?? null,
      role: roles.includes(role as (typeof roles)[number]) ? (role as (typeof roles)[number]) : null,
    },
    data: (event.data ?? {}) as Record<string, unknown>,
  };
}

/** The station screen's session: a token for the operator, and the station it was opened for. */
export const stationSessionSchema = z.object({
  access_token: z.string(),
  userId: z.uuid(),
  role: z.enum(roles),
  companyId: z.uuid(),
  station: z.object({ id: z.uuid(), name: z.string() }),
});

export const stationAuthorizationsViewSchema = z.object({
  userId: z.uuid(),
  stationIds: z.array(z.uuid()),
});
