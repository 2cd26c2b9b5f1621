import { userSortColumns } from '../../../domain/identity/identity.schema';
import { defaultPaging, type PagingState } from '../../lib/paging';
import type { EmployeeRole, EmployeeStatus } from './api/team-overview';

export const employeeRoles: readonly EmployeeRole[] = ['SUPER_USER', 'ADMIN', 'OPERATOR'];
export const employeeStatuses: readonly EmployeeStatus[] = ['ACTIVE', 'INVITED', 'UNCONFIRMED'];

/** The employee table's filters, page and sort; kept in the address so a reload or a link keeps them. */
export interface EmployeeListState {
  role: EmployeeRole | null;
  status: EmployeeStatus | null;
  paging: PagingState;
}

const isRole = (value: string | null): value is EmployeeRole => employeeRoles.includes(value as EmployeeRole);
const isStatus = (value: string | null): value is EmployeeStatus => employeeStatuses.includes(value as EmployeeStatus);
const isSort = (value: string): boolean => userSortColumns.includes(value.replace(/^-/, '') as (typeof userSortColumns)[number]);

/** Reads `?role=&status=&q=&page=&sort=` (page from 1 in the address); anything unknown falls back to the default. */
export function employeeListStateOf(search: URLSearchParams): EmployeeListState {
  const role = search.get('role');
  const status = search.get('status');
  const page = Number.parseInt(search.get('page') ?? '1', 10);
  const sort = search.get('sort') ?? '';
  return {
    role: isRole(role) ? role : null,
    status: isStatus(status) ? status : null,
    paging: {
      ...defaultPaging,
      pageIndex: Number.isFinite(page) && page > 1 ? page - 1 : 0,
      globalFilter: search.get('q') ?? '',
      sort: isSort(sort) ? sort : '',
    },
  };
}

/** The address query of a state, leaving out what is default. */
export function employeeSearchOf({ role, status, paging }: EmployeeListState): Record<string, string> {
  const search: Record<string, string> = {};
  if (role) search.role = role;
  if (status) search.status = status;
  if (paging.pageIndex > 0) search.page = String(paging.pageIndex + 1);
  if (paging.globalFilter) search.q = paging.globalFilter;
  if (paging.sort) search.sort = paging.sort;
  return search;
}

export const employeeProfileHref = (id: string): string => `/team/employee-profile/${id}`;
