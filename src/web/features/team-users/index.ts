/** Administration and operation users of the company: list, invite, create. */
export { TeamUsersScreen, type TeamRole } from './users-screen';
