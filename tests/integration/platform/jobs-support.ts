import { Redis } from 'ioredis';
import type { JobLogger, JobQueue, JobSnapshot, JobState, QueueName } from '../../../src/server/platform/jobs.js';
import { testRedisUrl } from '../../support/services.js';

/** A job logger that says nothing. */
export const quietLog: JobLogger = { info() {}, warn() {}, error() {}, child: () => quietLog };

/** Waits until the job is in one of `states` (the test's own timeout ends a wait that never does). */
export async function waitForJob(queue: JobQueue, name: QueueName, jobId: string, states: JobState[]): Promise<JobSnapshot> {
  for (;;) {
    const job = await queue.getJob(name, jobId);
    if (job && states.includes(job.state)) return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Removes a test's BullMQ keys (its own prefix) from the test Redis. */
export async function deleteQueueKeys(prefix: string): Promise<void> {
  const redis = new Redis(testRedisUrl());
  try {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
}
