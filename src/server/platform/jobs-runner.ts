import type { Config } from './config.js';
import { markDispatchedJobCompleted, markDispatchedJobFailed } from './dispatcher.js';
import { permanentJobFailure } from './job-errors.js';
import { parseJobInput, type JobDefinition, type JobLogger, type JobServices, type QueueName, type StartWorkersOptions } from './jobs.js';

// What the BullMQ and the in-process queue share, so a job runs, retries and is kept the same in both.

/** Jobs of each queue one worker process runs at once, unless the configuration says otherwise (`PDF_CONCURRENCY`). */
/** Exports: one at a time per worker process (each reads a whole company and writes a zip). */
export const defaultConcurrency: Record<QueueName, number> = { email: 4, pdf: 4, export: 1, webhooks: 32 };

/** The concurrency of each queue: the defaults, the configured pdf concurrency, then what the caller asks. */
export function concurrencyOf(config: Partial<Pick<Config, 'pdfConcurrency'>>, asked: Partial<Record<QueueName, number>> = {}): Record<QueueName, number> {
  return { ...defaultConcurrency, ...(config.pdfConcurrency ? { pdf: config.pdfConcurrency } : {}), ...asked };
}

/** Finished jobs kept per queue: completed ones for dedupe and inspection, failed ones until an operator looks. */
export const keepCompleted = { count: 10_000, age: 7 * 24 * 3600 };
export const keepFailed = { count: 50_000 };

/** The rules BullMQ enforces, applied to both adapters so a job id that works in one works in the other. */
export function checkJobId(jobId: string) {
  if (!/^[\w.-]{1,200}$/.test(jobId) || /^\d+$/.test(jobId)) {
    throw new Error(`Job id ${JSON.stringify(jobId)} may only hold letters, digits, '-', '_' and '.', and not digits alone`);
  }
}

export interface RunRequest {
  queue: QueueName;
  id: string;
  name: string;
  data: unknown;
  attempt: number;
}

export interface JobRunner {
  run(request: RunRequest): Promise<void>;
  /** The job's definition says to forget it once done (`forgetWhenDone`): the queue removes it after it completed. */
  forgetsWhenDone(request: Pick<RunRequest, 'queue' | 'name'>): boolean;
  /**
   * After the queue failed the job for good: its definition's `failed` tells the user, then the
   * ledger row is marked failed. Never throws (it runs from a queue event); what it could not do
   * is logged, and the reconciler runs the job again.
   */
  failedForGood(request: RunRequest, error: unknown): Promise<void>;
}

/** Finds the definition of a job, checks its data and runs the handler with a job-scoped logger. */
export function createRunner(definitions: JobDefinition[], services: JobServices): JobRunner {
  const byKey = new Map<string, JobDefinition>();
  for (const definition of definitions) {
    const key = `${definition.queue}/${definition.name}`;
    if (byKey.has(key)) throw new Error(`Job ${key} is defined twice`);
    byKey.set(key, definition);
  }
  const contextOf = (request: RunRequest) => {
    const log = services.log.child({ queue: request.queue, job: request.name, jobId: request.id, attempt: request.attempt });
    return { ...services, log, jobId: request.id, attempt: request.attempt };
  };
  return {
    async run(request) {
      const definition = byKey.get(`${request.queue}/${request.name}`);
      if (!definition) throw permanentJobFailure(`No job ${request.name} is defined on queue ${request.queue}`);
      const data = parseJobInput(definition.schema, request.data, `Data of job ${request.name} is not valid`);
      const ctx = contextOf(request);
      await definition.handle(data, ctx);
      // The ledger learns the job ran, so the reconciler never enqueues it again. If this write
      // fails, the job still counts as done: the reconciler finds it completed in the queue.
      await markDispatchedJobCompleted(services.db, request.id, definition.forgetWhenDone === true).catch((error: unknown) =>
        ctx.log.warn({ err: error }, 'job done, but its ledger row could not be marked completed'),
      );
    },
    forgetsWhenDone(request) {
      return byKey.get(`${request.queue}/${request.name}`)?.forgetWhenDone === true;
    },
    async failedForGood(request, error) {
      const ctx = contextOf(request);
      try {
        const definition = byKey.get(`${request.queue}/${request.name}`);
        const parsed = definition?.schema.safeParse(request.data);
        if (definition?.failed && parsed?.success) await definition.failed(parsed.data, error, ctx);
        await markDispatchedJobFailed(services.db, request.id);
      } catch (again) {
        ctx.log.error({ err: again }, 'job failed for good, but its failure could not be recorded; the reconciler runs it again');
      }
    },
  };
}

/**
 * Workers that run pdf jobs start the browser and its page pool as they start (in the background),
 * so the first documents after start-up do not wait for Chromium (docs/documents.md, Speed).
 */
export function warmUpWorkers(definitions: JobDefinition[], services: JobServices, concurrency: Record<QueueName, number>, options: StartWorkersOptions) {
  const warmUp = options.warmUpPdf ?? services.config.env !== 'test';
  if (warmUp && concurrency.pdf > 0 && definitions.some((definition) => definition.queue === 'pdf')) void services.pdf.warmUp();
}

export function logFailure(log: JobLogger, job: { queue: QueueName; id: string; name: string }, error: unknown, final: boolean) {
  const details = { queue: job.queue, job: job.name, jobId: job.id, err: error };
  if (final) log.error(details, 'job failed for good; it stays in the failed list');
  else log.warn(details, 'job failed; it will be retried');
}
