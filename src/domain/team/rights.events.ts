import { eventCatalogue } from '../shared/decider.js';
import type { ChangeRight } from './rights.js';

/** Stream type of a company's user-rights matrix, one stream per company (`user-rights-<companyId>`). */
export const USER_RIGHTS_STREAM_TYPE = 'user-rights';
export const userRightsStreamId = (companyId: string) => `user-rights-${companyId}`;

/** Who changed the rights and when: every fact carries it, so the log is the audit trail. */
interface Changed {
  /** The user whose rights changed. */
  userId: string;
  /** The user who changed them (the product operator's id when acting for the company). */
  changedBy: string;
  /** ISO time the command was given. */
  at: string;
}

/**
 * Facts of the user-rights matrix, one per user and kind, listing only what changed. A revoked
 * station takes effect at the operator's next station login, and signs them out of it live.
 */
export type UserRightsEvent =
  | { type: 'StationRightsGranted'; data: Changed & { stationIds: string[] } }
  | { type: 'StationRightsRevoked'; data: Changed & { stationIds: string[] } }
  | { type: 'ChangeRightsGranted'; data: Changed & { rights: ChangeRight[] } }
  | { type: 'ChangeRightsRevoked'; data: Changed & { rights: ChangeRight[] } };

export type UserRightsEventType = UserRightsEvent['type'];

/** The user-rights matrix's events as every reader reads them. */
export const userRightsEvents = eventCatalogue<UserRightsEvent>({
  streamType: USER_RIGHTS_STREAM_TYPE,
  types: { StationRightsGranted: true, StationRightsRevoked: true, ChangeRightsGranted: true, ChangeRightsRevoked: true },
});
