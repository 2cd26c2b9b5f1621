import { eventCatalogue } from '../shared/decider.js';
import type { ApiKeyScope } from './api-keys.schema.js';

/** Stream of one API key in the event log. */
export const apiKeyStreamId = (keyId: string) => `api-key-${keyId}`;
export const API_KEY_STREAM_TYPE = 'api-key';

/**
 * Facts appended beside every change of the plain `api_keys` record (audit trail, live feed). They
 * never carry the secret nor its hash: `prefix` is the secret's first characters, for recognising it.
 */
export type ApiKeyEvent =
  | {
      type: 'ApiKeyCreated';
      data: { keyId: string; name: string; prefix: string; scopes: ApiKeyScope[]; expiresAt: string | null; createdAt: string };
    }
  | { type: 'ApiKeyRevoked'; data: { keyId: string; name: string; revokedAt: string } };

export type ApiKeyEventType = ApiKeyEvent['type'];

export const apiKeyEvents = eventCatalogue<ApiKeyEvent>({
  streamType: API_KEY_STREAM_TYPE,
  types: { ApiKeyCreated: true, ApiKeyRevoked: true },
});
