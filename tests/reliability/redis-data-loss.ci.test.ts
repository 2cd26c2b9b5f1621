import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { mailTo, startMailbox, type Mailbox } from '../support/identity.js';
import { testRedisUrl } from '../support/services.js';
import { loseQueueData, report, startWorkerProcess, stopProcess, waitUntil, type ChildServer } from './support.js';

// Redis restarted without persistence while jobs waited (issue 17, item 2): the queue forgets
// them, but the dispatch ledger in PostgreSQL still names each one as unfinished. The reconciler
// enqueues every lost job again under its own job id, a worker process sends each mail, and none
// goes out twice. Only this app's own BullMQ keys are deleted (never FLUSHALL on the shared Redis).
const SIGN_UPS = 12;
const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

let t: TestApp;
let mailbox: Mailbox;
let worker: ChildServer | undefined;

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({ REDIS_URL: testRedisUrl(), SMTP_URL: mailbox.url, JWT_SECRET });
});
afterAll(async () => {
  await stopProcess(worker);
  await t?.close();
  await loseQueueData(t.queuePrefix);
  await mailbox?.close();
});

const unfinished = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from dispatched_jobs where completed_at is null`.execute(t.app.db)).rows[0].n);

describe('Redis loses its data while jobs wait', () => {
  it('runs every job the log asked for, once: the reconciler enqueues the lost ones again', async () => {
    const emails = Array.from({ length: SIGN_UPS }, (_, index) => `redis-loss-${index}-${Date.now().toString(36)}@example.com`);
    for (const [index, email] of emails.entries()) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: `10.77.0.${index + 1}`,
        payload: { companyName: `Verlust ${index}`, firstName: 'Rita', lastName: 'Redis', email, password: 'Welder#2026', confirm: 'Welder#2026' },
      });
      expect(answer.statusCode, answer.body).toBe(201);
    }
    // Every mail is in the queue (no worker runs yet), and the ledger says so.
    await waitUntil('every job enqueued', async () => {
      await t.jobs.dispatcher.catchUp();
      const rows = await sql<{ n: string }>`select count(*) as n from dispatched_jobs where enqueued_at is not null and completed_at is null`.execute(t.app.db);
      return Number(rows.rows[0].n) >= SIGN_UPS;
    });

    expect(await loseQueueData(t.queuePrefix)).toBeGreaterThan(0);

    worker = startWorkerProcess({ REDIS_URL: testRedisUrl(), BULLMQ_PREFIX: t.queuePrefix, DATABASE_URL: t.testDb.url, SMTP_URL: mailbox.url, JWT_SECRET });
    // The reconciler asks the queue about jobs unfinished for a while (60 s in production): age them instead of waiting.
    await sql`update dispatched_jobs set enqueued_at = enqueued_at - interval '1 hour' where completed_at is null`.execute(t.app.db);
    expect(await t.jobs.dispatcher.reconcile()).toBe(SIGN_UPS);

    await waitUntil('every mail sent', () => emails.every((email) => mailbox.messages.some(mailTo(email))), 100);
    await waitUntil('every job completed in the ledger', async () => (await unfinished()) === 0, 100);
    expect(await t.jobs.dispatcher.reconcile()).toBe(0);
    const perAddress = emails.map((email) => mailbox.messages.filter(mailTo(email)).length);
    expect(perAddress).toEqual(emails.map(() => 1));
    const present = perAddress.filter((n) => n > 0).length;
    report('redis-data-loss', {
      acknowledged: SIGN_UPS,
      present,
      lost: SIGN_UPS - present,
      duplicated: perAddress.reduce((sum, n) => sum + Math.max(0, n - 1), 0),
    });
  });
});
