import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ClientList } from '../../domain/clients/clients.views';
import type { UserView } from '../../domain/identity/identity.views';
import type { MaterialSummary, MaterialType } from '../../domain/materials/materials.schema';
import { MAX_PAGE_SIZE } from '../../domain/shared/paging';
import type { StationView } from '../../domain/stations/stations.views';
import { api, type Page } from './api';
import { clientsKey, materialsKey, stationsKey, usersKey } from './resources/keys';

/**
 * Reference data the pickers of several features share (stations, users, materials), read through
 * one query-options factory each, under one key each. A list that a picker offers whole is read
 * page after page until the server's total: there is no silent cap. Every key starts with the
 * feature's own root key (`stations`, `users`, `materials`), so a change there refreshes it too.
 */

/** Every item of a paged list, page after page at the server's largest page size. */
export async function getAllPages<T>(path: string, query: Record<string, string | number | undefined> = {}): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await api.get<Page<T>>(path, { query: { ...query, page, limit: MAX_PAGE_SIZE } });
    items.push(...answer.data);
    if (answer.data.length === 0 || items.length >= answer.total) return items;
  }
}

/** `name`: alphabetical; `sequence`: the saved sequence first, in its order, then the rest. */
export type StationOrder = 'name' | 'sequence';

/** Every station of the company; other people's changes show when the window gets focus again. */
export const allStationsQueryOptions = (order: StationOrder = 'name') =>
  queryOptions({
    queryKey: [...stationsKey, 'all', order],
    queryFn: () => getAllPages<StationView>('/stations', { sort: order }),
    refetchOnWindowFocus: true,
  });

/** Every user of the company's team (the master user is not one of them). */
export const allUsersQueryOptions = () => queryOptions({ queryKey: [...usersKey, 'all'], queryFn: () => getAllPages<UserView>('/users') });

/** How many materials a picker offers at a time: it is a search, the user narrows it by typing. */
export const materialChoicesLimit = 20;

/** Materials whose name or number contains `q` (of one type when given), by name, for a picker. */
export const materialChoicesQueryOptions = (q: string, type?: MaterialType) =>
  queryOptions({
    queryKey: [...materialsKey, 'choices', q, type ?? 'all'],
    queryFn: () => api.get<Page<MaterialSummary>>('/materials', { query: { page: 1, limit: materialChoicesLimit, q, sort: 'name', type } }),
    placeholderData: keepPreviousData,
  });

/** The company's clients (customer directory) whose name or contact person contains `q`, by name (`GET /api/clients`). */
export const clientsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...clientsKey, 'list', q],
    queryFn: () => api.get<ClientList>('/clients', { query: { q } }),
    placeholderData: keepPreviousData,
  });
