import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KeyFigurePeriod } from '../../../../domain/key-figures/key-figures.schema';
import type { OeeLossesView, OeeView } from '../../../../domain/oee/oee.views';
import { api } from '../../../lib/api';
import { keyFiguresKey } from './key-figures';

/** `GET /api/oee?period=`: the current period's OEE per station and plant, and the plant's series (docs/oee.md). */
export const getOee = (period: KeyFigurePeriod): Promise<OeeView> => api.get<OeeView>('/oee', { query: { period } });
export const getOeeQueryOptions = (period: KeyFigurePeriod) => queryOptions({ queryKey: [...keyFiguresKey, 'oee', period], queryFn: () => getOee(period) });
export const useOee = (period: KeyFigurePeriod) => useQuery(getOeeQueryOptions(period));

/** `GET /api/oee/losses`: the loss Pareto of a station (or the plant, `stationId` null) in the current period; writers only. */
export const getOeeLosses = (period: KeyFigurePeriod, stationId: string | null): Promise<OeeLossesView> =>
  api.get<OeeLossesView>('/oee/losses', { query: stationId ? { period, stationId } : { period } });
export const getOeeLossesQueryOptions = (period: KeyFigurePeriod, stationId: string | null) =>
  queryOptions({ queryKey: [...keyFiguresKey, 'oee-losses', period, stationId ?? 'plant'], queryFn: () => getOeeLosses(period, stationId) });
export const useOeeLosses = (period: KeyFigurePeriod, stationId: string | null, enabled: boolean) =>
  useQuery({ ...getOeeLossesQueryOptions(period, stationId), enabled });
