import { useQuery } from '@tanstack/react-query';
import type { UserView } from '../../../../domain/identity/identity.views';
import { can } from '../../../lib/access';
import { api } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';

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
