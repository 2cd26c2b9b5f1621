import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClientList } from '../../../../domain/clients/clients.views';
import type { ShipmentAction } from '../../../../domain/shipments/shipment.decider';
import type { z } from 'zod';
import type { createShipmentSchema, ShipmentStatus } from '../../../../domain/shipments/shipment.schema';
import type { CreatedTrackingLink, TrackingLink, TrackingLinkEmail, TrackingLinks, TrackingPage } from '../../../../domain/shipments/shipment-tracking.views';
import type { ShipmentHistory, ShipmentPage, ShipmentView, ShippableOrders } from '../../../../domain/shipments/shipments.views';
import { api, apiRequest, apiUpload, type UploadProgress } from '../../../lib/api';
// The orders' root key: a shipment's action moves its orders, so their screens read again.
import { sendCommand } from '../../../lib/resources/commands';
import { ordersKey } from '../../../lib/resources/keys';

/** Every shipment query starts with this key, so a change or a live event refreshes list, details and history. */
export const shipmentsKey = ['shipments'] as const;

/** `GET /api/shipments`: page from 1; `q` searches number, customer, carrier and tracking ID; `sort` a column, `-column` descending. */
export interface ShipmentListQuery {
  status?: ShipmentStatus;
  q: string;
  page: number;
  limit: number;
  sort: string;
}

/** What the shipping order form sends: the checked form (`createShipmentSchema`; an edit adds `version`). */
export type ShipmentFormInput = z.output<typeof createShipmentSchema>;

const path = (id: string) => `/shipments/${encodeURIComponent(id)}`;

export const getShipments = (query: ShipmentListQuery): Promise<ShipmentPage> => api.get<ShipmentPage>('/shipments', { query: { ...query } });

export const getShipmentsQueryOptions = (query: ShipmentListQuery) =>
  queryOptions({ queryKey: [...shipmentsKey, 'list', query], queryFn: () => getShipments(query), placeholderData: keepPreviousData });

export const useShipments = (query: ShipmentListQuery) => useQuery(getShipmentsQueryOptions(query));

export const getShipment = (id: string): Promise<ShipmentView> => api.get<ShipmentView>(path(id));

export const getShipmentQueryOptions = (id: string) => queryOptions({ queryKey: [...shipmentsKey, 'detail', id], queryFn: () => getShipment(id) });

export const useShipment = (id: string) => useQuery({ ...getShipmentQueryOptions(id), enabled: id !== '' });

export const getShipmentHistoryQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...shipmentsKey, 'history', id], queryFn: () => api.get<ShipmentHistory>(`${path(id)}/history`) });

/** Every event of the shipment with who and when; the screen folds them with `evolveShipment`. */
export const useShipmentHistory = (id: string) => useQuery({ ...getShipmentHistoryQueryOptions(id), enabled: id !== '' });

export const getShippableOrdersQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...shipmentsKey, 'shippable-orders', q],
    queryFn: () => api.get<ShippableOrders>('/shipments/shippable-orders', { query: { q, limit: 100 } }),
  });

/** Customer orders Ready to ship in no shipment: the form's picker. */
export const useShippableOrders = (q: string) => useQuery(getShippableOrdersQueryOptions(q));

export const getTrackingLinksQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...shipmentsKey, 'tracking-links', id], queryFn: () => api.get<TrackingLinks>(`${path(id)}/tracking-links`) });

export const useTrackingLinks = (id: string) => useQuery(getTrackingLinksQueryOptions(id));

/** How often the public tracking page reads again: it has no live feed (no sign-in), so it polls. */
export const TRACKING_REFRESH_MS = 30_000;

/** The end customer's page; no retry of a 404 (unknown, expired or withdrawn link). */
export const useTrackingPage = (token: string) =>
  useQuery({
    queryKey: ['tracking', token],
    queryFn: () => api.get<TrackingPage>(`/tracking/${encodeURIComponent(token)}`),
    refetchInterval: TRACKING_REFRESH_MS,
    retry: false,
  });

/** Any shipment change refreshes every shipment query and the orders it moved. */
function useShipmentsMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: shipmentsKey }), queryClient.invalidateQueries({ queryKey: ordersKey })]);
    },
  });
}

export const useCreateShipment = () => useShipmentsMutation((form: ShipmentFormInput) => api.post<ShipmentView>('/shipments', form));

export const useChangeShipment = () =>
  useShipmentsMutation(({ id, form, version }: { id: string; form: ShipmentFormInput; version: number }) =>
    api.put<ShipmentView>(path(id), { ...form, version }),
  );

/** `POST /api/shipments/{id}/{action}` on the version the screen shows. */
export const useShipmentAction = () =>
  useShipmentsMutation(({ id, action, version }: { id: string; action: ShipmentAction; version: number }) =>
    api.post<ShipmentView>(`${path(id)}/${action}`, { version }),
  );

export const useUploadAttachment = () =>
  useShipmentsMutation(({ id, file, onProgress }: { id: string; file: File; onProgress: (progress: UploadProgress) => void }) => {
    const body = new FormData();
    body.append('file', file, file.name);
    return apiUpload<ShipmentView>('POST', `${path(id)}/attachments`, body, { onProgress });
  });

export const useRemoveAttachment = () =>
  useShipmentsMutation(({ id, attachmentId, version }: { id: string; attachmentId: string; version: number }) =>
    apiRequest<ShipmentView>('DELETE', `${path(id)}/attachments/${encodeURIComponent(attachmentId)}`, { body: { version } }),
  );

/** The attachment's bytes (behind the bearer token, so not a plain link). */
export const downloadAttachment = (id: string, attachmentId: string): Promise<Blob> => api.blob(`${path(id)}/attachments/${encodeURIComponent(attachmentId)}`);

export const useCreateTrackingLink = () =>
  useShipmentsMutation(({ id, days }: { id: string; days?: number }) =>
    api.post<CreatedTrackingLink>(`${path(id)}/tracking-links`, days === undefined ? {} : { days }),
  );

export const useRevokeTrackingLink = () =>
  useShipmentsMutation(({ id, linkId }: { id: string; linkId: string }) =>
    api.delete<TrackingLink>(`${path(id)}/tracking-links/${encodeURIComponent(linkId)}`),
  );

/** `POST /api/shipments/{id}/tracking-links/{linkId}/email`: emails a link just made (its token) to the end customer. */
export const useEmailTrackingLink = () =>
  useMutation({
    mutationFn: ({ id, linkId, token, email }: { id: string; linkId: string; token: string; email: string }) =>
      sendCommand<TrackingLinkEmail>('POST', `${path(id)}/tracking-links/${encodeURIComponent(linkId)}/email`, { token, email }),
  });

/**
 * The email address the company's customer directory holds for the shipment's customer (the same name, any
 * case), to fill the tracking link's email in; '' when there is none.
 */
export const useCustomerEmail = (customerName: string) =>
  useQuery({
    queryKey: ['clients', 'email-of', customerName],
    queryFn: async () => {
      const found = await api.get<ClientList>('/clients', { query: { q: customerName } });
      const name = customerName.trim().toLowerCase();
      return found.data.find((client) => client.name.trim().toLowerCase() === name)?.email ?? '';
    },
    enabled: customerName.trim() !== '',
  });
