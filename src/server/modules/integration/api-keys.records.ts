import type { ApiKeyScope } from '../../../domain/integration/api-keys.schema.js';
import type { Executor } from '../../platform/db.js';
import './api-keys.tables.js';

export interface NewApiKey {
  id: string;
  companyId: string;
  name: string;
  prefix: string;
  secretHash: string;
  scopes: readonly ApiKeyScope[];
  createdAt: Date;
  expiresAt: Date | null;
}

export async function insertApiKey(db: Executor, key: NewApiKey): Promise<void> {
  await db
    .insertInto('api_keys')
    .values({
      id: key.id,
      company_id: key.companyId,
      name: key.name,
      prefix: key.prefix,
      secret_hash: key.secretHash,
      scopes: JSON.stringify(key.scopes),
      created_at: key.createdAt,
      expires_at: key.expiresAt,
      revoked_at: null,
      last_used_at: null,
    })
    .execute();
}

/** Revokes a key not revoked yet; answers whether it did. */
export async function revokeApiKeyRow(db: Executor, keyId: string, at: Date): Promise<boolean> {
  const revoked = await db.updateTable('api_keys').set({ revoked_at: at }).where('id', '=', keyId).where('revoked_at', 'is', null).executeTakeFirst();
  return revoked.numUpdatedRows > 0n;
}

/** Notes a request of the key, at most once a minute (the list shows the last use to the minute). */
export async function noteApiKeyUse(db: Executor, keyId: string, at: Date): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: at })
    .where('id', '=', keyId)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', new Date(at.getTime() - 60_000))]))
    .execute();
}
