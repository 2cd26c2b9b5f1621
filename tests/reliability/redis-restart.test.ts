import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { mailTo, startMailbox, type Mailbox } from '../support/identity.js';
import { createJobQueue } from '../../src/server/platform/jobs-queue.js';
import { report, startOwnRedis, startWorkerProcess, stopProcess, waitUntil, type ChildServer, type OwnRedis } from './support.js';

// Redis really restarted while jobs waited (issue 17, item 2), once with persistence and once
// without: each case starts a redis-server of its own on a free port (never the shared one), the
// app enqueues the code mails of its sign-ups there with no worker running, Redis is stopped and
// started again on the same port, then a worker process runs. With the append-only file every job
// is still there and runs once, no reconciler needed; without, the queue is empty and the
// reconciler enqueues the lost jobs again under their own ids: every mail once in both cases.
// (redis-data-loss.ci.test.ts deletes the keys instead, on the shared Redis.)
const SIGN_UPS = 10;
const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

let mailbox: Mailbox;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  mailbox = await startMailbox();
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await mailbox?.close();
});

async function enqueueSignUps(t: TestApp, tag: string): Promise<{ emails: string[]; jobIds: string[] }> {
  const emails = Array.from({ length: SIGN_UPS }, (_, index) => `redis-restart-${tag}-${index}-${Date.now().toString(36)}@example.com`);
  for (const [index, email] of emails.entries()) {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: `10.79.${tag === 'aof' ? 1 : 2}.${index + 1}`,
      payload: { companyName: `Neustart ${index}`, firstName: 'Rolf', lastName: 'Restart', email, password: 'Welder#2026', confirm: 'Welder#2026' },
    });
    expect(answer.statusCode, answer.body).toBe(201);
  }
  await waitUntil('every job enqueued', async () => {
    await t.jobs.dispatcher.catchUp();
    const rows = await sql<{ n: string }>`select count(*) as n from dispatched_jobs where enqueued_at is not null and completed_at is null`.execute(t.app.db);
    return Number(rows.rows[0].n) >= SIGN_UPS;
  });
  const jobIds = (await t.app.db.selectFrom('dispatched_jobs').select('job_id').where('queue', '=', 'email').execute()).map((row) => row.job_id);
  expect(jobIds).toHaveLength(SIGN_UPS);
  return { emails, jobIds };
}

/** How many of the jobs the restarted Redis still knows. */
async function jobsKnown(redis: OwnRedis, t: TestApp, jobIds: string[]): Promise<number> {
  const queue = createJobQueue({ redisUrl: redis.url, prefix: t.queuePrefix });
  try {
    const found = await Promise.all(jobIds.map((id) => queue.getJob('email', id)));
    return found.filter(Boolean).length;
  } finally {
    await queue.close();
  }
}

async function setUp(persistent: boolean): Promise<{ redis: OwnRedis; t: TestApp; startWorker: () => ChildServer }> {
  const redis = await startOwnRedis({ persistent });
  cleanups.push(() => redis.close());
  const t = await createTestApp({ REDIS_URL: redis.url, SMTP_URL: mailbox.url, JWT_SECRET });
  cleanups.push(() => t.close());
  const startWorker = () => {
    const worker = startWorkerProcess({ REDIS_URL: redis.url, BULLMQ_PREFIX: t.queuePrefix, DATABASE_URL: t.testDb.url, SMTP_URL: mailbox.url, JWT_SECRET });
    cleanups.push(() => stopProcess(worker));
    return worker;
  };
  return { redis, t, startWorker };
}

const unfinished = async (t: TestApp) =>
  Number((await sql<{ n: string }>`select count(*) as n from dispatched_jobs where completed_at is null`.execute(t.app.db)).rows[0].n);

/** Waits for every mail and every ledger row completed; reports and answers the mails per address. */
async function deliveredOnce(probe: string, t: TestApp, emails: string[]): Promise<number[]> {
  await waitUntil('every mail sent', () => emails.every((email) => mailbox.messages.some(mailTo(email))), 100);
  await waitUntil('every job completed in the ledger', async () => (await unfinished(t)) === 0, 100);
  const perAddress = emails.map((email) => mailbox.messages.filter(mailTo(email)).length);
  const present = perAddress.filter((n) => n > 0).length;
  report(probe, {
    acknowledged: emails.length,
    present,
    lost: emails.length - present,
    duplicated: perAddress.reduce((sum, n) => sum + Math.max(0, n - 1), 0),
  });
  return perAddress;
}

describe('Redis restarted while jobs wait', () => {
  it('with persistence (append-only file, fsync always): every job is still there and runs once, no reconciler needed', async () => {
    const { redis, t, startWorker } = await setUp(true);
    const { emails, jobIds } = await enqueueSignUps(t, 'aof');

    await redis.stop();
    await redis.start();
    expect(await jobsKnown(redis, t, jobIds)).toBe(SIGN_UPS);

    startWorker();
    const perAddress = await deliveredOnce('redis-restart-persistent', t, emails);
    expect(perAddress).toEqual(emails.map(() => 1));
    expect(await t.jobs.dispatcher.reconcile()).toBe(0);
  });

  it('without persistence: the queue comes back empty, the reconciler enqueues every job again, each runs once', async () => {
    const { redis, t, startWorker } = await setUp(false);
    const { emails, jobIds } = await enqueueSignUps(t, 'none');

    await redis.stop();
    await redis.start();
    expect(await jobsKnown(redis, t, jobIds)).toBe(0);

    startWorker();
    // The reconciler asks the queue about jobs unfinished for a while (60 s in production): age them instead of waiting.
    await sql`update dispatched_jobs set enqueued_at = enqueued_at - interval '1 hour' where completed_at is null`.execute(t.app.db);
    expect(await t.jobs.dispatcher.reconcile()).toBe(SIGN_UPS);
    const perAddress = await deliveredOnce('redis-restart-no-persistence', t, emails);
    expect(perAddress).toEqual(emails.map(() => 1));
    expect(await t.jobs.dispatcher.reconcile()).toBe(0);
  });
});
