import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobDefinitions } from '../../../src/server/jobs.js';
import { withTenant } from '../../../src/server/platform/db.js';
import type { JobWorkers } from '../../../src/server/platform/jobs.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam, mailTo, startMailbox, type Client, type Mailbox, type TestCompany } from '../../support/identity.js';
import { testRedisUrl } from '../../support/services.js';
import { startReceiver, type Receiver } from '../../support/webhook-receiver.js';
import { qualityLine } from '../quality/support.js';

// Webhooks (issue 31, docs/integration.md): the owner's routes, and deliveries through BullMQ on a
// real Redis to real HTTP receivers on loopback, checked by an independent Standard Webhooks verifier.

let t: TestApp;
let workers: JobWorkers;
let mailbox: Mailbox;
let company: TestCompany;
let other: TestCompany;
let owner: Client;
const receivers: Receiver[] = [];

beforeAll(async () => {
  mailbox = await startMailbox();
  // Retries start after 100 ms (production: 5 s) and an endpoint is paused after 6 failures in a row (production: 20).
  t = await createTestApp({ REDIS_URL: testRedisUrl(), SMTP_URL: mailbox.url, WEBHOOK_RETRY_BASE_MS: '100', WEBHOOK_PAUSE_AFTER_FAILURES: '6' });
  // The worker process's part, in this process: the queue's jobs (deliveries, mail) run here.
  workers = t.app.jobQueue.startWorkers(jobDefinitions(), t.jobs.services);
  company = await companyWithTeam(t);
  other = await companyWithTeam(t);
  owner = clientOf(t, company.superUser.token);
}, 60_000);
afterAll(async () => {
  await workers?.close();
  await t?.close();
  await mailbox?.close();
  for (const receiver of receivers) await receiver.close();
});

type Endpoint = { id: string; url: string; eventTypes: string[]; status: string; pausedReason: string | null; position: number; consecutiveFailures: number };
const errorOf = (res: { body: string }) => (JSON.parse(res.body) as { error: { code: string; details: { path: string; message: string }[] } }).error;

async function receiver(options: { delayMs?: number } = {}) {
  const started = await startReceiver(options);
  receivers.push(started);
  return started;
}

async function register(client: Client, url: string, eventTypes: string[] = ['order.status_changed']) {
  const res = await client.post('/api/webhooks', { url, description: 'ERP', eventTypes });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { endpoint: Endpoint; secret: string };
}

const endpointsOf = async (client: Client) => (await client.get('/api/webhooks')).json().data as Endpoint[];
const endpointOf = async (client: Client, id: string) => (await endpointsOf(client)).find((endpoint) => endpoint.id === id);
const deliveriesOf = async (client: Client, id: string) => {
  const res = await client.get(`/api/webhooks/${id}/deliveries`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    id: string;
    eventType: string;
    position: number;
    status: string;
    attempts: number;
    responseCode: number | null;
    nextAttemptAt: string | null;
  }[];
};
const testEvent = async (client: Client, id: string) => expect((await client.post(`/api/webhooks/${id}/test`, {})).statusCode).toBe(202);

/** An order placed and canceled by the administrator: two `order.status_changed` events. */
async function placeAndCancelOrder(admin: Client) {
  const material = await admin.post('/api/materials', {
    type: 'product',
    name: 'Rahmen',
    materialNumber: `W-${Math.random()}`,
    vat: 19,
    stock: { quantity: 5, unit: 'pcs' },
  });
  expect(material.statusCode, material.body).toBe(201);
  const body = {
    kind: 'customer',
    name: 'Radhaus',
    street: 'Weg',
    houseNumber: '1',
    zip: '80331',
    place: 'München',
    workInProgress: 'Regal 1',
    deliveryDate: '2099-12-01',
    positions: [{ materialId: material.json().id, quantity: 1, netPrice: 10 }],
  };
  const created = await admin.post('/api/orders', body);
  expect(created.statusCode, created.body).toBe(201);
  const placed = await admin.post(`/api/orders/${created.json().id}/place`, { version: created.json().version });
  expect(placed.statusCode, placed.body).toBe(200);
  const canceled = await admin.post(`/api/orders/${created.json().id}/cancel`, { version: placed.json().version });
  expect(canceled.statusCode, canceled.body).toBe(200);
  return created.json().id as string;
}

