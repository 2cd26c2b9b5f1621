import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StationBoard } from '../../../../domain/orders/board.views';
import type { InterruptionPage } from '../../../../domain/interruptions/interruptions.views';
import type { OeeView } from '../../../../domain/oee/oee.views';
import type { PromisesAtRiskView } from '../../../../domain/plan/plan.views';
import { ORDER_STREAM_TYPE } from '../../../../domain/orders/order.events';
import { NCR_STREAM_TYPE } from '../../../../domain/quality/ncr.events';
import { SEQUENCE_STREAM_TYPE } from '../../../../domain/stations/sequence.events';
import { STATION_STREAM_TYPE } from '../../../../domain/stations/station.events';
import { api, isApiError } from '../../../lib/api';
import { ordersKey } from '../../../lib/resources/keys';

/** What moves the cards and columns: order, station and sequence events. Here beside the board's key, so the home page subscribes without loading the board. */
// `ncr`: a card's hold badge (docs/quality-and-lots.md) changes with the NCR's decision.
export const stationBoardTopics = [
  `type:${ORDER_STREAM_TYPE}`,
  `type:${STATION_STREAM_TYPE}`,
  `type:${SEQUENCE_STREAM_TYPE}`,
  `type:${NCR_STREAM_TYPE}`,
] as const;

/** Under the orders' key: every order change and live order event reads the board again. */
export const stationBoardKey = [...ordersKey, 'station-board'] as const;

export const getStationBoard = (): Promise<StationBoard> => api.get<StationBoard>('/orders/station-board');

export const stationBoardQueryOptions = () => queryOptions({ queryKey: stationBoardKey, queryFn: getStationBoard });

/** The station board (docs/board.md). Off while no company is chosen. */
export const useStationBoard = (enabled = true) => useQuery({ ...stationBoardQueryOptions(), enabled });

export const openInterruptionsKey = ['interruptions', 'open', 'board'] as const;

/**
 * The open interruptions (docs/interruptions.md), at most one per station: the board turns those
 * stations red. A server without the interruptions route answers none.
 */
export const openInterruptionsQueryOptions = () =>
  queryOptions({
    queryKey: openInterruptionsKey,
    queryFn: async (): Promise<InterruptionPage['data']> => {
      try {
        return (await api.get<InterruptionPage>('/interruptions', { query: { open: 'true', limit: 100 } })).data;
      } catch (error) {
        if (isApiError(error) && error.status === 404) return [];
        throw error;
      }
    },
  });

export const useOpenInterruptions = (enabled = true) => useQuery({ ...openInterruptionsQueryOptions(), enabled });

/** Under the orders' key: every order change reads today's OEE again (interruptions too: see the board). */
export const stationOeeKey = [...ordersKey, 'station-oee'] as const;

/**
 * Today's OEE per station (`GET /api/oee`, docs/oee.md), live: a small figure in each column. A
 * company with key figures switched off (404) shows none.
 */
export const stationOeeQueryOptions = () =>
  queryOptions({
    queryKey: stationOeeKey,
    queryFn: async (): Promise<OeeView | null> => {
      try {
        return await api.get<OeeView>('/oee', { query: { period: 'day' } });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });

export const useStationOee = (enabled = true) => useQuery({ ...stationOeeQueryOptions(), enabled });

/** Under the orders' key: every order change reads the promises at risk again (interruptions and stations too: see the board). */
export const promisesAtRiskKey = [...ordersKey, 'promises-at-risk'] as const;

/**
 * The production orders whose planned finish breaks the date promised to their customer
 * (`GET /api/plan/promises`, docs/capacity-plan.md): the board flags their cards.
 */
export const promisesAtRiskQueryOptions = () => queryOptions({ queryKey: promisesAtRiskKey, queryFn: () => api.get<PromisesAtRiskView>('/plan/promises') });

export const usePromisesAtRisk = (enabled = true) => useQuery({ ...promisesAtRiskQueryOptions(), enabled });
