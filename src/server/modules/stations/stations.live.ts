import type { SequenceEvent } from '../../../domain/stations/sequence.events.js';
import type { StationAuthorizationEvent, StationEvent } from '../../../domain/stations/station.events.js';
import { everyone, liveRulesOf, writersAndSubject } from '../../platform/live-visibility.js';

declare module '../../platform/live-visibility.js' {
  interface KnownEvents {
    stations: SequenceEvent | StationAuthorizationEvent | StationEvent;
  }
}

/** Who of the company receives each event of stations on the live feed: what REST answers each role (docs/live-feed.md, "Roles"). */
export const stationsLiveRules = liveRulesOf<SequenceEvent | StationAuthorizationEvent | StationEvent>()({
  // stations: who is signed in where is GET /api/team/station-sessions (writers); an operator their own
  StationCreated: everyone,
  StationChanged: everyone,
  StationMaintenanceRecorded: everyone,
  StationDeleted: everyone,
  OperatorSignedIn: writersAndSubject,
  StationAuthorizationsSet: writersAndSubject,
  SequenceSaved: everyone,
});
