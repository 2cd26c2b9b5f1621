import type { FastifyInstance, FastifyRequest } from 'fastify';
import { foldEvents, type Decider, type DomainEvent } from '../../domain/shared/decider.js';
import { DomainError } from '../../domain/shared/errors.js';
import type { Role } from '../../domain/shared/roles.js';
import { companyOf, eventMetadataOf, principalOf } from './auth.js';
import type { Clock } from './clock.js';
import { withSystem, withTenant, type Db, type Tx } from './db.js';
import type { EventMetadata, EventStore, FoldedStream } from './event-store.js';
import type { KnownEvent } from './live-visibility.js';
import { markIdempotentCommit } from './idempotency.js';

/** Who gives a command: a signed-in user, or nobody (sign-up, a reset link, the system). */
export interface Actor {
  userId: string;
  role: Role;
}

/**
 * What every write works with: one transaction (scoped to the tenant by row-level security), who
 * acts and on whose behalf, and the moment of the request. Built only by `runCommand` and its
 * siblings below, which also wake the consumers once the transaction has committed.
 */
export interface CommandContext {
  readonly tx: Tx;
  /** The tenant; the platform scope (`runAsPlatform`) has none. */
  readonly companyId: string;
  readonly actor: Actor | null;
  readonly metadata: EventMetadata;
  /** The request's moment: every "now" of one command is this one. */
  readonly now: Date;
  /** `now` as ISO text, as commands and events carry it. */
  readonly at: string;
  readonly eventStore: EventStore;
  /**
   * Work to do once the transaction has committed, in the order given (files of a deleted record
   * to remove, say): never inside the transaction, and not at all when it rolls back.
   */
  afterCommit(work: () => Promise<void>): void;
}

/** What the command runners need; the app and the jobs both have it. */
export interface CommandDeps {
  db: Db;
  eventStore: EventStore;
  clock: Clock;
}

export interface CommandScope {
  companyId: string;
  actor: Actor | null;
  metadata: EventMetadata;
}

function contextOf(tx: Tx, deps: CommandDeps, scope: CommandScope, now: Date, committed: (() => Promise<void>)[]): CommandContext {
  return {
    tx,
    companyId: scope.companyId,
    actor: scope.actor,
    metadata: scope.metadata,
    now,
    at: now.toISOString(),
    eventStore: deps.eventStore,
    afterCommit: (work) => void committed.push(work),
  };
}

/** Wakes the consumers, then runs the context's after-commit work. */
async function afterCommitOf(deps: CommandDeps, committed: readonly (() => Promise<void>)[]) {
  deps.eventStore.committed();
  for (const work of committed) await work();
}

/** Runs `work` in one tenant transaction; once it has committed, consumers and the live feed are woken. */
export async function runInTenant<T>(deps: CommandDeps, scope: CommandScope, work: (ctx: CommandContext) => Promise<T>): Promise<T> {
  const now = deps.clock.now();
  const committed: (() => Promise<void>)[] = [];
  const result = await withTenant(deps.db, scope.companyId, (tx) => work(contextOf(tx, deps, scope, now, committed)));
  await afterCommitOf(deps, committed);
  return result;
}

/**
 * Runs `work` in one transaction without a tenant (sign-up before the company exists, the product
 * operator's cross-company writes, platform facts). `companyId` is '' there: appends name theirs.
 */
export async function runAsPlatform<T>(deps: CommandDeps, scope: Omit<CommandScope, 'companyId'>, work: (ctx: CommandContext) => Promise<T>): Promise<T> {
  const now = deps.clock.now();
  const committed: (() => Promise<void>)[] = [];
  const result = await withSystem(deps.db, (tx) => work(contextOf(tx, deps, { ...scope, companyId: '' }, now, committed)));
  await afterCommitOf(deps, committed);
  return result;
}

/** The scope of an authenticated request: its company, its holder, its request id. */
export function scopeOf(request: FastifyRequest): CommandScope {
  const principal = principalOf(request);
  return {
    companyId: companyOf(request),
    actor: { userId: principal.userId, role: principal.role },
    metadata: eventMetadataOf(request),
  };
}

/** A write of an authenticated request: the request's tenant, actor and moment. */
export function runCommand<T>(app: FastifyInstance, request: FastifyRequest, work: (ctx: CommandContext) => Promise<T>): Promise<T> {
  return runInTenant(app, scopeOf(request), async (ctx) => {
    const result = await work(ctx);
    // With its writes: the request's idempotency key (if any) now says its command ran.
    await markIdempotentCommit(ctx.tx, request);
    return result;
  });
}

/** A read of an authenticated request: the tenant's transaction and the request's moment. */
export function runQuery<T>(app: FastifyInstance, request: FastifyRequest, work: (tx: Tx, now: Date) => Promise<T>): Promise<T> {
  const now = app.clock.now();
  return withTenant(app.db, companyOf(request), (tx) => work(tx, now));
}

/** A stream as commands address it. */
export interface StreamRef {
  id: string;
  type: string;
  /** The company the stream belongs to; default the context's tenant, null for platform streams. */
  companyId?: string | null;
}

/** A stream as a command loaded it: folded, its version, its events (typed, upcast). */
export type LoadedStream<State, Event extends DomainEvent = DomainEvent> = FoldedStream<State, Event>;

