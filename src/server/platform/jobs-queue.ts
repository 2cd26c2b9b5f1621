import { createBullmqQueue } from './jobs-bullmq.js';
import { createInProcessQueue } from './jobs-in-process.js';
import { defaultRetryPolicy, type JobQueue, type RetryPolicy } from './jobs.js';

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
