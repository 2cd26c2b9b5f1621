import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserView } from '../../../../domain/identity/identity.views';
import { api, type Page } from '../../../lib/api';

/** Under the team's `users` key, so adding or removing a user refreshes the choice as well. */
const usersToNotifyKey = ['users', 'station-notify-choices'] as const;

/** The users an action "notify user" can name: the company's team, first 100 by the server's order. */
export const getUsersToNotify = (): Promise<UserView[]> =>
  api.get<Page<UserView>>('/users', { query: { page: 1, limit: 100 } }).then((page) => page.data);

export const getUsersToNotifyQueryOptions = () => queryOptions({ queryKey: usersToNotifyKey, queryFn: getUsersToNotify });

export const useUsersToNotify = (enabled: boolean) => useQuery({ ...getUsersToNotifyQueryOptions(), enabled });
