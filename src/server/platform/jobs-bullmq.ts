import { randomUUID } from 'node:crypto';
import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { isPermanentJobFailure } from './job-errors.js';
import { queueNames, type JobQueue, type JobSnapshot, type JobState, type QueueName, type RetryPolicy } from './jobs.js';
import { checkJobId, createRunner, concurrencyOf, keepCompleted, keepFailed, logFailure, warmUpWorkers } from './jobs-runner.js';

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
    finishedAt: job.finishedOn,
  };
}

/**
 * How a worker that dies is noticed (docs/jobs.md, A worker that dies). A running job holds a lock
 * its worker renews every `lockDuration / 2`; a killed worker's lock runs out 15-30 s after the
 * kill. Every `stalledInterval` one worker of the queue looks for active jobs without a lock (they
 * were marked at the look before) and puts them back to wait: so the job runs again on a live
 * worker 15-40 s after the kill; with no other worker running, only once a new one has started and
 * looked (measured: 53 s after the kill, the new worker ready after 41 s, load 27). A job whose worker
 * dies more often than its retries allow (`maxStalledCount`, the retry budget) fails for good
 * with "job stalled more than allowable limit", and its definition's `failed` tells the user.
 */
export const stallPolicy = { lockDuration: 30_000, stalledInterval: 10_000 };

/** Workers need `maxRetriesPerRequest: null`: a blocking read must wait out a Redis restart, not fail. */
const workerClient = (redisUrl: string) => new Redis(redisUrl, { maxRetriesPerRequest: null });

/**
 * Producers fail fast instead: the dispatcher retries on its next round, and a shutdown never
 * waits on a command queued for a Redis that is gone.
 */
const producerClient = (redisUrl: string) => new Redis(redisUrl, { maxRetriesPerRequest: 2 });

/** A network error of ioredis (the socket), not one of BullMQ's own (a lost lock, a missing job). */
const isConnectionError = (error: Error & { code?: string }) =>
  ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN'].includes(error.code ?? '') ||
  /Connection is closed|connect ETIMEDOUT|Stream isn't writeable/.test(error.message);

async function quit(client: Redis) {
  if (client.status === 'end') return;
  await client.quit().catch(() => client.disconnect());
}

/** BullMQ on Redis: queues survive restarts, and any number of worker processes share them. */
export function createBullmqQueue({ redisUrl, prefix, retry }: { redisUrl: string; prefix: string; retry: RetryPolicy }): JobQueue {
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
    async requeue(queue, jobId) {
      const job = await queues[queue].getJob(jobId);
      if (!job || (await queues[queue].getJobState(jobId)) !== 'failed') return false;
      // Removed and added, not job.retry(): a fresh job has its whole retry and stall budget again.
      await job.remove();
      await queues[queue].add(job.name, job.data, { jobId });
      return true;
    },
    async failedJobs(queue, limit = 50) {
      const jobs = await queues[queue].getFailed(0, limit - 1);
      return jobs.map((job) => snapshotOf(queue, job, 'failed')).filter((s): s is JobSnapshot => s !== undefined);
    },
    async ping() {
      await withTimeout(connection.ping(), 2000, 'Redis');
    },
    async durability() {
      try {
        const setting = async (name: string) => ((await connection.call('CONFIG', 'GET', name)) as string[])[1] ?? '';
        const [appendOnly, save, evictionPolicy] = await Promise.all([setting('appendonly'), setting('save'), setting('maxmemory-policy')]);
        return { persistent: appendOnly === 'yes' || save.trim() !== '', evictionPolicy };
      } catch {
        // Managed Redis often renames or forbids CONFIG; the caller says it could not check.
        return undefined;
      }
    },
    startWorkers(definitions, services, options = {}) {
      const runner = createRunner(definitions, services);
      const concurrency = concurrencyOf(services.config, options.concurrency);
      warmUpWorkers(definitions, services, concurrency, options);
      const requestOf = (queue: QueueName, job: Job) => ({ queue, id: job.id ?? '', name: job.name, data: job.data, attempt: job.attemptsMade + 1 });
      const started = queueNames.map((queue) => {
        const workerConnection = workerClient(redisUrl);
        workerConnection.on('error', () => {});
        const worker = new Worker(queue, (job: Job) => runner.run(requestOf(queue, job)), {
          connection: workerConnection,
          prefix,
          concurrency: concurrency[queue],
          ...stallPolicy,
          maxStalledCount: retry.attempts,
        });
        worker.on('failed', (job, error) => {
          if (!job) return;
          // Stalled too often, BullMQ fails the job with an UnrecoverableError: permanent too.
          const final = isPermanentJobFailure(error) || job.attemptsMade >= (job.opts.attempts ?? 1);
          logFailure(services.log, { queue, id: job.id ?? '', name: job.name }, error, final);
          if (final) void runner.failedForGood(requestOf(queue, job), error);
        });
        // A job whose data carries a secret is not kept once done (its ledger row stays, so a replay adds nothing).
        worker.on('completed', (job) => {
          if (runner.forgetsWhenDone({ queue, name: job.name })) {
            job.remove().catch((error: unknown) => services.log.warn({ queue, jobId: job.id, err: error }, 'a completed job to forget could not be removed'));
          }
        });
        worker.on('stalled', (jobId) =>
          services.log.warn({ queue, jobId }, 'job stalled: the worker running it stopped (killed, or its lock ran out); it runs again on a live worker'),
        );
        worker.on('error', (error) =>
          isConnectionError(error)
            ? services.log.warn({ queue, err: error }, 'job worker lost its connection to Redis; retrying')
            : services.log.warn({ queue, err: error }, 'job worker error (a job whose lock was lost runs again elsewhere)'),
        );
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
