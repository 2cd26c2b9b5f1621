import { z } from 'zod';
import { apiKeyScopeSchema } from './api-keys.schema.js';

/** Answers of the API key routes; the web reads its types from here. Dates are ISO strings. */
export const apiKeyViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The secret's first characters (`sfk_AbCd`), to tell keys apart; never the secret. */
  prefix: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  createdAt: z.string(),
  /** The first moment the key no longer works; null: it never expires. */
  expiresAt: z.string().nullable(),
  /** When a request last came with it (to the minute); null: never used. */
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKeyView = z.infer<typeof apiKeyViewSchema>;

/** Every key of the company, newest first (revoked ones too, so the list says when they went). */
export const apiKeyListSchema = z.object({ data: z.array(apiKeyViewSchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** What creating a key answers: the key, and its secret, this once. */
export const createdApiKeySchema = z.object({
  key: apiKeyViewSchema,
  /** Send as `Authorization: Bearer <secret>`. Stored only hashed: it cannot be shown again. */
  secret: z.string(),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
