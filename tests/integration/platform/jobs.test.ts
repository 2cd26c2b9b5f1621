import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createJobServices } from '../../../src/server/jobs.js';
import { loadConfig } from '../../../src/server/platform/config.js';
import { createEventStore } from '../../../src/server/platform/event-store.js';
import { Redis } from 'ioredis';
import { checkQueueDurability, createJobQueue } from '../../../src/server/platform/jobs-queue.js';
import { defineJob, permanentJobFailure, type JobQueue, type JobWorkers } from '../../../src/server/platform/jobs.js';
import { createTestApp } from '../../support/app.js';
import { createTestDatabase, type TestDatabase } from '../../support/database.js';
import { testRedisUrl } from '../../support/services.js';
import { deleteQueueKeys, quietLog, waitForJob } from './jobs-support.js';

/** Runs per job id: how many times each handler started, and what it was given. */
const runs = new Map<string, number>();
const countRun = (key: string) => {
  const count = (runs.get(key) ?? 0) + 1;
  runs.set(key, count);
  return count;
};

const definitions = [
  defineJob({
    queue: 'email',
    name: 'count',
    schema: z.object({ key: z.string() }),
    async handle(data) {
      countRun(data.key);
    },
  }),
  defineJob({
    queue: 'email',
    name: 'flaky',
    schema: z.object({ key: z.string(), failures: z.number().int() }),
    async handle(data, ctx) {
      const run = countRun(data.key);
      expect(ctx.attempt).toBe(run);
      if (run <= data.failures) throw new Error(`mail server busy (run ${run})`);
    },
  }),
  defineJob({
    queue: 'email',
    name: 'carries-a-secret',
    schema: z.object({ key: z.string(), sealed: z.string() }),
    forgetWhenDone: true,
    async handle(data) {
      countRun(data.key);
    },
  }),
  defineJob({
    queue: 'pdf',
    name: 'refused',
    schema: z.object({ key: z.string() }),
    async handle(data) {
      countRun(data.key);
      throw permanentJobFailure('this document can never be printed');
    },
  }),
];

let testDb: TestDatabase;
let services: ReturnType<typeof createJobServices>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATABASE_URL: testDb.url, LOG_LEVEL: 'silent' });
  services = createJobServices({ config, database: testDb.database, eventStore: createEventStore(), log: quietLog });
});

afterAll(async () => {
  await services?.close();
  await testDb?.drop();
});

