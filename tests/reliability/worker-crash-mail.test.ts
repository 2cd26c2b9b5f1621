import os from 'node:os';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { mailTo, startMailbox, type Mailbox } from '../support/identity.js';
import { testRedisUrl } from '../support/services.js';
import { createJobQueue } from '../../src/server/platform/jobs-queue.js';
import { loseQueueData, report, startWorkerProcess, stopProcess, stopWorkers, waitUntil, type ChildServer } from './support.js';

// A worker process killed (SIGKILL) while it sends mail to a slow SMTP server (issue 17, item 3).
// The server holds each message 1.5 s before it accepts it, and keeps it even when the client has
// gone meanwhile (an MTA that queued it before its reply could be written). The jobs the worker had
// running go back to the queue once their lock runs out (15-30 s after the kill) and a live worker's
// next look for stalled jobs finds them (every 10 s), and the next worker runs them: a
// mail the server accepted and the mailer recorded (`sent_emails`) is not sent again; one that was
// accepted but not yet recorded when the worker died is: the documented window (docs/jobs.md, Email).
// Slow (the stalled lock), so not in the CI subset.
const SIGN_UPS = 30;
const ACCEPT_AFTER_MS = 1500;
const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

let t: TestApp;
let mailbox: Mailbox;
const workers: ChildServer[] = [];

beforeAll(async () => {
  mailbox = await startMailbox({ acceptAfterMs: ACCEPT_AFTER_MS });
  t = await createTestApp({ REDIS_URL: testRedisUrl(), SMTP_URL: mailbox.url, JWT_SECRET });
});
afterAll(async () => {
  await stopWorkers(workers);
  await t?.close();
  await loseQueueData(t.queuePrefix);
  await mailbox?.close();
});

const workerEnv = () => ({ REDIS_URL: testRedisUrl(), BULLMQ_PREFIX: t.queuePrefix, DATABASE_URL: t.testDb.url, SMTP_URL: mailbox.url, JWT_SECRET });

const unfinished = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from dispatched_jobs where completed_at is null`.execute(t.app.db)).rows[0].n);

describe('a worker killed mid-send', () => {
  it('sends every mail at least once; only a mail accepted but not yet recorded goes out twice', async () => {
    const emails = Array.from({ length: SIGN_UPS }, (_, index) => `crash-mail-${index}-${Date.now().toString(36)}@example.com`);
    for (const [index, email] of emails.entries()) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: `10.78.0.${index + 1}`,
        payload: { companyName: `Absturz ${index}`, firstName: 'Wanda', lastName: 'Worker', email, password: 'Welder#2026', confirm: 'Welder#2026' },
      });
      expect(answer.statusCode, answer.body).toBe(201);
    }
    // Every code mail is in the queue before a worker runs, so the worker has work for a while.
    await waitUntil('every job enqueued', async () => {
      await t.jobs.dispatcher.catchUp();
      const rows = await sql<{ n: string }>`select count(*) as n from dispatched_jobs where queue = 'email' and enqueued_at is not null`.execute(t.app.db);
      return Number(rows.rows[0].n) >= SIGN_UPS;
    });
    const jobIds = (await t.app.db.selectFrom('dispatched_jobs').select('job_id').where('queue', '=', 'email').execute()).map((row) => row.job_id);
    expect(jobIds).toHaveLength(SIGN_UPS);

    // The first worker sends (4 at a time); it is killed once some mails are through and more are held by the server.
    const first = startWorkerProcess(workerEnv());
    workers.push(first);
    await waitUntil('some mails accepted and more held', () => mailbox.messages.length >= 4 && mailbox.holding() >= 3, 20, 120_000);
    await stopProcess(first, 'SIGKILL');
    const killedAt = performance.now();
    const heldAtKill = mailbox.holding();
    const acceptedAtKill = mailbox.messages.length;
    // When each mail after the kill arrives (seconds after it), looked at every 100 ms: for the report only.
    const arrivedAfterKill: number[] = [];
    const next: { worker?: ChildServer } = {};
    let secondReadyAfter = Number.NaN;
    const watcher = setInterval(() => {
      while (arrivedAfterKill.length < mailbox.messages.length - acceptedAtKill) arrivedAfterKill.push((performance.now() - killedAt) / 1000);
      if (Number.isNaN(secondReadyAfter) && next.worker?.output().includes('workers ready')) secondReadyAfter = (performance.now() - killedAt) / 1000;
    }, 100);

    // What the kill left: the jobs still active (their lock not yet run out), and, once the server
    // accepted what it held, the mails it has whose Message-ID the dead worker never recorded.
    const queue = createJobQueue({ redisUrl: testRedisUrl(), prefix: t.queuePrefix });
    let inFlight: number;
    try {
      const states = await Promise.all(jobIds.map(async (id) => (await queue.getJob('email', id))?.state));
      inFlight = states.filter((state) => state === 'active').length;
    } finally {
      await queue.close();
    }
    await waitUntil('the held mails accepted', () => mailbox.holding() === 0);
    const recorded = new Set((await t.app.db.selectFrom('sent_emails').select('message_id').execute()).map((row) => row.message_id));
    const inWindow = mailbox.messages.filter((mail) => !recorded.has(mail.messageId)).length;

    const secondStartedAt = performance.now();
    next.worker = startWorkerProcess(workerEnv());
    workers.push(next.worker);
    // Waiting jobs go at once; the ones the first worker had go once their lock has run out (15-30 s
    // after the kill) and a live worker's next look for stalled jobs (every 10 s) puts them back.
    try {
      await waitUntil('every job completed in the ledger', async () => (await unfinished()) === 0, 500, 180_000);
    } finally {
      clearInterval(watcher);
    }
    const secondStartedAfter = (secondStartedAt - killedAt) / 1000;

    const perAddress = emails.map((email) => mailbox.messages.filter(mailTo(email)).length);
    const present = perAddress.filter((n) => n > 0).length;
    const duplicated = perAddress.reduce((sum, n) => sum + Math.max(0, n - 1), 0);
    // The mails after the kill that went to an address a second time: the stalled jobs run again.
    const seen = new Set<string>();
    const againAfter: number[] = [];
    mailbox.messages.forEach((mail, index) => {
      const address = mail.to.join(',');
      if (seen.has(address) && index >= acceptedAtKill) againAfter.push(arrivedAfterKill[index - acceptedAtKill] ?? Number.NaN);
      seen.add(address);
    });
    report('worker-crash-mail', { acknowledged: SIGN_UPS, present, lost: SIGN_UPS - present, duplicated });
    console.info(
      `[reliability] worker-crash-mail: at the kill ${acceptedAtKill} mails accepted, ${inFlight} jobs active, ${heldAtKill} of their mails held by the server (accepted after the kill); accepted but never recorded: ${inWindow}`,
    );
    console.info(
      `[reliability] worker-crash-mail: second worker started ${secondStartedAfter.toFixed(0)} s after the kill, ready ${secondReadyAfter.toFixed(0)} s after it; mails sent again (stalled jobs run again) ${againAfter.map((s) => `${s.toFixed(0)} s`).join(', ') || 'none'} after the kill; load average ${os.loadavg()[0].toFixed(1)}`,
    );

    expect(
      perAddress.every((n) => n >= 1),
      JSON.stringify(perAddress),
    ).toBe(true);
    expect(inFlight).toBeGreaterThanOrEqual(heldAtKill);
    expect(duplicated).toBeLessThanOrEqual(inFlight);
    // Exactly the window: a mail accepted but not recorded is sent again by its retried job; every other is not.
    expect(duplicated).toBe(inWindow);
  });
});
