import { chmodSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { clientOf, companyWithTeam, mailTo, startMailbox, type Client, type Mailbox } from '../support/identity.js';
import { testRedisUrl } from '../support/services.js';
import type { QueueName } from '../../src/server/platform/jobs.js';
import { create, product } from '../integration/materials/support.js';
import { loseQueueData, report, startWorkerProcess, stopProcess, stopWorkers, waitUntil, workerEnvOf, type ChildServer } from './support.js';

// The worker process SIGKILLed twice while the same jobs run (issue 32, item 1): 4 invitations and
// 4 documents are active in the first worker (the mail server holds every message, its Chromium never
// comes up), the worker is killed; the jobs stall, go back to the queue and run in a second worker
// (the same), which is killed as well; a third worker, with the mail server answering and a real
// Chromium, finishes them. BullMQ used to fail a job that stalled twice ("job stalled more than allowable limit")
// without using its retries, and the reconciler skipped failed jobs: nothing was ever sent or made.
// Now a job may stall as often as it may be retried (docs/jobs.md, A worker that dies), and each
// acknowledged job ends delivered, or failed and shown so to the user: never stuck.
// Slow (two stalls, each noticed 15-40 s after its kill), so not in the CI subset.
const JOBS_OF_EACH = 4;
const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

let t: TestApp;
let mailbox: Mailbox;
let holdMail = true;
let owner: Client;
const workers: ChildServer[] = [];

beforeAll(async () => {
  mailbox = await startMailbox({ holdWhile: () => holdMail });
  t = await createTestApp({ REDIS_URL: testRedisUrl(), SMTP_URL: mailbox.url, JWT_SECRET });
  owner = clientOf(t, (await companyWithTeam(t)).superUser.token);
});
afterAll(async () => {
  holdMail = false;
  await stopWorkers(workers);
  await t?.close();
  await loseQueueData(t.queuePrefix);
  await mailbox?.close();
});

const workerEnv = (chromePath?: string) => ({ ...workerEnvOf(t), SMTP_URL: mailbox.url, ...(chromePath ? { CHROME_PATH: chromePath } : {}) });

/** A "Chromium" that never comes up and ends when its worker is gone, so the pdf jobs stay active until the kill. */
function hangingChrome(): string {
  const script = path.join(tmpdir(), `hanging-chrome-${process.pid}.sh`);
  writeFileSync(script, '#!/bin/sh\nwhile kill -0 $PPID 2>/dev/null; do sleep 0.2; done\n');
  chmodSync(script, 0o755);
  return script;
}

interface Jobs {
  ids: { queue: QueueName; jobId: string }[];
}

/** Every job active, each stalled at least `stalls` times (BullMQ's `stc`): a worker started after the last kill runs them all. */
async function allActive(redis: Redis, jobs: Jobs, stalls: number): Promise<boolean> {
  for (const { queue, jobId } of jobs.ids) {
    const key = `${t.queuePrefix}:${queue}:${jobId}`;
    const active = await redis.lpos(`${t.queuePrefix}:${queue}:active`, jobId);
    const stalled = Number((await redis.hget(key, 'stc')) ?? 0);
    if (active === null || stalled < stalls) return false;
  }
  return true;
}

describe('a worker killed twice while the same jobs run', () => {
  it('retries them within their budget: every invitation and document ends delivered or shown as failed, none stuck', async () => {
    const emails = Array.from({ length: JOBS_OF_EACH }, (_, index) => `crash-twice-${index}-${Date.now().toString(36)}@example.com`);
    const hanging = hangingChrome();
    const first = startWorkerProcess(workerEnv(hanging));
    workers.push(first);

    const invited: string[] = [];
    for (const [index, email] of emails.entries()) {
      const answer = await owner.post('/api/users/create-admin-user', { firstName: `Ina ${index}`, lastName: 'Absturz', email });
      expect(answer.statusCode, answer.body).toBe(201);
      invited.push(answer.json().id as string);
    }
    const documents: string[] = [];
    for (let index = 0; index < JOBS_OF_EACH; index++) {
      const material = await create(owner, product({ name: `Etikett ${index}`, materialNumber: `CT-${index}` }));
      const answer = await owner.post('/api/documents', { type: 'material-label', subjectId: material.id });
      expect(answer.statusCode, answer.body).toBe(202);
      documents.push(answer.json().id as string);
    }
    const jobs: Jobs = {
      ids: await waitUntil('every job dispatched', async () => {
        await t.jobs.dispatcher.catchUp();
        const rows = await t.app.db.selectFrom('dispatched_jobs').select(['queue', 'job_id']).where('enqueued_at', 'is not', null).execute();
        const ids = rows.map((row) => ({ queue: row.queue as QueueName, jobId: row.job_id }));
        return ids.length === 2 * JOBS_OF_EACH ? ids : undefined;
      }),
    };

    const redis = new Redis(testRedisUrl());
    const backAfter: number[] = [];
    try {
      await waitUntil('every job running in the first worker', () => allActive(redis, jobs, 0), 100, 120_000);
      await stopProcess(first, 'SIGKILL');
      const killedAt = Date.now();
      workers.push(startWorkerProcess(workerEnv(hanging)));
      await waitUntil('every job running again in the second worker', () => allActive(redis, jobs, 1), 100, 150_000);
      backAfter.push(Math.round((Date.now() - killedAt) / 1000));
      await stopProcess(workers[1], 'SIGKILL');
    } finally {
      redis.disconnect();
    }
    // The third worker has a mail server and a Chromium that answer.
    const secondKill = Date.now();
    holdMail = false;
    workers.push(startWorkerProcess(workerEnv()));

    const ended = async () => {
      const rows = await sql<{ n: string }>`select count(*) as n from dispatched_jobs where completed_at is not null or failed_at is not null`.execute(
        t.app.db,
      );
      return Number(rows.rows[0].n) === 2 * JOBS_OF_EACH;
    };
    await waitUntil('every job ended (completed, or failed and told)', ended, 500, 180_000);
    backAfter.push(Math.round((Date.now() - secondKill) / 1000));

    const documentStates = await Promise.all(documents.map(async (id) => (await owner.get(`/api/documents/${id}`)).json().status as string));
    const users = (await owner.get('/api/users?role=ADMIN&limit=100')).json().data as { id: string; invitationNotSent: boolean }[];
    const invitations = invited.map((id, index) => ({
      delivered: mailbox.messages.filter(mailTo(emails[index])).length,
      notSent: users.find((user) => user.id === id)?.invitationNotSent === true,
    }));
    const generated = Number((await sql<{ n: string }>`select count(*) as n from events where type = 'DocumentGenerated'`.execute(t.app.db)).rows[0].n);

    // Each ends delivered, or visibly failed: a document "failed" (try again), an invitation "not sent" (resend).
    expect(documentStates.every((state) => state === 'generated' || state === 'failed')).toBe(true);
    expect(invitations.every((invitation) => invitation.delivered > 0 || invitation.notSent)).toBe(true);
    const present = documentStates.length + invitations.length;
    const duplicated = invitations.reduce((sum, invitation) => sum + Math.max(0, invitation.delivered - 1), 0) + Math.max(0, generated - JOBS_OF_EACH);
    report('worker-crash-twice', { acknowledged: 2 * JOBS_OF_EACH, present, lost: 2 * JOBS_OF_EACH - present, duplicated });
    console.info(
      `[reliability] worker-crash-twice: jobs running again ${backAfter[0]} s after the first kill, all ended ${backAfter[1]} s after the second (a new worker each time); ` +
        `documents ${documentStates.join(', ')}; invitations delivered ${invitations.filter((i) => i.delivered > 0).length}, not sent ${invitations.filter((i) => i.notSent).length}`,
    );
    // With mail and Chromium answering in the end, all of them are delivered.
    expect(documentStates).toEqual(documents.map(() => 'generated'));
    expect(invitations.filter((invitation) => invitation.delivered > 0)).toHaveLength(JOBS_OF_EACH);
  });
});