describe('registering endpoints', () => {
  it('the owner registers an endpoint: the secret once (whsec_), sealed in the table, never listed', async () => {
    const created = await register(owner, 'http://127.0.0.1:9/hooks', ['order.status_changed', 'shipment.sent']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.endpoint).toMatchObject({ status: 'active', pausedReason: null, eventTypes: ['order.status_changed', 'shipment.sent'] });
    expect((await owner.get('/api/webhooks')).body).not.toContain(created.secret);
    const row = await withTenant(t.app.db, company.companyId, (tx) =>
      tx.selectFrom('webhook_endpoints').selectAll().where('id', '=', created.endpoint.id).executeTakeFirstOrThrow(),
    );
    expect(JSON.stringify(row)).not.toContain(created.secret.slice(6));
    const removed = await owner.delete(`/api/webhooks/${created.endpoint.id}`);
    expect(removed.statusCode, removed.body).toBe(204);
  });

  it('bad input answers 400 and stores nothing: no event type, an unknown one, not a URL, a password in it, an id that is no uuid', async () => {
    const before = (await endpointsOf(owner)).length;
    for (const body of [
      { url: 'https://erp.example.com/h', eventTypes: [] },
      { url: 'https://erp.example.com/h', eventTypes: ['order.created'] },
      { url: 'erp.example.com', eventTypes: ['shipment.sent'] },
      { url: 'https://user:pw@erp.example.com/h', eventTypes: ['shipment.sent'] },
      { url: 'https://erp.example.com/h' },
    ]) {
      const res = await owner.post('/api/webhooks', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).code).toBe('VALIDATION_ERROR');
    }
    expect((await owner.post('/api/webhooks/not-a-uuid/test', {})).statusCode).toBe(400);
    expect((await owner.post('/api/webhooks/00000000-0000-4000-8000-000000000000/replay', {})).statusCode).toBe(400);
    expect((await endpointsOf(owner)).length).toBe(before);
  });

  it('refuses private, link-local and metadata addresses, and http to anything but loopback', async () => {
    for (const [url, message] of [
      ['https://10.0.0.7/hooks', 'validation.webhookUrlAddress'],
      ['https://169.254.169.254/latest/meta-data', 'validation.webhookUrlAddress'],
      ['https://[fd00::1]/hooks', 'validation.webhookUrlAddress'],
      ['https://192.168.178.1/hooks', 'validation.webhookUrlAddress'],
      ['http://erp.example.com/hooks', 'validation.webhookUrlHttps'],
    ]) {
      const res = await owner.post('/api/webhooks', { url, eventTypes: ['shipment.sent'] });
      expect(res.statusCode, url).toBe(400);
      expect(errorOf(res).details).toContainEqual(expect.objectContaining({ path: 'url', message }));
    }
  });

  it('administrators and operators get 403, no session 401, an API key with every scope 403', async () => {
    const created = await register(owner, 'http://127.0.0.1:9/roles');
    const id = created.endpoint.id;
    const routes = (client: Client) => [
      client.get('/api/webhooks'),
      client.post('/api/webhooks', { url: 'https://erp.example.com/h', eventTypes: ['shipment.sent'] }),
      client.put(`/api/webhooks/${id}/event-types`, { eventTypes: ['shipment.sent'] }),
      client.post(`/api/webhooks/${id}/pause`, {}),
      client.post(`/api/webhooks/${id}/resume`, {}),
      client.post(`/api/webhooks/${id}/test`, {}),
      client.post(`/api/webhooks/${id}/replay`, { position: 1 }),
      client.get(`/api/webhooks/${id}/deliveries`),
      client.delete(`/api/webhooks/${id}`),
    ];
    for (const token of [company.admin.token, company.operator.token]) {
      for (const res of await Promise.all(routes(clientOf(t, token)))) expect(res.statusCode, res.body).toBe(403);
    }
    for (const res of await Promise.all(routes(clientOf(t)))) expect(res.statusCode).toBe(401);
    const scopes = ['materials', 'orders', 'stations', 'shipments', 'team'].map((area) => ({ area, access: 'write' }));
    const key = (await owner.post('/api/api-keys', { name: 'Alles', scopes })).json().secret as string;
    for (const res of await Promise.all(routes(clientOf(t, key)))) expect(res.statusCode, res.body).toBe(403);
    expect(await endpointOf(owner, id)).toMatchObject({ status: 'active' });
  });

  it("another company's endpoint answers 404 on every route and is left as it was", async () => {
    const created = await register(owner, 'http://127.0.0.1:9/other');
    const id = created.endpoint.id;
    const stranger = clientOf(t, other.superUser.token);
    for (const res of [
      await stranger.put(`/api/webhooks/${id}/event-types`, { eventTypes: ['shipment.sent'] }),
      await stranger.post(`/api/webhooks/${id}/pause`, {}),
      await stranger.post(`/api/webhooks/${id}/resume`, {}),
      await stranger.post(`/api/webhooks/${id}/test`, {}),
      await stranger.post(`/api/webhooks/${id}/replay`, { position: 1 }),
      await stranger.get(`/api/webhooks/${id}/deliveries`),
      await stranger.delete(`/api/webhooks/${id}`),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(errorOf(res).code).toBe('WEBHOOK_ENDPOINT_NOT_FOUND');
    }
    expect((await endpointsOf(stranger)).map((endpoint) => endpoint.id)).not.toContain(id);
    expect(await endpointOf(owner, id)).toMatchObject({ status: 'active', eventTypes: ['order.status_changed'] });
  });

  it('the owner changes the event types; pausing twice or resuming an active endpoint answers 409', async () => {
    const { endpoint } = await register(owner, 'http://127.0.0.1:9/twice');
    const changed = await owner.put(`/api/webhooks/${endpoint.id}/event-types`, { eventTypes: ['document.ready', 'shipment.sent'] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ eventTypes: ['document.ready', 'shipment.sent'] });
    expect((await owner.put(`/api/webhooks/${endpoint.id}/event-types`, { eventTypes: [] })).statusCode).toBe(400);
    expect((await endpointOf(owner, endpoint.id))?.eventTypes).toEqual(['document.ready', 'shipment.sent']);
    expect((await owner.post(`/api/webhooks/${endpoint.id}/resume`, {})).statusCode).toBe(409);
    expect((await owner.post(`/api/webhooks/${endpoint.id}/pause`, {})).statusCode).toBe(200);
    const again = await owner.post(`/api/webhooks/${endpoint.id}/pause`, {});
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('WEBHOOK_ENDPOINT_PAUSED');
  });
});

