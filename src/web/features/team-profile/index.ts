/** One employee's profile, organization, vacations, authorizations and records; the user-rights matrix; the master-data lists. */
export { EmployeeProfileScreen } from './employee-profile-screen';
export { MasterDataScreen } from './master-data-screen';
export { UserRightsScreen } from './user-rights-screen';
