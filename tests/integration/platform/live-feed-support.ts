import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { WebSocket } from 'ws';
import { withTenant } from '../../../src/server/platform/db.js';
import type { LiveEvent, ServerMessage } from '../../../src/server/platform/live-protocol.js';
import type { Ports } from '../../../src/server/platform/module.js';
import { createTestApp, type TestApp } from '../../support/app.js';

export type EventMessage = Extract<ServerMessage, { type: 'event' }>;

export interface LiveClient {
  ws: WebSocket;
  messages: ServerMessage[];
  /** Resolves with the close code and reason once the socket is closed. */
  closed: Promise<{ code: number; reason: string }>;
  send(message: unknown): void;
  events(): EventMessage[];
  /** Waits until `done(messages)` holds; fails with what arrived so far after a generous wait. */
  waitFor(label: string, done: (messages: ServerMessage[]) => boolean): Promise<void>;
  /** Subscribes and waits for the `caught-up` that answers it; returns its cursor. */
  subscribe(topics: string[], after?: string): Promise<string>;
}

const WAIT_LIMIT_MS = 15_000;

export function liveUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('app is not listening on a port');
  return `ws://127.0.0.1:${address.port}/api/live`;
}

/**
 * Waits until `done` answers true: a socket's messages, or a job's outcome read through the routes (then async;
 * `expect.poll` is for tests, this also runs in `beforeAll`).
 */
export async function waitUntil(
  label: string,
  done: () => boolean | Promise<boolean>,
  describe: () => unknown = () => '',
  limitMs = WAIT_LIMIT_MS,
): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${label}: ${JSON.stringify(await describe()).slice(0, 2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Opens a socket; with `token` it authenticates by first message and waits for `ready`. */
export async function openClient(app: FastifyInstance, options: { token?: string; protocols?: string[] } = {}): Promise<LiveClient> {
  const ws = new WebSocket(liveUrl(app), options.protocols);
  const messages: ServerMessage[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(data.toString()) as ServerMessage));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const client: LiveClient = {
    ws,
    messages,
    closed,
    send: (message) => ws.send(typeof message === 'string' ? message : JSON.stringify(message)),
    events: () => messages.filter((m): m is EventMessage => m.type === 'event'),
    waitFor: (label, done) =>
      waitUntil(
        label,
        () => done(messages),
        () => messages,
      ),
    async subscribe(topics, after) {
      const before = messages.filter((m) => m.type === 'caught-up').length;
      client.send(after ? { type: 'subscribe', topics, after } : { type: 'subscribe', topics });
      await client.waitFor(`caught-up for ${topics.join(',')}`, (all) => all.filter((m) => m.type === 'caught-up').length > before);
      const caughtUp = messages.filter((m) => m.type === 'caught-up')[before] as Extract<ServerMessage, { type: 'caught-up' }>;
      return caughtUp.cursor;
    },
  };
  if (options.token) {
    client.send({ type: 'auth', token: options.token });
    await client.waitFor('ready', (all) => all.some((m) => m.type === 'ready'));
  }
  return client;
}

/**
 * Appends events to one stream in its own transaction, then hints the tailer, as a command handler does.
 * Their type is one every role of the company receives (docs/live-feed.md, "Roles") and no
 * projection or consumer of these stream types reads; the payload is the test's.
 */
export async function record(app: FastifyInstance, companyId: string, stream: { id: string; type: string }, payloads: unknown[]): Promise<void> {
  await withTenant(app.db, companyId, (tx) =>
    app.eventStore.append(tx, {
      companyId,
      streamId: stream.id,
      streamType: stream.type,
      expectedVersion: 'any',
      events: payloads.map((data) => ({ type: 'AdvertisementCommentSet', data })),
      metadata: { userId: randomUUID(), role: 'ADMIN' },
    }),
  );
  app.eventStore.committed();
}

/**
 * Opens a transaction that takes a transaction id and stays open until `release()`, as a slow
 * command elsewhere would: events committed meanwhile stay above the xmin horizon, unreadable by
 * the log tailer, and the end of this transaction sends no commit hint. `release()` may be called twice.
 */
export async function holdHorizon(app: FastifyInstance): Promise<{ release(): Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const done = app.db.transaction().execute(async (tx) => {
    await sql`select pg_current_xact_id()`.execute(tx);
    holding();
    await released;
  });
  await Promise.race([held, done]);
  return {
    async release() {
      release();
      await done;
    },
  };
}

export const labelsOf = (events: { event: LiveEvent }[]) => events.map((m) => (m.event.data as { label: string }).label);

/** An HS256 JWT signed by hand, so a test can set `exp` to the past. */
export function signedToken(secret: string, claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

/** Token ids the trusting check below refuses (the revocation test adds one). */
export const revokedTokenIds = new Set<string>();

/**
 * The feed is platform: its tests sign tokens for made-up users (`tokenFor`), which the identity
 * module's session check would refuse. This check, put in place of it when the app is built
 * (`createTestApp(env, { replacedPorts: trustSignedTokens })`), trusts every token but a revoked
 * one; signature and expiry are still checked.
 */
export const trustSignedTokens: Partial<Ports> = { tokenCheck: async (principal) => !revokedTokenIds.has(principal.tokenId) };

/** The whole server listening on a free port, trusting every token it signed (no user rows needed). */
export async function listeningTestApp(): Promise<TestApp> {
  const t = await createTestApp({}, { replacedPorts: trustSignedTokens });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return t;
}
