import { userRightsEvents } from './rights.events.js';
import type { Decider } from '../shared/decider.js';
import { DomainError, type ErrorDetail } from '../shared/errors.js';
import type { Role } from '../shared/roles.js';
import type { RightsHolder, UserRightsCommand } from './rights.commands.js';
import type { UserRightsEvent } from './rights.events.js';
import type { UserRightsRow } from './rights.schema.js';
import { CHANGE_RIGHT_MISSING_CODE, defaultAdminChangeRights, mayChange, type ChangeRight } from './rights.js';

/** What one user holds: the stations they may sign in at and the areas they may change. */
export interface UserRights {
  stationIds: string[];
  changeRights: ChangeRight[];
}

/** The company's matrix; `version` counts its events, as the stream's version does. */
export type UserRightsState = { status: 'unsaved'; version: 0 } | { status: 'saved'; version: number; users: Readonly<Record<string, UserRights>> };

export const initialUserRightsState: UserRightsState = { status: 'unsaved', version: 0 };

const nothingHeld: UserRights = { stationIds: [], changeRights: [] };

/** What `userId` holds now (nothing when the matrix never named them). */
export const rightsOf = (state: UserRightsState, userId: string): UserRights => (state.status === 'saved' ? state.users[userId] : undefined) ?? nothingHeld;

/** The users who may sign in at `stationId`. */
export const holdersOfStation = (state: UserRightsState, stationId: string): string[] =>
  state.status === 'saved' ? Object.keys(state.users).filter((userId) => state.users[userId].stationIds.includes(stationId)) : [];

const added = <T extends string>(list: readonly T[], more: readonly T[]): T[] => [...new Set([...list, ...more])].sort();
const removed = <T extends string>(list: readonly T[], less: readonly T[]): T[] => list.filter((value) => !less.includes(value));
const missingFrom = <T extends string>(list: readonly T[], other: readonly T[]): T[] => list.filter((value) => !other.includes(value));

function withUser(state: UserRightsState, userId: string, change: (held: UserRights) => UserRights): UserRightsState {
  const users = { ...(state.status === 'saved' ? state.users : {}) };
  const next = change(rightsOf(state, userId));
  if (next.stationIds.length === 0 && next.changeRights.length === 0) delete users[userId];
  else users[userId] = next;
  return { status: 'saved', version: state.version + 1, users };
}

