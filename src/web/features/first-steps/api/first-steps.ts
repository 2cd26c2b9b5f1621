import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FirstSteps } from '../../../../domain/home/home.views';
import { api } from '../../../lib/api';

export const firstStepsKey = ['first-steps'] as const;

export const getFirstSteps = (): Promise<FirstSteps> => api.get<FirstSteps>('/home/first-steps');

/** Read afresh whenever the home screen opens, so a step done elsewhere is ticked on return. */
export const getFirstStepsQueryOptions = () => queryOptions({ queryKey: firstStepsKey, queryFn: getFirstSteps, staleTime: 0 });

/** The company's first steps; `enabled` only for the users who set the company up. */
export const useFirstSteps = (enabled: boolean) => useQuery({ ...getFirstStepsQueryOptions(), enabled, refetchOnMount: 'always' });

/** `POST /api/home/first-steps/dismiss`: the list goes away for this user. */
export function useDismissFirstSteps() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<FirstSteps>('/home/first-steps/dismiss', {}),
    onSuccess: (answer) => queryClient.setQueryData(firstStepsKey, answer),
  });
}
