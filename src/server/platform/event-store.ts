import { EventEmitter } from 'node:events';
import { sql, type Generated, type Insertable } from 'kysely';
import { DomainError } from '../../domain/shared/errors.js';
import type { Db, Executor, Tx } from './db.js';

interface StreamsTable {
  stream_id: string;
  company_id: string | null;
  stream_type: string;
  version: number;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

interface EventsTable {
  global_position: Generated<string>;
  tx_id: Generated<string>;
  company_id: string | null;
  stream_id: string;
  stream_type: string;
  stream_version: number;
  type: string;
  data: unknown;
  metadata: Generated<unknown>;
  recorded_at: Generated<Date>;
}

interface ConsumerCheckpointsTable {
  consumer: string;
  tx_id: Generated<string>;
  global_position: Generated<string>;
  updated_at: Generated<Date>;
}

declare module './db.js' {
  interface Tables {
    streams: StreamsTable;
    events: EventsTable;
    consumer_checkpoints: ConsumerCheckpointsTable;
  }
}

/** A fact to append. `type` is past tense and versioned by name (`OrderMovedToStation`). */
export interface NewEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/** Who caused an event, on behalf of which company, and within which request. */
export interface EventMetadata {
  userId?: string;
  role?: string;
  /** The company the actor acted for (a master user acts on behalf of a customer company). */
  onBehalfOf?: string | null;
  correlationId?: string;
  causationId?: string;
}

export interface StoredEvent<Type extends string = string, Data = unknown> {
  /** Order of insertion; not commit order (see `Cursor`). */
  globalPosition: number;
  /** Transaction id (xid8) as a decimal string. */
  txId: string;
  companyId: string | null;
  streamId: string;
  streamType: string;
  streamVersion: number;
  type: Type;
  data: Data;
  metadata: EventMetadata;
  recordedAt: Date;
}

/**
 * A position in commit order: events are read by `(txId, globalPosition)`, and only from
 * transactions older than every transaction still running, so a late commit is never skipped.
 */
export interface Cursor {
  txId: string;
  position: number;
}

export const startCursor: Cursor = { txId: '0', position: 0 };

export const cursorOf = (event: Pick<StoredEvent, 'txId' | 'globalPosition'>): Cursor => ({
  txId: event.txId,
  position: event.globalPosition,
});

/** `txId.position`, the form a cursor travels in (live feed, URLs). */
export const encodeCursor = (cursor: Cursor): string => `${cursor.txId}.${cursor.position}`;

export function decodeCursor(text: string): Cursor | undefined {
  const match = /^(\d{1,20})\.(\d{1,16})$/.exec(text);
  return match ? { txId: match[1], position: Number(match[2]) } : undefined;
}

/**
 * The version the caller last saw: a number (0 = the stream must not exist yet), or `'any'`
 * for streams where order of writers does not matter (audit events of plain-record modules).
 */
export type ExpectedVersion = number | 'any';

export interface AppendInput {
  companyId: string | null;
  streamId: string;
  streamType: string;
  expectedVersion: ExpectedVersion;
  events: NewEvent[];
  metadata?: EventMetadata;
}

export interface AppendResult {
  /** The stream's version after the append (= stream_version of the last event). */
  nextVersion: number;
  events: StoredEvent[];
}

/** A read model of one stream, updated in the append's transaction so a client reads its own write. */
export interface InlineProjection {
  name: string;
  /** Stream types it reacts to. */
  streamTypes: readonly string[];
  apply(tx: Tx, events: StoredEvent[]): Promise<void>;
}

type EventRow = {
  global_position: string;
  tx_id: string;
  company_id: string | null;
  stream_id: string;
  stream_type: string;
  stream_version: number;
  type: string;
  data: unknown;
  metadata: unknown;
  recorded_at: Date | string;
};

const toStoredEvent = (row: EventRow): StoredEvent => ({
  globalPosition: Number(row.global_position),
  txId: String(row.tx_id),
  companyId: row.company_id,
  streamId: row.stream_id,
  streamType: row.stream_type,
  streamVersion: row.stream_version,
  type: row.type,
  data: row.data,
  metadata: (row.metadata ?? {}) as EventMetadata,
  recordedAt: row.recorded_at instanceof Date ? row.recorded_at : new Date(row.recorded_at),
});

/**
 * Appends events to a stream in one round trip: the stream row is created (expected 0) or moved
 * on (expected = current version) and the events inserted by a single statement. If the version
 * does not match, nothing is written and CONFLICT_ERROR is thrown.
 */
async function appendRaw(tx: Executor, input: AppendInput): Promise<AppendResult> {
  const count = input.events.length;
  if (count === 0) throw new Error('appendToStream needs at least one event');
  const expected = input.expectedVersion;
  const types = input.events.map((e) => e.type);
  const datas = input.events.map((e) => JSON.stringify(e.data ?? null));
  const metadata = JSON.stringify(input.metadata ?? {});

  // `moved` yields the stream's new version only when the expectation holds; the events insert
  // reads it, so on a mismatch zero events are inserted and zero rows come back.
  const moved =
    expected === 'any'
      ? sql`
          insert into streams (stream_id, company_id, stream_type, version)
          values (${input.streamId}, ${input.companyId}, ${input.streamType}, ${count})
          on conflict (stream_id) do update set version = streams.version + ${count}, updated_at = now()
          returning version`
      : expected === 0
        ? sql`
          insert into streams (stream_id, company_id, stream_type, version)
          values (${input.streamId}, ${input.companyId}, ${input.streamType}, ${count})
          on conflict (stream_id) do nothing
          returning version`
        : sql`
          update streams set version = version + ${count}, updated_at = now()
          where stream_id = ${input.streamId} and version = ${expected}
          returning version`;

  const result = await sql<EventRow>`
    with moved as (${moved})
    insert into events (company_id, stream_id, stream_type, stream_version, type, data, metadata)
    select ${input.companyId}::uuid, ${input.streamId}, ${input.streamType},
           moved.version - ${count}::int + e.ordinality::int, e.type, e.data::jsonb, ${metadata}::jsonb
    from moved
    cross join unnest(${types}::text[], ${datas}::text[]) with ordinality as e(type, data, ordinality)
    returning global_position, tx_id::text as tx_id, company_id, stream_id, stream_type, stream_version,
              type, data, metadata, recorded_at
  `.execute(tx);

  if (result.rows.length !== count) {
    throw new DomainError('CONFLICT_ERROR', [
      { path: 'version', message: 'errors.CONFLICT_ERROR', params: { expected: String(expected) } },
    ]);
  }
  const events = result.rows.map(toStoredEvent).sort((a, b) => a.streamVersion - b.streamVersion);
  return { nextVersion: events[events.length - 1].streamVersion, events };
}

/** Reads one stream in version order, optionally from a version on (exclusive). */
export async function readStream(db: Executor, streamId: string, afterVersion = 0): Promise<StoredEvent[]> {
  const result = await sql<EventRow>`
    select global_position, tx_id::text as tx_id, company_id, stream_id, stream_type, stream_version,
           type, data, metadata, recorded_at
    from events where stream_id = ${streamId} and stream_version > ${afterVersion}
    order by stream_version
  `.execute(db);
  return result.rows.map(toStoredEvent);
}

export interface ReadAllOptions {
  after?: Cursor;
  limit?: number;
  /** Only this company's events. */
  companyId?: string;
  /** Only these stream types. */
  streamTypes?: readonly string[];
}

/**
 * Reads the whole log in commit order after a cursor, stopping below the xmin horizon: no event
 * of a transaction that could still commit before an earlier one is ever handed out early.
 */
export async function readAll(db: Executor, options: ReadAllOptions = {}): Promise<StoredEvent[]> {
  const after = options.after ?? startCursor;
  const limit = options.limit ?? 1000;
  const result = await sql<EventRow>`
    select global_position, tx_id::text as tx_id, company_id, stream_id, stream_type, stream_version,
           type, data, metadata, recorded_at
    from events
    where (tx_id, global_position) > (${after.txId}::xid8, ${after.position}::bigint)
      and tx_id < pg_snapshot_xmin(pg_current_snapshot())
      ${options.companyId ? sql`and company_id = ${options.companyId}::uuid` : sql``}
      ${options.streamTypes ? sql`and stream_type = any(${[...options.streamTypes]}::text[])` : sql``}
    order by tx_id, global_position
    limit ${limit}
  `.execute(db);
  return result.rows.map(toStoredEvent);
}

/** The cursor of the newest event visible in commit order now (start cursor on an empty log). */
export async function headCursor(db: Executor): Promise<Cursor> {
  const result = await sql<{ tx_id: string; global_position: string }>`
    select tx_id::text as tx_id, global_position from events
    where tx_id < pg_snapshot_xmin(pg_current_snapshot())
    order by tx_id desc, global_position desc limit 1
  `.execute(db);
  const row = result.rows[0];
  return row ? { txId: row.tx_id, position: Number(row.global_position) } : startCursor;
}

export interface EventStore {
  /**
   * Appends and runs the inline projections of the stream type, all in the caller's transaction.
   * Call `committed()` after the transaction commits, so consumers wake at once.
   */
  append(tx: Tx, input: AppendInput): Promise<AppendResult>;
  readStream: typeof readStream;
  readAll: typeof readAll;
  registerInlineProjection(projection: InlineProjection): void;
  /** Hint that events were committed; consumers and the live tailer read sooner. Never required. */
  committed(): void;
  /** Subscribe to commit hints; returns an unsubscribe function. */
  onCommitted(listener: () => void): () => void;
}

export function createEventStore(): EventStore {
  const projections: InlineProjection[] = [];
  const hints = new EventEmitter();
  hints.setMaxListeners(0);
  return {
    async append(tx, input) {
      const result = await appendRaw(tx, input);
      for (const projection of projections) {
        if (projection.streamTypes.includes(input.streamType)) await projection.apply(tx, result.events);
      }
      return result;
    },
    readStream,
    readAll,
    registerInlineProjection(projection) {
      if (projections.some((p) => p.name === projection.name)) {
        throw new Error(`Inline projection ${projection.name} is registered twice`);
      }
      projections.push(projection);
    },
    committed() {
      hints.emit('committed');
    },
    onCommitted(listener) {
      hints.on('committed', listener);
      return () => hints.off('committed', listener);
    },
  };
}

export interface ConsumerOptions {
  db: Db;
  /** Unique, stable name: the checkpoint is stored under it. */
  name: string;
  /** Handles one batch in the transaction that also stores the checkpoint. */
  handle(tx: Tx, events: StoredEvent[]): Promise<void>;
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
  /** Stops the loop and waits for the batch in flight. */
  stop(): Promise<void>;
}

async function readCheckpoint(tx: Tx, name: string): Promise<Cursor> {
  await sql`insert into consumer_checkpoints (consumer) values (${name}) on conflict do nothing`.execute(tx);
  const row = await sql<{ tx_id: string; global_position: string }>`
    select tx_id::text as tx_id, global_position from consumer_checkpoints where consumer = ${name} for update
  `.execute(tx);
  return { txId: row.rows[0].tx_id, position: Number(row.rows[0].global_position) };
}

/**
 * A consumer of the whole log with a checkpoint kept in the same transaction as its writes, so a
 * restart resumes exactly where the last committed batch ended: no gap, no repeat.
 */
export function createConsumer(options: ConsumerOptions): Consumer {
  const batchSize = options.batchSize ?? 500;
  const pollMs = options.pollMs ?? 500;
  let running = false;
  let inFlight: Promise<unknown> = Promise.resolve();
  let wake: (() => void) | undefined;
  let unsubscribe: (() => void) | undefined;

  const oneBatch = () =>
    options.db.transaction().execute(async (tx) => {
      const checkpoint = await readCheckpoint(tx, options.name);
      const events = await readAll(tx, { after: checkpoint, limit: batchSize });
      if (events.length === 0) return 0;
      await options.handle(tx, events);
      const last = events[events.length - 1];
      await sql`
        update consumer_checkpoints set tx_id = ${last.txId}::xid8, global_position = ${last.globalPosition},
          updated_at = now() where consumer = ${options.name}
      `.execute(tx);
      return events.length;
    });

  const catchUp = async () => {
    let total = 0;
    for (;;) {
      const handled = await oneBatch();
      total += handled;
      if (handled < batchSize) return total;
    }
  };

  const loop = async () => {
    while (running) {
      try {
        await (inFlight = catchUp());
      } catch (error) {
        options.onError?.(error);
      }
      if (!running) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  };

  return {
    catchUp,
    start() {
      if (running) return;
      running = true;
      unsubscribe = options.eventStore?.onCommitted(() => wake?.());
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

export type { Insertable };
