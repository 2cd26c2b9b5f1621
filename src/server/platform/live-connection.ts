import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { ErrorCode, ErrorDetail } from '../../domain/shared/errors.js';
import { isDomainError } from '../../domain/shared/errors.js';
import { issueToDetail } from '../../domain/shared/validation.js';
import type { AuthService, Principal } from './auth.js';
import { withTenant, type Db } from './db.js';
import { cursorOf, decodeCursor, encodeCursor, readAll, type Cursor, type StoredEvent } from './event-store.js';
import {
  anyTopicMatches,
  clientMessageSchema,
  closeCodes,
  compareCursors,
  eventMessageFor,
  laterCursor,
  MAX_TOPICS_PER_SOCKET,
  type ClientMessage,
  type ServerMessage,
} from './live-protocol.js';
import type { LogTailer } from './live-tailer.js';

/** What every socket shares: the tailer, the token check, and the company index of the hub. */
export interface LiveHub {
  db: Db;
  auth: AuthService;
  tailer: LogTailer;
  log: FastifyBaseLogger;
  limits: LiveLimits;
  /** Puts an authenticated socket of a company into the fan-out. */
  join(connection: LiveConnection, companyId: string): void;
  leave(connection: LiveConnection): void;
}

export interface LiveLimits {
  /** Time a new socket has to present a valid token, in ms. */
  authTimeoutMs: number;
  /** Unsent bytes a socket may hold before it counts as a slow consumer. */
  maxBufferedBytes: number;
  /** Live events a socket may hold back while it replays; beyond that it reconnects and replays again. */
  maxHeldEvents: number;
  /** Events read from the log per replay page. */
  replayPageSize: number;
}

export interface LiveConnection {
  readonly socket: WebSocket;
  /**
   * Hands one committed event of the socket's company to it, as the socket's user may see it;
   * `views` holds the event's serialised forms, shared by all sockets.
   */
  deliver(event: StoredEvent, views: Map<string, string>): void;
  /** Called on every heartbeat tick: ping, end a socket that missed the last pong, re-check the token. */
  heartbeat(): void;
}

const OPEN = 1;

/** The bearer token from `Sec-WebSocket-Protocol: bearer, <token>`, if the browser sent it that way. */
export function tokenFromProtocolHeader(header: string | undefined): string | undefined {
  const [scheme, token] = (header ?? '').split(',').map((part) => part.trim());
  return scheme === 'bearer' && token ? token : undefined;
}

/**
 * Serves one socket of `/api/live`. Listeners are attached before anything is awaited, so no
 * early message is lost; messages are handled one after another, so a subscribe never overtakes
 * the auth before it, nor a replay the subscribe before it.
 */
