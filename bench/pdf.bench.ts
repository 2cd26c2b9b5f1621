import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pino from 'pino';
import { buildApp } from '../src/server/app.js';
import { startJobs } from '../src/server/jobs.js';
import { senderOf, documentContentOf } from '../src/server/modules/documents/document-content.queries.js';
import { findDocumentRow } from '../src/server/modules/documents/documents.queries.js';
import { documentHtml } from '../src/server/modules/documents/documents.templates.js';
import { loadConfig, type Config } from '../src/server/platform/config.js';
import { withTenant, type Database } from '../src/server/platform/db.js';
import { createEventStore } from '../src/server/platform/event-store.js';
import { createJobQueue } from '../src/server/platform/jobs-queue.js';
import type { JobQueue } from '../src/server/platform/jobs.js';
import { concurrencyOf } from '../src/server/platform/jobs-runner.js';
import { createPdfRenderer, type PdfOptions } from '../src/server/platform/pdf.js';
import { alternate, percentile, throughput, type BenchContext, type BenchRow, type Throughput } from './harness.js';
import { benchCompany, injectAs } from './orders-support.js';

export const name = 'pdf';
export const description =
  'One-page delivery bills: PDFs/s through the reused Chromium vs a browser launched per job (same run, alternating rounds), and p99 from POST /api/documents to the download link with 20 concurrent requests, with the pdf worker in its own process on Redis (as deployed) and, for reference, in the server process';

const rounds = 3;
const perRound = 24;
const perJobRound = 6;
const concurrent = 20;
const latencyRounds = 5;
const targets = { perSecond: 8, ratio: 5, p99Ms: 1000 };
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const now = () => Number(process.hrtime.bigint()) / 1e6;
const quiet = pino({ level: 'silent' });

/** `count` prints, `parallel` at a time (the pdf queue's worker concurrency). */
async function printMany(count: number, parallel: number, print: () => Promise<unknown>): Promise<Throughput> {
  const started = now();
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        next += 1;
        await print();
      }
    }),
  );
  return throughput(count, now() - started);
}

/**
 * `npm run worker` (workers/main.ts under tsx) in a process of its own, as deployed: resolves once
 * its workers listen and its Chromium has set up its page pool (a deployed worker warms up as it
 * starts; NODE_ENV development, because production refuses the test Redis, which keeps nothing on disk).
 */
function startWorkerProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'workers/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const errors: string[] = [];
  const ready = new Promise<void>((resolve, reject) => {
    const seen = new Set<string>();
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        let entry: { msg?: string; level?: number; err?: { message?: string } };
        try {
          entry = JSON.parse(line) as typeof entry;
        } catch {
          continue;
        }
        if ((entry.level ?? 0) >= 50) errors.push(`${entry.msg ?? ''} ${entry.err?.message ?? ''}`.trim());
        if (entry.msg === 'workers ready' || entry.msg === 'Chromium started, its pages set up') seen.add(entry.msg);
        if (seen.size === 2) resolve();
      }
    });
    void exited.then((code) => reject(new Error(`the worker process exited with ${code} before it was ready: ${stderr}`)));
    setTimeout(() => reject(new Error(`the worker process was not ready within 60 s: ${stderr}`)), 60_000).unref();
  });
  // Awaited only once the bench's company is set up; a start that fails before then is not an unhandled rejection.
  ready.catch(() => {});
  return {
    ready,
    errors,
    /** SIGTERM (the worker finishes its running jobs and exits), SIGKILL after 10 s. */
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Removes every key under this run's BullMQ prefix. */
async function removeQueueKeys(prefix: string) {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

interface Server {
  app: FastifyInstance;
  stop(): Promise<void>;
}

/** The server as `src/server/main.ts` runs it: the app, and the dispatcher (plus, without Redis, the workers) beside it. */
async function startServer(config: Config, database: Database, queue: JobQueue): Promise<Server & { warmUpInProcess(): Promise<void> }> {
  const eventStore = createEventStore();
  const app = await buildApp({ config, database, eventStore, jobQueue: queue });
  await app.ready();
  const jobs = startJobs({ config, database, eventStore, queue, log: quiet });
  return {
    app,
    // In-process workers start Chromium with their first print (issue 32: an idle server keeps no
    // browser), and a worker process not with NODE_ENV=test, which this config says: the bench warms
    // it here, so its rounds measure a running browser as after the console's first document.
    warmUpInProcess: () => jobs.services.pdf.warmUp(),
    async stop() {
      await app.close();
      await jobs.stop();
      await queue.close();
    },
  };
}

/**
 * A warm-up document (not timed), then `latencyRounds` rounds of 20 requests at once, each timed
 * from the request to its document's status `generated` (the link). Returns the latencies and the
 * warm-up document's id.
 */
async function measureLatency(
  context: BenchContext,
  app: FastifyInstance,
  { token, companyId, shipmentId }: Subject,
  label: string,
): Promise<{ latencies: number[]; roundMax: number[]; firstDocumentId: string }> {
  const as = <T>(method: 'GET' | 'POST', url: string, payload?: object) => injectAs<T>(app, token, method, url, payload);
  const firstDocumentId = (await as<{ id: string }>('POST', '/api/documents', { type: 'delivery-bill', subjectId: shipmentId })).id;
  for (;;) {
    const view = await as<{ status: string }>('GET', `/api/documents/${firstDocumentId}`);
    if (view.status === 'generated') break;
    if (view.status === 'failed') throw new Error(`${label}: the warm-up document failed`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const latencies: number[] = [];
  const roundMax: number[] = [];
  for (let round = 0; round < latencyRounds; round++) {
    const startedAt = new Map<string, number>();
    await Promise.all(
      Array.from({ length: concurrent }, async () => {
        const started = now();
        const requested = await as<{ id: string }>('POST', '/api/documents', { type: 'delivery-bill', subjectId: shipmentId });
        startedAt.set(requested.id, started);
      }),
    );
    // One watcher for all 20 (not 20 pollers competing with Chromium for the CPU): the link is
    // there once the read model says generated. One statement per look (the bench's own
    // connection, no tenant transaction): the watcher runs in the server's process, which a
    // browser would not, so it takes as little of its CPU as it can.
    const samples: number[] = [];
    // A worker that died or hangs must not hang the bench: a round that is not done in a minute fails it.
    const deadline = now() + 60_000;
    while (startedAt.size > 0) {
      if (now() > deadline) throw new Error(`${label}: ${startedAt.size} of ${concurrent} documents were not generated within 60 s`);
      const rows = await context.database.db
        .selectFrom('documents')
        .select(['id', 'status'])
        .where('company_id', '=', companyId)
        .where('id', 'in', [...startedAt.keys()])
        .execute();
      const at = now();
      for (const row of rows) {
        if (row.status === 'failed') throw new Error(`${label}: document ${row.id} failed`);
        if (row.status !== 'generated') continue;
        samples.push(at - (startedAt.get(row.id) ?? at));
        startedAt.delete(row.id);
      }
      if (startedAt.size > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    latencies.push(...samples);
    roundMax.push(Math.max(...samples));
    context.log(`${label}, latency round ${round + 1}: p50 ${percentile(samples, 50).toFixed(0)} ms, max ${Math.max(...samples).toFixed(0)} ms`);
  }
  return { latencies, roundMax, firstDocumentId };
}

interface Subject {
  companyId: string;
  token: string;
  shipmentId: string;
}

/** A company, a material, three started customer orders and a shipment of them: what the delivery bill prints. */
async function seedShipment(app: FastifyInstance): Promise<Subject> {
  const { companyId, token } = await benchCompany(app);
  const as = <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => injectAs<T>(app, token, method, url, payload);
  const material = await as<{ id: string }>('POST', '/api/materials', {
    type: 'product',
    name: 'Stadtrad',
    materialNumber: 'P-1',
    vat: 19,
    stock: { quantity: 999, unit: 'Stk' },
  });
  const orderIds: string[] = [];
  for (let index = 0; index < 3; index++) {
    const order = await as<{ id: string; version: number }>('POST', '/api/orders', {
      kind: 'customer',
      name: 'Fahrradhaus Berg',
      street: 'Hauptstraße',
      houseNumber: '12a',
      zip: '80331',
      place: 'München',
      workInProgress: 'Regal 3',
      positions: [{ materialId: material.id, quantity: 1 + index, netPrice: 100, useInventory: true }],
    });
    await as('POST', `/api/orders/${order.id}/start-production`, { version: order.version });
    orderIds.push(order.id);
  }
  const shipment = await as<{ id: string }>('POST', '/api/shipments', {
    deliveredBy: { source: 'typed', name: 'Spedition Huber' },
    trackingId: 'HU-4711',
    shippingDate: '2026-11-24',
    orderIds,
  });
  return { companyId, token, shipmentId: shipment.id };
}

type Latency = Awaited<ReturnType<typeof measureLatency>>;

/** The server with REDIS_URL (dispatcher only) and `npm run worker` in its own process, on a BullMQ prefix of this run's own. */
async function measureWithWorkerProcess(context: BenchContext, env: Record<string, string>, subject: Subject): Promise<Latency> {
  const prefix = `bench-pdf-${randomUUID().slice(0, 8)}`;
  const worker = startWorkerProcess({ ...env, NODE_ENV: 'development', LOG_LEVEL: 'info', REDIS_URL: redisUrl, BULLMQ_PREFIX: prefix });
  try {
    const config = loadConfig({ ...env, NODE_ENV: 'test', REDIS_URL: redisUrl, BULLMQ_PREFIX: prefix });
    const server = await startServer(config, context.database, createJobQueue({ redisUrl, prefix }));
    try {
      await worker.ready;
      const measured = await measureLatency(context, server.app, subject, 'worker process');
      if (worker.errors.length > 0) context.log(`worker process logged errors: ${worker.errors.join('; ')}`);
      return measured;
    } finally {
      await server.stop();
    }
  } finally {
    await worker.stop();
    await removeQueueKeys(prefix);
  }
}

/** No Redis: the server runs the jobs itself (the in-process adapter), puppeteer on the requests' event loop. */
async function measureInProcess(context: BenchContext, env: Record<string, string>, subject: Subject): Promise<Latency> {
  const server = await startServer(loadConfig({ ...env, NODE_ENV: 'test' }), context.database, createJobQueue({ redisUrl: undefined }));
  try {
    await server.warmUpInProcess();
    return await measureLatency(context, server.app, subject, 'in-process');
  } finally {
    await server.stop();
  }
}

const latencyNote = (latencies: number[], roundMax: number[]) =>
  `p50 ${percentile(latencies, 50).toFixed(0)} ms over ${latencies.length} requests; slowest per round ${roundMax.map((ms) => ms.toFixed(0)).join(', ')} ms`;

export async function run(context: BenchContext): Promise<BenchRow[]> {
  const dataDir = path.join(os.tmpdir(), `shopfloor-bench-pdf-${randomUUID().slice(0, 8)}`);
  try {
    return await measure(context, dataDir);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function measure(context: BenchContext, dataDir: string): Promise<BenchRow[]> {
  const env = {
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
    // One data directory for the server and the worker: the worker writes the files the server serves.
    DATA_DIR: dataDir,
    DATABASE_URL: context.databaseUrl,
    SEED_DEMO: 'false',
    // The pdf queue's concurrency and page pool as the worker would run them (docs/documents.md, Speed).
    PDF_CONCURRENCY: process.env.PDF_CONCURRENCY ?? '',
    PDF_PAGE_POOL_SIZE: process.env.PDF_PAGE_POOL_SIZE ?? '',
    CHROME_PATH: process.env.CHROME_PATH ?? '',
  };
  const config = loadConfig({ ...env, NODE_ENV: 'test' });
  const parallel = concurrencyOf(config).pdf;

  // The company, its orders and the shipment, through a server of their own before either
  // measurement. The second measurement runs in a process the first has warmed (JIT, the pool's
  // connections): with the order swapped, whichever ran first had the higher p99 (docs/documents.md).
  const seeder = await startServer(config, context.database, createJobQueue({ redisUrl: undefined }));
  let subject: Subject;
  try {
    subject = await seedShipment(seeder.app);
  } finally {
    await seeder.stop();
  }

  // 1. As deployed (README, docs/jobs.md): the server with REDIS_URL runs the dispatcher, which puts
  // `pdf` jobs on BullMQ; `npm run worker`, a process of its own, prints them.
  const deployed = await measureWithWorkerProcess(context, env, subject);

  // 2. Reference: no Redis, the jobs in the server's own process (the in-process adapter), so
  // puppeteer shares the event loop with the 20 requests.
  const inProcess = await measureInProcess(context, env, subject);

  // The page the workers print, built as the job builds it.
  const { companyId } = subject;
  const page = await withTenant(context.database.db, companyId, async (tx) => {
    const row = await findDocumentRow(tx, inProcess.firstDocumentId);
    if (!row) throw new Error('no document');
    const sender = await senderOf(tx, companyId, config.workingTime);
    return documentHtml(await documentContentOf(tx, createEventStore(), row, { working: config.workingTime, now: new Date() }), {
      sender,
      logo: null,
      documentNumber: row.document_number,
      requestedAt: row.requested_at.toISOString(),
      locale: 'en',
    });
  });

  const options: PdfOptions = page.pdf;
  const reused = createPdfRenderer({ chromePath: config.chromePath, pagePoolSize: config.pdfPagePoolSize, log: quiet });
  await reused.renderPdf(page.html, options);
  const comparison = await alternate(
    rounds,
    () => printMany(perRound, parallel, () => reused.renderPdf(page.html, options)),
    () =>
      printMany(perJobRound, parallel, async () => {
        const fresh = createPdfRenderer({ chromePath: config.chromePath, log: quiet });
        try {
          await fresh.renderPdf(page.html, options);
        } finally {
          await fresh.close();
        }
      }),
  );
  await reused.close();
  context.log(`reused ${comparison.subject.perSecond.toFixed(2)} PDFs/s, per job ${comparison.baseline.perSecond.toFixed(2)} PDFs/s`);

  const p99 = percentile(deployed.latencies, 99);
  return [
    {
      case: `one-page delivery bill, reused Chromium, ${parallel} at a time`,
      value: comparison.subject.perSecond,
      unit: 'PDFs/s',
      baseline: { label: 'a browser launched per job', value: comparison.baseline.perSecond },
      ratio: comparison.ratio,
      target: `>= ${targets.perSecond} PDFs/s and ratio >= ${targets.ratio}`,
      met: comparison.subject.perSecond >= targets.perSecond && comparison.ratio >= targets.ratio,
    },
    {
      case: `request to link, ${concurrent} concurrent requests (${latencyRounds} rounds), p99; server + pdf worker process on Redis (as deployed)`,
      value: p99,
      unit: 'ms',
      target: `< ${targets.p99Ms} ms (lower is better)`,
      met: p99 < targets.p99Ms,
      note: `${latencyNote(deployed.latencies, deployed.roundMax)}; pdf queue concurrency ${parallel}, page pool ${config.pdfPagePoolSize}`,
    },
    {
      case: `request to link, ${concurrent} concurrent requests (${latencyRounds} rounds), p99; jobs in the server process, no Redis (reference)`,
      value: percentile(inProcess.latencies, 99),
      unit: 'ms',
      note: latencyNote(inProcess.latencies, inProcess.roundMax),
    },
  ];
}
