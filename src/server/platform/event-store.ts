import { EventEmitter } from 'node:events';
import { CompiledQuery, sql, type Generated, type Selectable } from 'kysely';
import { foldEvents, type Decider, type DomainEvent, type EventCatalogue } from '../../domain/shared/decider.js';
import { DomainError } from '../../domain/shared/errors.js';
import { startCursor, type Cursor } from '../../domain/shared/live.js';
import { preparedStatement, type Executor, type Tx } from './db.js';

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

declare module './db.js' {
  interface Tables {
    streams: StreamsTable;
    events: EventsTable;
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
  /** The API key the request came with (its `userId` is then the key's id): who did it, for the history. */
  apiKey?: { id: string; name: string };
  /** The station's machine that reported over MQTT (its `userId` is then the link's id), named as its station then: docs/integration.md. */
  machine?: { stationId: string; topic: string; name?: string };
}

export interface StoredEvent<Type extends string = string, Data = unknown> {
  /** Order of insertion; not the read order (see `Cursor`). */
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

export { decodeCursor, encodeCursor, startCursor, type Cursor } from '../../domain/shared/live.js';

export const cursorOf = (event: Pick<StoredEvent, 'txId' | 'globalPosition'>): Cursor => ({
  txId: event.txId,
  position: event.globalPosition,
});

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
  events: readonly NewEvent[];
  metadata?: EventMetadata;
}

export interface AppendResult {
  /** The stream's version after the append (= stream_version of the last event). */
  nextVersion: number;
  events: StoredEvent[];
}

/**
 * A table whose rows a projection alone writes from events: all of the table, or only these
 * columns of rows a command handler writes (a plain record carrying a summary kept from events).
 */
export type ProjectionTable = string | { table: string; columns: readonly string[] };

/** A read model of one stream, updated in the append's transaction so a client reads its own write. */
export interface InlineProjection {
  name: string;
  /** Stream types it reacts to. */
  streamTypes: readonly string[];
  /**
   * What it owns: every row (or column) of these is a function of the log, so replaying the log
   * through `apply` rebuilds it (`projection-rebuild.ts` checks that). Empty for a reaction that
   * appends facts or ends sessions: it owns no read model and is never replayed.
   */
  tables: readonly ProjectionTable[];
  /** Tables of others it writes too (identity's user names): a rebuild writes copies of them and compares nothing there. */
  alsoWrites?: readonly string[];
  apply(tx: Tx, events: StoredEvent[]): Promise<void>;
}

/**
 * An inline projection that takes the appended events one at a time, each read (and upcast) by the
 * catalogue of its stream type (`recordedOf`), so `event` is typed as those streams' events. Its
 * stream types are those of `events`.
 */
export function eventProjection<Event extends DomainEvent>(spec: {
  name: string;
  /** The catalogues of the stream types it reacts to (of several: name their union as `Event`). */
  events: readonly EventCatalogue<Event>[];
  tables: readonly ProjectionTable[];
  alsoWrites?: readonly string[];
  project(tx: Tx, event: Recorded<Event>, stored: StoredEvent): Promise<void>;
}): InlineProjection {
  const read = readerOf(spec.events);
  return {
    name: spec.name,
    streamTypes: spec.events.map((catalogue) => catalogue.streamType),
    tables: spec.tables,
    alsoWrites: spec.alsoWrites,
    async apply(tx, events) {
      for (const stored of events) {
        const event = read(stored);
        if (event) await spec.project(tx, event, stored);
      }
    },
  };
}

/** A row of `events` as read back; some drivers hand `recorded_at` over as text. */
export type EventRow = Omit<Selectable<EventsTable>, 'recorded_at'> & { recorded_at: Date | string };

const dateOf = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

export const toStoredEvent = (row: EventRow): StoredEvent => ({
  globalPosition: Number(row.global_position),
  txId: String(row.tx_id),
  companyId: row.company_id,
  streamId: row.stream_id,
  streamType: row.stream_type,
  streamVersion: row.stream_version,
  type: row.type,
  data: row.data,
  metadata: (row.metadata ?? {}) as EventMetadata,
  recordedAt: dateOf(row.recorded_at),
});

function assertAppendable(input: AppendInput): void {
  if (input.events.length === 0) throw new Error(`Append to ${input.streamId} needs at least one event`);
  const expected = input.expectedVersion;
  if (expected !== 'any' && !(Number.isInteger(expected) && expected >= 0)) {
    throw new Error(`Expected version of ${input.streamId} must be 'any' or a whole number >= 0, got ${expected}`);
  }
}

/**
 * The statement that moves the stream row on: it yields the stream's new version only when the
 * expectation holds, so on a mismatch it yields no row and the events insert reads nothing.
 * Parameters: $1 stream id, $2 company, $3 stream type, $4 event count, $6 expected version.
 */
function moveStreamSql(expected: ExpectedVersion): string {
  if (expected === 'any') {
    return `insert into streams (stream_id, company_id, stream_type, version) values ($1, $2::uuid, $3, $4::int)
      on conflict (stream_id) do update set version = streams.version + excluded.version, updated_at = now()
      returning version`;
  }
  // A concurrent creator holds the key until it ends; then this one finds the row and inserts nothing.
  if (expected === 0) {
    return `insert into streams (stream_id, company_id, stream_type, version) values ($1, $2::uuid, $3, $4::int)
      on conflict (stream_id) do nothing returning version`;
  }
  // A concurrent writer holds the row lock; once it commits, the WHERE is checked again and fails.
  return `update streams set version = version + $4::int, updated_at = now()
    where stream_id = $1 and version = $6::int returning version`;
}

/**
 * The append as one statement. Written out rather than built with the `sql` tag: it is the
 * hottest statement of the system, and one event (the usual case) needs no VALUES join.
 * Parameters after the stream's: $5 metadata, then type and data of each event.
 */
function appendSql(expected: ExpectedVersion, count: number): string {
  const first = typeof expected === 'number' && expected > 0 ? 7 : 6;
  const columns = '(company_id, stream_id, stream_type, stream_version, type, data, metadata)';
  const returning = 'returning global_position, tx_id::text as tx_id, stream_version, recorded_at';
  if (count === 1) {
    return `with moved as (${moveStreamSql(expected)})
      insert into events ${columns}
      select $2::uuid, $1, $3, moved.version, $${first}::text, $${first + 1}::jsonb, $5::jsonb from moved
      ${returning}`;
  }
  const rows = Array.from({ length: count }, (_, index) => `($${first + 2 * index}::text, $${first + 2 * index + 1}::jsonb, ${index + 1})`);
  return `with moved as (${moveStreamSql(expected)})
    insert into events ${columns}
    select $2::uuid, $1, $3, moved.version - $4::int + e.ordinal, e.type, e.data, $5::jsonb
    from moved cross join (values ${rows.join(', ')}) as e(type, data, ordinal)
    ${returning}`;
}

/** Appends of up to this many events go as named prepared statements (one per shape and count). */
const preparedUpTo = 16;
const appendStatements = new Map<string, string>();

/**
 * The append statement for this expectation and event count. The common shapes are prepared on
 * each PostgreSQL connection once and then only bound and executed: the append is the hottest
 * statement of the system, and parsing and planning it cost as much as writing its rows.
 */
function appendStatement(expected: ExpectedVersion, count: number): string {
  const shape = expected === 'any' ? 'any' : expected === 0 ? 'new' : 'next';
  if (count > preparedUpTo) return appendSql(expected, count);
  const key = `${shape}:${count}`;
  let statement = appendStatements.get(key);
  if (!statement) {
    statement = preparedStatement(appendSql(expected, count));
    appendStatements.set(key, statement);
  }
  return statement;
}

type AppendedRow = Pick<EventRow, 'global_position' | 'tx_id' | 'stream_version' | 'recorded_at'>;

/**
 * Appends events to a stream in one round trip: the stream row is created (expected 0) or moved
 * on (expected = current version) and the events inserted by a single statement. If the version
 * does not match, nothing is written and CONFLICT_ERROR is thrown.
 */
async function appendRaw(executor: Executor, input: AppendInput): Promise<AppendResult> {
  assertAppendable(input);
  const { expectedVersion: expected, events: newEvents } = input;
  const count = newEvents.length;
  const payloads = newEvents.map((event) => JSON.stringify(event.data ?? null));
  const metadataJson = JSON.stringify(input.metadata ?? {});
  const parameters: unknown[] = [input.streamId, input.companyId, input.streamType, count, metadataJson];
  if (typeof expected === 'number' && expected > 0) parameters.push(expected);
  newEvents.forEach((event, index) => parameters.push(event.type, payloads[index]));

  const result = await executor.executeQuery<AppendedRow>(CompiledQuery.raw(appendStatement(expected, count), parameters));

  if (result.rows.length !== count) {
    throw new DomainError('CONFLICT_ERROR', [
      {
        path: 'expectedVersion',
        message: 'errors.CONFLICT_ERROR',
        params: { streamId: input.streamId, expected: String(expected) },
      },
    ]);
  }
  const appended = count === 1 ? result.rows : [...result.rows].sort((a, b) => a.stream_version - b.stream_version);
  // Built from what was sent (parsed back, as jsonb returns it) so the round trip stays small.
  const events = appended.map((row, index): StoredEvent => ({
    globalPosition: Number(row.global_position),
    txId: row.tx_id,
    companyId: input.companyId,
    streamId: input.streamId,
    streamType: input.streamType,
    streamVersion: row.stream_version,
    type: newEvents[index].type,
    data: JSON.parse(payloads[index]) as unknown,
    metadata: JSON.parse(metadataJson) as EventMetadata,
    recordedAt: dateOf(row.recorded_at),
  }));
  return { nextVersion: events[events.length - 1].streamVersion, events };
}

/** One event for each of many streams that take writers in any order (`expectedVersion: 'any'`). */
export interface AppendEachInput {
  companyId: string | null;
  streams: readonly { streamId: string; streamType: string; event: NewEvent }[];
  metadata?: EventMetadata;
}

/** Streams of one bulk append statement: its arrays stay well inside a statement's size. */
const bulkAppendChunk = 2000;

/**
 * Appends one event to each of many streams in a few statements (a bulk import's records): the
 * stream rows are created or moved on and the events inserted by one statement per chunk, in the
 * order given. Every stream must be named once.
 */
async function appendEachRaw(executor: Executor, input: AppendEachInput): Promise<StoredEvent[]> {
  if (new Set(input.streams.map((s) => s.streamId)).size !== input.streams.length) throw new Error('Each stream of a bulk append must be named once');
  const metadataJson = JSON.stringify(input.metadata ?? {});
  const stored: StoredEvent[] = [];
  for (let start = 0; start < input.streams.length; start += bulkAppendChunk) {
    const chunk = input.streams.slice(start, start + bulkAppendChunk);
    const payloads = chunk.map((s) => JSON.stringify(s.event.data ?? null));
    const result = await sql<AppendedRow & { stream_id: string }>`
      with given as (
        select * from unnest(${chunk.map((s) => s.streamId)}::text[], ${chunk.map((s) => s.streamType)}::text[],
          ${chunk.map((s) => s.event.type)}::text[], ${payloads}::jsonb[]) with ordinality as g(stream_id, stream_type, type, data, ordinal)
      ), moved as (
        insert into streams (stream_id, company_id, stream_type, version)
        select stream_id, ${input.companyId}::uuid, stream_type, 1 from given order by ordinal
        on conflict (stream_id) do update set version = streams.version + 1, updated_at = now()
        returning stream_id, version
      )
      insert into events (company_id, stream_id, stream_type, stream_version, type, data, metadata)
      select ${input.companyId}::uuid, g.stream_id, g.stream_type, m.version, g.type, g.data, ${metadataJson}::jsonb
      from given g join moved m using (stream_id) order by g.ordinal
      returning global_position, tx_id::text as tx_id, stream_version, recorded_at, stream_id`.execute(executor);
    const byStream = new Map(result.rows.map((row) => [row.stream_id, row]));
    chunk.forEach((s, index) => {
      const row = byStream.get(s.streamId);
      if (!row) throw new Error(`Bulk append wrote no event for ${s.streamId}`);
      stored.push({
        globalPosition: Number(row.global_position),
        txId: row.tx_id,
        companyId: input.companyId,
        streamId: s.streamId,
        streamType: s.streamType,
        streamVersion: row.stream_version,
        type: s.event.type,
        data: JSON.parse(payloads[index]) as unknown,
        metadata: JSON.parse(metadataJson) as EventMetadata,
        recordedAt: dateOf(row.recorded_at),
      });
    });
  }
  return stored;
}

/**
 * A stored event with its type and payload as the code reads them: `type` narrows `data` to that
 * event's payload. What every typed read hands out (`readStream`, `eventProjection`, `recordedOf`).
 */
export type Recorded<Event extends DomainEvent> = Omit<StoredEvent, 'type' | 'data'> & Event;

/**
 * A stored event read by its stream's catalogue: as it is when of a current type (a check of the
 * discriminant, no copy), upcast when of an older one. A type the catalogue does not know is a
 * stream this code cannot read (data newer than the code, or an event appended to the wrong
 * stream): it throws rather than decide or project on a state that leaves the event out.
 */
export function recordedOf<Event extends DomainEvent>(catalogue: EventCatalogue<Event>, stored: StoredEvent): Recorded<Event> {
  const event = knownRecordedOf(catalogue, stored);
  if (!event) {
    throw new Error(
      `Event ${stored.type} of stream ${stored.streamId} (version ${stored.streamVersion}) is not one of the ${catalogue.streamType} events this code knows`,
    );
  }
  return event;
}

/**
 * A stored event as a reader of the log reads it (a projection, a dispatch route): like `recordedOf`,
 * but `undefined` for a type its catalogue does not know, which such a reader passes over. Only the
 * command path refuses a stream it cannot read (`readStream`, `foldStream`): a projection or the
 * dispatcher that threw would fail every later write to that stream, or hold the whole log back.
 */
export function knownRecordedOf<Event extends DomainEvent>(catalogue: EventCatalogue<Event>, stored: StoredEvent): Recorded<Event> | undefined {
  if (catalogue.has(stored)) return stored;
  const event = catalogue.read(stored);
  return event ? { ...stored, ...event } : undefined;
}

/**
 * Reads stored events of several stream types, each by the catalogue of its stream type
 * (`knownRecordedOf`: `undefined` for a type that catalogue does not know).
 */
export function readerOf<Event extends DomainEvent>(catalogues: readonly EventCatalogue<Event>[]): (stored: StoredEvent) => Recorded<Event> | undefined {
  const byStreamType = new Map(catalogues.map((catalogue) => [catalogue.streamType, catalogue]));
  return (stored) => {
    const catalogue = byStreamType.get(stored.streamType);
    if (!catalogue) throw new Error(`No catalogue reads events of stream type ${stored.streamType} (stream ${stored.streamId})`);
    return knownRecordedOf(catalogue, stored);
  };
}

/**
 * Reads one stream in version order as stored (untyped, not upcast), optionally from a version on
 * (exclusive): the log itself, for tools and tests that inspect it. Code that folds, projects or
 * shows a stream's events reads it through `readStream`.
 */
export async function readStoredStream(db: Executor, streamId: string, afterVersion = 0): Promise<StoredEvent[]> {
  const result = await sql<EventRow>`
    select global_position, tx_id::text as tx_id, company_id, stream_id, stream_type, stream_version,
           type, data, metadata, recorded_at
    from events where stream_id = ${streamId} and stream_version > ${afterVersion}
    order by stream_version
  `.execute(db);
  return result.rows.map(toStoredEvent);
}

/**
 * Reads one stream in version order (optionally from a version on, exclusive), each event read by
 * the stream's catalogue: typed as its events, older shapes upcast. The one read of a stream: the
 * command path, history and queries all go through it.
 */
export async function readStream<Event extends DomainEvent>(
  db: Executor,
  catalogue: EventCatalogue<Event>,
  streamId: string,
  afterVersion = 0,
): Promise<Recorded<Event>[]> {
  const stored = await readStoredStream(db, streamId, afterVersion);
  return stored.map((event) => recordedOf(catalogue, event));
}

/** A stream folded through its decider. */
export interface FoldedStream<State, Event extends DomainEvent> {
  state: State;
  /** The stream's version (0: no events yet). */
  version: number;
  events: Recorded<Event>[];
}

/** Reads a stream (`readStream`) and folds it with its decider (`foldEvents`): what a decision or a query of the current state starts from. */
export async function foldStream<State, Command, Event extends DomainEvent>(
  db: Executor,
  decider: Decider<State, Command, Event>,
  streamId: string,
): Promise<FoldedStream<State, Event>> {
  const events = await readStream(db, decider.events, streamId);
  return { state: foldEvents(decider, events), version: events.at(-1)?.streamVersion ?? 0, events };
}

export interface ReadAllOptions {
  after?: Cursor;
  limit?: number;
  /** Only this company's events. */
  companyId?: string;
  /** Only these stream types. */
  streamTypes?: readonly string[];
  /** Only events of these types. */
  types?: readonly string[];
}

/**
 * Reads the whole log after a cursor in `(tx_id, global_position)` order, only from transactions
 * below the xmin horizon (older than every transaction still running). A transaction that began
 * earlier but commits later is therefore never skipped: its events stay unread until it ends.
 */
export async function readAll(db: Executor, options: ReadAllOptions = {}): Promise<StoredEvent[]> {
  const after = options.after ?? startCursor;
  const limit = options.limit ?? 1000;
  // Order by the columns, not the text alias of the select list: '10' sorts before '9'.
  const result = await sql<EventRow>`
    select global_position, tx_id::text as tx_id, company_id, stream_id, stream_type, stream_version,
           type, data, metadata, recorded_at
    from events
    where (events.tx_id, events.global_position) > (${after.txId}::xid8, ${after.position}::bigint)
      and events.tx_id < pg_snapshot_xmin(pg_current_snapshot())
      ${options.companyId ? sql`and company_id = ${options.companyId}::uuid` : sql``}
      ${options.streamTypes ? sql`and stream_type = any(${[...options.streamTypes]}::text[])` : sql``}
      ${options.types ? sql`and type = any(${[...options.types]}::text[])` : sql``}
    order by events.tx_id, events.global_position
    limit ${limit}
  `.execute(db);
  return result.rows.map(toStoredEvent);
}

/** The cursor of the newest event readable by `readAll` now (start cursor on an empty log). */
export async function headCursor(db: Executor): Promise<Cursor> {
  const result = await sql<{ tx_id: string; global_position: string }>`
    select tx_id::text as tx_id, global_position from events
    where events.tx_id < pg_snapshot_xmin(pg_current_snapshot())
    order by events.tx_id desc, events.global_position desc limit 1
  `.execute(db);
  const row = result.rows[0];
  return row ? { txId: row.tx_id, position: Number(row.global_position) } : startCursor;
}

/**
 * A stamp of every append to the company's streams of these types, as the caller's snapshot sees
 * them: the count of those streams and the sum of their versions. Every committed append raises
 * it, whichever instance made it and in whatever order transactions commit, so a value computed
 * from the log is still current while the stamp is unchanged (the plan's cache, docs/capacity-plan.md).
 */
export async function streamsStamp(db: Executor, companyId: string, streamTypes: readonly string[]): Promise<string> {
  const result = await sql<{ streams: string; versions: string }>`
    select count(*)::text as streams, coalesce(sum(version), 0)::text as versions from streams
    where company_id = ${companyId}::uuid and stream_type = any(${[...streamTypes]}::text[])
  `.execute(db);
  const row = result.rows[0];
  return `${row.streams}:${row.versions}`;
}

export interface EventStore {
  /**
   * Appends and runs the inline projections of the stream type, all in the caller's transaction.
   * Given the root handle instead, the append is one statement committed on its own (wrapped in a
   * transaction only when inline projections of the stream type must run with it).
   * Call `committed()` after the transaction commits, so consumers wake at once.
   */
  append(executor: Executor, input: AppendInput): Promise<AppendResult>;
  /** One event on each of many `'any'` streams, with their inline projections, in the caller's transaction (a bulk import). */
  appendEach(tx: Tx, input: AppendEachInput): Promise<StoredEvent[]>;
  readStream: typeof readStream;
  foldStream: typeof foldStream;
  readAll: typeof readAll;
  registerInlineProjection(projection: InlineProjection): void;
  /** The inline projections registered (what a replay of the log runs, `withReadModelsAsOf`). */
  inlineProjections(): readonly InlineProjection[];
  /** Hint that events were committed; consumers and the live tailer read sooner. Never required. */
  committed(): void;
  /** Subscribe to commit hints; returns an unsubscribe function. */
  onCommitted(listener: () => void): () => void;
  /** A hint from another instance (commit-signal.ts): wakes this instance's readers, is not sent on. */
  wake(): void;
  /** Subscribe to this instance's own commits only (what commit-signal.ts tells the others). */
  onLocalCommit(listener: () => void): () => void;
}

export function createEventStore(): EventStore {
  const projections: InlineProjection[] = [];
  const hints = new EventEmitter();
  hints.setMaxListeners(0);
  return {
    append(executor, input) {
      const inline = projections.filter((projection) => projection.streamTypes.includes(input.streamType));
      if (inline.length === 0) return appendRaw(executor, input);
      const appendAndProject = async (tx: Tx) => {
        const result = await appendRaw(tx, input);
        for (const projection of inline) await projection.apply(tx, result.events);
        return result;
      };
      return executor.isTransaction ? appendAndProject(executor as Tx) : executor.transaction().execute(appendAndProject);
    },
    async appendEach(tx, input) {
      const events = await appendEachRaw(tx, input);
      for (const projection of projections) {
        const mine = events.filter((event) => projection.streamTypes.includes(event.streamType));
        if (mine.length > 0) await projection.apply(tx, mine);
      }
      return events;
    },
    readStream,
    foldStream,
    readAll,
    registerInlineProjection(projection) {
      if (projections.some((p) => p.name === projection.name)) {
        throw new Error(`Inline projection ${projection.name} is registered twice`);
      }
      projections.push(projection);
    },
    inlineProjections: () => [...projections],
    committed() {
      hints.emit('committed');
      hints.emit('local-commit');
    },
    onCommitted(listener) {
      hints.on('committed', listener);
      return () => hints.off('committed', listener);
    },
    wake() {
      hints.emit('committed');
    },
    onLocalCommit(listener) {
      hints.on('local-commit', listener);
      return () => hints.off('local-commit', listener);
    },
  };
}
