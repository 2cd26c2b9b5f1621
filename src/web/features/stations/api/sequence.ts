import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaveSequenceInput } from '../../../../domain/stations/sequence.schema';
import type { SequenceStage, SequenceView } from '../../../../domain/stations/stations.views';
import { api } from '../../../lib/api';
import { stationsKey } from './stations';

const sequenceKey = [...stationsKey, 'sequence'] as const;

export const getSequence = (): Promise<SequenceView> => api.get<SequenceView>('/stations/sequence');

export const getSequenceQueryOptions = () => queryOptions({ queryKey: sequenceKey, queryFn: getSequence, refetchOnWindowFocus: true });

export const useSequence = () => useQuery(getSequenceQueryOptions());

export const saveSequence = (input: SaveSequenceInput): Promise<SequenceView> => api.put<SequenceView>('/stations/sequence', input);

/** Saves the editor's draft; the stations' places and start marks change with it, so every station query refreshes. */
export function useSaveSequence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSequence,
    onSuccess: (saved) => {
      queryClient.setQueryData(sequenceKey, saved);
      return queryClient.invalidateQueries({ queryKey: stationsKey });
    },
  });
}

export type { SequenceStage, SequenceView };
