import { apiRequest, type RequestOptions } from '../api';

/** A new Idempotency-Key for one command (docs/offline-station.md: a repeat with it gets the first answer). */
export const newIdempotencyKey = (): string => crypto.randomUUID();

/**
 * Sends a command (POST, PUT, PATCH or DELETE) with its Idempotency-Key: the caller's when it keeps one to send the
 * command again (the station's offline queue), else a new one. So a command the network repeats runs once.
 */
export function sendCommand<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body: unknown,
  { idempotencyKey = newIdempotencyKey(), ...options }: Omit<RequestOptions, 'body'> & { idempotencyKey?: string } = {},
): Promise<T> {
  return apiRequest<T>(method, path, { ...options, body, headers: { ...options.headers, 'idempotency-key': idempotencyKey } });
}
