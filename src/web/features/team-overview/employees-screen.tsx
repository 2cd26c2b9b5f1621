import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { USER_STREAM_TYPE } from '../../../domain/identity/identity.events';
import type { UserView } from '../../../domain/identity/identity.views';
import { EMPLOYEE_STREAM_TYPE } from '../../../domain/team/employee.events';
import { useLocaleFormats } from '../../lib/locale';
import type { PagingState } from '../../lib/paging';
import { useDebounced } from '../../lib/use-debounced';
import { useLiveQuery } from '../../lib/use-live-feed';
import { Badge } from '../../ui/badge';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { Link } from '../../ui/link';
import { Select, SelectItem } from '../../ui/select';
import { getEmployeesQueryOptions, useEmployees, type EmployeeListQuery } from './api/team-overview';
import { employeeListStateOf, employeeProfileHref, employeeRoles, employeeSearchOf, employeeStatuses, type EmployeeListState } from './list-search';
import './team-overview.css';

const ALL = 'all';
const liveTopics = [`type:${EMPLOYEE_STREAM_TYPE}`, `type:${USER_STREAM_TYPE}`] as const;
const statusTone = { ACTIVE: 'positive', INVITED: 'info', UNCONFIRMED: 'warning', DEACTIVATED: 'neutral' } as const;

/** team/view-employees: every user of the company, server-paged, filtered by role and status, searched and sorted, kept in the address. */
export function EmployeesScreen() {
  const { t } = useTranslation();
  const formats = useLocaleFormats();
  const [search, setSearch] = useSearchParams();
  const state = employeeListStateOf(search);

  // Typing a filter replaces the address; a new filter, page or sort is a step the back button returns to.
  const change = useCallback(
    (next: EmployeeListState) => setSearch(employeeSearchOf(next), { replace: next.paging.globalFilter !== state.paging.globalFilter }),
    [setSearch, state.paging.globalFilter],
  );
  const changePaging = useCallback((paging: PagingState) => change({ ...state, paging }), [change, state]);

  const q = useDebounced(state.paging.globalFilter.trim());
  const query: EmployeeListQuery = {
    page: state.paging.pageIndex + 1,
    limit: state.paging.pageSize,
    role: state.role ?? undefined,
    status: state.status ?? undefined,
    q: q || undefined,
    sort: state.paging.sort || undefined,
  };
  const employees = useEmployees(query);
  useLiveQuery(liveTopics, getEmployeesQueryOptions(query).queryKey, employees);

  const columns = useMemo<DataTableColumn<UserView>[]>(
    () => [
      {
        id: 'name',
        header: t('teamUsers.employees.columns.name'),
        isRowHeader: true,
        allowsSorting: true,
        cell: (user) => (
          <Link href={employeeProfileHref(user.id)} aria-label={t('teamUsers.employees.openProfile', { name: `${user.firstName} ${user.lastName}` })}>
            {`${user.firstName} ${user.lastName}`}
          </Link>
        ),
      },
      { id: 'role', header: t('teamUsers.employees.columns.role'), allowsSorting: true, cell: (user) => t(`teamUsers.roles.${user.role}`) },
      {
        id: 'email',
        header: t('teamUsers.employees.columns.signIn'),
        allowsSorting: true,
        cell: (user) => user.email ?? user.username ?? '–',
      },
      {
        id: 'status',
        header: t('teamUsers.employees.columns.status'),
        cell: (user) => <Badge tone={statusTone[user.status]}>{t(`teamUsers.status.${user.status}`)}</Badge>,
      },
      { id: 'createdAt', header: t('teamUsers.employees.columns.createdAt'), allowsSorting: true, cell: (user) => formats.date(user.createdAt) },
    ],
    [t, formats],
  );

  const roleItems = [{ id: ALL }, ...employeeRoles.map((id) => ({ id }))];
  const statusItems = [{ id: ALL }, ...employeeStatuses.map((id) => ({ id }))];
  return (
    <div className="page">
      <div className="page-header">
        <h1>{t('screens.viewEmployees.title')}</h1>
        <Link href="/team">{t('teamUsers.backToTeam')}</Link>
      </div>
      <div className="team-filters">
        <Select
          label={t('teamUsers.employees.filters.role')}
          items={roleItems}
          value={state.role ?? ALL}
          onChange={(key) => change({ ...state, role: key === ALL ? null : (key as EmployeeListState['role']), paging: { ...state.paging, pageIndex: 0 } })}
        >
          {(item) => <SelectItem id={item.id}>{item.id === ALL ? t('teamUsers.employees.filters.allRoles') : t(`teamUsers.roles.${item.id}`)}</SelectItem>}
        </Select>
        <Select
          label={t('teamUsers.employees.filters.status')}
          items={statusItems}
          value={state.status ?? ALL}
          onChange={(key) => change({ ...state, status: key === ALL ? null : (key as EmployeeListState['status']), paging: { ...state.paging, pageIndex: 0 } })}
        >
          {(item) => <SelectItem id={item.id}>{item.id === ALL ? t('teamUsers.employees.filters.allStatuses') : t(`teamUsers.status.${item.id}`)}</SelectItem>}
        </Select>
      </div>
      <DataTable
        label={t('screens.viewEmployees.title')}
        columns={columns}
        rows={employees.data?.data ?? []}
        rowId={(user) => user.id}
        total={employees.data?.total ?? 0}
        paging={state.paging}
        onPagingChange={changePaging}
        isLoading={employees.isPending}
        error={employees.error}
        withFilter
      />
    </div>
  );
}
