import { describe, expect, it } from 'vitest';
import { givenFor } from '../shared/decider.testing.js';
import type { RightsHolder, UserRightsCommand } from './rights.commands.js';
import { holdersOfStation, rightsOf, userRightsDecider } from './rights.decider.js';
import type { UserRightsEvent } from './rights.events.js';
import type { UserRightsRow } from './rights.schema.js';
import type { ChangeRight } from './rights.js';

const at = '2026-11-21T08:00:00.000Z';
const owner: RightsHolder = { userId: 'u-owner', role: 'SUPER_USER' };
const admin: RightsHolder = { userId: 'u-admin', role: 'ADMIN' };
const otherAdmin: RightsHolder = { userId: 'u-admin2', role: 'ADMIN' };
const operator: RightsHolder = { userId: 'u-operator', role: 'OPERATOR' };
const users = [owner, admin, otherAdmin, operator];
const stationIds = ['s-drill', 's-paint'];

const by = (changedBy: string, userId: string) => ({ userId, changedBy, at });
const stationsGranted = (userId: string, ids: string[], changedBy = owner.userId): UserRightsEvent => ({
  type: 'StationRightsGranted',
  data: { ...by(changedBy, userId), stationIds: ids },
});
const stationsRevoked = (userId: string, ids: string[], changedBy = owner.userId): UserRightsEvent => ({
  type: 'StationRightsRevoked',
  data: { ...by(changedBy, userId), stationIds: ids },
});
const rightsGranted = (userId: string, rights: ChangeRight[], changedBy = owner.userId): UserRightsEvent => ({
  type: 'ChangeRightsGranted',
  data: { ...by(changedBy, userId), rights },
});
const rightsRevoked = (userId: string, rights: ChangeRight[], changedBy = owner.userId): UserRightsEvent => ({
  type: 'ChangeRightsRevoked',
  data: { ...by(changedBy, userId), rights },
});

const row = (userId: string, held: { stationIds?: string[]; changeRights?: ChangeRight[] } = {}): UserRightsRow => ({
  userId,
  stationIds: held.stationIds ?? [],
  changeRights: held.changeRights ?? [],
});

const given = givenFor(userRightsDecider);

const save = (matrix: UserRightsRow[], expectedVersion = 0, changedBy: RightsHolder = owner): UserRightsCommand => ({
  type: 'SaveUserRights',
  expectedVersion,
  matrix,
  users,
  stationIds,
  changedBy,
  at,
});

describe('saving the user-rights matrix', () => {
  it('given nothing granted, when the owner grants a station and rights, then one fact per user and kind says so', () => {
    given()
      .when(save([row(operator.userId, { stationIds: ['s-drill'] }), row(admin.userId, { changeRights: ['orders', 'team'] })]))
      .then([stationsGranted(operator.userId, ['s-drill']), rightsGranted(admin.userId, ['orders', 'team'])]);
  });

  it('given held rights, when the matrix changes them, then only the difference is recorded, granted before revoked', () => {
    given(stationsGranted(operator.userId, ['s-drill']), rightsGranted(admin.userId, ['materials', 'orders']))
      .when(save([row(operator.userId, { stationIds: ['s-paint'] }), row(admin.userId, { changeRights: ['materials', 'shipments'] })], 2))
      .then([
        stationsGranted(operator.userId, ['s-paint']),
        stationsRevoked(operator.userId, ['s-drill']),
        rightsGranted(admin.userId, ['shipments']),
        rightsRevoked(admin.userId, ['orders']),
      ]);
  });

  it('given held rights, when the matrix leaves a user out, then everything they held is revoked', () => {
    given(stationsGranted(operator.userId, ['s-drill', 's-paint']))
      .when(save([], 1))
      .then([stationsRevoked(operator.userId, ['s-drill', 's-paint'])]);
  });

  it('given the same matrix, when saved again, then nothing is recorded', () => {
    given(stationsGranted(operator.userId, ['s-drill']))
      .when(save([row(operator.userId, { stationIds: ['s-drill'] }), row(admin.userId)], 1))
      .then([]);
  });

  it('refuses a save made on another version (someone saved in between)', () => {
    given(stationsGranted(operator.userId, ['s-drill']))
      .when(save([row(operator.userId)], 0))
      .thenError('CONFLICT_ERROR', [{ path: 'version', message: 'errors.CONFLICT_ERROR' }]);
    given().when(save([], 1)).thenError('CONFLICT_ERROR');
  });

  it('refuses users and stations that are not the company’s', () => {
    given()
      .when(save([row('u-elsewhere'), row(operator.userId, { stationIds: ['s-drill', 's-elsewhere'] })]))
      .thenError('VALIDATION_ERROR', [
        { path: 'users.0.userId', message: 'team.validation.unknownUser' },
        { path: 'users.1.stationIds.1', message: 'team.validation.unknownStation' },
      ]);
  });

  it('refuses a user named twice', () => {
    given()
      .when(save([row(operator.userId), row(operator.userId, { stationIds: ['s-drill'] })]))
      .thenError('VALIDATION_ERROR', [{ path: 'users.1.userId', message: 'team.validation.duplicateUser' }]);
  });

  it('refuses stations for anyone but operators and change rights for anyone but admins', () => {
    given()
      .when(
        save([
          row(admin.userId, { stationIds: ['s-drill'] }),
          row(operator.userId, { changeRights: ['orders'] }),
          row(owner.userId, { changeRights: ['team'] }),
        ]),
      )
      .thenError('VALIDATION_ERROR', [
        { path: 'users.0.stationIds', message: 'team.validation.stationRightsForOperatorsOnly' },
        { path: 'users.1.changeRights', message: 'team.validation.changeRightsForAdminsOnly' },
        { path: 'users.2.changeRights', message: 'team.validation.changeRightsForAdminsOnly' },
      ]);
  });

  it('refuses an admin without the team right', () => {
    given(rightsGranted(admin.userId, ['materials', 'orders']))
      .when(save([row(operator.userId, { stationIds: ['s-drill'] })], 1, admin))
      .thenError('CHANGE_RIGHT_MISSING');
  });

  it('lets an admin with the team right grant stations and the rights they hold themselves', () => {
    given(rightsGranted(admin.userId, ['orders', 'team']))
      .when(
        save(
          [
            row(admin.userId, { changeRights: ['orders', 'team'] }),
            row(otherAdmin.userId, { changeRights: ['orders'] }),
            row(operator.userId, { stationIds: ['s-paint'] }),
          ],
          1,
          admin,
        ),
      )
      .then([rightsGranted(otherAdmin.userId, ['orders'], admin.userId), stationsGranted(operator.userId, ['s-paint'], admin.userId)]);
  });

  it('refuses an admin granting or revoking a right they do not hold, their own included', () => {
    const holding = given(rightsGranted(admin.userId, ['orders', 'team']), rightsGranted(otherAdmin.userId, ['companySettings']));
    holding
      .when(
        save(
          [row(admin.userId, { changeRights: ['orders', 'team', 'companySettings'] }), row(otherAdmin.userId, { changeRights: ['companySettings'] })],
          2,
          admin,
        ),
      )
      .thenError('CHANGE_RIGHT_MISSING');
    holding.when(save([row(admin.userId, { changeRights: ['orders', 'team'] }), row(otherAdmin.userId)], 2, admin)).thenError('CHANGE_RIGHT_MISSING');
  });

  it('folds into what each user holds', () => {
    const { state } = given(
      stationsGranted(operator.userId, ['s-drill', 's-paint']),
      stationsRevoked(operator.userId, ['s-drill']),
      rightsGranted(admin.userId, ['orders']),
    );
    expect(state.version).toBe(3);
    expect(rightsOf(state, operator.userId)).toEqual({ stationIds: ['s-paint'], changeRights: [] });
    expect(rightsOf(state, admin.userId)).toEqual({ stationIds: [], changeRights: ['orders'] });
    expect(rightsOf(state, 'u-nobody')).toEqual({ stationIds: [], changeRights: [] });
    expect(holdersOfStation(state, 's-paint')).toEqual([operator.userId]);
  });
});

