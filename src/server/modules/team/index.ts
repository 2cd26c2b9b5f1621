import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../../../domain/shared/errors.js';
import { EMPLOYEE_STREAM_TYPE } from '../../../domain/team/employee.events.js';
import { MASTER_DATA_STREAM_TYPE } from '../../../domain/team/master-data.events.js';
import { USER_RIGHTS_STREAM_TYPE } from '../../../domain/team/rights.events.js';
import { mayChange } from '../../../domain/team/rights.js';
import * as teamViews from '../../../domain/team/team.views.js';
import type { ChangeRightCheck } from '../../platform/auth.js';
import type { Db } from '../../platform/db.js';
import type { WorkingTime } from '../../../domain/company/working-time.rules.js';
import { defineModule } from '../../platform/module.js';
import type { AccountDetailsReader } from '../identity/index.js';
import { halfVacationDaysOfUser, workingDaysOfUser, writeStationRightsOf } from './team.handlers.js';
import { teamProjections } from './team.projection.js';
import { changeRightsOfPrincipal, employeeView, type EntryUsageReader } from './team.queries.js';
import { teamRoutes, type LabourTimeReader } from './team.routes.js';
import { teamLiveRules } from './team.live.js';

export { saveUserRights } from './team.handlers.js';
export { activeEntryName, userRightsMatrix, type EntryUsageReader } from './team.queries.js';
export { absencesEndingFrom } from './team.queries.js';

export type { LabourTimeReader } from './team.routes.js';

declare module '../../platform/module.js' {
  interface Ports {
    /** Provided by labour: the labour time the records and the development trends show (labour builds on orders, which build on team). */
    labourTimeReader: LabourTimeReader;
  }
}

declare module '../../platform/list-ports.js' {
  interface ListPorts {
    /** Contributed by each module whose records name master-data entries (interruptions: its reports' reasons). */
    entryUsageReaders: EntryUsageReader;
  }
}

/** The change rights of spec section 6: the owner and the product operator hold all, an admin what the matrix grants. */
const changeRightCheckOf =
  (db: Db): ChangeRightCheck =>
  async (principal, area) => {
    if (principal.role !== 'ADMIN') {
      if (mayChange(principal.role, [], area)) return;
      throw new DomainError('CHANGE_RIGHT_MISSING');
    }
    if (!principal.companyId) throw new DomainError('FORBIDDEN');
    const granted = await changeRightsOfPrincipal(db, principal.companyId, principal.userId);
    if (!mayChange(principal.role, granted, area)) throw new DomainError('CHANGE_RIGHT_MISSING');
  };

/** What the account answer adds about the employee: vacations counted on the company's working days (`fallback` before it saved any). */
const accountDetailsOf =
  (fallback: WorkingTime): AccountDetailsReader =>
  async (db, userId, now) => {
    const { user: _user, ...employee } = await employeeView(db, userId, now.toISOString().slice(0, 10), {
      halfDaysAllowed: await halfVacationDaysOfUser(db, userId),
      workingDays: await workingDaysOfUser(db, userId, fallback),
    });
    return employee;
  };

/**
 * Team and people: employee profiles, vacations, master data, the user-rights matrix (the one
 * source of truth of station and change rights) and each employee's records. Provides the
 * platform's change-right check, the stations module's station-rights writer and the account's
 * employee details; collects the other modules' counts of the master-data entries their records name.
 */
export const teamModule = defineModule({
  name: 'team',
  requires: ['labourTimeReader'],
  collects: ['entryUsageReaders'],
  provides: {
    changeRightCheck: (deps) => changeRightCheckOf(deps.db),
    stationRightsWriter: () => writeStationRightsOf,
    accountDetails: (deps) => accountDetailsOf(deps.config.workingTime),
  },
  contributes: {
    companyTables: [{ exported: ['absences', 'employee_profiles', 'master_data_entries', 'user_change_rights', 'vacation_entitlements'], notExported: [] }],
  },
  plugin: fp(
    async (app: FastifyInstance, { ports }: { ports: { entryUsageReaders: readonly EntryUsageReader[]; labourTimeReader: LabourTimeReader } }) => {
      await app.register(async (scope) => teamRoutes(scope, ports.entryUsageReaders, ports.labourTimeReader));
    },
    { name: 'team', dependencies: ['identity', 'stations'] },
  ),
  projections: (eventStore) => teamProjections(eventStore),
  openApi: {
    tags: [{ name: 'team', description: 'Employees: profiles, organization, absences and vacations, records, master data, user rights.' }],
    views: [teamViews],
  },
  liveTopics: [EMPLOYEE_STREAM_TYPE, MASTER_DATA_STREAM_TYPE, USER_RIGHTS_STREAM_TYPE],
  liveRules: teamLiveRules,
});
