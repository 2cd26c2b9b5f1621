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
import type { LiveRules } from './live-visibility.js';

/** What every socket shares: the tailer, the token check, and the company index of the hub. */
export interface LiveHub {
  db: Db;
  auth: AuthService;
  tailer: LogTailer;
  log: FastifyBaseLogger;
  limits: LiveLimits;
  /** Who receives each event type: the modules' rules (`gatherLiveRules`). */
  rules: LiveRules;
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

/** What one socket knows about itself: who it is, what it watches, and whether it is replaying. */
interface LiveSession {
  readonly socket: WebSocket;
  readonly hub: LiveHub;
  /** Ends a socket that has not authenticated in time. */
  readonly authTimer: ReturnType<typeof setTimeout>;
  /** Puts the authenticated socket into the hub's fan-out of its company. */
  readonly joinCompany: (companyId: string) => void;
  principal?: Principal;
  token?: string;
  closed: boolean;
  /** False from a ping until any frame (pong or message) comes back. */
  alive: boolean;
  readonly topics: Set<string>;
  replaying: boolean;
  /** Live events that arrived during a replay, sent after it. */
  held: StoredEvent[];
}

const sendText = (socket: WebSocket, text: string) => {
  if (socket.readyState === OPEN) socket.send(text);
};
const send = (socket: WebSocket, message: ServerMessage) => sendText(socket, JSON.stringify(message));
const fail = (socket: WebSocket, code: ErrorCode, details?: ErrorDetail[]) =>
  send(socket, details ? { type: 'error', code, details } : { type: 'error', code });
const close = (socket: WebSocket, code: number, reason: string) => {
  if (socket.readyState === OPEN) socket.close(code, reason);
};
/** Sends and resolves once the frame has left for the network: backpressure for replays. */
const sendAndWait = (socket: WebSocket, text: string) =>
  new Promise<void>((resolve) => (socket.readyState === OPEN ? socket.send(text, () => resolve()) : resolve()));

/** An event as this socket's user may see it (the feed answers what REST answers their role), or `undefined`. */
const messageOf = (session: LiveSession, event: StoredEvent, companyId: string, views?: Map<string, string>) =>
  session.principal
    ? eventMessageFor(session.hub.rules, event, companyId, { role: session.principal.role, userId: session.principal.userId }, views)
    : undefined;

/**
 * Serves one socket of `/api/live`. Listeners are attached before anything is awaited, so no
 * early message is lost; messages are handled one after another, so a subscribe never overtakes
 * the auth before it, nor a replay the subscribe before it.
 */
export function openLiveConnection(socket: WebSocket, headerToken: string | undefined, hub: LiveHub): LiveConnection {
  const authTimer = setTimeout(() => close(socket, closeCodes.unauthorized, 'UNAUTHORIZED'), hub.limits.authTimeoutMs);
  authTimer.unref();
  const session: LiveSession = {
    socket,
    hub,
    authTimer,
    joinCompany: (companyId) => hub.join(connection, companyId),
    closed: false,
    alive: true,
    topics: new Set<string>(),
    replaying: false,
    held: [],
  };

  let work: Promise<void> = Promise.resolve();
  const enqueue = (task: () => Promise<void> | void) => {
    work = work.then(task).catch((error: unknown) => {
      hub.log.error({ err: error }, 'live feed: message handling failed');
      fail(socket, 'INTERNAL_SERVER_ERROR');
    });
  };

  socket.on('message', (data, isBinary) => {
    session.alive = true;
    if (session.closed) return;
    const raw = isBinary ? '' : Array.isArray(data) ? Buffer.concat(data).toString('utf8') : data.toString();
    enqueue(() => handleMessage(session, raw));
  });
  socket.on('pong', () => {
    session.alive = true;
  });
  socket.on('close', () => {
    session.closed = true;
    clearTimeout(authTimer);
    session.held = [];
    session.topics.clear();
    hub.leave(connection);
  });
  if (headerToken) enqueue(() => authenticate(session, headerToken));

  const connection = connectionOf(session);
  return connection;
}

/** The socket as the hub sees it: live deliveries and heartbeats. */
function connectionOf(session: LiveSession): LiveConnection {
  const { socket, hub } = session;
  return {
    socket,
    deliver(event, views) {
      if (session.closed || session.topics.size === 0 || !anyTopicMatches(session.topics, event)) return;
      const companyId = session.principal?.companyId;
      if (!companyId) return;
      if (session.replaying) {
        session.held.push(event);
        if (session.held.length > hub.limits.maxHeldEvents) close(socket, closeCodes.slowConsumer, 'SLOW_CONSUMER');
        return;
      }
      const text = messageOf(session, event, companyId, views);
      if (text === undefined) return;
      sendText(socket, text);
      if (socket.bufferedAmount > hub.limits.maxBufferedBytes) close(socket, closeCodes.slowConsumer, 'SLOW_CONSUMER');
    },
    heartbeat() {
      if (!session.alive) {
        socket.terminate();
        return;
      }
      session.alive = false;
      if (socket.readyState === OPEN) socket.ping();
      // A logout or a removed user ends the feed within one heartbeat.
      if (session.token) {
        hub.auth.verify(session.token).catch((error: unknown) => {
          if (isDomainError(error) && error.code === 'UNAUTHORIZED') close(socket, closeCodes.unauthorized, 'UNAUTHORIZED');
        });
      }
    },
  };
}

/** One client message: the first must be a valid `auth`; after it, `subscribe` and `unsubscribe`. */
async function handleMessage(session: LiveSession, raw: string): Promise<void> {
  const { socket } = session;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  const result = clientMessageSchema.safeParse(parsed);
  if (!session.principal) {
    // Nothing but a valid token opens a socket.
    if (result.success && result.data.type === 'auth') return authenticate(session, result.data.token);
    return close(socket, closeCodes.unauthorized, 'UNAUTHORIZED');
  }
  if (!result.success) {
    const details = parsed === undefined ? [{ path: '', message: 'validation.malformedRequest' }] : result.error.issues.map(issueToDetail);
    return fail(socket, 'VALIDATION_ERROR', details);
  }
  switch (result.data.type) {
    case 'auth':
      return fail(socket, 'VALIDATION_ERROR', [{ path: 'type', message: 'validation.invalidValue' }]);
    case 'subscribe':
      return subscribe(session, result.data);
    case 'unsubscribe':
      for (const topic of result.data.topics) session.topics.delete(topic);
      return;
    default: {
      const _exhaustive: never = result.data;
      return _exhaustive;
    }
  }
}

async function authenticate(session: LiveSession, candidate: string): Promise<void> {
  let principal: Principal;
  try {
    principal = await session.hub.auth.verify(candidate);
  } catch {
    close(session.socket, closeCodes.unauthorized, 'UNAUTHORIZED');
    return;
  }
  session.principal = principal;
  if (session.closed) return;
  clearTimeout(session.authTimer);
  session.token = candidate;
  if (principal.companyId) session.joinCompany(principal.companyId);
  send(session.socket, { type: 'ready' });
}

/**
 * Adds topics; with a cursor (`after`), first replays what the new topics missed, then the live
 * events held back meanwhile, then says `caught-up`.
 */
async function subscribe(session: LiveSession, message: Extract<ClientMessage, { type: 'subscribe' }>): Promise<void> {
  const { socket, hub, topics } = session;
  const companyId = session.principal?.companyId;
  if (!companyId) return fail(socket, 'FORBIDDEN');
  const added = [...new Set(message.topics)].filter((topic) => !topics.has(topic));
  if (topics.size + added.length > MAX_TOPICS_PER_SOCKET) {
    return fail(socket, 'VALIDATION_ERROR', [{ path: 'topics', message: 'validation.maxItems', params: { max: MAX_TOPICS_PER_SOCKET } }]);
  }
  try {
    // Everything committed before this subscribe is then at or before the tailer's position, so
    // the replay covers it and `caught-up` never calls a stale board current.
    await hub.tailer.caughtUpWithCommitted();
  } catch (error) {
    return giveUp(session, error);
  }
  if (session.closed) return;
  // From here to the replay's first await runs in one tick: every event the tailer hands on
  // after `upTo` lands in `held`, every event up to it comes from the replay.
  const earlier = new Set(topics);
  for (const topic of added) topics.add(topic);
  const after = message.after ? decodeCursor(message.after) : undefined;
  const upTo = hub.tailer.position() as Cursor;
  if (!after) {
    send(socket, { type: 'caught-up', cursor: encodeCursor(upTo) });
    return;
  }
  session.replaying = true;
  session.held = [];
  let handOver = after;
  try {
    if (added.length > 0) {
      const last = await replay(session, companyId, added, earlier, after, upTo);
      if (last) handOver = laterCursor(handOver, last);
    }
    // What committed while the replay ran goes out with it, paced by the socket, instead of
    // arriving as one live burst that the slow-consumer check would count against the browser.
    await hub.tailer.caughtUpWithCommitted();
  } catch (error) {
    return giveUp(session, error);
  }
  await sendHeld(session, companyId, earlier, handOver);
  // Same tick as the last look at `held`: nothing falls between the held list and live sends.
  session.replaying = false;
  send(socket, { type: 'caught-up', cursor: encodeCursor(laterCursor(hub.tailer.position() as Cursor, after)) });
}

/** The log could not be read: the browser reconnects and replays from its cursor. */
function giveUp(session: LiveSession, error: unknown): void {
  session.hub.log.warn({ err: error }, 'live feed: replay failed');
  session.replaying = false;
  session.held = [];
  fail(session.socket, 'SERVICE_UNAVAILABLE');
  close(session.socket, closeCodes.internalError, 'REPLAY_FAILED');
}

/**
 * Sends the events held back during the replay, with the replay's backpressure: they are part
 * of catching up, not live traffic, so they never count toward the slow-consumer limit. Events
 * that arrive meanwhile are held too and sent in the next round, until none are left.
 */
async function sendHeld(session: LiveSession, companyId: string, earlier: Set<string>, handOver: Cursor): Promise<void> {
  while (session.held.length > 0 && !session.closed) {
    const waiting = session.held;
    session.held = [];
    let sent: Promise<void> | undefined;
    for (const event of waiting) {
      if (compareCursors(cursorOf(event), handOver) > 0 || anyTopicMatches(earlier, event)) {
        const text = messageOf(session, event, companyId);
        if (text !== undefined) sent = sendAndWait(session.socket, text);
      }
    }
    await sent;
  }
}

/**
 * Sends the company's events after `after` up to `upTo` that match the new topics and not the
 * earlier ones (those went out live already). Returns the cursor of the last event read.
 */
async function replay(
  session: LiveSession,
  companyId: string,
  added: string[],
  earlier: Set<string>,
  after: Cursor,
  upTo: Cursor,
): Promise<Cursor | undefined> {
  const { hub } = session;
  const pageSize = hub.limits.replayPageSize;
  const streamTypes = added.every((topic) => topic.startsWith('type:')) ? added.map((topic) => topic.slice(5)) : undefined;
  let from = after;
  let last: Cursor | undefined;
  for (;;) {
    const page = await withTenant(hub.db, companyId, (tx) => readAll(tx, { after: from, companyId, streamTypes, limit: pageSize }));
    let sent: Promise<void> | undefined;
    for (const event of page) {
      const cursor = cursorOf(event);
      if (compareCursors(cursor, upTo) > 0) return last;
      last = from = cursor;
      if (!anyTopicMatches(added, event) || anyTopicMatches(earlier, event)) continue;
      const text = messageOf(session, event, companyId);
      if (text !== undefined) sent = sendAndWait(session.socket, text);
    }
    if (page.length < pageSize || session.closed) return last;
    await sent;
  }
}
