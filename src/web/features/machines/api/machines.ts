import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BrokerSettingsInput, MachineLinkInput } from '../../../../domain/machines/machines.schema';
import type { MachineSettings } from '../../../../domain/machines/machines.views';
import type { StationPage } from '../../../../domain/stations/stations.views';
import type { MasterDataEntryView } from '../../../../domain/team/team.views';
import { api } from '../../../lib/api';

export const machinesKey = ['machines'] as const;

export const getMachineSettings = (): Promise<MachineSettings> => api.get<MachineSettings>('/machines');

export const getMachineSettingsQueryOptions = () => queryOptions({ queryKey: machinesKey, queryFn: getMachineSettings });

/** The company's broker and its stations' machine links (the owner's). */
export const useMachineSettings = () => useQuery(getMachineSettingsQueryOptions());

/** The stations to link and the reasons a link may name, read afresh whenever the link dialog opens. */
export const useLinkChoices = (enabled: boolean) => {
  const options = { enabled, staleTime: 0 };
  const stations = useQuery({ ...options, queryKey: [...machinesKey, 'stations'], queryFn: () => api.get<StationPage>('/stations?page=1&limit=100') });
  const list = (name: 'interruptionReasons' | 'scrapReasons') => ({
    ...options,
    queryKey: [...machinesKey, name],
    queryFn: () => api.get<{ data: MasterDataEntryView[] }>(`/team/master-data/${name}`),
  });
  const stopReasons = useQuery(list('interruptionReasons'));
  const scrapReasons = useQuery(list('scrapReasons'));
  return {
    stations: stations.data?.data ?? [],
    stopReasons: (stopReasons.data?.data ?? []).filter((entry) => entry.status === 'active'),
    scrapReasons: (scrapReasons.data?.data ?? []).filter((entry) => entry.status === 'active'),
  };
};

function useSettingsMutation<Input>(send: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => queryClient.invalidateQueries({ queryKey: machinesKey }) });
}

/** `PUT /api/machines/broker`: the server connects in the background. */
export const useSaveBroker = () => useSettingsMutation((input: BrokerSettingsInput) => api.put<MachineSettings>('/machines/broker', input));

/** `DELETE /api/machines/broker`: the connection ends, the links stay. */
export const useRemoveBroker = () => useSettingsMutation(() => api.delete('/machines/broker'));

/** `PUT /api/machines/links/{stationId}`. */
export const useSaveMachineLink = () =>
  useSettingsMutation(({ stationId, link }: { stationId: string; link: MachineLinkInput }) =>
    api.put<MachineSettings>(`/machines/links/${encodeURIComponent(stationId)}`, link),
  );

/** `DELETE /api/machines/links/{stationId}`. */
export const useRemoveMachineLink = () => useSettingsMutation((stationId: string) => api.delete(`/machines/links/${encodeURIComponent(stationId)}`));
