import { z } from 'zod';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Db } from './db.js';
import type { EventStore } from './event-store.js';
import { permanentJobFailure } from './job-errors.js';
import type { Mailer } from './mailer.js';
import type { ListPortValues } from './list-ports.js';
import type { PdfRenderer } from './pdf.js';

// The contract of background jobs. `createJobQueue` (jobs-queue.ts) picks an adapter: jobs-bullmq.ts
// (Redis) or jobs-in-process.ts (one machine); what both share to run a job is in jobs-runner.ts.

/**
 * `export`: company data exports, apart so a big export never holds up a PDF (issue 26). `webhooks`:
 * deliveries to other systems, apart so a slow receiver never holds up mail (issue 31).
 */
export const queueNames = ['email', 'pdf', 'export', 'webhooks'] as const;
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
  /** The one clock of the server and the jobs: a handler reads the time here, never from `new Date()`. */
  clock: Clock;
  db: Db;
  eventStore: EventStore;
  mailer: Mailer;
  pdf: PdfRenderer;
  log: JobLogger;
  /** The list ports with every module's contributions (module.ts); a job uses those its module's manifest collects. */
  listPorts: ListPortValues;
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
  /**
   * The job failed for good: a permanent failure, its retries used up, or its worker died while
   * running it more often than the retries allow (a stalled job). Record the outcome so users see it
   * (a document failed, an invitation not sent). Runs once, after the queue moved the job to its
   * failed list; the handler may never have run (a stalled job's data is checked first). If this
   * throws, or the worker dies before it ends, the reconciler runs the job again (docs/jobs.md).
   */
  failed?(data: Data, error: unknown, ctx: JobContext): Promise<void>;
  /**
   * Its data carries a secret (a link token, sealed): once the job ran to the end the queue drops it
   * instead of keeping it 7 days, and its ledger row's data is emptied (docs/jobs.md). A replay still
   * enqueues nothing twice: the ledger row stays, marked completed.
   */
  forgetWhenDone?: boolean;
}

/** Keeps the data type of a definition while letting lists hold definitions of any data. */
export const defineJob = <Data>(definition: JobDefinition<Data>): JobDefinition => definition as JobDefinition;

/** Input a job cannot use fails it at once, since no retry makes it valid: `${refusal}: what is wrong`. */
export function parseJobInput<T>(schema: z.ZodType<T>, input: unknown, refusal: string): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw permanentJobFailure(`${refusal}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** What a generic job serves (email templates, document kinds) by name; a name listed twice is refused. */
export function byUniqueName<Entry extends { name: string }>(entries: readonly Entry[], what: string): Map<string, Entry> {
  const byName = new Map<string, Entry>();
  for (const entry of entries) {
    if (byName.has(entry.name)) throw new Error(`${what} ${entry.name} is registered twice`);
    byName.set(entry.name, entry);
  }
  return byName;
}

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
  /** When the job completed or failed for good (ms since the epoch). */
  finishedAt?: number;
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

export interface StartWorkersOptions {
  concurrency?: Partial<Record<QueueName, number>>;
  /**
   * Start Chromium and its page pool at once when these workers run pdf jobs (`warmUpWorkers` in
   * jobs-runner.ts). Default: yes in a worker process (BullMQ), except with NODE_ENV=test, where every
   * test app starts workers; no in the server's own process (in-process queue), whose Chromium
   * starts with its first print.
   */
  warmUpPdf?: boolean;
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

/** How safely the queue's store keeps jobs; Redis answers through CONFIG GET. */
export interface QueueDurability {
  /** Redis writes its data to disk (AOF or RDB snapshots). */
  persistent: boolean;
  /** Redis's `maxmemory-policy`; anything but `noeviction` may drop jobs when memory runs out. */
  evictionPolicy: string;
}

/** Where jobs wait: BullMQ on Redis, or memory in the server process. Both behave the same. */
export interface JobQueue {
  readonly kind: 'bullmq' | 'in-process';
  /** Redis's persistence and eviction policy; undefined for the in-process queue or when Redis refuses CONFIG. */
  durability(): Promise<QueueDurability | undefined>;
  add(queue: QueueName, name: string, data: unknown, options?: EnqueueOptions): Promise<void>;
  getJob(queue: QueueName, jobId: string): Promise<JobSnapshot | undefined>;
  /** Newest failed jobs first. */
  failedJobs(queue: QueueName, limit?: number): Promise<JobSnapshot[]>;
  /**
   * A failed job afresh under the same id, with a new retry budget (the reconciler's way to run a
   * job whose failure was never handled); a job in any other state, or none, is left as it is.
   */
  requeue(queue: QueueName, jobId: string): Promise<boolean>;
  /** Throws when the queue's store does not answer (readiness probe). */
  ping(): Promise<void>;
  /** Runs the handlers of `definitions` for both queues until the workers are closed. */
  startWorkers(definitions: JobDefinition[], services: JobServices, options?: StartWorkersOptions): JobWorkers;
  close(): Promise<void>;
}

export { permanentJobFailure };
