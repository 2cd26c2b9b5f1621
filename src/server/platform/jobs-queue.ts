import { createBullmqQueue } from './jobs-bullmq.js';
import { createInProcessQueue } from './jobs-in-process.js';
import { defaultRetryPolicy, type JobLogger, type JobQueue, type RetryPolicy } from './jobs.js';

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
    ? createBullmqQueue({ redisUrl: options.redisUrl, prefix: options.prefix ?? defaultQueuePrefix, retry })
    : createInProcessQueue({ retry });
}

/**
 * Checks at start-up that Redis keeps jobs: with no persistence a restart loses every waiting job,
 * and an eviction policy other than `noeviction` drops jobs when memory is short. The dispatcher's
 * reconciler re-enqueues what was lost (docs/jobs.md), but production refuses to start on such a
 * Redis: the answers are the problems found (empty when all is well), logged as warnings elsewhere.
 */
export async function checkQueueDurability(queue: JobQueue, env: 'development' | 'production' | 'test', log: JobLogger): Promise<string[]> {
  if (queue.kind !== 'bullmq') return [];
  const durability = await queue.durability();
  const problems = !durability
    ? ['Redis did not answer CONFIG GET, so its persistence and eviction policy could not be checked']
    : [
        ...(durability.persistent ? [] : ['Redis keeps nothing on disk (appendonly no, save ""): a restart loses every waiting job']),
        ...(durability.evictionPolicy === 'noeviction' ? [] : [`Redis's maxmemory-policy is ${durability.evictionPolicy}, not noeviction: it may drop jobs`]),
      ];
  if (problems.length === 0) return [];
  if (env === 'production' && durability) throw new Error(`Refusing to start on this Redis: ${problems.join('; ')}.`);
  for (const problem of problems) log.warn({ problem }, 'the job queue may lose jobs; the dispatcher re-enqueues what the ledger knows');
  return problems;
}
