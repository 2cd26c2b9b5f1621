import { sql, type Generated } from 'kysely';
import type { Db, Executor, Tx } from './db.js';
import { cursorOf, readAll, type Cursor, type EventStore, type StoredEvent } from './event-store.js';
import { createWakeLoop } from './wake-loop.js';

interface ConsumerCheckpointsTable {
  consumer: string;
  tx_id: Generated<string>;
  global_position: Generated<string>;
  updated_at: Generated<Date>;
}

declare module './db.js' {
  interface Tables {
    consumer_checkpoints: ConsumerCheckpointsTable;
  }
}

export interface ConsumerOptions {
  db: Db;
  /** Unique, stable name: the checkpoint is stored under it. */
  name: string;
  /** Handles one batch in the transaction that also stores the checkpoint; a throw rolls both back. */
  handle(tx: Tx, events: StoredEvent[]): Promise<void>;
  /** Events per transaction; default 1000. */
  batchSize?: number;
  /** Poll interval when no hint arrives, in ms. */
  pollMs?: number;
  eventStore?: Pick<EventStore, 'onCommitted'>;
  onError?(error: unknown): void;
}

export interface Consumer {
  /** Processes batches until the log (below the horizon) is exhausted. Returns events handled. */
  catchUp(): Promise<number>;
  /** Starts the background loop. */
  start(): void;
  /** Stops the loop after the batch in flight (which commits) and waits for it. */
  stop(): Promise<void>;
}

/**
 * Takes the consumer's lock for this transaction and reads its checkpoint (created on first use).
 * The lock makes a second instance of the same consumer (another server) wait instead of reading
 * twice. It is an advisory lock, not `select ... for update`, so a poll that finds nothing writes
 * nothing and takes no transaction id, which would hold back every reader's horizon.
 */
async function lockCheckpoint(tx: Tx, name: string): Promise<Cursor> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`consumer:${name}`}, 0))`.execute(tx);
  // A statement after the lock: its snapshot sees the checkpoint the previous holder committed.
  const select = () =>
    sql<{ tx_id: string; global_position: string }>`
    select tx_id::text as tx_id, global_position from consumer_checkpoints where consumer = ${name}
  `.execute(tx);
  let found = await select();
  if (found.rows.length === 0) {
    await sql`insert into consumer_checkpoints (consumer) values (${name}) on conflict do nothing`.execute(tx);
    found = await select();
  }
  return { txId: found.rows[0].tx_id, position: Number(found.rows[0].global_position) };
}

async function saveCheckpoint(tx: Tx, name: string, cursor: Cursor): Promise<void> {
  await sql`
    update consumer_checkpoints set tx_id = ${cursor.txId}::xid8, global_position = ${cursor.position}, updated_at = now()
    where consumer = ${name}
  `.execute(tx);
}

/**
 * A consumer of the whole log with a checkpoint kept in the same transaction as its writes, so a
 * restart resumes exactly where the last committed batch ended: no gap, no repeat.
 */
export function createConsumer(options: ConsumerOptions): Consumer {
  const batchSize = options.batchSize ?? 1000;
  const pollMs = options.pollMs ?? 500;

  const oneBatch = () =>
    options.db.transaction().execute(async (tx) => {
      const checkpoint = await lockCheckpoint(tx, options.name);
      const events = await readAll(tx, { after: checkpoint, limit: batchSize });
      if (events.length === 0) return 0;
      await options.handle(tx, events);
      await saveCheckpoint(tx, options.name, cursorOf(events[events.length - 1]));
      return events.length;
    });

  const drain = async (keepGoing: () => boolean) => {
    let total = 0;
    for (;;) {
      const handled = await oneBatch();
      total += handled;
      if (handled < batchSize || !keepGoing()) return total;
    }
  };

  const loop = createWakeLoop({
    step: () => drain(loop.isRunning),
    pollMs: () => pollMs,
    hints: options.eventStore,
    onError: (error) => options.onError?.(error),
  });

  return {
    catchUp: () => drain(() => true),
    start: loop.start,
    stop: loop.stop,
  };
}

/** How far a reader of the log is behind it: readable events after its cursor, and the age of the oldest. */
export interface LogLag {
  events: number;
  /** Seconds since the oldest of them was recorded; 0 when caught up. */
  seconds: number;
}

const toLag = (row: { events: string | number; seconds: string | number | null } | undefined): LogLag => ({
  events: Number(row?.events ?? 0),
  seconds: Math.max(0, Number(row?.seconds ?? 0)),
});

/** The lag after `cursor`, counting only events below the horizon (what `readAll` would hand over). */
export async function lagAfter(db: Executor, cursor: Cursor): Promise<LogLag> {
  const result = await sql<{ events: string; seconds: string | null }>`
    select count(*) as events, extract(epoch from now() - min(recorded_at)) as seconds
    from events
    where (events.tx_id, events.global_position) > (${cursor.txId}::xid8, ${cursor.position}::bigint)
      and events.tx_id < pg_snapshot_xmin(pg_current_snapshot())
  `.execute(db);
  return toLag(result.rows[0]);
}

/** The lag of every consumer with a checkpoint (the job dispatcher, ...), by consumer name. */
export async function consumerLags(db: Executor): Promise<Array<LogLag & { consumer: string }>> {
  const result = await sql<{ consumer: string; events: string; seconds: string | null }>`
    select c.consumer, count(e.global_position) as events, extract(epoch from now() - min(e.recorded_at)) as seconds
    from consumer_checkpoints c
    left join events e
      on (e.tx_id, e.global_position) > (c.tx_id, c.global_position)
     and e.tx_id < pg_snapshot_xmin(pg_current_snapshot())
    group by c.consumer
    order by c.consumer
  `.execute(db);
  return result.rows.map((row) => ({ consumer: row.consumer, ...toLag(row) }));
}
