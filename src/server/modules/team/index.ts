import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../../../domain/shared/errors.js';
import { mayChange } from '../../../domain/team/rights.js';
import { halfVacationDaysOfUser, writeStationRightsOf } from './team.handlers.js';
import { changeRightsOfPrincipal, employeeView } from './team.queries.js';
import { teamRoutes } from './team.routes.js';

export { saveUserRights } from './team.handlers.js';
export { teamProjections } from './team.projection.js';
export { activeEntryName, addEntryUsageReader, userRightsMatrix, type EntryUsageReader } from './team.queries.js';

/**
 * Team and people: employee profiles, vacations, master data, the user-rights matrix (the one
 * source of truth of station and change rights) and each employee's records. Installs the
 * platform's change-right check and the stations module's station-rights writer.
 */
export const teamModule = fp(
  async (app: FastifyInstance) => {
    app.auth.setChangeRightCheck(async (principal, area) => {
      if (principal.role !== 'ADMIN') {
        if (mayChange(principal.role, [], area)) return;
        throw new DomainError('CHANGE_RIGHT_MISSING');
      }
      if (!principal.companyId) throw new DomainError('FORBIDDEN');
      const granted = await changeRightsOfPrincipal(app.db, principal.companyId, principal.userId);
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
