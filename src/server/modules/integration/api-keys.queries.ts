import { sql } from 'kysely';
import type { ApiKeyList, ApiKeyView } from '../../../domain/integration/api-keys.views.js';
import { sortedScopes } from '../../../domain/integration/api-keys.rules.js';
import type { Executor } from '../../platform/db.js';
import type { ApiKeyRow } from './api-keys.tables.js';

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export function apiKeyView(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: sortedScopes(row.scopes),
    createdAt: new Date(row.created_at).toISOString(),
    expiresAt: iso(row.expires_at),
    lastUsedAt: iso(row.last_used_at),
    revokedAt: iso(row.revoked_at),
  };
}

export function findApiKey(db: Executor, keyId: string, options: { lock?: boolean } = {}) {
  const query = db.selectFrom('api_keys').selectAll().where('id', '=', keyId);
  return (options.lock ? query.forUpdate() : query).executeTakeFirst();
}

/** The company's keys (the transaction's tenant), newest first. */
export async function apiKeyListOf(db: Executor): Promise<ApiKeyList> {
  const rows = await db.selectFrom('api_keys').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
  return { data: rows.map(apiKeyView) };
}

/** Keys of the company not revoked (expired ones count too: they still hold a name and a row until revoked). */
export async function activeApiKeyCount(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select(sql<string>`count(*)`.as('count'))
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The key of a secret's hash, on the platform connection (the company is what the key tells). */
export function findApiKeyBySecretHash(db: Executor, secretHash: string) {
  return db.selectFrom('api_keys').selectAll().where('secret_hash', '=', secretHash).executeTakeFirst();
}
