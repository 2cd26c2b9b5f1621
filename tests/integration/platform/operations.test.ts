import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam, signedInMaster, type TeamMember, type TestCompany } from '../../support/identity.js';

// Operations (docs/api.md): GET /api/metrics behind METRICS_TOKEN, the BullMQ dashboard for the master.

const metricsToken = `metrics-${randomUUID()}`;
let t: TestApp;
let withoutToken: TestApp;
let company: TestCompany;
let master: TeamMember;

beforeAll(async () => {
  const redis = process.env.TEST_REDIS_URL;
  if (!redis) throw new Error('TEST_REDIS_URL is not set (tests/support/global-setup.ts)');
  t = await createTestApp({ METRICS_TOKEN: metricsToken, REDIS_URL: redis, BULLMQ_PREFIX: `test-ops-${randomUUID()}` });
  withoutToken = await createTestApp();
  company = await companyWithTeam(t);
  master = await signedInMaster(t);
});
afterAll(async () => {
  await t?.close();
  await withoutToken?.close();
});

const metrics = (app: TestApp, authorization?: string) =>
  app.app.inject({ method: 'GET', url: '/api/metrics', headers: authorization ? { authorization } : {} });

describe('GET /api/metrics', () => {
  it('answers the Prometheus text format with the bearer token', async () => {
    // Something to count: a read of a signed-in user.
    expect((await clientOf(t, company.admin.token).get('/api/auth/me')).statusCode).toBe(200);
    const res = await metrics(t, `Bearer ${metricsToken}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/auth\/me",status="200"\} [1-9]/m);
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/api\/auth\/me",status="200"\} [1-9]/m);
    // companyWithTeam signed up a company and its users: their events went through this instance's store.
    expect(text).toMatch(/^event_store_appended_events_total [1-9]/m);
    expect(text).toMatch(/^live_connections 0$/m);
    for (const queue of ['email', 'pdf']) {
      for (const state of ['waiting', 'active', 'delayed', 'failed'])
        expect(text).toMatch(new RegExp(`^job_queue_jobs\\{queue="${queue}",state="${state}"\\} \\d+$`, 'm'));
    }
  });

  it('shows how far each reader of the event log is behind: the job dispatcher, the live feed, a consumer left behind', async () => {
    const lagOf = async (consumer: string) => {
      const text = (await metrics(t, `Bearer ${metricsToken}`)).body;
      const events = new RegExp(`^event_log_consumer_lag_events\\{consumer="${consumer}"\\} (\\d+)$`, 'm').exec(text);
      const seconds = new RegExp(`^event_log_consumer_lag_seconds\\{consumer="${consumer}"\\} ([\\d.e+-]+)$`, 'm').exec(text);
      return events && seconds ? { events: Number(events[1]), seconds: Number(seconds[1]) } : undefined;
    };
    // The dispatcher and the live feed keep up with the log: nothing behind once they have read it.
    await expect.poll(() => lagOf('job-dispatcher')).toEqual({ events: 0, seconds: 0 });
    await expect.poll(() => lagOf('live-feed')).toEqual({ events: 0, seconds: 0 });
    // A consumer whose checkpoint is still at the start has every event of the log ahead of it.
    await t.app.db.insertInto('consumer_checkpoints').values({ consumer: 'ops-test-behind' }).execute();
    const behind = await lagOf('ops-test-behind');
    const total = await t.app.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(behind?.events).toBe(Number(total.n));
    expect(behind?.seconds).toBeGreaterThan(0);
  });

  it('refuses a missing or wrong token with 401, and a user session is no metrics token', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${metricsToken}`, `Bearer ${company.superUser.token}`]) {
      const res = await metrics(t, authorization);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
    }
  });

  it('is not there without METRICS_TOKEN', async () => {
    expect((await metrics(withoutToken, `Bearer ${metricsToken}`)).statusCode).toBe(404);
  });
});

describe('the job queue dashboard (/admin/queues)', () => {
  const openSession = (token?: string) =>
    t.app.inject({ method: 'POST', url: '/api/admin/queue-board/session', headers: token ? { authorization: `Bearer ${token}` } : {} });
  const board = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const cookieFor = (token: string) => `shopfloor_queue_board=${encodeURIComponent(token)}`;

  it('lets the master open it: the session call sets the cookie, the board and its API answer', async () => {
    const res = await openSession(master.token);
    expect(res.statusCode).toBe(204);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toContain('shopfloor_queue_board=');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('Path=/admin/queues');
    const cookie = setCookie.split(';')[0];
    const page = await board('/admin/queues', cookie);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const api = await board('/admin/queues/api/queues', cookie);
    expect(api.statusCode).toBe(200);
    expect((api.json() as { queues: { name: string }[] }).queues.map((queue) => queue.name).sort()).toEqual(['email', 'export', 'pdf', 'webhooks']);
  });

  it('answers 401 without a session and 403 to every other role', async () => {
    expect((await openSession()).statusCode).toBe(401);
    expect((await board('/admin/queues')).statusCode).toBe(401);
    expect((await board('/admin/queues/api/queues', cookieFor('not-a-token'))).statusCode).toBe(401);
    for (const member of [company.superUser, company.admin, company.operator]) {
      expect((await openSession(member.token)).statusCode).toBe(403);
      const res = await board('/admin/queues/api/queues', cookieFor(member.token));
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
  });

  it('answers 404 to the master where jobs run in-process (no Redis, no queues)', async () => {
    const inProcessMaster = await signedInMaster(withoutToken);
    const session = await withoutToken.app.inject({
      method: 'POST',
      url: '/api/admin/queue-board/session',
      headers: { authorization: `Bearer ${inProcessMaster.token}` },
    });
    expect(session.statusCode).toBe(404);
    const res = await withoutToken.app.inject({ method: 'GET', url: '/admin/queues', headers: { cookie: cookieFor(inProcessMaster.token) } });
    expect(res.statusCode).toBe(404);
  });
});
