import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { clientOf, companyWithTeam, type Client } from '../support/identity.js';
import { testRedisUrl } from '../support/services.js';
import { create, product } from '../integration/materials/support.js';
import { loseQueueData, startWorkerProcess, stopProcess, waitUntil, type ChildServer } from './support.js';

// The production shape with Redis: jobs run in workers/main.ts, its own process. What a job appends
// there must update the read models as on the server (the worker registers the same inline
// projections, src/server/projections.ts): a document made by the worker reads 'generated' in the
// documents list, not only in the event log.
const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

let t: TestApp;
let admin: Client;
let worker: ChildServer | undefined;

beforeAll(async () => {
  t = await createTestApp({ REDIS_URL: testRedisUrl(), JWT_SECRET });
  admin = clientOf(t, (await companyWithTeam(t)).admin.token);
});
afterAll(async () => {
  await stopProcess(worker, 'SIGTERM');
  await t?.close();
  await loseQueueData(t.queuePrefix);
});

describe('a job run by the worker process', () => {
  it('updates the read models: the document it made is listed as generated, with its file', async () => {
    worker = startWorkerProcess({
      REDIS_URL: testRedisUrl(),
      BULLMQ_PREFIX: t.queuePrefix,
      DATABASE_URL: t.testDb.url,
      JWT_SECRET,
      DATA_DIR: t.config.dataDir,
      ...(process.env.CHROME_PATH ? { CHROME_PATH: process.env.CHROME_PATH } : {}),
    });
    const material = await create(admin, product({ name: 'Etikett', materialNumber: 'E-2' }));
    const answer = await admin.post('/api/documents', { type: 'material-label', subjectId: material.id });
    expect(answer.statusCode, answer.body).toBe(202);
    const documentId = answer.json().id as string;

    const document = await waitUntil(
      'the document made by the worker process',
      async () => {
        await t.jobs.dispatcher.catchUp();
        if (worker?.child.exitCode !== null) throw new Error(`The worker exited: ${worker?.output()}`);
        const read = (await admin.get(`/api/documents/${documentId}`)).json();
        return read.status === 'requested' ? undefined : read;
      },
      200,
      120_000,
    );
    expect(document.status).toBe('generated');
    const file = await admin.get(`/api/documents/${documentId}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
