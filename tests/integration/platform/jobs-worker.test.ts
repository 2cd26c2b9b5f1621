import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue } from '../../../src/server/platform/jobs-queue.js';
import type { JobQueue, JobSnapshot } from '../../../src/server/platform/jobs.js';
import { createTestDatabase, type TestDatabase } from '../../support/database.js';
import { testRedisUrl } from '../../support/services.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface WorkerProcess {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

function startWorker(env: Record<string, string>): WorkerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'workers/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

async function waitForFinished(queue: JobQueue, jobId: string, worker: WorkerProcess): Promise<JobSnapshot> {
  for (;;) {
    if (worker.child.exitCode !== null) throw new Error(`The worker exited early: ${worker.stderr()}`);
    const job = await queue.getJob('email', jobId);
    if (job && (job.state === 'completed' || job.state === 'failed')) return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('workers/main.ts as its own process', () => {
  const prefix = `test-worker-${randomUUID()}`;
  let testDb: TestDatabase;
  let queue: JobQueue;
  let worker: WorkerProcess | undefined;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    queue = createJobQueue({ redisUrl: testRedisUrl(), prefix });
  });

  afterAll(async () => {
    if (worker && worker.child.exitCode === null) {
      worker.child.kill('SIGKILL');
      await worker.exited;
    }
    await queue?.close();
    const redis = new Redis(testRedisUrl());
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await testDb?.drop();
  });

  it('runs a queued email job, then exits 0 on SIGTERM', async () => {
    const running = startWorker({ REDIS_URL: testRedisUrl(), DATABASE_URL: testDb.url, BULLMQ_PREFIX: prefix, LOG_LEVEL: 'info' });
    worker = running;
    await queue.add(
      'email',
      'send-email',
      { to: 'werk@example.com', template: 'test-message', locale: 'de', params: { note: 'vom Worker' } },
      { jobId: 'worker-mail' },
    );

    const job = await waitForFinished(queue, 'worker-mail', running);
    expect(job.state).toBe('completed');
    const mail = await testDb.database.db.selectFrom('dev_mailbox').selectAll().where('to_address', '=', 'werk@example.com').executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Testnachricht von Shopfloor Console');
    expect(mail.text_body).toContain('vom Worker');
    expect(running.stdout()).toContain('workers ready');

    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
    expect(running.stdout()).toContain('shutting down');
  });

  it('refuses to start without REDIS_URL, saying why', async () => {
    const refused = startWorker({ DATABASE_URL: testDb.url });
    expect(await refused.exited).toBe(1);
    expect(refused.stderr()).toContain('REDIS_URL is not set');
  });

  it('refuses a BULLMQ_PREFIX it cannot use, naming it', async () => {
    const refused = startWorker({ REDIS_URL: testRedisUrl(), DATABASE_URL: testDb.url, BULLMQ_PREFIX: 'bad prefix:1' });
    expect(await refused.exited).toBe(1);
    expect(refused.stderr()).toContain('BULLMQ_PREFIX');
  });
});
