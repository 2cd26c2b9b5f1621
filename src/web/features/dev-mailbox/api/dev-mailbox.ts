import { useQuery } from '@tanstack/react-query';
import type { DevMailboxAnswer } from '../../../../domain/shared/dev-mailbox.views';
import { api, isApiError } from '../../../lib/api';

/** The newest mail the server kept instead of sending it (no SMTP, not production): at most 200. */
export const getDevMailbox = (): Promise<DevMailboxAnswer> => api.get<DevMailboxAnswer>('/dev/mailbox', { query: { limit: 200 } });

/** The mailbox; a 404 means it is off (SMTP configured, or production), which is an answer, not an error to retry. */
export const useDevMailbox = (enabled = true) =>
  useQuery({
    queryKey: ['dev-mailbox'],
    queryFn: getDevMailbox,
    enabled,
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 1,
  });

/** Whether this server keeps a dev mailbox at all (asked once; the answer does not change while it runs). */
export function useDevMailboxAvailable(enabled: boolean): boolean {
  const probe = useQuery({
    queryKey: ['dev-mailbox', 'available'],
    queryFn: () => api.get<DevMailboxAnswer>('/dev/mailbox', { query: { limit: 1 } }).then(() => true),
    enabled,
    staleTime: Infinity,
    retry: false,
  });
  return probe.data === true;
}
