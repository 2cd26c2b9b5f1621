import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KeyFigurePeriod, KeyFigureSettingsInput } from '../../../../domain/key-figures/key-figures.schema';
import type { KeyFigureSettingsView, KeyFiguresView } from '../../../../domain/key-figures/key-figures.views';
import { api } from '../../../lib/api';

/** Every query of this feature starts with this key, so a save of the targets reads the figures again too. */
export const keyFiguresKey = ['key-figures'] as const;

/** `GET /api/key-figures?period=`: the figures of the current day, week or month, the one before, the series and per station. */
export const getKeyFigures = (period: KeyFigurePeriod): Promise<KeyFiguresView> => api.get<KeyFiguresView>('/key-figures', { query: { period } });
export const getKeyFiguresQueryOptions = (period: KeyFigurePeriod) =>
  queryOptions({ queryKey: [...keyFiguresKey, 'figures', period], queryFn: () => getKeyFigures(period) });
export const useKeyFigures = (period: KeyFigurePeriod, enabled = true) => useQuery({ ...getKeyFiguresQueryOptions(period), enabled });

/** `GET /api/key-figures/settings`: the targets, the home figures and the version to save on. */
export const getKeyFigureSettings = (): Promise<KeyFigureSettingsView> => api.get<KeyFigureSettingsView>('/key-figures/settings');
export const getKeyFigureSettingsQueryOptions = () => queryOptions({ queryKey: [...keyFiguresKey, 'settings'], queryFn: getKeyFigureSettings });
export const useKeyFigureSettings = () => useQuery(getKeyFigureSettingsQueryOptions());

export const saveKeyFigureSettings = (input: KeyFigureSettingsInput & { version: number }): Promise<KeyFigureSettingsView> =>
  api.put<KeyFigureSettingsView>('/key-figures/settings', input);

export function useSaveKeyFigureSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveKeyFigureSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(getKeyFigureSettingsQueryOptions().queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: [...keyFiguresKey, 'figures'] });
    },
  });
}