/** A stream folded through its decider (upcasting older event shapes on the way): `foldStream` in the command's transaction. */
export function loadStream<State, Command, Event extends DomainEvent>(
  ctx: CommandContext,
  decider: Decider<State, Command, Event>,
  streamId: string,
): Promise<LoadedStream<State, Event>> {
  return ctx.eventStore.foldStream(ctx.tx, decider, streamId);
}

export interface HandleOptions<State, Event extends DomainEvent = DomainEvent> {
  /**
   * The version the client's copy was made on. A copy of another version is stale and answers
   * 409 (`conflict`); without it the command decides on whatever is current.
   */
  clientVersion?: number;
  /** Whether the client's copy is stale; default: its version is not the current one. */
  isStale?(loaded: LoadedStream<State, Event>, clientVersion: number): boolean;
  /**
   * Refuses before the staleness check and the decision (an absent stream as 404, or who may act
   * on it as it stands, which may need a read).
   */
  precondition?(loaded: LoadedStream<State, Event>): DomainError | undefined | Promise<DomainError | undefined>;
  /** The refusal for a stale copy or a writer in between; default CONFLICT_ERROR. */
  conflict?(): DomainError;
  /** Another writer in between: read again and decide anew up to this many times (no client version). */
  retriesOnConflict?: number;
  /** Maps a failure of the append (a read model's unique index, say) to a domain refusal. */
  translateError?(error: unknown): DomainError | undefined;
}

export interface Handled<State, Event> {
  /** The events appended (none when the decision was to do nothing). */
  events: Event[];
  /** The state after them. */
  state: State;
  /** The state the decision was made on. */
  before: State;
  /** The stream's version after the append. */
  version: number;
}

/** The refusal of a write made on a stale copy (409 CONFLICT_ERROR), with what the user should do in `message`. */
export const staleCopy = (message?: string) => new DomainError('CONFLICT_ERROR', [{ path: 'version', message: 'errors.CONFLICT_ERROR' }], message);

const isConflict = (error: unknown) => error instanceof DomainError && error.code === 'CONFLICT_ERROR';

/**
 * The one write path of an event-sourced module: load the stream, fold it, decide, append with the
 * version just read (so a writer in between is a conflict, never a lost update), and run the inline
 * projections in the same transaction. `command` may be built from the loaded state.
 */
export async function handleCommand<State, Command, Event extends DomainEvent>(
  ctx: CommandContext,
  decider: Decider<State, Command, Event>,
  stream: StreamRef,
  command: Command | ((state: State) => Command | Promise<Command>),
  options: HandleOptions<State, NoInfer<Event>> = {},
): Promise<Handled<State, Event>> {
  const conflict = () => options.conflict?.() ?? staleCopy();
  for (let attempt = 0; ; attempt++) {
    const loaded = await loadStream(ctx, decider, stream.id);
    const refused = await options.precondition?.(loaded);
    if (refused) throw refused;
    if (options.clientVersion !== undefined) {
      const stale = options.isStale ?? ((current, clientVersion) => current.version !== clientVersion);
      if (stale(loaded, options.clientVersion)) throw conflict();
    }
    const given = typeof command === 'function' ? await (command as (state: State) => Command | Promise<Command>)(loaded.state) : command;
    const decided = decider.decide(given, loaded.state);
    if (decided instanceof DomainError) throw decided;
    if (decided.length === 0) return { events: [], state: loaded.state, before: loaded.state, version: loaded.version };
    try {
      const appended = await appendToStream(ctx, stream, loaded.version, decided);
      return { events: decided, state: foldEvents(decider, decided, loaded.state), before: loaded.state, version: appended.nextVersion };
    } catch (error) {
      const translated = options.translateError?.(error);
      if (translated) throw translated;
      if (!isConflict(error)) throw error;
      if (options.clientVersion !== undefined || attempt >= (options.retriesOnConflict ?? 0)) throw conflict();
    }
  }
}

/** Appends decided events to a stream with the version they were decided on. */
function appendToStream(ctx: CommandContext, stream: StreamRef, expectedVersion: number | 'any', events: readonly DomainEvent[]) {
  return ctx.eventStore.append(ctx.tx, {
    companyId: stream.companyId === undefined ? ctx.companyId : stream.companyId,
    streamId: stream.id,
    streamType: stream.type,
    expectedVersion,
    events,
    metadata: ctx.metadata,
  });
}

/**
 * Records what a plain-record module just wrote (materials, users, company settings) as facts on
 * its stream, in the same transaction: the audit trail and the live feed cover every write. Such
 * streams take writers in any order.
 */
export function recordEvents(ctx: CommandContext, stream: StreamRef, events: readonly KnownEvent[]) {
  return appendToStream(ctx, stream, 'any', events);
}

/** `recordEvents` for many records at once (a bulk import): one event on each stream, in a few statements. */
export function recordEventsOfEach(ctx: CommandContext, records: readonly { stream: StreamRef; event: KnownEvent }[]) {
  return ctx.eventStore.appendEach(ctx.tx, {
    companyId: ctx.companyId,
    streams: records.map(({ stream, event }) => ({ streamId: stream.id, streamType: stream.type, event })),
    metadata: ctx.metadata,
  });
}
