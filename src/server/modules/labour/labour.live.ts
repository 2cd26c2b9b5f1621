import type { LabourEvent } from '../../../domain/labour/labour.events.js';
import { everyone, liveRulesOf, writersAndSubject } from '../../platform/live-visibility.js';

declare module '../../platform/live-visibility.js' {
  interface KnownEvents {
    labour: LabourEvent;
  }
}

/**
 * Work on an order at a station: every user of the company reads who is on which order at a station,
 * working or paused with the reason (GET /api/labour/stations/{id}), so an operator's station panel
 * follows a colleague live. The events hold no more than that (who, order, station, reason, when);
 * attendance (clock-in and out) stays with the supervisors and the person.
 */
const workAtStation = everyone;

/** Who of the company receives each event of labour on the live feed: what REST answers each role (docs/live-feed.md, "Roles"). */
export const labourLiveRules = liveRulesOf<LabourEvent>()({
  // labour time: supervisors read everyone's (GET /api/labour/present, /times), a person their own;
  // everyone who is on which order at a station
  ClockedIn: writersAndSubject,
  ClockedOut: writersAndSubject,
  ClockOutMissed: writersAndSubject,
  OrderWorkJoined: workAtStation,
  OrderWorkPaused: workAtStation,
  OrderWorkResumed: workAtStation,
  OrderWorkLeft: workAtStation,
  AttendanceCorrected: writersAndSubject,
  WorkTimeCorrected: writersAndSubject,
  WorkSplitStated: writersAndSubject,
});
