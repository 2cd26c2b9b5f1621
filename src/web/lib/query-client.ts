import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api';

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
