import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AbsenceBooking, EmployeeProfile, Organization, VacationEntitlement } from '../../../../domain/team/employee.schema';
import type { MasterDataEntryInput, MasterDataList } from '../../../../domain/team/master-data';
import type { SaveUserRightsInput } from '../../../../domain/team/rights.schema';
import type { z } from 'zod';
import type {
  AccountView,
  DevelopmentView,
  EmployeeRecordsView,
  EmployeeView,
  masterDataListViewSchema,
  UserRightsMatrixView,
} from '../../../../domain/team/team.views';
import type { UserView } from '../../../../domain/identity/identity.views';
import { api } from '../../../lib/api';

/** Every query of this feature starts with this key, so a save refreshes the profile, the matrix and the lists together. */
export const teamProfileKey = ['team-profile'] as const;

type MasterDataListView = z.infer<typeof masterDataListViewSchema>;

const path = (id: string) => encodeURIComponent(id);

/** `GET /api/users/account/{id}`: the user and their employee records (spec section 7). */
export const getAccount = (id: string): Promise<AccountView> => api.get<AccountView>(`/users/account/${path(id)}`);
export const accountQueryOptions = (id: string) => queryOptions({ queryKey: [...teamProfileKey, 'account', id], queryFn: () => getAccount(id) });
export const useAccount = (id: string) => useQuery({ ...accountQueryOptions(id), enabled: id !== '' });

/** `GET /api/team/employees/{id}`: the same records with the version of the employee's stream on top (a versioned form's latest copy). */
export const employeeQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...teamProfileKey, 'employee', id], queryFn: () => api.get<EmployeeView>(`/team/employees/${path(id)}`) });

const employeeWrite =
  <Input>(method: 'put' | 'post', suffix: (input: Input) => string, body: (input: Input) => unknown = (input) => input) =>
  (id: string, input: Input): Promise<EmployeeView> =>
    method === 'put'
      ? api.put<EmployeeView>(`/team/employees/${path(id)}${suffix(input)}`, body(input))
      : api.post<EmployeeView>(`/team/employees/${path(id)}${suffix(input)}`, body(input));

/** A save made on the version of the employee's records the form was loaded with. */
type Versioned<T> = T & { version: number };

export const saveProfile = employeeWrite<Versioned<EmployeeProfile>>('put', () => '/profile');
export const saveOrganization = employeeWrite<Versioned<Organization>>('put', () => '/organization');
export const saveEntitlement = employeeWrite<{ year: number; entitlement: Versioned<VacationEntitlement> }>(
  'put',
  (input) => `/vacations/${input.year}`,
  (input) => input.entitlement,
);
export const bookAbsence = employeeWrite<AbsenceBooking>('post', () => '/absences');
export const cancelAbsence = (id: string, absenceId: string): Promise<EmployeeView> =>
  api.delete<EmployeeView>(`/team/employees/${path(id)}/absences/${path(absenceId)}`);

/** One mutation of an employee's records; on success the profile and the matrix are read again. */
export function useEmployeeWrite<Input>(write: (id: string, input: Input) => Promise<EmployeeView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: Input }) => write(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamProfileKey }),
  });
}

/** Deactivates (`active` false) or reactivates a user; the profile and the matrix are read again. */
export function useActivation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => api.post<UserView>(`/users/${path(id)}/${active ? 'reactivate' : 'deactivate'}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamProfileKey }),
  });
}

/** `GET /api/team/user-rights`: every user with their station and change rights, and the version to save on. */
export const getUserRights = (): Promise<UserRightsMatrixView> => api.get<UserRightsMatrixView>('/team/user-rights');
export const userRightsQueryOptions = () => queryOptions({ queryKey: [...teamProfileKey, 'user-rights'], queryFn: getUserRights });
export const useUserRights = (enabled = true) => useQuery({ ...userRightsQueryOptions(), enabled });

export const saveUserRights = (input: SaveUserRightsInput): Promise<UserRightsMatrixView> => api.put<UserRightsMatrixView>('/team/user-rights', input);

export function useSaveUserRights() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUserRights,
    onSuccess: (saved) => {
      queryClient.setQueryData(userRightsQueryOptions().queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: teamProfileKey });
    },
  });
}

export const masterDataQueryOptions = (list: MasterDataList) =>
  queryOptions({
    queryKey: [...teamProfileKey, 'master-data', list],
    queryFn: () => api.get<MasterDataListView>(`/team/master-data/${list}`).then((answer) => answer.data),
  });
export const useMasterData = (list: MasterDataList) => useQuery(masterDataQueryOptions(list));

export type MasterDataChangeInput =
  | { kind: 'add'; input: MasterDataEntryInput }
  | { kind: 'rename'; entryId: string; input: MasterDataEntryInput }
  | { kind: 'retire' | 'reinstate' | 'delete'; entryId: string };

export function changeMasterData(list: MasterDataList, change: MasterDataChangeInput): Promise<unknown> {
  switch (change.kind) {
    case 'add':
      return api.post(`/team/master-data/${list}`, change.input);
    case 'rename':
      return api.put(`/team/master-data/${list}/${path(change.entryId)}`, change.input);
    case 'retire':
    case 'reinstate':
      return api.post(`/team/master-data/${list}/${path(change.entryId)}/${change.kind}`);
    case 'delete':
      return api.delete(`/team/master-data/${list}/${path(change.entryId)}`);
  }
}

export function useChangeMasterData(list: MasterDataList) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: MasterDataChangeInput) => changeMasterData(list, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamProfileKey }),
  });
}

export interface RecordsQuery {
  from?: string;
  to?: string;
}

export const recordsQueryOptions = (id: string, filter: RecordsQuery) =>
  queryOptions({
    queryKey: [...teamProfileKey, 'records', id, filter],
    queryFn: () => api.get<EmployeeRecordsView>(`/team/employees/${path(id)}/records`, { query: { ...filter } }),
  });
export const useRecords = (id: string, filter: RecordsQuery) => useQuery(recordsQueryOptions(id, filter));

/** The records of the filter as CSV for Excel; `lang=de` gives German headers and decimal commas. */
export const exportRecordsCsv = (id: string, filter: RecordsQuery, lang: 'en' | 'de'): Promise<Blob> =>
  api.blob(`/team/employees/${path(id)}/records.csv`, { query: { ...filter, lang } });

/** `GET /api/team/development`: weekly trends of one employee (`userId`) or of the whole team. */
export const developmentQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: [...teamProfileKey, 'development', userId],
    queryFn: () => api.get<DevelopmentView>('/team/development', { query: { userId: userId ?? undefined } }),
  });
export const useDevelopment = (userId: string | null) => useQuery(developmentQueryOptions(userId));
