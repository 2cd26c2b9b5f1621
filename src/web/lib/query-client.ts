import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api';
import { onSessionChange } from './auth';

/**
 * Retry a failed read once, unless the server said no (4xx): asking again would get the same
 * answer. Spec section 9 names one retry for the user profile; every read gets the same rule.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** The one query client of the console. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

let shared: QueryClient | undefined;

/**
 * The console's query client, made with the first screen that reads (app/console-providers.tsx). Nothing read
 * with another token may stay: a new session (sign-in, a master's company switch, spec section 4) starts every
 * cached query over, the shown ones refetch at once with the new token; signing out empties the cache.
 */
export function consoleQueryClient(): QueryClient {
  if (!shared) {
    const client = createQueryClient();
    onSessionChange((change) => {
      if (change === 'signedIn') void client.resetQueries();
      else client.clear();
    });
    shared = client;
  }
  return shared;
}