describe.each([
  { adapter: 'in-process', redis: false },
  { adapter: 'bullmq', redis: true },
])('$adapter job queue', ({ adapter, redis }) => {
  const prefix = `test-jobs-${randomUUID()}`;
  let queue: JobQueue;
  let workers: JobWorkers;

  beforeAll(() => {
    queue = createJobQueue({ redisUrl: redis ? testRedisUrl() : undefined, prefix, retry: { attempts: 3, backoffMs: 20 } });
    workers = queue.startWorkers(definitions, services);
  });

  afterAll(async () => {
    await workers?.close();
    await queue?.close();
    if (redis) await deleteQueueKeys(prefix);
  });

  it('is the adapter the configuration asks for', () => {
    expect(queue.kind).toBe(adapter);
  });

  it('runs a job added twice under one id only once', async () => {
    const key = randomUUID();
    await queue.add('email', 'count', { key }, { jobId: `count-${key}` });
    await queue.add('email', 'count', { key }, { jobId: `count-${key}` });
    await waitForJob(queue, 'email', `count-${key}`, ['completed']);
    // A later job on the same queue completing shows the duplicate had its chance to run.
    const later = randomUUID();
    await queue.add('email', 'count', { key: later }, { jobId: `count-${later}` });
    await waitForJob(queue, 'email', `count-${later}`, ['completed']);
    expect(runs.get(key)).toBe(1);
  });

  it('forgets a job whose data carries a secret once it ran (forgetWhenDone); a job without it stays completed', async () => {
    const key = randomUUID();
    await queue.add('email', 'carries-a-secret', { key, sealed: 'sealed-token' }, { jobId: `secret-${key}` });
    const kept = randomUUID();
    await queue.add('email', 'count', { key: kept }, { jobId: `count-${kept}` });
    await waitForJob(queue, 'email', `count-${kept}`, ['completed']);
    for (let waited = 0; (await queue.getJob('email', `secret-${key}`)) !== undefined; waited += 20) {
      if (waited > 10_000) throw new Error('the job that carries a secret was kept after it ran');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(runs.get(key)).toBe(1);
    expect((await queue.getJob('email', `count-${kept}`))?.state).toBe('completed');
  });

  it('retries a job that fails twice, then completes it', async () => {
    const key = randomUUID();
    await queue.add('email', 'flaky', { key, failures: 2 }, { jobId: `flaky-${key}` });
    const job = await waitForJob(queue, 'email', `flaky-${key}`, ['completed', 'failed']);
    expect(job.state).toBe('completed');
    expect(job.attemptsMade).toBe(3);
    expect(runs.get(key)).toBe(3);
  });

  it('keeps a job that always fails in the failed list with its reason', async () => {
    const key = randomUUID();
    await queue.add('email', 'flaky', { key, failures: 99 }, { jobId: `flaky-${key}` });
    const job = await waitForJob(queue, 'email', `flaky-${key}`, ['completed', 'failed']);
    expect(job).toMatchObject({ state: 'failed', attemptsMade: 3, failedReason: 'mail server busy (run 3)', name: 'flaky' });
    expect(runs.get(key)).toBe(3);
    const failed = await queue.failedJobs('email');
    expect(failed.map((f) => f.id)).toContain(`flaky-${key}`);
  });

  it('does not retry a permanent failure', async () => {
    const key = randomUUID();
    await queue.add('pdf', 'refused', { key }, { jobId: `refused-${key}` });
    const job = await waitForJob(queue, 'pdf', `refused-${key}`, ['completed', 'failed']);
    expect(job).toMatchObject({ state: 'failed', attemptsMade: 1, failedReason: 'this document can never be printed' });
    expect(runs.get(key)).toBe(1);
  });

  it('fails a job with data its definition does not accept, without running it', async () => {
    await queue.add('email', 'count', { key: 42 }, { jobId: 'count-bad-data' });
    const job = await waitForJob(queue, 'email', 'count-bad-data', ['completed', 'failed']);
    expect(job.state).toBe('failed');
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toMatch(/Data of job count is not valid/);
  });

  it('fails a job nobody defined', async () => {
    await queue.add('pdf', 'no-such-job', {}, { jobId: 'unknown-job' });
    const job = await waitForJob(queue, 'pdf', 'unknown-job', ['completed', 'failed']);
    expect(job.state).toBe('failed');
    expect(job.failedReason).toBe('No job no-such-job is defined on queue pdf');
  });

  it('refuses a job id with characters BullMQ cannot store', async () => {
    await expect(queue.add('email', 'count', { key: 'x' }, { jobId: 'order:42' })).rejects.toThrow(/may only hold/);
    await expect(queue.add('email', 'count', { key: 'x' }, { jobId: '42' })).rejects.toThrow(/not digits alone/);
    expect(await queue.getJob('email', 'order:42')).toBeUndefined();
  });

  it('keeps a job added before the workers start until they do', async () => {
    const other = createJobQueue({ redisUrl: redis ? testRedisUrl() : undefined, prefix: `${prefix}-late` });
    const key = randomUUID();
    try {
      await other.add('email', 'count', { key }, { jobId: `late-${key}` });
      expect((await other.getJob('email', `late-${key}`))?.state).toBe('waiting');
      const lateWorkers = other.startWorkers(definitions, services);
      await waitForJob(other, 'email', `late-${key}`, ['completed']);
      await lateWorkers.close();
      expect(runs.get(key)).toBe(1);
    } finally {
      await other.close();
      if (redis) await deleteQueueKeys(`${prefix}-late`);
    }
  });
});

describe('readiness with Redis', () => {
  it('reports Redis among the checks when REDIS_URL is set', async () => {
    const testApp = await createTestApp({ REDIS_URL: testRedisUrl() });
    try {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });
    } finally {
      await testApp.close();
    }
  });

  it('answers 503 naming Redis when Redis does not answer', async () => {
    const testApp = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'unavailable', checks: { database: 'ok', redis: 'unavailable' } });
    } finally {
      await testApp.close();
    }
  });

  it('has no Redis check without REDIS_URL', async () => {
    const testApp = await createTestApp();
    try {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.json().checks).not.toHaveProperty('redis');
    } finally {
      await testApp.close();
    }
  });
});

describe('the start-up check of what Redis keeps', () => {
  const redisSetting = async (redis: Redis, name: string) => ((await redis.call('CONFIG', 'GET', name)) as string[])[1] ?? '';

  it('refuses production on a Redis that keeps nothing on disk, and only warns elsewhere', async () => {
    const redis = new Redis(testRedisUrl());
    const saved = { save: await redisSetting(redis, 'save'), appendonly: await redisSetting(redis, 'appendonly') };
    const queue = createJobQueue({ redisUrl: testRedisUrl(), prefix: `test-durability-${randomUUID()}` });
    try {
      await redis.call('CONFIG', 'SET', 'save', '');
      await redis.call('CONFIG', 'SET', 'appendonly', 'no');
      expect(await queue.durability()).toMatchObject({ persistent: false });
      await expect(checkQueueDurability(queue, 'production', quietLog)).rejects.toThrow(/Refusing to start on this Redis: Redis keeps nothing on disk/);
      expect(await checkQueueDurability(queue, 'development', quietLog)).toContainEqual(expect.stringContaining('keeps nothing on disk'));
    } finally {
      await redis.call('CONFIG', 'SET', 'save', saved.save);
      await redis.call('CONFIG', 'SET', 'appendonly', saved.appendonly);
      await queue.close();
      await redis.quit();
    }
  });

  it('names an eviction policy that may drop jobs', async () => {
    const redis = new Redis(testRedisUrl());
    const policy = await redisSetting(redis, 'maxmemory-policy');
    const queue = createJobQueue({ redisUrl: testRedisUrl(), prefix: `test-durability-${randomUUID()}` });
    try {
      const problems = await checkQueueDurability(queue, 'development', quietLog);
      expect(problems.some((problem) => problem.includes('maxmemory-policy'))).toBe(policy !== 'noeviction');
    } finally {
      await queue.close();
      await redis.quit();
    }
  });

  it('has nothing to check for the in-process queue', async () => {
    expect(await checkQueueDurability(createJobQueue({}), 'production', quietLog)).toEqual([]);
  });
});
