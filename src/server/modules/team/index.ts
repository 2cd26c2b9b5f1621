import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { USER_STREAM_TYPE, type UserEvent } from '../../../domain/identity/identity.events.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { STATION_STREAM_TYPE, type StationEvent } from '../../../domain/stations/station.events.js';
import { USER_RIGHTS_STREAM_TYPE, type UserRightsEvent } from '../../../domain/team/rights.events.js';
import { mayChange } from '../../../domain/team/rights.js';
import { withTenant } from '../../platform/db.js';
import { eventProjection } from '../../platform/event-store.js';
import { revokeSessionsAtStation, revokeStationSessions } from '../identity/index.js';
import { decideOnRightsWithin, halfVacationDaysOfUser, writeStationRightsOf } from './team.handlers.js';
import { changeRightsProjection, employeesProjection, masterDataProjection } from './team.projection.js';
import { employeeView, grantedChangeRights } from './team.queries.js';
import { teamRoutes } from './team.routes.js';

export { saveUserRights } from './team.handlers.js';
export { userRightsMatrix } from './team.queries.js';

/**
 * Team and people: employee profiles, vacations, master data, the user-rights matrix (the one
 * source of truth of station and change rights) and each employee's records. Installs the
 * platform's change-right check and the stations module's station-rights writer.
 */
export const teamModule = fp(
  async (app: FastifyInstance) => {
    app.eventStore.registerInlineProjection(employeesProjection);
    app.eventStore.registerInlineProjection(masterDataProjection);
    app.eventStore.registerInlineProjection(changeRightsProjection);

    // A new administration user gets the default change rights, a removed user keeps none: in the
    // transaction that created or removed them, as facts of the matrix.
    app.eventStore.registerInlineProjection(
      eventProjection<UserEvent>({
        name: 'user-rights-of-new-users',
        streamTypes: [USER_STREAM_TYPE],
        async project(tx, event, stored) {
          const at = stored.recordedAt.toISOString();
          const changedBy = stored.metadata.userId ?? 'system';
          const companyId = 'companyId' in event.data ? event.data.companyId : null;
          if (!companyId) return;
          if ((event.type === 'AdminUserInvited' || event.type === 'UserCreated') && event.data.role === 'ADMIN') {
            const user = { userId: event.data.userId, role: event.data.role };
            await decideOnRightsWithin(tx, app.eventStore, companyId, stored.metadata, { type: 'GrantDefaultRights', user, changedBy, at });
          } else if (event.type === 'UserRemoved') {
            await decideOnRightsWithin(tx, app.eventStore, companyId, stored.metadata, { type: 'DropUserRights', userId: event.data.userId, changedBy, at });
          }
        },
      }),
    );

    // An operator signed in at a station whose right is revoked is signed out of that station: their
    // sessions opened there end in the revoking transaction (their others stay), so the station screen's
    // next request answers 401 and the live feed's heartbeat closes its socket; the revocation itself
    // reaches the company's live topic at once.
    app.eventStore.registerInlineProjection(
      eventProjection<UserRightsEvent>({
        name: 'station-sign-out-on-revoke',
        streamTypes: [USER_RIGHTS_STREAM_TYPE],
        async project(tx, event) {
          if (event.type === 'StationRightsRevoked') await revokeStationSessions(tx, event.data.userId, event.data.stationIds);
        },
      }),
    );

    // A deleted station is revoked in the matrix too (its projection and the matrix agree), in the
    // deleting transaction; whoever was signed in there is signed out.
    app.eventStore.registerInlineProjection(
      eventProjection<StationEvent>({
        name: 'user-rights-of-deleted-stations',
        streamTypes: [STATION_STREAM_TYPE],
        async project(tx, event, stored) {
          if (event.type !== 'StationDeleted' || !stored.companyId) return;
          const changedBy = stored.metadata.userId ?? 'system';
          const command = { type: 'DropStationRights', stationId: event.data.stationId, changedBy, at: stored.recordedAt.toISOString() } as const;
          await decideOnRightsWithin(tx, app.eventStore, stored.companyId, stored.metadata, command);
          await revokeSessionsAtStation(tx, event.data.stationId);
        },
      }),
    );

    app.auth.setChangeRightCheck(async (principal, area) => {
      if (principal.role !== 'ADMIN') {
        if (mayChange(principal.role, [], area)) return;
        throw new DomainError('CHANGE_RIGHT_MISSING');
      }
      if (!principal.companyId) throw new DomainError('FORBIDDEN');
      const granted = await withTenant(app.db, principal.companyId, (tx) => grantedChangeRights(tx, principal.userId));
      if (!mayChange(principal.role, granted, area)) throw new DomainError('CHANGE_RIGHT_MISSING');
    });
    app.stations.setStationRightsWriter(writeStationRightsOf);
    app.identity.setAccountDetails(async (db, userId, now) => {
      const { user: _user, ...employee } = await employeeView(db, userId, now.toISOString().slice(0, 10), await halfVacationDaysOfUser(db, userId));
      return employee;
    });

    await app.register(teamRoutes);
  },
  { name: 'team', dependencies: ['identity', 'stations'] },
);
