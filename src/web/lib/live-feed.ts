import type { ErrorCode } from '../../domain/shared/errors';
import {
  closeCodes,
  compareCursors as compareCursorValues,
  decodeCursor,
  topicMatches,
  type LiveEvent,
  type LiveTopic,
  type ServerMessage,
} from '../../domain/shared/live.rules';

export type { LiveEvent, LiveTopic };

/**
 * `connecting`: opening, authenticating or replaying what was missed; `live`: caught up, events
 * arrive as they commit; `offline`: no connection (waiting to retry, signed out, or closed). A
 * board that is not `live` may be stale and should say so.
 */
export type LiveStatus = 'connecting' | 'live' | 'offline';

export type LiveListener = (event: LiveEvent, cursor: string) => void;

/** The part of the browser's WebSocket the feed uses (the `ws` package fits too, for tests). */
export interface LiveSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface LiveFeedOptions {
  /** The session's bearer token, read at every (re)connect; null while signed out. */
  getToken(): string | null;
  /** Defaults to `/api/live` on the page's own host, `wss:` under https. */
  url?: string;
  createSocket?(url: string): LiveSocket;
  /** The server refused the token (close 4401): the session has ended. The feed waits for `reconnect()`. */
  onUnauthorized?(): void;
  /** An `error` message from the server, e.g. FORBIDDEN for a master user with no company selected. */
  onError?(code: ErrorCode): void;
  /** First reconnect delay in ms; it doubles per failed attempt up to `maxDelayMs`, with jitter. */
  minDelayMs?: number;
  maxDelayMs?: number;
}

export interface LiveFeed {
  status(): LiveStatus;
  /** Calls `listener` on every status change; returns the function that stops it. */
  onStatus(listener: (status: LiveStatus) => void): () => void;
  /** Calls `listener` for every event of `topic`, replayed or live; returns the function that stops it. */
  listen(topic: LiveTopic, listener: LiveListener): () => void;
  /**
   * Calls `listener` whenever the server answers a subscribe with `caught-up`: from then on every
   * event of the subscribed topics arrives, so a read made now misses nothing. Returns the stopper.
   */
  onCaughtUp(listener: (cursor: string) => void): () => void;
  /** The position up to which every event of the watched topics has arrived. */
  lastCursor(): string | undefined;
  /** Connects now: after sign-in, or to skip the wait before the next attempt. */
  reconnect(): void;
  /** Ends the feed for good. */
  close(): void;
}

const OPEN = 1;

/** Commit order of two `txId.position` cursors. */
function compareCursors(a: string, b: string): number {
  const [first, second] = [decodeCursor(a), decodeCursor(b)];
  if (!first || !second) throw new Error(`Not a live-feed cursor: ${first ? b : a}`);
  return compareCursorValues(first, second);
}

const laterCursor = (current: string | undefined, next: string) => (current === undefined || compareCursors(next, current) > 0 ? next : current);

