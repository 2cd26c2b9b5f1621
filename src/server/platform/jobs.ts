import { randomUUID } from 'node:crypto';
import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { z } from 'zod';
import type { Config } from './config.js';
import type { Db } from './db.js';
import type { EventStore } from './event-store.js';
import { isPermanentJobFailure, permanentJobFailure } from './job-errors.js';
import type { Mailer } from './mailer.js';
import type { PdfRenderer } from './pdf.js';

export const queueNames = ['email', 'pdf'] as const;
export type QueueName = (typeof queueNames)[number];

/** The log calls job code makes; Fastify's logger and pino fit. */
export interface JobLogger {
  info(details: object, message?: string): void;
  warn(details: object, message?: string): void;
  error(details: object, message?: string): void;
  child(bindings: Record<string, unknown>): JobLogger;
}

/** Platform services a job handler may use. Nothing here is bound to an HTTP request. */
export interface JobServices {
  config: Config;
  db: Db;
  eventStore: EventStore;
  mailer: Mailer;
  pdf: PdfRenderer;
  log: JobLogger;
}

export interface JobContext extends JobServices {
  jobId: string;
  /** 1 on the first run, 2 on the first retry, and so on. */
  attempt: number;
}

/**
 * One kind of job, declared by a module and listed in `src/server/jobs.ts`. The handler must be
 * idempotent: after a crash or a failed attempt the same job runs again. Data that does not
 * match `schema` fails the job at once, without retries.
 */
export interface JobDefinition<Data = unknown> {
  queue: QueueName;
  name: string;
  schema: z.ZodType<Data>;
  handle(data: Data, ctx: JobContext): Promise<void>;
}

/** Keeps the data type of a definition while letting lists hold definitions of any data. */
export const defineJob = <Data>(definition: JobDefinition<Data>): JobDefinition => definition as JobDefinition;

export type JobState = 'waiting' | 'delayed' | 'active' | 'completed' | 'failed';

/** What an operator (or a test) sees of one job. */
export interface JobSnapshot {
  id: string;
  queue: QueueName;
  name: string;
  data: unknown;
  state: JobState;
  /** Runs finished so far, failed or not. */
  attemptsMade: number;
  /** The last error message, kept after a later success. */
  failedReason?: string;
}

/**
 * Attempts per job and the first retry delay; each further retry waits twice as long
 * (2 s, 4 s, 8 s, 16 s with the defaults), so a mail server that is down for half a minute loses nothing.
 */
export interface RetryPolicy {
  attempts: number;
  backoffMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { attempts: 5, backoffMs: 2000 };

/** Finished jobs kept per queue: completed ones for dedupe and inspection, failed ones until an operator looks. */
const keepCompleted = { count: 10_000, age: 7 * 24 * 3600 };
const keepFailed = { count: 50_000 };

export const defaultConcurrency: Record<QueueName, number> = { email: 4, pdf: 2 };

export interface StartWorkersOptions {
  concurrency?: Partial<Record<QueueName, number>>;
}

export interface JobWorkers {
  /** Takes no new jobs and waits for the ones running. */
  close(): Promise<void>;
}

export interface EnqueueOptions {
  /**
   * The dedupe key: while a job with this id is kept (waiting, running, completed or failed),
   * adding it again does nothing. Letters, digits, `-`, `_` and `.` only, not digits alone (BullMQ's rules).
   */
  jobId?: string;
}

/** Where jobs wait: BullMQ on Redis, or memory in the server process. Both behave the same. */
export interface JobQueue {
  readonly kind: 'bullmq' | 'in-process';
  add(queue: QueueName, name: string, data: unknown, options?: EnqueueOptions): Promise<void>;
  getJob(queue: QueueName, jobId: string): Promise<JobSnapshot | undefined>;
  /** Newest failed jobs first. */
  failedJobs(queue: QueueName, limit?: number): Promise<JobSnapshot[]>;
  /** Throws when the queue's store does not answer (readiness probe). */
  ping(): Promise<void>;
  /** Runs the handlers of `definitions` for both queues until the workers are closed. */
  startWorkers(definitions: JobDefinition[], services: JobServices, options?: StartWorkersOptions): JobWorkers;
  close(): Promise<void>;
}

export interface JobQueueOptions {
  /** BullMQ on this Redis when set; in-process otherwise. */
  redisUrl?: string;
  /** BullMQ key prefix; the server and the worker process must agree on it. */
  prefix?: string;
  retry?: RetryPolicy;
}

export const defaultQueuePrefix = 'shopfloor';

/** The queue the configuration asks for. */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  const retry = options.retry ?? defaultRetryPolicy;
  return options.redisUrl
    ? createBullmqQueue(options.redisUrl, options.prefix ?? defaultQueuePrefix, retry)
    : createInProcessQueue(retry);
}

export { permanentJobFailure };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The rules BullMQ enforces, applied to both adapters so a job id that works in one works in the other. */
function checkJobId(jobId: string) {
  if (!/^[\w.-]{1,200}$/.test(jobId) || /^\d+$/.test(jobId)) {
    throw new Error(`Job id ${JSON.stringify(jobId)} may only hold letters, digits, '-', '_' and '.', and not digits alone`);
  }
}

