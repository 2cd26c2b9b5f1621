import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { changePasswordSchema } from '../../../../domain/identity/identity.schema';
import type { tokenCheckAnswerSchema } from '../../../../domain/identity/identity.views';
import type { PasswordPair } from '../../../../domain/identity/password.schema';
import { api } from '../../../lib/api';

export type LinkCheck = z.infer<typeof tokenCheckAnswerSchema>['data'];
/** What an emailed link is for: a password reset or an administration user's invitation. */
export type LinkPurpose = LinkCheck['purpose'];
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** Same answer whether or not the address is known. */
export const requestPasswordReset = (email: string): Promise<unknown> => api.post('/auth/forgot-password', { email });

export const checkLinkToken = async (token: string): Promise<LinkCheck> =>
  (await api.post<{ data: LinkCheck }>('/auth/verify-token', undefined, { query: { token } })).data;

const setPasswordPath: Record<LinkPurpose, string> = {
  PASSWORD_RESET: '/auth/forgot-password/reset',
  INVITATION: '/auth/create-admin-password',
};

/** Sets the password with the link's token (reset-password or set-admin-password). */
export const setPasswordFromLink = (purpose: LinkPurpose, token: string, pair: PasswordPair): Promise<unknown> =>
  api.post(setPasswordPath[purpose], pair, { query: { token } });

export const changePassword = (input: ChangePasswordInput): Promise<unknown> => api.post('/auth/change-password', input);

/** Checked once per token and never kept: a used link must not look valid from the cache. */
export const linkTokenQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['link-token', token], queryFn: () => checkLinkToken(token), staleTime: 0, gcTime: 0, retry: false });

export const useLinkToken = (token: string) => useQuery({ ...linkTokenQueryOptions(token), enabled: token !== '' });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useSetPasswordFromLink = () =>
  useMutation({
    mutationFn: ({ purpose, token, pair }: { purpose: LinkPurpose; token: string; pair: PasswordPair }) => setPasswordFromLink(purpose, token, pair),
  });
export const useChangePassword = () => useMutation({ mutationFn: changePassword });
