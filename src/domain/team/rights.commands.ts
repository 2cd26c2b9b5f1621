import type { Role } from '../shared/roles.js';
import type { UserRightsRow } from './rights.schema.js';

/** A user as the rights decide on them: their id and role. */
export interface RightsHolder {
  userId: string;
  role: Role;
}

/** Intents on a company's user-rights matrix. `at` is the ISO time the command was given. */
export type UserRightsCommand =
  | {
      type: 'SaveUserRights';
      /** The stream version the screen's copy was made on; another one is a stale save. */
      expectedVersion: number;
      /** The whole matrix: every user's stations and change rights after the save. */
      matrix: readonly UserRightsRow[];
      /** The company's users now: the matrix may name only these. */
      users: readonly RightsHolder[];
      /** The company's stations now: the matrix may grant only these. */
      stationIds: readonly string[];
      changedBy: RightsHolder;
      at: string;
    }
  | {
      /**
       * A user was just created: an administration user gets the default change rights, but never
       * one that `grantedBy` (who invited them) does not hold; null when nobody of the company did
       * (provisioning, the demo).
       */
      type: 'GrantDefaultRights';
      user: RightsHolder;
      grantedBy: RightsHolder | null;
      changedBy: string;
      at: string;
    }
  | {
      /** A user was removed: whatever they held is revoked. */
      type: 'DropUserRights';
      userId: string;
      changedBy: string;
      at: string;
    }
  | {
      /** A station was deleted: nobody holds it any more. */
      type: 'DropStationRights';
      stationId: string;
      changedBy: string;
      at: string;
    };
