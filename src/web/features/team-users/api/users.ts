import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createAdminUserSchema, createOperationsUserSchema, Locale, resetOperatorPasswordSchema } from '../../../../domain/identity/identity.schema';
import type { UserView } from '../../../../domain/identity/identity.views';
import { api } from '../../../lib/api';
import { usersKey } from '../../../lib/resources/keys';
import { getUsers, type UserListQuery } from '../../../lib/resources/users';

export type { UserListQuery };

export type AdminInvitation = z.input<typeof createAdminUserSchema>;
export type NewOperationsUser = z.input<typeof createOperationsUserSchema>;

export { usersKey };

export const getUsersQueryOptions = (query: UserListQuery) =>
  queryOptions({ queryKey: [...usersKey, query], queryFn: () => getUsers(query), placeholderData: keepPreviousData });

export const useUsers = (query: UserListQuery) => useQuery(getUsersQueryOptions(query));

/** Invites an administration user: the email carries a link to set the password (72 hours). */
export const inviteAdminUser = (input: AdminInvitation): Promise<UserView> => api.post<UserView>('/users/create-admin-user', input);

/** Creates an operation user, who signs in with the username at once. */
export const createOperationsUser = (input: NewOperationsUser): Promise<UserView> => api.post<UserView>('/users/create-operations-user', input);

export function useInviteAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: inviteAdminUser, onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }) });
}

export function useCreateOperationsUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createOperationsUser, onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }) });
}

export type OperatorPasswordReset = z.input<typeof resetOperatorPasswordSchema>;

/** Removes an administration or operation user; their sessions end at once. */
export const removeUser = (id: string): Promise<{ ok: true }> => api.delete<{ ok: true }>(`/users/${id}`);

/** Mails an invited administration user a new link; the earlier one stops working. */
export const resendInvitation = (id: string): Promise<UserView> => api.post<UserView>(`/users/${id}/resend-invitation`);

/** Sets an operation user's new password; their sessions end at once. */
export const resetOperatorPassword = ({ id, ...input }: OperatorPasswordReset & { id: string }): Promise<{ ok: true }> =>
  api.post<{ ok: true }>(`/users/${id}/reset-password`, input);

export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeUser, onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }) });
}

/** Deactivates a user: they cannot sign in, and every session of theirs ends at once. */
export const deactivateUser = (id: string): Promise<UserView> => api.post<UserView>(`/users/${id}/deactivate`);

/** Lets a deactivated user sign in again. */
export const reactivateUser = (id: string): Promise<UserView> => api.post<UserView>(`/users/${id}/reactivate`);

export function useDeactivation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => (active ? reactivateUser(id) : deactivateUser(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}

export function useResendInvitation() {
  return useMutation({ mutationFn: resendInvitation });
}

export function useResetOperatorPassword() {
  return useMutation({ mutationFn: resetOperatorPassword });
}

/** `PUT /api/users/{id}/language`: an administration or operation user's language (their emails, documents and screens). */
export const setUserLanguage = ({ id, locale }: { id: string; locale: Locale }): Promise<UserView> =>
  api.put<UserView>(`/users/${encodeURIComponent(id)}/language`, { locale });

export function useSetUserLanguage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setUserLanguage, onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }) });
}
