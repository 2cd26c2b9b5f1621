import { randomUUID } from 'node:crypto';
import { apiKeyStreamId, API_KEY_STREAM_TYPE, type ApiKeyEvent } from '../../../domain/integration/api-keys.events.js';
import { sortedScopes } from '../../../domain/integration/api-keys.rules.js';
import { API_KEY_PREFIX, apiKeyLimits, type CreateApiKey } from '../../../domain/integration/api-keys.schema.js';
import type { CreatedApiKey } from '../../../domain/integration/api-keys.views.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { recordEvents, type CommandContext } from '../../platform/command.js';
import { hashToken, randomToken } from '../../platform/secrets.js';
import { activeApiKeyCount, apiKeyView, findApiKey } from './api-keys.queries.js';
import { insertApiKey, revokeApiKeyRow } from './api-keys.records.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Characters of the secret kept in the clear to tell keys apart: the prefix and four of the random part. */
const SHOWN_CHARACTERS = API_KEY_PREFIX.length + 4;

const record = (ctx: CommandContext, keyId: string, event: ApiKeyEvent) => recordEvents(ctx, { id: apiKeyStreamId(keyId), type: API_KEY_STREAM_TYPE }, [event]);

/** An expiry must lie after now and at most `maxLifetimeDays` ahead. */
function expiryOf(expiresAt: string | null, now: Date): Date | null {
  if (expiresAt === null) return null;
  const at = new Date(expiresAt);
  if (at.getTime() <= now.getTime() || at.getTime() > now.getTime() + apiKeyLimits.maxLifetimeDays * DAY_MS) {
    throw new DomainError('VALIDATION_ERROR', [{ path: 'expiresAt', message: 'validation.apiKeyExpiry' }]);
  }
  return at;
}

/**
 * Creates a key of the company: the secret is drawn here, stored as its SHA-256 and answered this
 * once. At most `activeKeys` keys not revoked, counted under a lock of the company row.
 */
export async function createApiKey(ctx: CommandContext, input: CreateApiKey): Promise<CreatedApiKey> {
  const expiresAt = expiryOf(input.expiresAt, ctx.now);
  await ctx.tx.selectFrom('companies').select('id').where('id', '=', ctx.companyId).forUpdate().executeTakeFirst();
  if ((await activeApiKeyCount(ctx.tx)) >= apiKeyLimits.activeKeys) throw new DomainError('API_KEY_LIMIT_REACHED');
  const id = randomUUID();
  const secret = `${API_KEY_PREFIX}${randomToken()}`;
  const prefix = secret.slice(0, SHOWN_CHARACTERS);
  const scopes = sortedScopes(input.scopes);
  await insertApiKey(ctx.tx, { id, companyId: ctx.companyId, name: input.name, prefix, secretHash: hashToken(secret), scopes, createdAt: ctx.now, expiresAt });
  await record(ctx, id, {
    type: 'ApiKeyCreated',
    data: { keyId: id, name: input.name, prefix, scopes, expiresAt: expiresAt?.toISOString() ?? null, createdAt: ctx.at },
  });
  const created = await findApiKey(ctx.tx, id);
  if (!created) throw new DomainError('API_KEY_NOT_FOUND');
  return { key: apiKeyView(created), secret };
}

/** Revokes a key: its next request answers 401 (the check reads the row on every request). */
export async function revokeApiKey(ctx: CommandContext, keyId: string) {
  const key = await findApiKey(ctx.tx, keyId, { lock: true });
  if (!key) throw new DomainError('API_KEY_NOT_FOUND');
  if (key.revoked_at || !(await revokeApiKeyRow(ctx.tx, keyId, ctx.now))) throw new DomainError('API_KEY_ALREADY_REVOKED');
  await record(ctx, keyId, { type: 'ApiKeyRevoked', data: { keyId, name: key.name, revokedAt: ctx.at } });
  const revoked = await findApiKey(ctx.tx, keyId);
  if (!revoked) throw new DomainError('API_KEY_NOT_FOUND');
  return apiKeyView(revoked);
}
