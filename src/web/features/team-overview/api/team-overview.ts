import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { StationSessionsView, userCountsSchema, UserView } from '../../../../domain/identity/identity.views';
import type { TeamAbsencesView } from '../../../../domain/team/team.views';
import { api } from '../../../lib/api';
import { usersKey } from '../../../lib/resources/keys';
import { getUsers } from '../../../lib/resources/users';

export type UserCounts = z.infer<typeof userCountsSchema>;
export type EmployeeRole = UserView['role'];
export type EmployeeStatus = UserView['status'];

/** `GET /api/users` as the employee table asks it: page from 1, role and status filters, `q` and `sort`. */
export interface EmployeeListQuery {
  page: number;
  limit: number;
  role?: EmployeeRole;
  status?: EmployeeStatus;
  q?: string;
  sort?: string;
}

export const getEmployeesQueryOptions = (query: EmployeeListQuery) =>
  queryOptions({
    queryKey: [...usersKey, 'employees', query],
    queryFn: () => getUsers(query),
    placeholderData: keepPreviousData,
  });

export const useEmployees = (query: EmployeeListQuery) => useQuery(getEmployeesQueryOptions(query));

export const userCountsQueryOptions = queryOptions({
  queryKey: [...usersKey, 'count-by-role'],
  queryFn: () => api.get<UserCounts>('/users/count-by-role'),
});

export const useUserCounts = () => useQuery(userCountsQueryOptions);

/** The company's absences touching the days `from` to `to` (YYYY-MM-DD, both included). */
export const teamAbsencesQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: ['team', 'absences', from, to],
    queryFn: () => api.get<TeamAbsencesView>('/team/absences', { query: { from, to } }),
  });

export const useTeamAbsences = (from: string, to: string) => useQuery(teamAbsencesQueryOptions(from, to));

/** Who is signed in at which station right now. */
export const stationSessionsQueryOptions = queryOptions({
  queryKey: ['team', 'station-sessions'],
  queryFn: () => api.get<StationSessionsView>('/team/station-sessions'),
});

export const useStationSessions = () => useQuery(stationSessionsQueryOptions);
