import { sequenceEvents, type SequenceEvent } from '../../../domain/stations/sequence.events.js';
import { stationEvents, type StationDefinition, type StationEvent } from '../../../domain/stations/station.events.js';
import { userRightsEvents, type UserRightsEvent } from '../../../domain/team/rights.events.js';
import type { Tx } from '../../platform/db.js';
import { eventProjection, type StoredEvent } from '../../platform/event-store.js';
import { noValueChecks, stationLimits } from '../../../domain/stations/station.schema.js';
import './stations.tables.js';

/** The columns a station's creation and change both write, from the event's data. */
const stationColumns = (data: StationDefinition) => ({
  name: data.name,
  parameters: JSON.stringify(data.parameters),
  actions: JSON.stringify(data.actions),
  incoming_goods_check_in: data.incomingGoodsCheckIn,
  value_checks: JSON.stringify(data.valueChecks ?? noValueChecks),
  wip_limit: data.wipLimit ?? null,
  capacity: data.capacity ?? stationLimits.capacity.default,
});

async function applyStationEvent(tx: Tx, event: StationEvent, stored: StoredEvent): Promise<void> {
  const stationId = event.data.stationId;
  const version = stored.streamVersion;
  switch (event.type) {
    case 'StationCreated':
      await tx
        .insertInto('stations')
        .values({
          id: stationId,
          company_id: stored.companyId as string,
          ...stationColumns(event.data),
          last_maintenance_at: null,
          version,
          created_at: stored.recordedAt,
          updated_at: stored.recordedAt,
        })
        .execute();
      return;
    case 'StationChanged':
      await tx
        .updateTable('stations')
        .set({
          ...stationColumns(event.data),
          version,
          updated_at: stored.recordedAt,
        })
        .where('id', '=', stationId)
        .execute();
      return;
    case 'StationMaintenanceRecorded':
      await tx
        .updateTable('stations')
        .set({ last_maintenance_at: new Date(event.data.performedAt), version, updated_at: stored.recordedAt })
        .where('id', '=', stationId)
        .execute();
      return;
    case 'StationDeleted':
      await tx.deleteFrom('stations').where('id', '=', stationId).execute();
      return;
    case 'OperatorSignedIn':
      // Not a change of the station, but the row carries the stream version clients write against.
      await tx.updateTable('stations').set({ version }).where('id', '=', stationId).execute();
      return;
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/** The stations list and detail rows, written in the append's transaction. */
export const stationsProjection = eventProjection<StationEvent>({
  name: 'stations',
  events: [stationEvents],
  tables: ['stations'],
  project: applyStationEvent,
});

/** The company's saved sequence, written in the append's transaction. */
export const sequenceProjection = eventProjection<SequenceEvent>({
  name: 'station-sequences',
  events: [sequenceEvents],
  tables: ['station_sequences'],
  async project(tx, event, stored) {
    const row = {
      station_ids: event.data.stationIds,
      start_station_id: event.data.startStationId,
      version: stored.streamVersion,
      saved_at: stored.recordedAt,
    };
    await tx
      .insertInto('station_sequences')
      .values({ company_id: stored.companyId as string, ...row })
      .onConflict((conflict) => conflict.column('company_id').doUpdateSet(row))
      .execute();
  },
});

/**
 * Who may sign in at which station: the station rights of the company's user-rights matrix (the
 * one source of truth, docs/decisions.md), kept where station login reads them. A deleted
 * station's rows go with it (the matrix revokes them too, in the same transaction).
 */
export const stationRightsProjection = eventProjection<UserRightsEvent | StationEvent>({
  name: 'station-authorizations',
  events: [userRightsEvents, stationEvents],
  tables: ['station_authorizations'],
  async project(tx, event, stored) {
    if (event.type === 'StationRightsGranted') {
      const companyId = stored.companyId as string;
      const { userId } = event.data;
      await tx
        .insertInto('station_authorizations')
        // The grant's time, not the row's insert: a rebuild from the log writes the same row.
        .values(event.data.stationIds.map((stationId) => ({ company_id: companyId, user_id: userId, station_id: stationId, created_at: stored.recordedAt })))
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    } else if (event.type === 'StationRightsRevoked') {
      await tx.deleteFrom('station_authorizations').where('user_id', '=', event.data.userId).where('station_id', 'in', event.data.stationIds).execute();
    } else if (event.type === 'StationDeleted') {
      await tx.deleteFrom('station_authorizations').where('station_id', '=', event.data.stationId).execute();
    }
  },
});
