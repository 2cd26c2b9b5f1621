import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { loginSchema } from '../../../../domain/identity/identity.schema';
import type { SessionView, UserView } from '../../../../domain/identity/identity.views';
import { can } from '../../../lib/access';
import { api } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';

export type LoginInput = z.input<typeof loginSchema>;

export const authenticate = (input: LoginInput): Promise<SessionView> => api.post<SessionView>('/auth/authenticate', input);

/** Sign-in: on success the session goes to the AuthProvider, which stores it and clears saved form data. */
export function useAuthenticate() {
  const { login } = useAuth();
  return useMutation({
    mutationFn: authenticate,
    onSuccess: (session) => login(session),
  });
}

export const getCurrentUser = (): Promise<UserView> => api.get<UserView>('/auth/me');

/**
 * The signed-in user's own record. Spec section 4: never asked for the master user. A failed
 * read is retried once by the query client's rule (spec section 9).
 */
export function useCurrentUser() {
  const { session } = useAuth();
  const enabled = can(session, 'ownProfile');
  return useQuery({ queryKey: ['current-user', session?.userId ?? ''], queryFn: getCurrentUser, enabled });
}