function defaultUrl(): string {
  const { protocol, host } = globalThis.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/api/live`;
}

/**
 * A live feed for the console: one socket to `/api/live`, shared by every board and screen of
 * the tab. It keeps the last cursor it has seen; after a drop it reconnects with backoff and asks
 * for everything after that cursor, so a board never silently misses an event.
 */
export function createLiveFeed(options: LiveFeedOptions): LiveFeed {
  const minDelayMs = options.minDelayMs ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as LiveSocket);
  const listeners = new Map<string, Set<LiveListener>>();
  const statusListeners = new Set<(status: LiveStatus) => void>();
  const caughtUpListeners = new Set<(cursor: string) => void>();
  // Not connected yet is not a lost connection: a screen shows "connecting" until the first socket answers or fails.
  let status: LiveStatus = 'connecting';
  let socket: LiveSocket | undefined;
  let ready = false;
  let awaitingCatchUp = false;
  let cursor: string | undefined;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Set when retrying cannot help: closed for good, no token, or the token was refused. */
  let parked = false;
  let ended = false;

  const setStatus = (next: LiveStatus) => {
    if (next === status) return;
    status = next;
    for (const listener of statusListeners) listener(next);
  };

  const send = (message: unknown) => {
    if (socket?.readyState === OPEN) socket.send(JSON.stringify(message));
  };

  const dispatch = (event: LiveEvent, eventCursor: string) => {
    for (const [topic, topicListeners] of listeners) {
      if (!topicMatches(topic, event)) continue;
      for (const listener of topicListeners) {
        try {
          listener(event, eventCursor);
        } catch (error) {
          globalThis.reportError?.(error);
        }
      }
    }
  };

  const subscribeAll = () => {
    const topics = [...listeners.keys()];
    if (topics.length === 0) {
      awaitingCatchUp = false;
      setStatus('live');
      return;
    }
    awaitingCatchUp = true;
    send(cursor ? { type: 'subscribe', topics, after: cursor } : { type: 'subscribe', topics });
  };

  const receive = (message: ServerMessage) => {
    switch (message.type) {
      case 'ready':
        ready = true;
        return subscribeAll();
      case 'event':
        cursor = laterCursor(cursor, message.cursor);
        return dispatch(message.event, message.cursor);
      case 'caught-up':
        cursor = laterCursor(cursor, message.cursor);
        if (awaitingCatchUp) {
          awaitingCatchUp = false;
          attempt = 0;
          setStatus('live');
        }
        for (const listener of caughtUpListeners) listener(message.cursor);
        return;
      case 'error':
        options.onError?.(message.code);
        if (message.code === 'FORBIDDEN') {
          // A master user without a selected company gets no events: retrying cannot change that.
          parked = true;
          socket?.close(1000, 'FORBIDDEN');
        }
        return;
      default: {
        const _exhaustive: never = message;
        return _exhaustive;
      }
    }
  };

  const scheduleRetry = () => {
    const ceiling = Math.min(maxDelayMs, minDelayMs * 2 ** attempt);
    attempt += 1;
    retryTimer = setTimeout(connect, ceiling / 2 + Math.random() * (ceiling / 2));
  };

  function connect() {
    retryTimer = undefined;
    if (ended || socket) return;
    const token = options.getToken();
    if (!token) {
      parked = true;
      setStatus('offline');
      return;
    }
    parked = false;
    ready = false;
    setStatus('connecting');
    const current = createSocket(options.url ?? defaultUrl());
    socket = current;
    current.onopen = () => send({ type: 'auth', token });
    current.onmessage = ({ data }) => {
      if (socket !== current || typeof data !== 'string') return;
      try {
        receive(JSON.parse(data) as ServerMessage);
      } catch (error) {
        globalThis.reportError?.(error);
      }
    };
    current.onerror = () => {};
    current.onclose = ({ code }) => {
      if (socket !== current) return;
      socket = undefined;
      ready = false;
      awaitingCatchUp = false;
      setStatus('offline');
      if (code === closeCodes.unauthorized) {
        parked = true;
        options.onUnauthorized?.();
      }
      if (!ended && !parked) scheduleRetry();
    };
  }

  const onBrowserOnline = () => {
    if (!socket && !parked) reconnectNow();
  };

  function reconnectNow() {
    if (ended) return;
    if (retryTimer) clearTimeout(retryTimer);
    attempt = 0;
    connect();
  }

  globalThis.addEventListener?.('online', onBrowserOnline);

  return {
    status: () => status,
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    listen(topic, listener) {
      let topicListeners = listeners.get(topic);
      if (!topicListeners) {
        listeners.set(topic, (topicListeners = new Set()));
        if (ready) send({ type: 'subscribe', topics: [topic] });
      }
      topicListeners.add(listener);
      if (!socket && !retryTimer && !parked) connect();
      return () => {
        topicListeners.delete(listener);
        if (topicListeners.size > 0 || listeners.get(topic) !== topicListeners) return;
        listeners.delete(topic);
        if (ready) send({ type: 'unsubscribe', topics: [topic] });
      };
    },
    onCaughtUp(listener) {
      caughtUpListeners.add(listener);
      return () => caughtUpListeners.delete(listener);
    },
    lastCursor: () => cursor,
    reconnect() {
      parked = false;
      if (socket) {
        const old = socket;
        socket = undefined;
        old.close(1000, 'RECONNECT');
      }
      reconnectNow();
    },
    close() {
      ended = true;
      if (retryTimer) clearTimeout(retryTimer);
      globalThis.removeEventListener?.('online', onBrowserOnline);
      const old = socket;
      socket = undefined;
      ready = false;
      old?.close(1000, 'CLOSED');
      setStatus('offline');
    },
  };
}