describe('default rights of a new user', () => {
  it('given a new admin, then the default change rights are granted', () => {
    given()
      .when({ type: 'GrantDefaultRights', user: admin, grantedBy: owner, changedBy: owner.userId, at })
      .then([rightsGranted(admin.userId, ['materials', 'orders', 'stations', 'shipments'])]);
  });

  it('given an admin holding some already, then only the missing defaults are granted', () => {
    given(rightsGranted(admin.userId, ['orders', 'team']))
      .when({ type: 'GrantDefaultRights', user: admin, grantedBy: owner, changedBy: owner.userId, at })
      .then([rightsGranted(admin.userId, ['materials', 'stations', 'shipments'])]);
  });

  it('given an admin with the team right who invites an admin, then only the defaults the inviter holds are granted (issue 26)', () => {
    given(rightsGranted(otherAdmin.userId, ['team', 'orders']))
      .when({ type: 'GrantDefaultRights', user: admin, grantedBy: otherAdmin, changedBy: otherAdmin.userId, at })
      .then([rightsGranted(admin.userId, ['orders'], otherAdmin.userId)]);
  });

  it('given a user made by provisioning (nobody of the company), then the defaults are granted', () => {
    given()
      .when({ type: 'GrantDefaultRights', user: admin, grantedBy: null, changedBy: 'system', at })
      .then([rightsGranted(admin.userId, ['materials', 'orders', 'stations', 'shipments'], 'system')]);
  });

  it('given a new operator, then nothing is granted (stations are granted by hand)', () => {
    given().when({ type: 'GrantDefaultRights', user: operator, grantedBy: owner, changedBy: owner.userId, at }).then([]);
  });
});

describe('dropping rights', () => {
  it('given a removed user, then everything they held is revoked', () => {
    given(rightsGranted(admin.userId, ['orders']))
      .when({ type: 'DropUserRights', userId: admin.userId, changedBy: owner.userId, at })
      .then([rightsRevoked(admin.userId, ['orders'])]);
    given().when({ type: 'DropUserRights', userId: admin.userId, changedBy: owner.userId, at }).then([]);
  });

  it('given a deleted station, then everybody who held it loses it (in order of user id)', () => {
    given(stationsGranted('u-op2', ['s-drill']), stationsGranted(operator.userId, ['s-drill', 's-paint']))
      .when({ type: 'DropStationRights', stationId: 's-drill', changedBy: owner.userId, at })
      .then([stationsRevoked('u-op2', ['s-drill']), stationsRevoked(operator.userId, ['s-drill'])]);
  });
});
