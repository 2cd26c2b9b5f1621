import { sql, type ColumnType, type Generated } from 'kysely';
import type { Db, Tx } from './db.js';
import { createConsumer } from './consumers.js';
import type { DomainEvent, EventCatalogue } from '../../domain/shared/decider.js';
import { knownRecordedOf, type EventStore, type Recorded, type StoredEvent } from './event-store.js';
import { queueNames, type JobLogger, type JobQueue, type QueueName } from './jobs.js';
import { createWakeLoop } from './wake-loop.js';

interface DispatchedJobsTable {
  job_id: string;
  queue: string;
  name: string;
  /** The job's data; emptied (`{}`) once a job whose data carries a secret ran (`forgetWhenDone`). */
  data: ColumnType<unknown, string, string>;
  global_position: ColumnType<string, number, never>;
  /** The company of the event the job came from (null for platform events). */
  company_id: ColumnType<string | null, string | null, never>;
  created_at: Generated<Date>;
  enqueued_at: Date | null;
  /** Set when the job ran to the end (jobs-runner.ts); null while it waits, runs, or failed. */
  completed_at: Date | null;
  /** Set when the job failed for good and its definition's `failed` told the user (jobs-runner.ts). */
  failed_at: Date | null;
  /** Times the reconciler put the job back after it failed without its failure being recorded. */
  requeues: ColumnType<number, never, number>;
}

declare module './db.js' {
  interface Tables {
    dispatched_jobs: DispatchedJobsTable;
  }
}

/**
 * Turns events of one type into jobs. Declared by the module that reacts, listed in
 * `src/server/jobs.ts`. `toJob` is pure (no I/O): it runs inside the dispatcher's transaction.
 */
export interface DispatchRoute<Data = unknown> {
  eventType: string;
  queue: QueueName;
  /** The name of the job definition that handles it. */
  name: string;
  /**
   * Start of every job id this route makes (default `${eventType}-${name}`); needed only when two
   * routes of one event type enqueue the same job name. Never rename it: the id is the dedupe key.
   */
  key?: string;
  /** The job's data, or `undefined` to enqueue nothing for this event. */
  toJob(event: StoredEvent): Data | undefined;
}

/**
 * A route of one event type of a stream's events: `toJob` gets the event read (and upcast) by the
 * stream's catalogue, typed as that event. Lists hold routes of any event and data.
 */
export function defineDispatchRoute<Event extends DomainEvent, Type extends Event['type'], Data>(
  route: Omit<DispatchRoute<Data>, 'eventType' | 'toJob'> & {
    events: EventCatalogue<Event>;
    eventType: Type;
    toJob(event: Recorded<Extract<Event, { type: Type }>>): Data | undefined;
  },
): DispatchRoute {
  const { events, toJob, ...rest } = route;
  const ofRouteType = (event: Recorded<Event>): event is Recorded<Extract<Event, { type: Type }>> => event.type === route.eventType;
  return {
    ...rest,
    toJob(stored) {
      if (stored.streamType !== events.streamType) return undefined;
      const event = knownRecordedOf(events, stored);
      return event && ofRouteType(event) ? toJob(event) : undefined;
    },
  };
}

export const dispatcherName = 'job-dispatcher';

const routeKey = (route: DispatchRoute) => route.key ?? `${route.eventType}-${route.name}`;

/** One job per route and event, whoever dispatches it and however often: `${key}-${globalPosition}`. */
export const dispatchJobId = (route: DispatchRoute, event: Pick<StoredEvent, 'globalPosition'>): string => `${routeKey(route)}-${event.globalPosition}`;

export interface DispatchRound {
  /** Events read from the log in this round. */
  events: number;
  /** Jobs handed to the queue in this round (new ones and ones a failed round left behind). */
  enqueued: number;
}

export interface Dispatcher {
  /** Reads the log to its end (below the commit horizon), then enqueues every job not yet enqueued. */
  catchUp(): Promise<DispatchRound>;
  /**
   * Asks the queue about every job the ledger holds as enqueued but neither completed nor failed
   * and told (for longer than `reconcileAfterMs`): one the queue no longer knows is enqueued again
   * under its job id; one it holds as completed is marked so; one it holds as failed whose failure
   * was never recorded runs afresh. Answers how many were enqueued again.
   */
  reconcile(): Promise<number>;
  start(): void;
  /** Stops the loop and waits for the round in flight. */
  stop(): Promise<void>;
}

