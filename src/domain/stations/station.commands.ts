import type { Role } from '../shared/roles.js';
import type { StationInput } from './station.schema.js';
import type { SavedSequence } from './sequence.decider.js';

/** Intents on one production station. `at` is the ISO time the command was given. */
export type StationCommand =
  | {
      type: 'CreateStation';
      stationId: string;
      input: StationInput;
      /** Names of the company's other stations: a name is unique per company. */
      namesInUse: readonly string[];
      at: string;
    }
  | { type: 'ChangeStation'; input: StationInput; namesInUse: readonly string[]; at: string }
  | { type: 'RecordMaintenance'; performedAt: string; at: string }
  | {
      type: 'DeleteStation';
      /** The company's saved sequence, which decides whether the station may go. */
      sequence: SavedSequence;
      at: string;
    }
  | {
      type: 'SignInOperator';
      /** The user whose username and password were verified. */
      user: { userId: string; username: string; role: Role };
      /** Whether an admin authorised this user for this station. */
      authorized: boolean;
      at: string;
    };
