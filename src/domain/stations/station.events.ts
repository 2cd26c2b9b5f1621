import { eventCatalogue } from '../shared/decider.js';
import type { CompletionAction, ProductionParameter, ValueChecks } from './station.schema.js';

/** Stream type of a station's stream `station-<id>`. */
export const STATION_STREAM_TYPE = 'station';
export const stationStreamId = (stationId: string) => `station-${stationId}`;

/** What a station is made of on its add and edit forms. */
export interface StationDefinition {
  name: string;
  parameters: ProductionParameter[];
  actions: CompletionAction[];
  incomingGoodsCheckIn: boolean;
  /** Which values of the order's material operators measure here; absent on stations saved before measurements (none). */
  valueChecks?: ValueChecks;
  /** At most this many orders at the station before the board marks it; absent: no limit (and on stations saved before the setting). */
  wipLimit?: number;
  /** Orders worked at the station at once (an oven may take several); absent: 1 (and on stations saved before the setting). */
  capacity?: number;
}

/**
 * Facts of one production station. Every payload carries `at`, the ISO time the command was
 * given, so a replay needs no clock.
 */
export type StationEvent =
  | { type: 'StationCreated'; data: StationDefinition & { stationId: string; at: string } }
  | { type: 'StationChanged'; data: StationDefinition & { stationId: string; at: string } }
  | { type: 'StationMaintenanceRecorded'; data: { stationId: string; performedAt: string; at: string } }
  | { type: 'StationDeleted'; data: { stationId: string; name: string; at: string } }
  | { type: 'OperatorSignedIn'; data: { stationId: string; userId: string; username: string; at: string } };

export type StationEventType = StationEvent['type'];

/** Events that change what the add and edit forms show; only these make a client's copy stale. */
export const stationFormEventTypes: readonly StationEventType[] = ['StationCreated', 'StationChanged', 'StationMaintenanceRecorded', 'StationDeleted'];

/**
 * Stream type of a user's station authorisations, stream `station-authorizations-<userId>`. No
 * longer appended: station rights are facts of the user-rights matrix (`user-rights-<companyId>`,
 * docs/decisions.md); the landed events stay readable in the log.
 */
export const STATION_AUTHORIZATIONS_STREAM_TYPE = 'station-authorizations';
export const stationAuthorizationsStreamId = (userId: string) => `station-authorizations-${userId}`;

/** An admin set the stations a user may sign in at (the whole set, replacing the previous one). */
export type StationAuthorizationEvent = {
  type: 'StationAuthorizationsSet';
  data: { userId: string; stationIds: string[]; at: string };
};

/** A station's events as every reader reads them. */
export const stationEvents = eventCatalogue<StationEvent>({
  streamType: STATION_STREAM_TYPE,
  types: { StationCreated: true, StationChanged: true, StationMaintenanceRecorded: true, StationDeleted: true, OperatorSignedIn: true },
});
