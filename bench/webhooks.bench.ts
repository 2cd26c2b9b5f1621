import { randomUUID } from 'node:crypto';
import { Agent, createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { webhookEndpointStreamId, WEBHOOK_ENDPOINT_STREAM_TYPE } from '../src/domain/integration/webhooks.events.js';
import { buildApp } from '../src/server/app.js';
import { createJobServices, jobDefinitions } from '../src/server/jobs.js';
import { recordEvents, runInTenant } from '../src/server/platform/command.js';
import { loadConfig } from '../src/server/platform/config.js';
import { createEventStore } from '../src/server/platform/event-store.js';
import { createJobQueue } from '../src/server/platform/jobs-queue.js';
import { provisionCompany } from '../src/server/modules/identity/index.js';
import { percentile, type BenchContext, type BenchRow } from './harness.js';

export const name = 'webhooks';
export const description =
  '10,000 events to 20 endpoints (20 companies, 500 each) with a receiver that answers after 200 ms: all delivered once, in order per endpoint; from commit to the receiver';

const endpoints = 20;
const eventsPerEndpoint = Number(process.env.WEBHOOK_BENCH_EVENTS ?? 500);
/**
 * One message in flight per endpoint and 200 ms a message: at most 5 a second reach one endpoint; the
 * bench offers 4 unless `WEBHOOK_BENCH_PER_SECOND` says otherwise (docs/integration.md has both runs).
 */
const perEndpointPerSecond = Number(process.env.WEBHOOK_BENCH_PER_SECOND ?? 4);
const receiverDelayMs = 200;
const targetP99Ms = 1000;

interface Arrival {
  position: number;
  id: string;
  at: number;
}

/** Offers `total` appends at `perSecond`, round robin over the endpoints, and waits for them all. */
async function offer(total: number, perSecond: number, append: (endpoint: number) => Promise<void>): Promise<number> {
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let index = 0; index < total; index++) {
    const wait = started + (index * 1000) / perSecond - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(append(index % endpoints));
  }
  await Promise.all(inFlight);
  return (performance.now() - started) / 1000;
}

async function waitForArrivals(arrivals: Map<string, Arrival[]>, total: number) {
  const deadline = Date.now() + 120_000;
  const delivered = () => [...arrivals.values()].reduce((sum, list) => sum + list.length, 0);
  while (delivered() < total && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
}

/** What reached the receiver: deliveries, duplicates, order per endpoint, and the latency of each from its commit. */
function measure(arrivals: Map<string, Arrival[]>, committedAt: Map<number, number>) {
  const latencies: number[] = [];
  let outOfOrder = 0;
  let duplicates = 0;
  let delivered = 0;
  for (const list of arrivals.values()) {
    delivered += list.length;
    duplicates += list.length - new Set(list.map((arrival) => arrival.id)).size;
    list.forEach((arrival, index) => {
      if (index > 0 && arrival.position <= list[index - 1].position) outOfOrder++;
      const committed = committedAt.get(arrival.position);
      if (committed !== undefined) latencies.push(arrival.at - committed);
    });
  }
  return { delivered, duplicates, outOfOrder, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/**
 * The plainest delivery, as the baseline measured in the same run: no database and no queue, each
 * endpoint a loop in memory that posts its messages one at a time, in order, over one keep-alive
 * connection to the same 200 ms receiver, the moment they are offered. What is left above it is
 * the receiver's time and the machine's load.
 */
async function plainDelivery(url: string, arrivals: Map<string, Arrival[]>) {
  const agent = new Agent({ keepAlive: true });
  const committedAt = new Map<number, number>();
  const queues = Array.from({ length: endpoints }, () => ({ waiting: [] as number[], sending: false }));
  let position = 0;
  const post = (endpoint: number, at: number) =>
    new Promise<void>((resolve, reject) => {
      const body = JSON.stringify({ position: at, data: { endpointId: `plain-${endpoint}` } });
      const request = httpRequest(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'webhook-id': `plain-${at}` } }, (response) => {
        response.resume();
        response.on('end', resolve);
      });
      request.on('error', reject);
      request.end(body);
    });
  const drain = async (endpoint: number) => {
    const queue = queues[endpoint];
    if (queue.sending) return;
    queue.sending = true;
    for (let next = queue.waiting.shift(); next !== undefined; next = queue.waiting.shift()) await post(endpoint, next);
    queue.sending = false;
  };
  const seconds = await offer(endpoints * eventsPerEndpoint, endpoints * perEndpointPerSecond, (endpoint) => {
    position += 1;
    committedAt.set(position, Date.now());
    queues[endpoint].waiting.push(position);
    void drain(endpoint);
    return Promise.resolve();
  });
  await waitForArrivals(arrivals, endpoints * eventsPerEndpoint);
  agent.destroy();
  return { seconds, ...measure(arrivals, committedAt) };
}

function startReceiver() {
  const arrivals = new Map<string, Arrival[]>();
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const at = Date.now();
      const payload = JSON.parse(body) as { position: number; data: { endpointId: string } };
      const list = arrivals.get(payload.data.endpointId) ?? arrivals.set(payload.data.endpointId, []).get(payload.data.endpointId)!;
      list.push({ position: payload.position, id: String(request.headers['webhook-id']), at });
      setTimeout(() => response.writeHead(204).end(), receiverDelayMs);
    });
  });
  return { server, arrivals };
}