export interface DispatcherOptions {
  db: Db;
  eventStore: Pick<EventStore, 'onCommitted'>;
  queue: JobQueue;
  routes: readonly DispatchRoute[];
  log: JobLogger;
  /** Poll interval when no commit hint arrives, in ms. */
  pollMs?: number;
  batchSize?: number;
  /** How long an enqueued job may go unfinished before the reconciler asks the queue about it (default 60 s). */
  reconcileAfterMs?: number;
  /** How often the running loop reconciles (default every 60 s). */
  reconcileEveryMs?: number;
}

/**
 * The reconciler looks back this far: older unfinished rows may belong to jobs the queue pruned
 * after completing them (kept 7 days) while marking them failed; enqueuing those again could run
 * them twice, so they are left to an operator (the failed list, the log).
 */
const RECONCILE_WINDOW_DAYS = 6;
const reconcileBatch = 500;

/**
 * Marks the ledger row of a job that ran to the end; a job not from the dispatcher has none. `forgetData`
 * empties the row's data (a job whose data carries a secret, `JobDefinition.forgetWhenDone`).
 */
export async function markDispatchedJobCompleted(db: Db, jobId: string, forgetData = false): Promise<void> {
  await db
    .updateTable('dispatched_jobs')
    .set(forgetData ? { completed_at: sql<Date>`now()`, data: '{}' } : { completed_at: sql<Date>`now()` })
    .where('job_id', '=', jobId)
    .where('completed_at', 'is', null)
    .execute();
}

/** Marks the ledger row of a job that failed for good once its failure is recorded; the reconciler leaves it alone. */
export async function markDispatchedJobFailed(db: Db, jobId: string): Promise<void> {
  await db
    .updateTable('dispatched_jobs')
    .set({ failed_at: sql<Date>`now()` })
    .where('job_id', '=', jobId)
    .where('completed_at', 'is', null)
    .where('failed_at', 'is', null)
    .execute();
}

/**
 * A failed job whose failure was never recorded (its worker died between the two) is run afresh at
 * most this often; after that it stays in the failed list for an operator.
 */
const MAX_REQUEUES = 3;

const enqueueBatch = 100;

function routesByEventType(routes: readonly DispatchRoute[]): Map<string, DispatchRoute[]> {
  const byType = new Map<string, DispatchRoute[]>();
  const keys = new Set<string>();
  for (const route of routes) {
    const key = routeKey(route);
    if (!/^[\w.-]+$/.test(key)) throw new Error(`Dispatch route key ${key} may only hold letters, digits, '-', '_' and '.'`);
    if (keys.has(key)) throw new Error(`Dispatch route ${key} is declared twice; give one of them its own key`);
    keys.add(key);
    byType.set(route.eventType, [...(byType.get(route.eventType) ?? []), route]);
  }
  return byType;
}

/**
 * The event log is the outbox; `dispatched_jobs` is the ledger between it and the queue.
 *
 * Step 1, one transaction (a `createConsumer` batch): the jobs of a batch of events are written
 * to the ledger (`on conflict do nothing`) and the checkpoint moves. Step 2, no transaction open:
 * ledger rows not yet enqueued go to the queue under their job id, then are marked enqueued.
 * Redis is never called inside a transaction, the checkpoint never passes a job that is not
 * recorded, a crash between the steps only delays a job, and a replay (checkpoint reset) finds
 * every job already in the ledger, so nothing runs twice. If the ledger lost a row anyway, the
 * queue's own dedupe by job id still holds while the queue keeps the job. A job that ran to the
 * end is marked completed in the ledger; `reconcile` enqueues again what the queue lost.
 */
