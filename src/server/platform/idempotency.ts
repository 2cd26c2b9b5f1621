import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../../domain/shared/errors.js';
import type { ExpressionBuilder } from 'kysely';
import { withTenant, type Db, type Tables, type Tx } from './db.js';

/**
 * Idempotent writes (Stripe semantics, docs/offline-station.md): a state-changing request (POST,
 * PUT, PATCH, DELETE) of a signed-in user of a company may carry `Idempotency-Key`. The first
 * request with a key claims it (a row in state 'running', committed before the handler runs, so a
 * second request with the key sees it); its answer (status, type, body) is stored with the key for
 * 24 hours. A repeat with the same key and the same request (method, path, body) gets that answer
 * again without running; the same key with another request is 422 IDEMPOTENCY_KEY_REUSED; a repeat
 * while the first still runs waits for its answer a few seconds and else answers 409
 * IDEMPOTENCY_KEY_IN_USE. Keys are per company and user: another user's key of the same text is
 * another key.
 *
 * Not stored: answers 5xx of a command that did not commit (the key is released and a repeat runs
 * again), and requests refused before the handler (no session, wrong role, invalid body), which
 * Stripe does not store either.
 *
 * A server that dies while it holds a key: the command path (`runCommand`) marks the key
 * 'committed' in the command's own transaction (`markIdempotentCommit`), so the row tells what
 * happened. Still 'running' after RUNNING_LEASE_MS: nothing committed, a repeat takes the key over
 * and runs. 'committed' without an answer (the owner died after the commit, or answered 5xx after
 * it): the command ran, its answer is lost: 409 IDEMPOTENCY_ANSWER_LOST, never a second run.
 */

interface IdempotencyKeysTable {
  company_id: string;
  user_id: string;
  key: string;
  fingerprint: string;
  state: 'running' | 'committed' | 'done';
  /** The request that holds the key (a new one when a repeat takes an abandoned key over). */
  claim_id: string | null;
  status_code: number | null;
  content_type: string | null;
  body: string | null;
  created_at: Date;
  expires_at: Date;
}