export async function run(context: BenchContext): Promise<BenchRow[]> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
    DATA_DIR: path.join(os.tmpdir(), `shopfloor-bench-${randomUUID()}`),
    DATABASE_URL: context.databaseUrl,
    SEED_DEMO: 'false',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  });
  const jobQueue = createJobQueue({ redisUrl: config.redisUrl, prefix: `bench-${randomUUID()}` });
  const eventStore = createEventStore();
  const app = await buildApp({ config, database: context.database, eventStore, jobQueue });
  await app.ready();
  const services = createJobServices({ config, database: context.database, eventStore, log: app.log });
  const workers = jobQueue.startWorkers(jobDefinitions(), services);
  const receiver = startReceiver();
  await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/hooks`;
  try {
    const targets: { companyId: string; endpointId: string }[] = [];
    for (let index = 0; index < endpoints; index++) {
      const email = `owner-${randomUUID().slice(0, 8)}@bench.example.com`;
      const { companyId } = await provisionCompany(app, {
        companyName: `Bench ${index}`,
        plan: 'standard',
        trialEndsAt: null,
        users: [{ role: 'SUPER_USER', firstName: 'Bea', lastName: 'Bench', email, password: 'Bench#Hooks2026' }],
      });
      const signedIn = await app.inject({ method: 'POST', url: '/api/auth/authenticate', payload: { usernameOrEmail: email, password: 'Bench#Hooks2026' } });
      const token = (signedIn.json() as { access_token: string }).access_token;
      const created = await app.inject({
        method: 'POST',
        url: '/api/webhooks',
        headers: { authorization: `Bearer ${token}` },
        payload: { url, eventTypes: ['shipment.sent'] },
      });
      targets.push({ companyId, endpointId: (created.json() as { endpoint: { id: string } }).endpoint.id });
    }
    context.log(`${endpoints} companies with an endpoint each`);

    // The baseline first, on a receiver of its own.
    const plainReceiver = startReceiver();
    await new Promise<void>((resolve) => plainReceiver.server.listen(0, '127.0.0.1', resolve));
    const plain = await plainDelivery(`http://127.0.0.1:${(plainReceiver.server.address() as AddressInfo).port}/hooks`, plainReceiver.arrivals);
    plainReceiver.server.closeAllConnections();
    await new Promise((resolve) => plainReceiver.server.close(resolve));
    context.log(`baseline (no database, no queue): p50 ${Math.round(plain.p50)} ms, p99 ${Math.round(plain.p99)} ms`);

    // Each event is a test event of its endpoint (mapped like any other), appended as the request path appends it.
    const committedAt = new Map<number, number>();
    const append = async (endpoint: number) => {
      const target = targets[endpoint];
      const positions = await runInTenant(app, { companyId: target.companyId, actor: null, metadata: {} }, async (ctx) => {
        const result = await recordEvents(ctx, { id: webhookEndpointStreamId(target.endpointId), type: WEBHOOK_ENDPOINT_STREAM_TYPE }, [
          { type: 'WebhookTestRequested', data: { endpointId: target.endpointId, at: ctx.at } },
        ]);
        return result.events.map((event) => event.globalPosition);
      });
      const at = Date.now();
      for (const position of positions) committedAt.set(position, at);
    };
    const total = endpoints * eventsPerEndpoint;
    const perSecond = endpoints * perEndpointPerSecond;
    const seconds = await offer(total, perSecond, append);
    context.log(`${total} events appended in ${seconds.toFixed(1)} s`);
    await waitForArrivals(receiver.arrivals, total);
    const result = measure(receiver.arrivals, committedAt);
    const note = `${perSecond} events/s offered (${perEndpointPerSecond} per endpoint), receiver ${receiverDelayMs} ms, queue ${jobQueue.kind}, ${os.cpus().length} cores`;
    return [
      {
        case: 'delivered (once each)',
        value: result.delivered - result.duplicates,
        unit: `of ${total}`,
        target: `${total}, no duplicate`,
        met: result.delivered === total && result.duplicates === 0,
      },
      { case: 'out of order per endpoint', value: result.outOfOrder, unit: 'messages', target: '0', met: result.outOfOrder === 0 },
      {
        case: 'commit to receiver p50',
        value: Math.round(result.p50),
        unit: 'ms',
        baseline: { label: 'plain loop, no database', value: Math.round(plain.p50) },
        ratio: result.p50 / plain.p50,
      },
      {
        case: 'commit to receiver p99',
        value: Math.round(result.p99),
        unit: 'ms',
        baseline: { label: 'plain loop, no database', value: Math.round(plain.p99) },
        ratio: result.p99 / plain.p99,
        target: `< ${targetP99Ms} ms`,
        met: result.p99 < targetP99Ms,
        note,
      },
    ];
  } finally {
    await app.close();
    await workers.close();
    await services.close();
    await jobQueue.close();
    receiver.server.closeAllConnections();
    await new Promise((resolve) => receiver.server.close(resolve));
  }
}
