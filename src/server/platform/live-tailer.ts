import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db.js';
import { cursorOf, headCursor, readAll, type Cursor, type EventStore, type StoredEvent } from './event-store.js';

export interface LogTailerOptions {
  db: Db;
  eventStore: Pick<EventStore, 'onCommitted'>;
  /** Called for each event in commit order, synchronously with the move of `position()`. */
  onEvent(event: StoredEvent): void;
  log: FastifyBaseLogger;
  /** How often to look without a hint, in ms: other instances append too, and hints are local. */
  pollMs?: number;
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
  const batchSize = options.batchSize ?? 500;
  let position: Cursor | undefined;
  let running = false;
  let inFlight: Promise<unknown> = Promise.resolve();
  let wake: (() => void) | undefined;
  let hinted = false;
  let unsubscribe: (() => void) | undefined;
  let markStarted!: (cursor: Cursor) => void;
  const startedPromise = new Promise<Cursor>((resolve) => (markStarted = resolve));

  const readOnce = async () => {
    if (!position) {
      position = await headCursor(options.db);
      markStarted(position);
      return;
    }
    for (;;) {
      const events = await readAll(options.db, { after: position, limit: batchSize });
      if (process.env.LIVE_DEBUG && events.length) (await import('node:fs')).appendFileSync('/tmp/live-debug.log', `${Date.now()} tailer read ${events.length} ${events[0].txId}.${events[0].globalPosition}..${events.at(-1)!.txId}.${events.at(-1)!.globalPosition}\n`);
      for (const event of events) {
        position = cursorOf(event);
        options.onEvent(event);
      }
      if (events.length < batchSize || !running) return;
    }
  };

  const sleep = () =>
    new Promise<void>((resolve) => {
      if (hinted) return resolve();
      const timer = setTimeout(resolve, pollMs);
      timer.unref();
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const loop = async () => {
    while (running) {
      hinted = false;
      try {
        await (inFlight = readOnce());
      } catch (error) {
        options.log.warn({ err: error }, 'live feed: reading the event log failed, retrying');
      }
      if (!running) break;
      await sleep();
      wake = undefined;
    }
  };

  return {
    position: () => position,
    started: () => startedPromise,
    start() {
      if (running) return;
      running = true;
      unsubscribe = options.eventStore.onCommitted(() => {
        hinted = true;
        wake?.();
      });
      void loop();
    },
    async stop() {
      running = false;
      unsubscribe?.();
      wake?.();
      await inFlight.catch(() => {});
    },
  };
}