describe('deliveries', () => {
  it('delivers the public event, signed as Standard Webhooks says, and logs it', async () => {
    const hook = await receiver();
    const { endpoint, secret } = await register(owner, hook.url, ['order.status_changed']);
    hook.setSecret(secret);
    const orderId = await placeAndCancelOrder(clientOf(t, company.admin.token));
    await expect.poll(() => hook.received.length, { timeout: 15_000 }).toBe(2);
    expect(hook.received.map((delivery) => delivery.body.data)).toEqual([
      { orderId, status: 'ordered', at: expect.any(String) },
      { orderId, status: 'canceled', at: expect.any(String) },
    ]);
    for (const delivery of hook.received) {
      expect(delivery.signatureValid).toBe(true);
      expect(delivery.body).toMatchObject({ id: delivery.id, type: 'order.status_changed', version: 1 });
      expect(Math.abs(delivery.timestamp - Date.now() / 1000)).toBeLessThan(60);
    }
    // The log records an attempt once the receiver has answered.
    await expect
      .poll(async () => (await deliveriesOf(owner, endpoint.id)).map((row) => [row.status, row.responseCode, row.attempts]), { timeout: 10_000 })
      .toEqual([
        ['delivered', 204, 1],
        ['delivered', 204, 1],
      ]);
    expect((await endpointOf(owner, endpoint.id))?.position).toBeGreaterThanOrEqual(Math.max(...hook.received.map((delivery) => delivery.body.position)));
  });

  it('an NCR opened, decided and closed reaches its receiver as ncr.opened, ncr.decided and ncr.closed, signed, in order', async () => {
    const plant = await qualityLine(t);
    const hook = await receiver();
    const { secret } = await register(plant.line.superUser, hook.url, ['ncr.opened', 'ncr.decided', 'ncr.closed']);
    hook.setSecret(secret);
    const order = await plant.measuredAtSaw(10.3);
    const ncr = (await plant.line.admin.get(`/api/ncrs/${order.hold?.ncrId ?? ''}`)).json() as { id: string; number: string; version: number };
    const decided = await plant.line.superUser.post(`/api/ncrs/${ncr.id}/decide`, {
      version: ncr.version,
      disposition: 'scrap',
      scrapReasonId: plant.scrapReasonId,
    });
    expect(decided.statusCode, decided.body).toBe(200);
    await expect.poll(() => hook.received.length, { timeout: 15_000 }).toBe(3);
    expect(hook.received.map((delivery) => delivery.body.type)).toEqual(['ncr.opened', 'ncr.decided', 'ncr.closed']);
    expect(hook.received.every((delivery) => delivery.signatureValid && delivery.body.version === 1)).toBe(true);
    expect(hook.received[0].body.data).toEqual({
      ncrId: ncr.id,
      number: ncr.number,
      orderId: order.id,
      orderNumber: order.orderNumber,
      stationId: plant.line.stations.saw.id,
      stationName: 'SAW',
      materialId: plant.flange,
      materialName: 'Flansch',
      materialNumber: 'F-100',
      pieces: 5,
      valueName: 'Bohrung',
      measured: 10.3,
      nominal: 10,
      minTolerance: 9.9,
      maxTolerance: 10.1,
      unit: 'mm',
      at: expect.any(String),
    });
    expect(hook.received[1].body.data).toEqual({
      ncrId: ncr.id,
      disposition: 'scrap',
      note: '',
      reworkStationId: null,
      reworkStationName: null,
      scrapReason: 'Maßfehler',
      at: expect.any(String),
    });
    expect(hook.received[2].body.data).toEqual({ ncrId: ncr.id, at: expect.any(String) });
  });

  it('a test event goes only to its endpoint, with a message id of its own', async () => {
    const hook = await receiver();
    const { endpoint, secret } = await register(owner, hook.url, ['shipment.delivered']);
    hook.setSecret(secret);
    const bystander = await receiver();
    await register(owner, bystander.url, ['shipment.delivered']);
    await testEvent(owner, endpoint.id);
    await expect.poll(() => hook.received.length, { timeout: 15_000 }).toBe(1);
    expect(hook.received[0].body).toMatchObject({ type: 'webhook.test', data: { endpointId: endpoint.id } });
    expect(hook.received[0].signatureValid).toBe(true);
    expect(bystander.received).toHaveLength(0);
  });

  it('a receiver down, then up, gets every event once, in order; the log shows the retries', async () => {
    const hook = await receiver();
    const { endpoint, secret } = await register(owner, hook.url, ['order.status_changed']);
    hook.setSecret(secret);
    hook.setDown(true);
    for (let i = 0; i < 5; i++) await testEvent(owner, endpoint.id);
    await expect.poll(() => hook.refused, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    const waiting = await endpointOf(owner, endpoint.id);
    expect(waiting?.consecutiveFailures).toBeGreaterThanOrEqual(1);
    expect((await deliveriesOf(owner, endpoint.id))[0]).toMatchObject({ status: 'retrying', responseCode: 503, nextAttemptAt: expect.any(String) });
    hook.setDown(false);
    await expect.poll(() => hook.received.length, { timeout: 15_000 }).toBe(5);
    // Every delivery recorded as delivered: nothing is left to send again.
    await expect.poll(async () => (await deliveriesOf(owner, endpoint.id)).filter((row) => row.status !== 'delivered').length, { timeout: 15_000 }).toBe(0);
    const ids = hook.received.map((delivery) => delivery.id);
    expect(new Set(ids).size).toBe(5);
    const positions = hook.received.map((delivery) => delivery.body.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(hook.received.every((delivery) => delivery.signatureValid)).toBe(true);
    expect((await deliveriesOf(owner, endpoint.id)).find((row) => row.id === ids[0])).toMatchObject({ status: 'delivered', responseCode: 204 });
    expect((await endpointOf(owner, endpoint.id))?.consecutiveFailures).toBe(0);
  });

  it('replays from a position: that event and every later one again, in order, with their message ids', async () => {
    const hook = await receiver();
    const { endpoint, secret } = await register(owner, hook.url, ['order.status_changed']);
    hook.setSecret(secret);
    for (let i = 0; i < 3; i++) await testEvent(owner, endpoint.id);
    await expect.poll(() => hook.received.length, { timeout: 15_000 }).toBe(3);
    const first = hook.received.map((delivery) => ({ id: delivery.id, position: delivery.body.position }));
    const replayed = await owner.post(`/api/webhooks/${endpoint.id}/replay`, { position: first[1].position });
    expect(replayed.statusCode, replayed.body).toBe(200);
    await expect.poll(() => hook.received.length, { timeout: 15_000 }).toBe(5);
    expect(hook.received.slice(3).map((delivery) => ({ id: delivery.id, position: delivery.body.position }))).toEqual(first.slice(1));
    // A point after where the endpoint stands would skip events: refused.
    const ahead = await owner.post(`/api/webhooks/${endpoint.id}/replay`, { position: first[2].position + 1_000_000 });
    expect(ahead.statusCode).toBe(400);
    expect(errorOf(ahead).details[0]).toMatchObject({ path: 'position', message: 'validation.webhookReplayAhead' });
    // From a moment: every event recorded since.
    const fromDate = await owner.post(`/api/webhooks/${endpoint.id}/replay`, { from: new Date(Date.now() - 3600_000).toISOString() });
    expect(fromDate.statusCode, fromDate.body).toBe(200);
    await expect.poll(() => hook.received.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(8);
  });

  it('an endpoint that keeps failing is paused and its owner told by mail; resuming delivers what waited', async () => {
    const hook = await receiver();
    const { endpoint, secret } = await register(owner, hook.url, ['order.status_changed']);
    hook.setSecret(secret);
    hook.setDown(true);
    await testEvent(owner, endpoint.id);
    await expect.poll(async () => (await endpointOf(owner, endpoint.id))?.status, { timeout: 20_000 }).toBe('paused');
    expect(await endpointOf(owner, endpoint.id)).toMatchObject({ pausedReason: 'failing', consecutiveFailures: 6 });
    expect((await deliveriesOf(owner, endpoint.id))[0]).toMatchObject({ status: 'failed', attempts: 6, nextAttemptAt: null });
    // Endpoints of earlier cases to a closed port are paused too: the mail of this one names its address.
    const mail = await mailbox.waitFor((received) => mailTo(company.superUser.login, /Webhook/)(received) && received.text.includes(hook.url));
    expect(mail.text).toMatch(/6/);
    const refusedWhilePaused = hook.refused;
    await testEvent(owner, endpoint.id);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(hook.refused).toBe(refusedWhilePaused);
    hook.setDown(false);
    expect((await owner.post(`/api/webhooks/${endpoint.id}/resume`, {})).statusCode).toBe(200);
    await expect.poll(() => hook.received.length, { timeout: 15_000 }).toBe(2);
    expect(hook.received.every((delivery) => delivery.body.type === 'webhook.test' && delivery.signatureValid)).toBe(true);
  });
});