declare module './db.js' {
  interface Tables {
    idempotency_keys: IdempotencyKeysTable;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long an answer stays with its key. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** Longest key (Stripe's limit). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** Visible ASCII only: a key is an id (a UUID, say), not text. */
const keyPattern = /^[\x21-\x7e]+$/;
/** How long a repeat waits for the first request's answer before answering 409. */
const WAIT_FOR_FIRST_MS = 5000;
const WAIT_STEP_MS = 50;
/**
 * A key 'running' this long without its command committing was left by a server that died (no
 * request of this console runs a minute): a repeat takes it over. A 'committed' key this old
 * without an answer likewise had its answer lost.
 */
export const RUNNING_LEASE_MS = 60 * 1000;
/** How often expired keys are deleted. */
const CLEANUP_EVERY_MS = 60 * 60 * 1000;

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface Claim {
  companyId: string;
  userId: string;
  key: string;
  claimId: string;
  settled: boolean;
}

const claims = new WeakMap<FastifyRequest, Claim>();

/** Answer fields that carry a secret: session tokens, link tokens (a tracking link's `path` holds its token too) and an API key's secret. */
const secretKeys = new Set(['access_token', 'refresh_token', 'accessToken', 'refreshToken', 'token', 'secret']);
export const REDACTED = '[redacted]';

/** The secret values of a JSON answer, at any depth. */
function secretsIn(value: unknown, found: string[] = []): string[] {
  if (value === null || typeof value !== 'object') return found;
  for (const [key, inner] of Object.entries(value)) {
    if (secretKeys.has(key) && typeof inner === 'string' && inner.length > 0) found.push(inner);
    else secretsIn(inner, found);
  }
  return found;
}

/**
 * The answer as it is stored with its key: every secret of a JSON answer (a session token, a
 * tracking link's token, wherever it also appears, as in the link's path) replaced by
 * `[redacted]`. A repeat gets the answer without the secret; the secret was answered once
 * (issue 26: stored answers never hold secrets, and the data export does not hold them at all).
 */
export function storableAnswer(body: string | null, contentType: string | null): string | null {
  if (body === null || !contentType?.includes('json')) return body;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body;
  }
  const secrets = secretsIn(parsed);
  let stored = body;
  for (const secret of secrets) {
    stored = stored.split(secret).join(REDACTED);
    stored = stored.split(encodeURIComponent(secret)).join(REDACTED);
  }
  return stored;
}

/** The header's problem, or undefined when it is a usable key. */
export function idempotencyKeyProblem(value: string): string | undefined {
  if (value.length === 0 || value.length > IDEMPOTENCY_KEY_MAX_LENGTH || !keyPattern.test(value)) return 'validation.idempotencyKey';
  return undefined;
}

/** JSON with the keys of every object sorted, so the same body in another key order is the same request. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(',')}}`;
}

/** What makes two requests the same request: method, path with query, body. */
function requestFingerprint(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${url}\n${canonicalJson(body)}`)
    .digest('base64url');
}

const fingerprintOf = (request: FastifyRequest) => requestFingerprint(request.method, request.url, request.body);

/**
 * In a command's transaction (the command path calls it before the commit): the request's key, if
 * it holds one, becomes 'committed' with the command's writes, so a key left by a server that died
 * tells whether its command ran. A request whose key a repeat took over (it ran past the lease)
 * no longer holds it: its transaction is refused, so the command runs once.
 */
export async function markIdempotentCommit(tx: Tx, request: FastifyRequest): Promise<void> {
  const owned = claims.get(request);
  if (!owned || owned.settled) return;
  const row = await tx
    .updateTable('idempotency_keys')
    .set({ state: 'committed' })
    .where(heldBy(owned))
    .where('state', 'in', ['running', 'committed'])
    .returning('key')
    .executeTakeFirst();
  if (!row) throw new DomainError('IDEMPOTENCY_KEY_IN_USE');
}

function headerOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_HEADER];
  return Array.isArray(value) ? value.join(', ') : value;
}

const invalidKey = (message: string) => new DomainError('VALIDATION_ERROR', [{ path: `headers.${IDEMPOTENCY_HEADER}`, message }]);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Deletes every key past its 24 hours (all companies: the owner connection). Answers how many. */
export async function deleteExpiredIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The row this request holds (its claim), as a where clause. */
const heldBy = (owned: Claim) => (eb: ExpressionBuilder<Tables, 'idempotency_keys'>) =>
  eb.and({ company_id: owned.companyId, user_id: owned.userId, key: owned.key, claim_id: owned.claimId });

/**
 * A request that ends without an answer to keep (5xx, a stream, aborted): a key whose command did
 * not commit is released (a repeat runs again); one whose command committed stays 'committed' and
 * notes the status, so a repeat learns at once that the command ran and its answer is lost.
 */
async function endWithoutAnswer(tx: Tx, owned: Claim, statusCode: number): Promise<void> {
  await tx.deleteFrom('idempotency_keys').where(heldBy(owned)).where('state', '=', 'running').execute();
  await tx.updateTable('idempotency_keys').set({ status_code: statusCode }).where(heldBy(owned)).where('state', '=', 'committed').execute();
}

/**
 * Claims the key (a new row, an expired one, or one of this request's fingerprint abandoned
 * 'running' past the lease, taken over); answers whether this request owns it.
 */
const claim = (app: FastifyInstance, companyId: string, userId: string, key: string, fingerprint: string, claimId: string) => {
  const now = app.clock.now();
  const abandonedBefore = new Date(now.getTime() - RUNNING_LEASE_MS);
  return withTenant(app.db, companyId, async (tx) => {
    const row = await tx
      .insertInto('idempotency_keys')
      .values({
        company_id: companyId,
        user_id: userId,
        key,
        fingerprint,
        state: 'running',
        claim_id: claimId,
        status_code: null,
        content_type: null,
        body: null,
        created_at: now,
        expires_at: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
      })
      .onConflict((conflict) =>
        conflict
          .columns(['company_id', 'user_id', 'key'])
          .doUpdateSet({
            fingerprint: (eb) => eb.ref('excluded.fingerprint'),
            state: 'running',
            claim_id: (eb) => eb.ref('excluded.claim_id'),
            status_code: null,
            content_type: null,
            body: null,
            created_at: (eb) => eb.ref('excluded.created_at'),
            expires_at: (eb) => eb.ref('excluded.expires_at'),
          })
          .where((eb) =>
            eb.or([
              eb('idempotency_keys.expires_at', '<=', now),
              eb.and([
                eb('idempotency_keys.state', '=', 'running'),
                eb('idempotency_keys.fingerprint', '=', eb.ref('excluded.fingerprint')),
                eb('idempotency_keys.created_at', '<=', abandonedBefore),
              ]),
            ]),
          ),
      )
      .returning('key')
      .executeTakeFirst();
    return row !== undefined;
  });
};

const read = (app: FastifyInstance, companyId: string, userId: string, key: string) =>
  withTenant(app.db, companyId, (tx) =>
    tx
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .where('expires_at', '>', app.clock.now())
      .executeTakeFirst(),
  );

const replay = (reply: FastifyReply, row: Pick<IdempotencyKeysTable, 'status_code' | 'content_type' | 'body'>) => {
  reply.code(row.status_code ?? 200).header('idempotent-replayed', 'true');
  if (row.content_type) reply.header('content-type', row.content_type);
  return reply.send(row.body ?? undefined);
};

export const idempotencyPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preHandler', async (request, reply) => {
      if (!writeMethods.has(request.method)) return;
      const key = headerOf(request);
      if (key === undefined) return;
      const problem = idempotencyKeyProblem(key);
      if (problem) throw invalidKey(problem);
      // A multipart body is read by the handler itself, after this hook: it cannot be compared.
      if (/^multipart\//i.test(request.headers['content-type'] ?? '')) throw invalidKey('validation.idempotencyKeyUpload');
      const principal = request.principal;
      // Without a session (sign-in, sign-up, reset links) or a company (a master who has not chosen
      // one) there is nobody to keep the answer for: the request runs as without the header.
      if (!principal?.companyId) return;
      const { companyId, userId } = principal;
      const fingerprint = fingerprintOf(request);
      const claimId = randomUUID();
      const waitUntil = Date.now() + WAIT_FOR_FIRST_MS;
      for (;;) {
        if (await claim(app, companyId, userId, key, fingerprint, claimId)) {
          claims.set(request, { companyId, userId, key, claimId, settled: false });
          return;
        }
        const row = await read(app, companyId, userId, key);
        if (!row) continue; // released (the first answered 5xx) or expired meanwhile: claim again
        if (row.fingerprint !== fingerprint) throw new DomainError('IDEMPOTENCY_KEY_REUSED');
        if (row.state === 'done') return replay(reply, row);
        // It ran, and its owner ended without storing the answer (5xx after the commit) or died.
        const abandoned = row.created_at.getTime() <= app.clock.now().getTime() - RUNNING_LEASE_MS;
        if (row.state === 'committed' && (row.status_code !== null || abandoned)) throw new DomainError('IDEMPOTENCY_ANSWER_LOST');
        if (Date.now() >= waitUntil) throw new DomainError('IDEMPOTENCY_KEY_IN_USE');
        await sleep(WAIT_STEP_MS);
      }
    });

    /** Stores the answer with the key before it leaves, so a repeat right after it finds it. */
    app.addHook('onSend', async (request, reply, payload) => {
      const owned = claims.get(request);
      if (!owned || owned.settled) return payload;
      owned.settled = true;
      const storable = payload === null || payload === undefined || typeof payload === 'string' || Buffer.isBuffer(payload);
      try {
        await withTenant(app.db, owned.companyId, async (tx) => {
          if (reply.statusCode >= 500 || !storable) {
            await endWithoutAnswer(tx, owned, reply.statusCode);
            return;
          }
          const contentType = reply.getHeader('content-type');
          const answer = storableAnswer(
            payload === null || payload === undefined ? null : payload.toString(),
            typeof contentType === 'string' ? contentType : null,
          );
          await tx
            .updateTable('idempotency_keys')
            .where(heldBy(owned))
            .set({
              state: 'done',
              status_code: reply.statusCode,
              content_type: typeof contentType === 'string' ? contentType : null,
              body: answer,
            })
            .execute();
        });
      } catch (error) {
        // The answer still goes out; the key stays as it is ('running' is taken over after the
        // lease, 'committed' answers IDEMPOTENCY_ANSWER_LOST after it).
        request.log.error({ err: error, idempotencyKey: owned.key }, 'idempotency: the answer could not be stored with its key');
      }
      return payload;
    });

    /** A request that ended without an answer of its own (hijacked, aborted) releases its key. */
    app.addHook('onResponse', async (request, reply) => {
      const owned = claims.get(request);
      if (!owned || owned.settled) return;
      owned.settled = true;
      await withTenant(app.db, owned.companyId, (tx) => endWithoutAnswer(tx, owned, reply.statusCode)).catch((error: unknown) =>
        request.log.warn({ err: error }, 'idempotency: a key could not be released'),
      );
    });

    let cleanup: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      cleanup = setInterval(() => {
        deleteExpiredIdempotencyKeys(app.db, app.clock.now()).catch((error: unknown) => app.log.warn({ err: error }, 'idempotency: expired keys not deleted'));
      }, CLEANUP_EVERY_MS);
      cleanup.unref();
    });
    app.addHook('onClose', async () => {
      if (cleanup) clearInterval(cleanup);
    });
  },
  { name: 'idempotency' },
);
