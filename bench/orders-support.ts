import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app.js';
import { provisionCompany } from '../src/server/modules/identity/index.js';
import { loadConfig } from '../src/server/platform/config.js';
import { createEventStore } from '../src/server/platform/event-store.js';
import { createJobQueue } from '../src/server/platform/jobs-queue.js';
import type { BenchContext } from './harness.js';
import type { FeedClientsAnswer, FeedClientsCommand } from './orders-feed-clients.js';

export interface BenchApp {
  app: FastifyInstance;
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  /** When the app was built (process.hrtime, ms): the live feed's 30 s heartbeat counts from here. */
  builtAt: number;
  close(): Promise<void>;
}

/** The whole server on the benchmark's database, listening on a free loopback port, logging nothing. */
export async function startBenchApp(context: BenchContext): Promise<BenchApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
    DATA_DIR: path.join(os.tmpdir(), `shopfloor-bench-${randomUUID()}`),
    DATABASE_URL: context.databaseUrl,
    SEED_DEMO: 'false',
  });
  const jobQueue = createJobQueue({ redisUrl: undefined });
  const builtAt = Number(process.hrtime.bigint()) / 1e6;
  const app = await buildApp({ config, database: context.database, eventStore: createEventStore(), jobQueue });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    builtAt,
    async close() {
      await app.close();
      await jobQueue.close();
    },
  };
}

const password = 'Bench#Orders2026';

/** A company with a signed-in administrator; answers the company id and the bearer token. */
export async function benchCompany(app: FastifyInstance): Promise<{ companyId: string; token: string }> {
  const email = `admin-${randomUUID().slice(0, 8)}@bench.example.com`;
  const { companyId } = await provisionCompany(app, {
    companyName: 'Bench Metallbau',
    plan: 'standard',
    trialEndsAt: null,
    users: [
      { role: 'SUPER_USER', firstName: 'Bea', lastName: 'Bench', email: `owner-${email}`, password },
      { role: 'ADMIN', firstName: 'Ben', lastName: 'Bench', email, password },
    ],
  });
  const res = await app.inject({ method: 'POST', url: '/api/auth/authenticate', payload: { usernameOrEmail: email, password } });
  if (res.statusCode !== 200) throw new Error(`bench sign-in failed: ${res.body}`);
  return { companyId, token: res.json().access_token as string };
}

/** A request through the app (no socket) as `token`; fails loudly when refused. */
export async function injectAs<T>(app: FastifyInstance, token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<T> {
  const res = await app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
  if (res.statusCode >= 300) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
  return res.json() as T;
}

export interface LineOrder {
  id: string;
  version: number;
  /** The station the order is at. */
  at: string;
}

/** Two stations in sequence and `orders` production orders started on the first: a line to move orders along. */
export async function benchLine(app: FastifyInstance, token: string, orders: number): Promise<{ saw: string; drill: string; onLine: LineOrder[] }> {
  const as = <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => injectAs<T>(app, token, method, url, payload);
  const material = await as<{ id: string }>('POST', '/api/materials', { type: 'product', name: 'Stadtrad', vat: 19, stock: { quantity: 0, unit: 'Stk' } });
  const saw = await as<{ id: string }>('POST', '/api/stations', { name: 'SAW', parameters: [], actions: [], incomingGoodsCheckIn: false });
  const drill = await as<{ id: string }>('POST', '/api/stations', { name: 'DRILL', parameters: [], actions: [], incomingGoodsCheckIn: false });
  await as('PUT', '/api/stations/sequence', { stationIds: [saw.id, drill.id], startStationId: saw.id, version: 0 });
  const onLine: LineOrder[] = [];
  for (let index = 0; index < orders; index++) {
    const created = await as<{ id: string; version: number }>('POST', '/api/orders', {
      kind: 'production',
      name: `Lager ${index}`,
      street: 'Industriestraße',
      houseNumber: '7',
      zip: '93047',
      place: 'Regensburg',
      workInProgress: 'Halle 2',
      positions: [{ materialId: material.id, quantity: 1 + (index % 9), netPrice: 100 }],
    });
    const started = await as<{ id: string; version: number }>('POST', `/api/orders/${created.id}/start-production`, { version: created.version });
    onLine.push({ id: started.id, version: started.version, at: saw.id });
  }
  return { saw: saw.id, drill: drill.id, onLine };
}

/** Live-feed board clients subscribed to `type:order`, in a child process so their work does not share the server's event loop. */
export function startBoards(clients: number) {
  const child = fork(new URL('./orders-feed-clients.ts', import.meta.url), [], { serialization: 'advanced', stdio: 'inherit' });
  const next = () =>
    new Promise<FeedClientsAnswer>((resolve, reject) => {
      child.once('message', (message: FeedClientsAnswer) => (message.type === 'failed' ? reject(new Error(message.message)) : resolve(message)));
      child.once('exit', (code) => reject(new Error(`board clients exited with ${code}`)));
    });
  return {
    async open(url: string, token: string) {
      const opened = next();
      child.send({ type: 'open', url, token, clients } satisfies FeedClientsCommand);
      await opened;
    },
    async report() {
      const reported = next();
      child.send({ type: 'report' } satisfies FeedClientsCommand);
      return (await reported) as Extract<FeedClientsAnswer, { type: 'report' }>;
    },
    stop: () => child.kill(),
  };
}
