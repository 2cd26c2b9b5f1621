import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { EventStore } from './event-store.js';
import type { JobLogger } from './jobs.js';

/** The PostgreSQL channel instances tell each other about commits on. */
export const COMMIT_CHANNEL = 'shopfloor_commits';

/** Wait before listening again after the connection dropped, in ms. */
const RECONNECT_MS = 1_000;

export interface CommitSignal {
  /** Resolves once this instance listens (tests wait for it; the server does not need to). */
  listening(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Tells the other server instances on the same PostgreSQL that this one committed events, and
 * wakes this one's readers (live tailer, consumers, dispatcher) when another did, so a browser on
 * instance B sees a command made on A without waiting for B's next poll. `NOTIFY` is sent after
 * the commit (from `EventStore.committed`), never inside the append transaction; the payload is
 * the sender's id, so an instance ignores its own. One notification is in flight at a time and
 * commits meanwhile share the next one. It is only a hint: a dropped connection is reopened, and
 * polling delivers everything meanwhile. (docs/live-feed.md, Several instances.)
 */
export function startCommitSignal(options: { databaseUrl: string; eventStore: EventStore; log: JobLogger }): CommitSignal {
  const instanceId = randomUUID();
  let client: pg.Client | undefined;
  let stopped = false;
  let sending = false;
  let sendAgain = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let ready: Promise<void>;
  let resolveReady: () => void = () => {};
  const resetReady = () => {
    ready = new Promise<void>((resolve) => (resolveReady = resolve));
  };
  resetReady();

  const connect = async () => {
    const next = new pg.Client({ connectionString: options.databaseUrl, application_name: 'shopfloor-console commit-signal' });
    next.on('error', () => {});
    next.on('end', () => {
      if (client === next) client = undefined;
      if (!stopped) scheduleReconnect();
    });
    next.on('notification', (message) => {
      if (message.channel === COMMIT_CHANNEL && message.payload !== instanceId) options.eventStore.wake();
    });
    try {
      await next.connect();
      await next.query(`listen ${COMMIT_CHANNEL}`);
    } catch (error) {
      options.log.warn({ err: error }, 'commit signal: cannot listen for other instances; polling only until it can');
      await next.end().catch(() => {});
      return;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    resolveReady();
  };

  const scheduleReconnect = () => {
    if (reconnectTimer || stopped) return;
    resetReady();
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void connect().then(() => {
        if (!client && !stopped) scheduleReconnect();
      });
    }, RECONNECT_MS);
  };

  const send = async () => {
    if (sending) {
      sendAgain = true;
      return;
    }
    sending = true;
    try {
      do {
        sendAgain = false;
        await client?.query('select pg_notify($1, $2)', [COMMIT_CHANNEL, instanceId]).catch(() => {});
      } while (sendAgain && !stopped);
    } finally {
      sending = false;
    }
  };

  const unsubscribe = options.eventStore.onLocalCommit(() => void send());
  void connect().then(() => {
    if (!client && !stopped) scheduleReconnect();
  });

  return {
    listening: () => ready,
    async stop() {
      stopped = true;
      unsubscribe();
      clearTimeout(reconnectTimer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