export function openLiveConnection(socket: WebSocket, headerToken: string | undefined, hub: LiveHub): LiveConnection {
  const { limits } = hub;
  let principal: Principal | undefined;
  let token: string | undefined;
  let closed = false;
  let alive = true;
  const topics = new Set<string>();
  let replaying = false;
  let held: StoredEvent[] = [];
  let work: Promise<void> = Promise.resolve();

  /** An event as this socket's user may see it (the feed answers what REST answers their role), or `undefined`. */
  const messageOf = (event: StoredEvent, companyId: string, views?: Map<string, string>) =>
    principal ? eventMessageFor(event, companyId, { role: principal.role, userId: principal.userId }, views) : undefined;
  const send = (message: ServerMessage) => sendText(JSON.stringify(message));
  const sendText = (text: string) => {
    if (socket.readyState === OPEN) socket.send(text);
  };
  const fail = (code: ErrorCode, details?: ErrorDetail[]) => send(details ? { type: 'error', code, details } : { type: 'error', code });
  const close = (code: number, reason: string) => {
    if (socket.readyState === OPEN) socket.close(code, reason);
  };
  const dropIfSlow = () => {
    if (socket.bufferedAmount > limits.maxBufferedBytes) close(closeCodes.slowConsumer, 'SLOW_CONSUMER');
  };
  /** Sends and resolves once the frame has left for the network: backpressure for replays. */
  const sendAndWait = (text: string) => new Promise<void>((resolve) => (socket.readyState === OPEN ? socket.send(text, () => resolve()) : resolve()));

  const authTimer = setTimeout(() => close(closeCodes.unauthorized, 'UNAUTHORIZED'), limits.authTimeoutMs);
  authTimer.unref();

  const authenticate = async (candidate: string) => {
    try {
      principal = await hub.auth.verify(candidate);
    } catch {
      close(closeCodes.unauthorized, 'UNAUTHORIZED');
      return;
    }
    if (closed) return;
    clearTimeout(authTimer);
    token = candidate;
    if (principal.companyId) hub.join(connection, principal.companyId);
    send({ type: 'ready' });
  };

  const subscribe = async (message: Extract<ClientMessage, { type: 'subscribe' }>) => {
    const companyId = principal?.companyId;
    if (!companyId) return fail('FORBIDDEN');
    const added = [...new Set(message.topics)].filter((topic) => !topics.has(topic));
    if (topics.size + added.length > MAX_TOPICS_PER_SOCKET) {
      return fail('VALIDATION_ERROR', [{ path: 'topics', message: 'validation.maxItems', params: { max: MAX_TOPICS_PER_SOCKET } }]);
    }
    try {
      // Everything committed before this subscribe is then at or before the tailer's position, so
      // the replay covers it and `caught-up` never calls a stale board current.
      await hub.tailer.caughtUpWithCommitted();
    } catch (error) {
      return giveUp(error);
    }
    if (closed) return;
    // From here to the replay's first await runs in one tick: every event the tailer hands on
    // after `upTo` lands in `held`, every event up to it comes from the replay.
    const earlier = new Set(topics);
    for (const topic of added) topics.add(topic);
    const after = message.after ? decodeCursor(message.after) : undefined;
    const upTo = hub.tailer.position() as Cursor;
    if (!after) {
      send({ type: 'caught-up', cursor: encodeCursor(upTo) });
      return;
    }
    replaying = true;
    held = [];
    let handOver = after;
    try {
      if (added.length > 0) {
        const last = await replay(companyId, added, earlier, after, upTo);
        if (last) handOver = laterCursor(handOver, last);
      }
      // What committed while the replay ran goes out with it, paced by the socket, instead of
      // arriving as one live burst that the slow-consumer check would count against the browser.
      await hub.tailer.caughtUpWithCommitted();
    } catch (error) {
      return giveUp(error);
    }
    await sendHeld(companyId, earlier, handOver);
    // Same tick as the last look at `held`: nothing falls between the held list and live sends.
    replaying = false;
    send({ type: 'caught-up', cursor: encodeCursor(laterCursor(hub.tailer.position() as Cursor, after)) });
  };

  /** The log could not be read: the browser reconnects and replays from its cursor. */
  const giveUp = (error: unknown) => {
    hub.log.warn({ err: error }, 'live feed: replay failed');
    replaying = false;
    held = [];
    fail('SERVICE_UNAVAILABLE');
    close(closeCodes.internalError, 'REPLAY_FAILED');
  };

  /**
   * Sends the events held back during the replay, with the replay's backpressure: they are part
   * of catching up, not live traffic, so they never count toward the slow-consumer limit. Events
   * that arrive meanwhile are held too and sent in the next round, until none are left.
   */
  const sendHeld = async (companyId: string, earlier: Set<string>, handOver: Cursor) => {
    while (held.length > 0 && !closed) {
      const waiting = held;
      held = [];
      let sent: Promise<void> | undefined;
      for (const event of waiting) {
        if (compareCursors(cursorOf(event), handOver) > 0 || anyTopicMatches(earlier, event)) {
          const text = messageOf(event, companyId);
          if (text !== undefined) sent = sendAndWait(text);
        }
      }
      await sent;
    }
  };

  /**
   * Sends the company's events after `after` up to `upTo` that match the new topics and not the
   * earlier ones (those went out live already). Returns the cursor of the last event read.
   */
  const replay = async (companyId: string, added: string[], earlier: Set<string>, after: Cursor, upTo: Cursor) => {
    const streamTypes = added.every((topic) => topic.startsWith('type:')) ? added.map((topic) => topic.slice(5)) : undefined;
    let from = after;
    let last: Cursor | undefined;
    for (;;) {
      const page = await withTenant(hub.db, companyId, (tx) => readAll(tx, { after: from, companyId, streamTypes, limit: limits.replayPageSize }));
      let sent: Promise<void> | undefined;
      for (const event of page) {
        const cursor = cursorOf(event);
        if (compareCursors(cursor, upTo) > 0) return last;
        last = from = cursor;
        if (!anyTopicMatches(added, event) || anyTopicMatches(earlier, event)) continue;
        const text = messageOf(event, companyId);
        if (text !== undefined) sent = sendAndWait(text);
      }
      if (page.length < limits.replayPageSize || closed) return last;
      await sent;
    }
  };

  const unsubscribe = (message: Extract<ClientMessage, { type: 'unsubscribe' }>) => {
    for (const topic of message.topics) topics.delete(topic);
  };

  const handle = async (raw: string) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = undefined;
    }
    const result = clientMessageSchema.safeParse(parsed);
    if (!principal) {
      // Nothing but a valid token opens a socket.
      if (result.success && result.data.type === 'auth') return authenticate(result.data.token);
      return close(closeCodes.unauthorized, 'UNAUTHORIZED');
    }
    if (!result.success) {
      const details = parsed === undefined ? [{ path: '', message: 'validation.malformedRequest' }] : result.error.issues.map(issueToDetail);
      return fail('VALIDATION_ERROR', details);
    }
    switch (result.data.type) {
      case 'auth':
        return fail('VALIDATION_ERROR', [{ path: 'type', message: 'validation.invalidValue' }]);
      case 'subscribe':
        return subscribe(result.data);
      case 'unsubscribe':
        return unsubscribe(result.data);
      default: {
        const _exhaustive: never = result.data;
        return _exhaustive;
      }
    }
  };

  const enqueue = (task: () => Promise<void> | void) => {
    work = work.then(task).catch((error: unknown) => {
      hub.log.error({ err: error }, 'live feed: message handling failed');
      fail('INTERNAL_SERVER_ERROR');
    });
  };

  socket.on('message', (data, isBinary) => {
    alive = true;
    if (closed) return;
    const raw = isBinary ? '' : Array.isArray(data) ? Buffer.concat(data).toString('utf8') : data.toString();
    enqueue(() => handle(raw));
  });
  socket.on('pong', () => {
    alive = true;
  });
  socket.on('close', () => {
    closed = true;
    clearTimeout(authTimer);
    held = [];
    topics.clear();
    hub.leave(connection);
  });
  if (headerToken) enqueue(() => authenticate(headerToken));

  const connection: LiveConnection = {
    socket,
    deliver(event, views) {
      if (closed || topics.size === 0 || !anyTopicMatches(topics, event)) return;
      if (!principal?.companyId) return;
      if (replaying) {
        held.push(event);
        if (held.length > limits.maxHeldEvents) close(closeCodes.slowConsumer, 'SLOW_CONSUMER');
        return;
      }
      const text = messageOf(event, principal.companyId, views);
      if (text === undefined) return;
      sendText(text);
      dropIfSlow();
    },
    heartbeat() {
      if (!alive) {
        socket.terminate();
        return;
      }
      alive = false;
      if (socket.readyState === OPEN) socket.ping();
      // A logout or a removed user ends the feed within one heartbeat.
      if (token) {
        hub.auth.verify(token).catch((error: unknown) => {
          if (isDomainError(error) && error.code === 'UNAUTHORIZED') close(closeCodes.unauthorized, 'UNAUTHORIZED');
        });
      }
    },
  };
  return connection;
}
