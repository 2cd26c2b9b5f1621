import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { parseOrderNumber } from '../../../../domain/company/company.numbering';
import type { masterDataListViewSchema } from '../../../../domain/team/team.views';
import type { OrderForm, OrderKind, OrderStatus } from '../../../../domain/orders/order.schema';
import { can } from '../../../lib/access';
import { api, apiBaseUrl, isApiError, type Page } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { allStationsQueryOptions, materialChoicesQueryOptions } from '../../../lib/reference-data';
import { materialDetailKey, materialsKey, ordersKey, stationsKey } from '../../../lib/resources/keys';
import { orderQueryOptions, worklistQueryOptions } from '../../../lib/resources/order-actions';
import type {
  AdvertisementBoard,
  HomeBoard,
  MaterialChoice,
  MaterialSteps,
  OrderHistory,
  OrderListItem,
  OrderView,
  StationAuthorizations,
  StationChoice,
} from './types';

/** Every order query starts with the orders' root key, so a change or a live event refreshes lists, boards, details and worklists. */
export { ordersKey };

/** `GET /api/orders`: page from 1; `q` searches number, name and place; `sort` is a column, `-column` descending. */
export interface OrderListQuery {
  kind: OrderKind;
  status?: OrderStatus;
  delayed?: boolean;
  q: string;
  page: number;
  limit: number;
  sort: string;
}

const path = (id: string) => `/orders/${encodeURIComponent(id)}`;

export const getOrders = (query: OrderListQuery): Promise<Page<OrderListItem>> =>
  api.get<Page<OrderListItem>>('/orders', { query: { ...query, delayed: query.delayed === undefined ? undefined : String(query.delayed) } });

export const getOrdersQueryOptions = (query: OrderListQuery) =>
  queryOptions({
    queryKey: [...ordersKey, 'list', query],
    queryFn: () => getOrders(query),
    // The previous page stays while the next loads, but never the rows of another tab.
    placeholderData: (previous, previousQuery) => {
      const previousList = previousQuery?.queryKey[2] as OrderListQuery | undefined;
      return previousList?.kind === query.kind ? keepPreviousData(previous) : undefined;
    },
  });

/** One page of one tab's orders. */
export const useOrders = (query: OrderListQuery) => useQuery(getOrdersQueryOptions(query));

export const getOrderBoard = (): Promise<HomeBoard> => api.get<HomeBoard>('/orders/board');

export const getOrderBoardQueryOptions = () => queryOptions({ queryKey: [...ordersKey, 'board'], queryFn: getOrderBoard });

/** The home board: orders not settled yet (and those settled today), delayed first. Off while no company is chosen. */
export const useOrderBoard = (enabled = true) => useQuery({ ...getOrderBoardQueryOptions(), enabled });

export const getOrderQueryOptions = orderQueryOptions;

export const useOrder = (id: string) => useQuery({ ...getOrderQueryOptions(id), enabled: id !== '' });

export const getOrderHistory = (id: string): Promise<OrderHistory> => api.get<OrderHistory>(`${path(id)}/history`);

export const getOrderHistoryQueryOptions = (id: string) => queryOptions({ queryKey: [...ordersKey, 'history', id], queryFn: () => getOrderHistory(id) });

/** Every event of the order with who and when; the screen folds them with `evolveOrder`. */
export const useOrderHistory = (id: string) => useQuery({ ...getOrderHistoryQueryOptions(id), enabled: id !== '' });

/** The orders at a station now, waiting or in work. */
export const useWorklist = (stationId: string) => useQuery(worklistQueryOptions(stationId));

export const getAdvertisement = (): Promise<AdvertisementBoard> => api.get<AdvertisementBoard>('/orders/advertisement');

export const getAdvertisementQueryOptions = () => queryOptions({ queryKey: [...ordersKey, 'advertisement'], queryFn: getAdvertisement });

/** The shop-floor display: the announcement line and every order in production. */
export const useAdvertisement = () => useQuery(getAdvertisementQueryOptions());

export const getOrderByNumber = (orderNumber: string): Promise<OrderView> => api.get<OrderView>(`/orders/by-number/${encodeURIComponent(orderNumber)}`);

/**
 * The order of the number typed or scanned at a station, or null when the company has no order of
 * that number (a number the numbering cannot have written is not asked for). Other failures throw.
 */
export async function findOrderByNumber(orderNumber: string): Promise<OrderView | null> {
  const wanted = orderNumber.trim();
  if (!parseOrderNumber(wanted)) return null;
  try {
    return await getOrderByNumber(wanted);
  } catch (error) {
    if (isApiError(error) && (error.code === 'NOT_FOUND' || error.code === 'VALIDATION_ERROR')) return null;
    throw error;
  }
}

/** A checked form and the kind of order it makes (`createOrderSchema`). */
export const createOrder = (kind: OrderKind, form: OrderForm): Promise<OrderView> => api.post<OrderView>('/orders', { kind, ...form });

/** The whole form plus the version it was loaded with (`changeOrderSchema`). */
export const changeOrder = (id: string, form: OrderForm, version: number): Promise<OrderView> => api.put<OrderView>(path(id), { ...form, version });

export const setAdvertisement = (comment: string): Promise<AdvertisementBoard> => api.put<AdvertisementBoard>('/orders/advertisement', { comment });

/** Any order change refreshes every order query (lists, boards, details, worklists, history). */
function useOrdersMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: ordersKey }) });
}