export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const byType = routesByEventType(options.routes);
  const pollMs = options.pollMs ?? 500;

  const consumer = createConsumer({
    db: options.db,
    name: dispatcherName,
    batchSize: options.batchSize,
    handle: (tx, events) => recordJobs(tx, events, byType, options.log),
  });

  const catchUp = async (): Promise<DispatchRound> => {
    const events = await consumer.catchUp();
    const enqueued = await enqueuePending(options);
    return { events, enqueued };
  };

  const reconcile = createReconciler(options);

  // Every commit hint wakes the loop, most of them for events no route wants (a document
  // generated, an order moved). So a round first asks, in one statement, whether events of a routed
  // type lie beyond the checkpoint: readable ones (below the horizon) start a full round; held-back
  // ones (a transaction that began earlier is still open) make the loop look again after 10 ms,
  // doubling up to the poll interval: a transaction that ends without a hint (a ledger update,
  // another database on the same server) would otherwise leave a hinted event to the next poll.
  // Events of no route move the checkpoint in the full round at least every poll interval, which
  // also enqueues ledger rows a failed round or another instance left behind.
  const routedTypes = [...byType.keys()];
  let heldBackMs: number | undefined;
  let lastFullRound = -Infinity;
  let fullRoundDue = true;

  const reconcileEveryMs = options.reconcileEveryMs ?? 60_000;
  let lastReconciled = performance.now();
  const step = async () => {
    const waitedBefore = heldBackMs;
    heldBackMs = undefined;
    const found = await probeRoutedEvents(options.db, routedTypes);
    if (found.readable || fullRoundDue || performance.now() - lastFullRound >= pollMs) {
      // A round that throws leaves the next one due in full (the loop retries after its backoff).
      fullRoundDue = true;
      await catchUp();
      fullRoundDue = false;
      lastFullRound = performance.now();
    }
    if (performance.now() - lastReconciled >= reconcileEveryMs) {
      lastReconciled = performance.now();
      await reconcile();
    }
    // Set last: a round that threw waits with the loop's backoff, not the short re-check.
    if (found.heldBack) heldBackMs = !found.readable && waitedBefore !== undefined ? Math.min(waitedBefore * 2, pollMs) : Math.min(10, pollMs);
  };

  const loop = createWakeLoop({
    step,
    pollMs: () => heldBackMs ?? pollMs,
    hints: options.eventStore,
    onError: (error) => options.log.warn({ err: error }, 'job dispatch failed; retrying on the next round'),
  });

  return { catchUp, reconcile, start: loop.start, stop: loop.stop };
}

/** Step 1 of a round, in the consumer's transaction: the jobs of a batch of events into the ledger. */
async function recordJobs(tx: Tx, events: StoredEvent[], byType: Map<string, DispatchRoute[]>, log: JobLogger): Promise<void> {
  const rows = [];
  for (const event of events) {
    for (const route of byType.get(event.type) ?? []) {
      const data = jobDataOf(route, event, log);
      if (data === undefined) continue;
      rows.push({
        job_id: dispatchJobId(route, event),
        queue: route.queue,
        name: route.name,
        data: JSON.stringify(data),
        global_position: event.globalPosition,
        company_id: event.companyId,
      });
    }
  }
  if (rows.length === 0) return;
  await tx
    .insertInto('dispatched_jobs')
    .values(rows)
    .onConflict((conflict) => conflict.column('job_id').doNothing())
    .execute();
}

/** Step 2 of a round, no transaction open: ledger rows not yet enqueued go to the queue, then are marked enqueued. */
async function enqueuePending(options: Pick<DispatcherOptions, 'db' | 'queue'>): Promise<number> {
  let total = 0;
  for (;;) {
    const pending = await options.db
      .selectFrom('dispatched_jobs')
      .select(['job_id', 'queue', 'name', 'data'])
      .where('enqueued_at', 'is', null)
      .orderBy('global_position')
      .orderBy('job_id')
      .limit(enqueueBatch)
      .execute();
    const enqueued: string[] = [];
    try {
      for (const job of pending) {
        if (!queueNames.includes(job.queue as QueueName)) throw new Error(`Ledger row ${job.job_id} names unknown queue ${job.queue}`);
        await options.queue.add(job.queue as QueueName, job.name, job.data, { jobId: job.job_id });
        enqueued.push(job.job_id);
      }
    } finally {
      if (enqueued.length > 0) {
        await options.db
          .updateTable('dispatched_jobs')
          .set({ enqueued_at: sql<Date>`now()` })
          .where('job_id', 'in', enqueued)
          .execute();
      }
    }
    total += enqueued.length;
    if (pending.length < enqueueBatch) return total;
  }
}

