import { queryOptions, useQueries } from '@tanstack/react-query';
import type { PromiseRequestInput } from '../../../../domain/plan/plan.schema';
import type { DeliveryPromiseView } from '../../../../domain/plan/plan.views';
import { api } from '../../../lib/api';
import { ordersKey } from '../../../lib/resources/keys';

/** Under the orders' key: an order change (which moves the plan) asks again. */
export const deliveryPromiseKey = [...ordersKey, 'delivery-promise'] as const;

/** `POST /api/plan/promise`: the earliest delivery of a material and quantity in today's plan (docs/capacity-plan.md). */
export const getDeliveryPromise = (request: PromiseRequestInput): Promise<DeliveryPromiseView> => api.post<DeliveryPromiseView>('/plan/promise', request);

export const deliveryPromiseQueryOptions = (request: PromiseRequestInput) =>
  queryOptions({ queryKey: [...deliveryPromiseKey, request], queryFn: () => getDeliveryPromise(request), staleTime: 30_000, retry: false });

/** The promise of each request (one per position of the form), asked as they settle. */
export const useDeliveryPromises = (requests: readonly PromiseRequestInput[]) =>
  useQueries({ queries: requests.map((request) => deliveryPromiseQueryOptions(request)) });