interface RunRequest {
  queue: QueueName;
  id: string;
  name: string;
  data: unknown;
  attempt: number;
}

/** Finds the definition of a job, checks its data and runs the handler with a job-scoped logger. */
function createRunner(definitions: JobDefinition[], services: JobServices) {
  const byKey = new Map<string, JobDefinition>();
  for (const definition of definitions) {
    const key = `${definition.queue}/${definition.name}`;
    if (byKey.has(key)) throw new Error(`Job ${key} is defined twice`);
    byKey.set(key, definition);
  }
  return async (request: RunRequest) => {
    const definition = byKey.get(`${request.queue}/${request.name}`);
    if (!definition) throw permanentJobFailure(`No job ${request.name} is defined on queue ${request.queue}`);
    const parsed = definition.schema.safeParse(request.data);
    if (!parsed.success) throw permanentJobFailure(`Data of job ${request.name} is not valid: ${z.prettifyError(parsed.error)}`);
    const log = services.log.child({ queue: request.queue, job: request.name, jobId: request.id, attempt: request.attempt });
    await definition.handle(parsed.data, { ...services, log, jobId: request.id, attempt: request.attempt });
  };
}

function logFailure(log: JobLogger, job: { queue: QueueName; id: string; name: string }, error: unknown, final: boolean) {
  const details = { queue: job.queue, job: job.name, jobId: job.id, err: error };
  if (final) log.error(details, 'job failed for good; it stays in the failed list');
  else log.warn(details, 'job failed; it will be retried');
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const bullmqStates: Record<string, JobState | undefined> = {
  waiting: 'waiting',
  prioritized: 'waiting',
  'waiting-children': 'waiting',
  delayed: 'delayed',
  active: 'active',
  completed: 'completed',
  failed: 'failed',
};

function snapshotOf(queue: QueueName, job: Job, bullmqState: string): JobSnapshot | undefined {
  const state = bullmqStates[bullmqState];
  if (!state || !job.id) return undefined;
  return {
    id: job.id,
    queue,
    name: job.name,
    data: job.data,
    state,
    attemptsMade: job.attemptsMade,
    failedReason: job.failedReason || undefined,
  };
}

/** Workers need `maxRetriesPerRequest: null`: a blocking read must wait out a Redis restart, not fail. */
const workerClient = (redisUrl: string) => new Redis(redisUrl, { maxRetriesPerRequest: null });

/**
 * Producers fail fast instead: the dispatcher retries on its next round, and a shutdown never
 * waits on a command queued for a Redis that is gone.
 */
const producerClient = (redisUrl: string) => new Redis(redisUrl, { maxRetriesPerRequest: 2 });

async function quit(client: Redis) {
  if (client.status === 'end') return;
  await client.quit().catch(() => client.disconnect());
}

function createBullmqQueue(redisUrl: string, prefix: string, retry: RetryPolicy): JobQueue {
  const connection = producerClient(redisUrl);
  // ioredis reconnects by itself; a Redis that stays down surfaces through add(), ping() and /api/ready.
  connection.on('error', () => {});
  const queues = Object.fromEntries(
    queueNames.map((name) => {
      const queue = new Queue(name, {
        connection,
        prefix,
        skipWaitingForReady: true,
        defaultJobOptions: {
          attempts: retry.attempts,
          backoff: { type: 'exponential', delay: retry.backoffMs },
          removeOnComplete: keepCompleted,
          removeOnFail: keepFailed,
        },
      });
      queue.on('error', () => {});
      return [name, queue];
    }),
  ) as Record<QueueName, Queue>;

  return {
    kind: 'bullmq',
    async add(queue, name, data, options = {}) {
      const jobId = options.jobId ?? randomUUID();
      checkJobId(jobId);
      await queues[queue].add(name, data, { jobId });
    },
    async getJob(queue, jobId) {
      // State first: a job reaches completed or failed in the same step that writes its last
      // attempt, so a final state read before the job never pairs with older attempt data.
      const state = await queues[queue].getJobState(jobId);
      const job = await queues[queue].getJob(jobId);
      return job ? snapshotOf(queue, job, state) : undefined;
    },
    async failedJobs(queue, limit = 50) {
      const jobs = await queues[queue].getFailed(0, limit - 1);
      return jobs.map((job) => snapshotOf(queue, job, 'failed')).filter((s): s is JobSnapshot => s !== undefined);
    },
    async ping() {
      await withTimeout(connection.ping(), 2000, 'Redis');
    },
    startWorkers(definitions, services, options = {}) {
      const run = createRunner(definitions, services);
      const concurrency = { ...defaultConcurrency, ...options.concurrency };
      const started = queueNames.map((queue) => {
        const workerConnection = workerClient(redisUrl);
        workerConnection.on('error', () => {});
        const worker = new Worker(
          queue,
          (job: Job) => run({ queue, id: job.id ?? '', name: job.name, data: job.data, attempt: job.attemptsMade + 1 }),
          { connection: workerConnection, prefix, concurrency: concurrency[queue] },
        );
        worker.on('failed', (job, error) => {
          if (!job) return;
          const final = isPermanentJobFailure(error) || job.attemptsMade >= (job.opts.attempts ?? 1);
          logFailure(services.log, { queue, id: job.id ?? '', name: job.name }, error, final);
        });
        worker.on('error', (error) => services.log.warn({ queue, err: error }, 'job worker lost its connection; retrying'));
        return { worker, workerConnection };
      });
      return {
        async close() {
          await Promise.all(
            started.map(async ({ worker, workerConnection }) => {
              await worker.close();
              await quit(workerConnection);
            }),
          );
        },
      };
    },
    async close() {
      await Promise.all(Object.values(queues).map((queue) => queue.close()));
      await quit(connection);
    },
  };
}

interface MemoryJob extends JobSnapshot {
  key: string;
}

/**
 * The same contract as BullMQ, in memory: dedupe by job id, exponential retries, failed jobs
 * kept. For one machine without Redis; jobs waiting when the process stops are lost, which the
 * dispatcher's ledger makes visible (`dispatched_jobs`).
 */
function createInProcessQueue(retry: RetryPolicy): JobQueue {
  const jobs = new Map<string, MemoryJob>();
  const waiting: Record<QueueName, MemoryJob[]> = { email: [], pdf: [] };
  const active: Record<QueueName, number> = { email: 0, pdf: 0 };
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  const finished: Record<'completed' | 'failed', string[]> = { completed: [], failed: [] };
  let worker: { run: ReturnType<typeof createRunner>; log: JobLogger; concurrency: Record<QueueName, number> } | undefined;

  const snapshot = ({ key: _key, ...job }: MemoryJob): JobSnapshot => ({ ...job });

  const keep = (job: MemoryJob, state: 'completed' | 'failed') => {
    job.state = state;
    const list = finished[state];
    list.push(job.key);
    const limit = state === 'completed' ? keepCompleted.count : keepFailed.count;
    while (list.length > limit) jobs.delete(list.shift() ?? '');
  };

  const retryLater = (job: MemoryJob) => {
    job.state = 'delayed';
    const timer = setTimeout(() => {
      timers.delete(timer);
      job.state = 'waiting';
      waiting[job.queue].push(job);
      pump(job.queue);
    }, retry.backoffMs * 2 ** (job.attemptsMade - 1));
    timers.add(timer);
  };

  const execute = async (job: MemoryJob, current: NonNullable<typeof worker>) => {
    job.state = 'active';
    try {
      await current.run({ queue: job.queue, id: job.id, name: job.name, data: job.data, attempt: job.attemptsMade + 1 });
      job.attemptsMade += 1;
      keep(job, 'completed');
    } catch (error) {
      job.attemptsMade += 1;
      job.failedReason = messageOf(error);
      const final = isPermanentJobFailure(error) || job.attemptsMade >= retry.attempts;
      logFailure(current.log, job, error, final);
      if (final) keep(job, 'failed');
      else retryLater(job);
    }
  };

  const pump = (queue: QueueName) => {
    const current = worker;
    if (!current) return;
    while (active[queue] < current.concurrency[queue] && waiting[queue].length > 0) {
      const job = waiting[queue].shift() as MemoryJob;
      active[queue] += 1;
      const run: Promise<void> = execute(job, current).finally(() => {
        active[queue] -= 1;
        running.delete(run);
        pump(queue);
      });
      running.add(run);
    }
  };

  const settle = async () => {
    while (running.size > 0) await Promise.all([...running]);
  };

  return {
    kind: 'in-process',
    async add(queue, name, data, options = {}) {
      const id = options.jobId ?? randomUUID();
      checkJobId(id);
      const key = `${queue}/${id}`;
      if (jobs.has(key)) return;
      // A copy through JSON, as Redis would store it: a handler never shares objects with the caller.
      const job: MemoryJob = { key, id, queue, name, data: JSON.parse(JSON.stringify(data ?? null)), state: 'waiting', attemptsMade: 0 };
      jobs.set(key, job);
      waiting[queue].push(job);
      queueMicrotask(() => pump(queue));
    },
    async getJob(queue, jobId) {
      const job = jobs.get(`${queue}/${jobId}`);
      return job ? snapshot(job) : undefined;
    },
    async failedJobs(queue, limit = 50) {
      return finished.failed
        .map((key) => jobs.get(key))
        .filter((job): job is MemoryJob => job?.queue === queue && job.state === 'failed')
        .reverse()
        .slice(0, limit)
        .map(snapshot);
    },
    async ping() {},
    startWorkers(definitions, services, options = {}) {
      if (worker) throw new Error('In-process job workers are already running');
      worker = {
        run: createRunner(definitions, services),
        log: services.log,
        concurrency: { ...defaultConcurrency, ...options.concurrency },
      };
      for (const queue of queueNames) pump(queue);
      return {
        async close() {
          worker = undefined;
          await settle();
        },
      };
    },
    async close() {
      worker = undefined;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await settle();
    },
  };
}
