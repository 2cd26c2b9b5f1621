import type { EmployeeEvent } from '../../../domain/team/employee.events.js';
import type { MasterDataEvent } from '../../../domain/team/master-data.events.js';
import type { UserRightsEvent } from '../../../domain/team/rights.events.js';
import { everyone, liveRulesOf, writersAndSubject } from '../../platform/live-visibility.js';

declare module '../../platform/live-visibility.js' {
  interface KnownEvents {
    team: EmployeeEvent | MasterDataEvent | UserRightsEvent;
  }
}

/** Who of the company receives each event of team on the live feed: what REST answers each role (docs/live-feed.md, "Roles"). */
export const teamLiveRules = liveRulesOf<EmployeeEvent | MasterDataEvent | UserRightsEvent>()({
  // team: employee records as the user records; master data is read by everyone; the rights
  // matrix by writers, one user's station rights by that user too
  EmployeeProfileChanged: writersAndSubject,
  EmployeeOrganizationChanged: writersAndSubject,
  VacationEntitlementSet: writersAndSubject,
  AbsenceBooked: writersAndSubject,
  AbsenceCancelled: writersAndSubject,
  MasterDataEntryAdded: everyone,
  MasterDataEntryRenamed: everyone,
  MasterDataEntryRetired: everyone,
  MasterDataEntryReinstated: everyone,
  MasterDataEntryDeleted: everyone,
  StationRightsGranted: writersAndSubject,
  StationRightsRevoked: writersAndSubject,
  ChangeRightsGranted: writersAndSubject,
  ChangeRightsRevoked: writersAndSubject,
});