/** The dispatcher's `reconcile` (see `Dispatcher`). */
function createReconciler(options: Pick<DispatcherOptions, 'db' | 'queue' | 'log' | 'reconcileAfterMs'>): () => Promise<number> {
  const reconcileAfterMs = options.reconcileAfterMs ?? 60_000;
  /**
   * A failed job counts as done once its failure is recorded (`failed_at`: the user was told). One
   * failed without that, for longer than `reconcileAfterMs` (its worker died after the queue failed
   * it, or it failed before the ledger knew failures), is run afresh under its id, with a new retry
   * budget: it ends delivered, or failed and told.
   */
  const requeueFailed = async (job: { job_id: string; requeues: number }, queue: QueueName, finishedAt: number | undefined) => {
    if (job.requeues >= MAX_REQUEUES || (finishedAt !== undefined && Date.now() - finishedAt < reconcileAfterMs)) return false;
    if (!(await options.queue.requeue(queue, job.job_id))) return false;
    await options.db
      .updateTable('dispatched_jobs')
      .set({ requeues: job.requeues + 1 })
      .where('job_id', '=', job.job_id)
      .execute();
    options.log.warn({ jobId: job.job_id, queue }, 'this job failed, but its failure was never recorded (its worker stopped); running it again');
    return true;
  };
  return async (): Promise<number> => {
    const unfinished = await options.db
      .selectFrom('dispatched_jobs')
      .select(['job_id', 'queue', 'name', 'data', 'requeues'])
      .where('enqueued_at', 'is not', null)
      .where('completed_at', 'is', null)
      .where('failed_at', 'is', null)
      .where('enqueued_at', '<=', sql<Date>`now() - make_interval(secs => ${reconcileAfterMs / 1000})`)
      .where('enqueued_at', '>', sql<Date>`now() - make_interval(days => ${RECONCILE_WINDOW_DAYS})`)
      .orderBy('global_position')
      .orderBy('job_id')
      .limit(reconcileBatch)
      .execute();
    let again = 0;
    for (const job of unfinished) {
      if (!queueNames.includes(job.queue as QueueName)) continue;
      const queue = job.queue as QueueName;
      const known = await options.queue.getJob(queue, job.job_id);
      if (known?.state === 'completed') await markDispatchedJobCompleted(options.db, job.job_id);
      if (known?.state === 'failed' && (await requeueFailed(job, queue, known.finishedAt))) again += 1;
      if (known) continue;
      await options.queue.add(queue, job.name, job.data, { jobId: job.job_id });
      options.log.warn({ jobId: job.job_id, queue }, 'the queue had lost this job (Redis lost its data, or the process restarted); enqueued it again');
      again += 1;
    }
    return again;
  };
}

/** Whether events of a routed type lie beyond the dispatcher's checkpoint, below the commit horizon (readable) or at or above it (held back). */
async function probeRoutedEvents(db: Db, routedTypes: readonly string[]): Promise<{ readable: boolean; heldBack: boolean }> {
  // The lateral `order by ... limit 1` lets the row comparison use the (tx_id, global_position) index.
  const next = (horizon: 'below' | 'at or above') => sql`
    exists (
      select 1 from consumer_checkpoints c
      cross join lateral (
        select 1 from events
        where (events.tx_id, events.global_position) > (c.tx_id, c.global_position)
          and events.type = any(${routedTypes}::text[])
          and events.tx_id ${sql.raw(horizon === 'below' ? '<' : '>=')} pg_snapshot_xmin(pg_current_snapshot())
        order by events.tx_id, events.global_position
        limit 1
      ) routed
      where c.consumer = ${dispatcherName}
    )`;
  const result = await sql<{ readable: boolean; held_back: boolean }>`
    select ${next('below')} as readable, ${next('at or above')} as held_back
  `.execute(db);
  return { readable: result.rows[0]?.readable === true, heldBack: result.rows[0]?.held_back === true };
}

/** A route that throws must not stall every later email: the event is logged and skipped for that route. */
function jobDataOf(route: DispatchRoute, event: StoredEvent, log: JobLogger): unknown {
  try {
    return route.toJob(event);
  } catch (error) {
    log.error({ err: error, route: routeKey(route), globalPosition: event.globalPosition }, 'dispatch route failed; no job for this event');
    return undefined;
  }
}
