import { randomUUID } from 'node:crypto';
import { isPermanentJobFailure } from './job-errors.js';
import { queueNames, type JobLogger, type JobQueue, type JobSnapshot, type QueueName, type RetryPolicy } from './jobs.js';
import { checkJobId, createRunner, concurrencyOf, keepCompleted, keepFailed, logFailure, warmUpWorkers, type JobRunner } from './jobs-runner.js';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

interface MemoryJob extends JobSnapshot {
  key: string;
}

/**
 * The same contract as BullMQ, in memory: dedupe by job id, exponential retries, failed jobs
 * kept. For one machine without Redis; jobs waiting when the process stops are lost, which the
 * dispatcher's ledger makes visible (`dispatched_jobs`).
 */
export function createInProcessQueue({ retry }: { retry: RetryPolicy }): JobQueue {
  const jobs = new Map<string, MemoryJob>();
  const waiting: Record<QueueName, MemoryJob[]> = { email: [], pdf: [], export: [], webhooks: [] };
  const active: Record<QueueName, number> = { email: 0, pdf: 0, export: 0, webhooks: 0 };
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  const finished: Record<'completed' | 'failed', string[]> = { completed: [], failed: [] };
  let worker: { runner: JobRunner; log: JobLogger; concurrency: Record<QueueName, number> } | undefined;

  const keep = (job: MemoryJob, state: 'completed' | 'failed') => keepFinished(jobs, finished, job, state);

  const retryLater = (job: MemoryJob) => {
    job.state = 'delayed';
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        job.state = 'waiting';
        waiting[job.queue].push(job);
        pump(job.queue);
      },
      retry.backoffMs * 2 ** (job.attemptsMade - 1),
    );
    timers.add(timer);
  };

  const execute = async (job: MemoryJob, current: NonNullable<typeof worker>) => {
    job.state = 'active';
    const request = { queue: job.queue, id: job.id, name: job.name, data: job.data, attempt: job.attemptsMade + 1 };
    try {
      await current.runner.run(request);
      job.attemptsMade += 1;
      keep(job, 'completed');
      // A job whose data carries a secret is not kept once done (as BullMQ removes it).
      if (current.runner.forgetsWhenDone(job)) jobs.delete(job.key);
    } catch (error) {
      job.attemptsMade += 1;
      job.failedReason = messageOf(error);
      const final = isPermanentJobFailure(error) || job.attemptsMade >= retry.attempts;
      logFailure(current.log, job, error, final);
      if (!final) return retryLater(job);
      keep(job, 'failed');
      await current.runner.failedForGood(request, error);
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

  return {
    kind: 'in-process',
    async durability() {
      return undefined;
    },
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
    async requeue(queue, jobId) {
      const key = `${queue}/${jobId}`;
      const job = jobs.get(key);
      if (job?.state !== 'failed') return false;
      jobs.delete(key);
      finished.failed.splice(finished.failed.indexOf(key), 1);
      await this.add(queue, job.name, job.data, { jobId });
      return true;
    },
    async failedJobs(queue, limit = 50) {
      return failedJobsOf(jobs, finished.failed, queue, limit);
    },
    async ping() {},
    startWorkers(definitions, services, options = {}) {
      if (worker) throw new Error('In-process job workers are already running');
      worker = {
        runner: createRunner(definitions, services),
        log: services.log,
        concurrency: concurrencyOf(services.config, options.concurrency),
      };
      // In the server's own process (`npm start`, no Redis) Chromium starts with the first print, not
      // with the server: an idle console keeps no browser (issue 32; docs/performance.md, First start).
      warmUpWorkers(definitions, services, worker.concurrency, { ...options, warmUpPdf: options.warmUpPdf ?? false });
      for (const queue of queueNames) pump(queue);
      return {
        async close() {
          worker = undefined;
          await settleAll(running);
        },
      };
    },
    async close() {
      worker = undefined;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await settleAll(running);
    },
  };
}

const snapshot = ({ key: _key, ...job }: MemoryJob): JobSnapshot => ({ ...job });

/** Marks a job finished and keeps it in its list, dropping the oldest past the list's limit. */
function keepFinished(jobs: Map<string, MemoryJob>, finished: Record<'completed' | 'failed', string[]>, job: MemoryJob, state: 'completed' | 'failed'): void {
  job.state = state;
  job.finishedAt = Date.now();
  const list = finished[state];
  list.push(job.key);
  const limit = state === 'completed' ? keepCompleted.count : keepFailed.count;
  while (list.length > limit) jobs.delete(list.shift() ?? '');
}

/** The failed jobs of a queue, newest first. */
function failedJobsOf(jobs: Map<string, MemoryJob>, failed: readonly string[], queue: QueueName, limit: number): JobSnapshot[] {
  return failed
    .map((key) => jobs.get(key))
    .filter((job): job is MemoryJob => job?.queue === queue && job.state === 'failed')
    .reverse()
    .slice(0, limit)
    .map(snapshot);
}

/** Waits for the jobs running now and for those they start. */
async function settleAll(running: Set<Promise<void>>): Promise<void> {
  while (running.size > 0) await Promise.all([...running]);
}
