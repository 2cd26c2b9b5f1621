/**
 * Retry and pause rules of webhook deliveries (issue 31). A failed delivery is tried again after
 * `base`, then twice as long each time, at most `base * 180` apart (15 minutes with the default 5 s):
 * 20 failures in a row take about 3.4 hours, so a receiver down for an hour loses nothing, and an
 * endpoint paused after that loses nothing either (its cursor waits where it stood).
 */
export const webhookRetryDefaults = { baseMs: 5000, pauseAfterFailures: 20 } as const;

/** The longest wait between two attempts, as a multiple of the first. */
export const WEBHOOK_MAX_BACKOFF_FACTOR = 180;

/** How long to wait before the next attempt after `failures` failures in a row (1 = the first failure). */
export function webhookBackoffMs(failures: number, baseMs: number): number {
  const factor = Math.min(2 ** Math.max(0, failures - 1), WEBHOOK_MAX_BACKOFF_FACTOR);
  return baseMs * factor;
}

/** Whether an endpoint that failed `failures` times in a row is paused (`rule: failingEndpointIsPaused`). */
export const webhookPausedAfter = (failures: number, pauseAfterFailures: number): boolean => failures >= pauseAfterFailures;

/** The id of a message to an endpoint: the same on every retry and replay, so a receiver can deduplicate. */
export const webhookMessageId = (endpointId: string, position: number): string => `msg_${position}_${endpointId}`;
