import { useQuery } from '@tanstack/react-query';
import type { ChangeRight } from '../../domain/team/rights';
import type { AccountView } from '../../domain/team/team.views';
import { api } from './api';
import { useAuth } from './auth';
import { usersKey } from './resources/keys';

/**
 * The change rights the signed-in administration user was granted, read once from their account
 * (`GET /api/users/account/{id}`); pass them to `canChange`. Other roles need no read: the owner
 * and the master hold every right, operators none. Undefined while the read is under way, so an
 * action stays hidden until it is known to be allowed.
 */
export function useChangeRights(): readonly ChangeRight[] | undefined {
  const { session } = useAuth();
  const isAdmin = session?.role === 'ADMIN';
  const account = useQuery({
    queryKey: [...usersKey, 'account', session?.userId, 'change-rights'],
    queryFn: () => api.get<AccountView>(`/users/account/${session?.userId ?? ''}`),
    enabled: isAdmin,
    staleTime: 60_000,
  });
  if (!isAdmin) return [];
  return account.data ? (account.data.employee?.rights.changeRights ?? []) : undefined;
}