export const useCreateOrder = () => useOrdersMutation(({ kind, form }: { kind: OrderKind; form: OrderForm }) => createOrder(kind, form));

export const useChangeOrder = () =>
  useOrdersMutation(({ id, form, version }: { id: string; form: OrderForm; version: number }) => changeOrder(id, form, version));

export const useSetAdvertisement = () => useOrdersMutation(setAdvertisement);

/** A value of the order's material measured at the station (`measureValueSchema`), on the version the screen shows. */
export const measureValue = (id: string, input: { version: number; stationId: string; valueName: string; measured: number }): Promise<OrderView> =>
  api.post<OrderView>(`${path(id)}/measure`, input);

export const useMeasureValue = () =>
  useOrdersMutation(({ id, ...input }: { id: string; version: number; stationId: string; valueName: string; measured: number }) => measureValue(id, input));

/** Materials whose name or number contains `q` (of one type, for a logistics order's purchasing parts). */
export const useMaterialChoices = (q: string, type?: MaterialChoice['type']) => useQuery(materialChoicesQueryOptions(q, type));

export const getMaterialSteps = (id: string): Promise<MaterialSteps> => api.get<MaterialSteps>(`/materials/${encodeURIComponent(id)}`);

/** A material's manufacturing steps, for the station screen. */
export const useMaterialSteps = (id: string) => useQuery({ queryKey: materialDetailKey(id), queryFn: () => getMaterialSteps(id), enabled: id !== '' });

/**
 * The material whose number is exactly `materialNumber` (a scanned label; any case), or null when
 * the company has none of that number (`GET /api/materials/by-number/{number}`, gated like the order lookup).
 */
export async function findMaterialByNumber(materialNumber: string): Promise<MaterialSteps | null> {
  const wanted = materialNumber.trim();
  if (!wanted) return null;
  try {
    return await api.get<MaterialSteps>(`/materials/by-number/${encodeURIComponent(wanted)}`);
  } catch (error) {
    if (isApiError(error) && (error.code === 'MATERIAL_NOT_FOUND' || error.code === 'VALIDATION_ERROR')) return null;
    throw error;
  }
}

/** A material's image (its bytes need the bearer token an `<img>` could not send). */
export const useMaterialImageBlob = (url: string | null) =>
  useQuery({
    // The URL changes with every upload (`?v=`), so what was fetched once stays true.
    queryKey: [...materialsKey, 'image', url ?? ''],
    queryFn: () => api.blob((url ?? '').startsWith(apiBaseUrl) ? (url ?? '').slice(apiBaseUrl.length) : (url ?? '')),
    enabled: url !== null,
    staleTime: Infinity,
  });

/** Every station of the company in sequence order: names for history and boards, targets for move-to and check-in. */
export const useStationChoices = () => useQuery(allStationsQueryOptions('sequence'));

/** The company's scrap or rework reasons (Team > Master data), read afresh whenever the quantity dialog opens. */
export const useQuantityReasons = (list: 'scrapReasons' | 'reworkReasons') =>
  useQuery({
    staleTime: 0,
    queryKey: [...ordersKey, 'quantity-reasons', list],
    queryFn: () => api.get<z.infer<typeof masterDataListViewSchema>>(`/team/master-data/${list}`),
  });

export const getStationAuthorizations = (userId: string): Promise<StationAuthorizations> =>
  api.get<StationAuthorizations>(`/users/${encodeURIComponent(userId)}/station-authorizations`);

export const getStationAuthorizationsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: [...stationsKey, 'order-authorizations', userId], queryFn: () => getStationAuthorizations(userId) });

/** The stations a user may sign in at and move orders to (an operator reads only their own). Off while `userId` is null. */
export const useStationAuthorizations = (userId: string | null) =>
  useQuery({ ...getStationAuthorizationsQueryOptions(userId ?? ''), enabled: userId !== null });

/** The stations an action can take an order to, or why they are not known (yet). */
export type StationTargets = { status: 'pending' } | { status: 'error'; error: unknown } | { status: 'success'; data: StationChoice[] };

/** The incoming-goods stations, where a logistics order's goods are checked in. */
export function useCheckInTargets(): StationTargets {
  const stations = useStationChoices();
  if (stations.isError) return { status: 'error', error: stations.error };
  if (!stations.data) return { status: 'pending' };
  return { status: 'success', data: stations.data.filter((station) => station.incomingGoodsCheckIn) };
}

/**
 * The stations the signed-in user can move an order at `here` to: every other station of the
 * company, for an operator only those they are authorised for (the server refuses the others
 * with STATION_NOT_AUTHORIZED). Administrators act for the whole company.
 */
export function useMoveTargets(here: string | null): StationTargets {
  const { session } = useAuth();
  const operatorId = session && !can(session, 'moveToAnyStation') ? session.userId : null;
  const stations = useStationChoices();
  const authorizations = useStationAuthorizations(operatorId);
  if (stations.isError) return { status: 'error', error: stations.error };
  if (authorizations.isError) return { status: 'error', error: authorizations.error };
  if (!stations.data || (operatorId !== null && !authorizations.data)) return { status: 'pending' };
  const allowed = operatorId !== null && authorizations.data ? new Set(authorizations.data.stationIds) : null;
  return { status: 'success', data: stations.data.filter((station) => station.id !== here && (allowed === null || allowed.has(station.id))) };
}
