import { userStatuses } from '../../../domain/identity/identity.rules';
import { userSortColumns } from '../../../domain/identity/identity.schema';
import { pagingOfSearch, searchOfPaging, type PagingState } from '../../lib/paging';
import type { EmployeeRole, EmployeeStatus } from './api/team-overview';

export const employeeRoles: readonly EmployeeRole[] = ['SUPER_USER', 'ADMIN', 'OPERATOR'];
export const employeeStatuses: readonly EmployeeStatus[] = userStatuses;

/** The employee table's filters, page and sort; kept in the address so a reload or a link keeps them. */
export interface EmployeeListState {
  role: EmployeeRole | null;
  status: EmployeeStatus | null;
  paging: PagingState;
}

const isRole = (value: string | null): value is EmployeeRole => employeeRoles.includes(value as EmployeeRole);
const isStatus = (value: string | null): value is EmployeeStatus => employeeStatuses.includes(value as EmployeeStatus);

/** Reads `?role=&status=&q=&page=&sort=` (page from 1 in the address); anything unknown falls back to the default. */
export function employeeListStateOf(search: URLSearchParams): EmployeeListState {
  const role = search.get('role');
  const status = search.get('status');
  return {
    role: isRole(role) ? role : null,
    status: isStatus(status) ? status : null,
    paging: pagingOfSearch(search, userSortColumns),
  };
}

/** The address query of a state, leaving out what is default. */
export function employeeSearchOf({ role, status, paging }: EmployeeListState): Record<string, string> {
  const search: Record<string, string> = {};
  if (role) search.role = role;
  if (status) search.status = status;
  return { ...search, ...searchOfPaging(paging) };
}

export const employeeProfileHref = (id: string): string => `/team/employee-profile/${id}`;