export function evolveUserRights(state: UserRightsState, event: UserRightsEvent): UserRightsState {
  const { userId } = event.data;
  switch (event.type) {
    case 'StationRightsGranted':
      return withUser(state, userId, (held) => ({ ...held, stationIds: added(held.stationIds, event.data.stationIds) }));
    case 'StationRightsRevoked':
      return withUser(state, userId, (held) => ({ ...held, stationIds: removed(held.stationIds, event.data.stationIds) }));
    case 'ChangeRightsGranted':
      return withUser(state, userId, (held) => ({ ...held, changeRights: added(held.changeRights, event.data.rights) }));
    case 'ChangeRightsRevoked':
      return withUser(state, userId, (held) => ({ ...held, changeRights: removed(held.changeRights, event.data.rights) }));
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/** A save made on another version of the matrix than the current one is stale (409): someone saved in between. */
export const rightsCopyMustBeCurrent = (expectedVersion: number, state: UserRightsState): DomainError | null =>
  expectedVersion === state.version ? null : new DomainError('CONFLICT_ERROR', [{ path: 'version', message: 'errors.CONFLICT_ERROR' }]);

/** Only who may change the team (its owner, or an admin holding `team`) changes rights. */
export const onlyTeamChangersSetRights = (actor: RightsHolder, state: UserRightsState): DomainError | null =>
  mayChange(actor.role, rightsOf(state, actor.userId).changeRights, 'team') ? null : new DomainError(CHANGE_RIGHT_MISSING_CODE);

/** A user has one row in the matrix. */
export function userAppearsOnce(matrix: readonly UserRightsRow[]): ErrorDetail[] {
  const seen = new Set<string>();
  return matrix.flatMap((row, index) => {
    if (!seen.has(row.userId)) {
      seen.add(row.userId);
      return [];
    }
    return [{ path: `users.${index}.userId`, message: 'team.validation.duplicateUser' }];
  });
}

/** The matrix names only the company's users (another company's user is unknown). */
export function usersMustBeKnown(matrix: readonly UserRightsRow[], users: readonly RightsHolder[]): ErrorDetail[] {
  const known = new Set(users.map((user) => user.userId));
  return matrix.flatMap((row, index) => (known.has(row.userId) ? [] : [{ path: `users.${index}.userId`, message: 'team.validation.unknownUser' }]));
}

/** The matrix grants only the company's stations (another company's, or a deleted one, is unknown). */
export function stationsMustBeKnown(matrix: readonly UserRightsRow[], stationIds: readonly string[]): ErrorDetail[] {
  const known = new Set(stationIds);
  return matrix.flatMap((row, index) =>
    row.stationIds.flatMap((stationId, position) =>
      known.has(stationId) ? [] : [{ path: `users.${index}.stationIds.${position}`, message: 'team.validation.unknownStation' }],
    ),
  );
}

/**
 * Station rights go to operators only (nobody else signs in at a station, spec section 6), and
 * change rights to administration users only (the owner holds all of them anyway; operators write
 * nothing), so the matrix never shows a right that does nothing.
 */
export function rightsFitRoles(matrix: readonly UserRightsRow[], users: readonly RightsHolder[]): ErrorDetail[] {
  const roleOf = new Map<string, Role>(users.map((user) => [user.userId, user.role]));
  return matrix.flatMap((row, index) => {
    const role = roleOf.get(row.userId);
    if (role === undefined) return [];
    const problems: ErrorDetail[] = [];
    if (role !== 'OPERATOR' && row.stationIds.length > 0) {
      problems.push({ path: `users.${index}.stationIds`, message: 'team.validation.stationRightsForOperatorsOnly' });
    }
    if (role !== 'ADMIN' && row.changeRights.length > 0) {
      problems.push({ path: `users.${index}.changeRights`, message: 'team.validation.changeRightsForAdminsOnly' });
    }
    return problems;
  });
}

/** An admin grants or revokes only change rights they hold themselves: nobody widens their own reach. */
export function noGrantBeyondOwnRights(actor: RightsHolder, state: UserRightsState, events: readonly UserRightsEvent[]): DomainError | null {
  const touched = events.flatMap((event) => (event.type === 'ChangeRightsGranted' || event.type === 'ChangeRightsRevoked' ? event.data.rights : []));
  const own = rightsOf(state, actor.userId).changeRights;
  return touched.every((right) => mayChange(actor.role, own, right)) ? null : new DomainError(CHANGE_RIGHT_MISSING_CODE);
}

/** The facts that turn what `userId` holds into `wanted`: granted first, then revoked, only what differs. */
function changesFor(userId: string, held: UserRights, wanted: UserRights, changedBy: string, at: string): UserRightsEvent[] {
  const by = { userId, changedBy, at };
  const events: UserRightsEvent[] = [];
  const stationsGranted = missingFrom(wanted.stationIds, held.stationIds);
  const stationsRevoked = missingFrom(held.stationIds, wanted.stationIds);
  const rightsGranted = missingFrom(wanted.changeRights, held.changeRights);
  const rightsRevoked = missingFrom(held.changeRights, wanted.changeRights);
  if (stationsGranted.length) events.push({ type: 'StationRightsGranted', data: { ...by, stationIds: stationsGranted } });
  if (stationsRevoked.length) events.push({ type: 'StationRightsRevoked', data: { ...by, stationIds: stationsRevoked } });
  if (rightsGranted.length) events.push({ type: 'ChangeRightsGranted', data: { ...by, rights: rightsGranted } });
  if (rightsRevoked.length) events.push({ type: 'ChangeRightsRevoked', data: { ...by, rights: rightsRevoked } });
  return events;
}

/** The matrix after the save is exactly `matrix`: users it leaves out (removed ones too) keep nothing. */
function matrixChanges(state: UserRightsState, matrix: readonly UserRightsRow[], changedBy: string, at: string): UserRightsEvent[] {
  const named = new Set(matrix.map((row) => row.userId));
  const leftOut = (state.status === 'saved' ? Object.keys(state.users) : []).filter((userId) => !named.has(userId)).sort();
  return [
    ...matrix.flatMap((row) => changesFor(row.userId, rightsOf(state, row.userId), row, changedBy, at)),
    ...leftOut.flatMap((userId) => changesFor(userId, rightsOf(state, userId), nothingHeld, changedBy, at)),
  ];
}

export function decideUserRights(command: UserRightsCommand, state: UserRightsState): UserRightsEvent[] | DomainError {
  switch (command.type) {
    case 'SaveUserRights': {
      const refused = onlyTeamChangersSetRights(command.changedBy, state) ?? rightsCopyMustBeCurrent(command.expectedVersion, state);
      if (refused) return refused;
      const problems = [
        ...userAppearsOnce(command.matrix),
        ...usersMustBeKnown(command.matrix, command.users),
        ...stationsMustBeKnown(command.matrix, command.stationIds),
        ...rightsFitRoles(command.matrix, command.users),
      ];
      if (problems.length > 0) return new DomainError('VALIDATION_ERROR', problems);
      const events = matrixChanges(state, command.matrix, command.changedBy.userId, command.at);
      return noGrantBeyondOwnRights(command.changedBy, state, events) ?? events;
    }
    case 'GrantDefaultRights': {
      const { user, grantedBy, changedBy, at } = command;
      if (user.role !== 'ADMIN') return [];
      // An invitation gives at most the inviter's rights, as the matrix would (issue 26).
      const grantable = grantedBy
        ? defaultAdminChangeRights.filter((right) => mayChange(grantedBy.role, rightsOf(state, grantedBy.userId).changeRights, right))
        : defaultAdminChangeRights;
      const rights = missingFrom(grantable, rightsOf(state, user.userId).changeRights);
      return rights.length ? [{ type: 'ChangeRightsGranted', data: { userId: user.userId, changedBy, at, rights } }] : [];
    }
    case 'DropUserRights':
      return changesFor(command.userId, rightsOf(state, command.userId), nothingHeld, command.changedBy, command.at);
    case 'DropStationRights':
      return holdersOfStation(state, command.stationId)
        .sort()
        .map((userId) => ({
          type: 'StationRightsRevoked',
          data: { userId, changedBy: command.changedBy, at: command.at, stationIds: [command.stationId] },
        }));
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

/** The user-rights decider in the shape every decider has. */
export const userRightsDecider: Decider<UserRightsState, UserRightsCommand, UserRightsEvent> = {
  events: userRightsEvents,
  initialState: initialUserRightsState,
  evolve: evolveUserRights,
  decide: decideUserRights,
};
