import { apiKeyExpired } from '../../../domain/integration/api-keys.rules.js';
import { API_KEY_PREFIX } from '../../../domain/integration/api-keys.schema.js';
import type { ApiKeyCheck } from '../../platform/auth.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import { hashToken } from '../../platform/secrets.js';
import { findApiKeyBySecretHash } from './api-keys.queries.js';
import { noteApiKeyUse } from './api-keys.records.js';

/** The longest secret worth a lookup: the prefix and 43 characters of base64url (32 bytes), with room. */
const SECRET_MAX_LENGTH = 128;

/**
 * The check behind every request with an API key (port `apiKeyCheck`): the key of the secret's
 * hash exists, is not revoked and has not expired at the clock's now; then the request acts as the
 * key, a service user (role ADMIN, no change rights of its own: its scopes decide) of its company.
 * Read on every request, so a revocation or an expiry holds from the next one.
 */
export function apiKeyCheck(db: Db, clock: Clock): ApiKeyCheck {
  return async (secret) => {
    if (!secret.startsWith(API_KEY_PREFIX) || secret.length > SECRET_MAX_LENGTH) return null;
    // Every key request asks this: one statement on the platform connection, no transaction around it.
    const key = await findApiKeyBySecretHash(db, hashToken(secret));
    const now = clock.now();
    if (!key || key.revoked_at || apiKeyExpired(key.expires_at ? new Date(key.expires_at).toISOString() : null, now)) return null;
    await noteApiKeyUse(db, key.id, now);
    return {
      userId: key.id,
      role: 'ADMIN',
      companyId: key.company_id,
      tokenId: key.id,
      apiKey: { id: key.id, name: key.name, scopes: key.scopes },
    };
  };
}
