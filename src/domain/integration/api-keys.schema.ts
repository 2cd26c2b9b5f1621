import { z } from 'zod';
import { requiredText } from '../shared/validation.js';

/**
 * The areas an API key may be given (issue 31): the production's records. Never the company's
 * settings or deletion, never the keys themselves: a key cannot make or widen keys.
 */
export const apiKeyAreas = ['materials', 'orders', 'stations', 'shipments', 'team'] as const;
export type ApiKeyArea = (typeof apiKeyAreas)[number];

/** Per area: read only, or read and write. */
export const apiKeyAccesses = ['read', 'write'] as const;
export type ApiKeyAccess = (typeof apiKeyAccesses)[number];

export const apiKeyScopeSchema = z.object({
  area: z.enum(apiKeyAreas, { error: 'validation.required' }),
  access: z.enum(apiKeyAccesses, { error: 'validation.required' }),
});
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;

/**
 * Limits of API keys. The spec names none: a name like a station's, a company holds at most 50 keys
 * that are not revoked (each one is a door into its data), and a key may live at most five years.
 */
export const apiKeyLimits = { name: 50, activeKeys: 50, maxLifetimeDays: 5 * 366 } as const;

/**
 * What every key's secret starts with: a request's bearer token of this form is an API key, never a
 * session token (a JWT starts with `eyJ`), and a secret scanner can recognise a leaked one.
 */
export const API_KEY_PREFIX = 'sfk_';

/** Requests one key may make per minute (per server instance), unless `API_KEY_REQUESTS_PER_MINUTE` says otherwise. */
export const API_KEY_REQUESTS_PER_MINUTE = 600;

/** `POST /api/api-keys`: a name, at least one scope (each area once), an optional expiry (a moment in the future). */
export const createApiKeySchema = z.object({
  name: requiredText(apiKeyLimits.name),
  scopes: z
    .array(apiKeyScopeSchema)
    .min(1, { error: 'validation.apiKeyScopes' })
    .max(apiKeyAreas.length)
    .refine((scopes) => new Set(scopes.map((scope) => scope.area)).size === scopes.length, { error: 'validation.apiKeyScopes' }),
  expiresAt: z.iso.datetime({ offset: true, error: 'validation.dateTime' }).nullable().default(null),
});
export type CreateApiKey = z.infer<typeof createApiKeySchema>;
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;
