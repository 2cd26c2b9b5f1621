import { useQuery } from '@tanstack/react-query';
import { allUsersQueryOptions } from '../../../lib/reference-data';

/** The users an action "notify user" can name: the company's whole team (under the `users` key, so a team change refreshes it). */
export const useUsersToNotify = (enabled: boolean) => useQuery({ ...allUsersQueryOptions(), enabled });
