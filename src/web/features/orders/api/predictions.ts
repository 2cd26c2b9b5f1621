import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { OrderPrediction, Predictions } from '../../../../domain/orders/board.views';
import { api } from '../../../lib/api';
import { ordersKey } from '../../../lib/resources/keys';

/** Under the orders' key: every order change and live order event reads them again. */
export const predictionsKey = [...ordersKey, 'predictions'] as const;

export const getPredictions = (): Promise<Predictions> => api.get<Predictions>('/orders/predictions');

export const predictionsQueryOptions = () => queryOptions({ queryKey: predictionsKey, queryFn: getPredictions });

/** The predicted completion of every production order in progress (docs/prediction.md), by order id. */
export function usePredictions(enabled = true) {
  const query = useQuery({ ...predictionsQueryOptions(), enabled });
  const data = query.data?.data;
  const byOrder = useMemo(() => new Map<string, OrderPrediction>((data ?? []).map((prediction) => [prediction.orderId, prediction])), [data]);
  return { query, byOrder, window: query.data?.window ?? null };
}
