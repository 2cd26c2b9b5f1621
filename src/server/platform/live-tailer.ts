import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from './db.js';
import { cursorOf, headCursor, readAll, startCursor, type Cursor, type EventStore, type StoredEvent } from './event-store.js';
import { compareCursors } from './live-protocol.js';
import { createWakeLoop } from './wake-loop.js';

export interface LogTailerOptions {
  db: Db;
  eventStore: Pick<EventStore, 'onCommitted'>;
  /** Called for each event in commit order, synchronously with the move of `position()`. */
  onEvent(event: StoredEvent): void;
  log: FastifyBaseLogger;
  /** How often to look without a hint, in ms: other instances append too, and hints are local. */
  pollMs?: number;
  /** How often to look while a socket waits in `caughtUpWithCommitted`, in ms. */
  catchUpPollMs?: number;
  batchSize?: number;
}

export interface LogTailer {
  /**
   * Every event at or before this cursor has been handed to `onEvent`; undefined until the
   * tailer has read the head of the log once.
   */
  position(): Cursor | undefined;
  /** Resolves with the starting cursor once the tailer knows where the log ends. */
  started(): Promise<Cursor>;
  /**
   * Resolves once every event committed before the call has been handed to `onEvent`, so
   * `position()` then covers them (or once the tailer stops). Until then the tailer looks every
   * `catchUpPollMs`: an event can commit while an older transaction still holds the xmin horizon
   * back, and the end of that transaction sends no commit hint.
   */
  caughtUpWithCommitted(): Promise<void>;
  start(): void;
  /** Stops the loop and waits for the read in flight. */
  stop(): Promise<void>;
}

/**
 * One per server instance: follows the committed log from its head in commit order, below the
 * xmin horizon, and hands each event on. It keeps no checkpoint: a browser that missed something
 * replays from its own cursor, so a restarted server only has to start at the head.
 */
export function createLogTailer(options: LogTailerOptions): LogTailer {
  const pollMs = options.pollMs ?? 250;
  const catchUpPollMs = options.catchUpPollMs ?? 10;
  const batchSize = options.batchSize ?? 500;
  let position: Cursor | undefined;
  let markStarted!: (cursor: Cursor) => void;
  const startedPromise = new Promise<Cursor>((resolve) => (markStarted = resolve));
  let waiters: { target: Cursor; resolve: () => void }[] = [];

  const settleWaiters = (all = false) => {
    if (waiters.length === 0) return;
    const reached = (target: Cursor) => all || (position !== undefined && compareCursors(position, target) >= 0);
    for (const waiter of waiters) if (reached(waiter.target)) waiter.resolve();
    waiters = waiters.filter((waiter) => !reached(waiter.target));
  };

  const readOnce = async () => {
    if (!position) {
      position = await headCursor(options.db);
      markStarted(position);
      return;
    }
    for (;;) {
      const events = await readAll(options.db, { after: position, limit: batchSize });
      for (const event of events) {
        position = cursorOf(event);
        options.onEvent(event);
      }
      settleWaiters();
      if (events.length < batchSize || !loop.isRunning()) return;
    }
  };

  const loop = createWakeLoop({
    step: readOnce,
    pollMs: () => (waiters.length > 0 ? catchUpPollMs : pollMs),
    hints: options.eventStore,
    onError: (error) => options.log.warn({ err: error }, 'live feed: reading the event log failed, retrying'),
  });

  const caughtUpWithCommitted = async () => {
    await startedPromise;
    const target = await newestCommitted(options.db);
    if (!loop.isRunning() || compareCursors(position ?? startCursor, target) >= 0) return;
    await new Promise<void>((resolve) => {
      waiters.push({ target, resolve });
      loop.wake();
    });
  };

  // A commit hint (this instance's or another's) means an event is committed, but an older
  // transaction may still hold the horizon below it, and its end sends no hint: chase the newest
  // committed event at the catch-up pace instead of waiting for the next poll. Hints that arrive
  // during a chase are served by one more chase after it.
  let chasing = false;
  let hintedWhileChasing = false;
  const chase = async () => {
    if (chasing) {
      hintedWhileChasing = true;
      return;
    }
    chasing = true;
    try {
      do {
        hintedWhileChasing = false;
        await caughtUpWithCommitted();
      } while (hintedWhileChasing && loop.isRunning());
    } catch (error) {
      options.log.warn({ err: error }, 'live feed: following a commit hint failed; the next poll reads it');
    } finally {
      chasing = false;
    }
  };
  let unsubscribe: (() => void) | undefined;

  return {
    position: () => position,
    started: () => startedPromise,
    caughtUpWithCommitted,
    start() {
      loop.start();
      unsubscribe = options.eventStore.onCommitted(() => void chase());
    },
    async stop() {
      unsubscribe?.();
      const stopped = loop.stop();
      settleWaiters(true);
      await stopped;
    },
  };
}

/**
 * The cursor of the newest committed event, horizon or not: the statement sees every
 * transaction that committed before it began (start cursor on an empty log).
 */
async function newestCommitted(db: Db): Promise<Cursor> {
  const result = await sql<{ tx_id: string; global_position: string }>`
    select tx_id::text as tx_id, global_position from events
    order by tx_id desc, global_position desc limit 1
  `.execute(db);
  const row = result.rows[0];
  return row ? { txId: row.tx_id, position: Number(row.global_position) } : startCursor;
}
