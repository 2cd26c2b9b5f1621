import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../src/server/app.js';
import { startJobs } from '../src/server/jobs.js';
import { companyDir } from '../src/server/modules/company/company.files.js';
import { provisionCompany } from '../src/server/modules/identity/index.js';
import { loadConfig } from '../src/server/platform/config.js';
import { createEventStore } from '../src/server/platform/event-store.js';
import { createJobQueue } from '../src/server/platform/jobs-queue.js';
import { percentile, type BenchContext, type BenchRow } from './harness.js';
import { injectAs } from './orders-support.js';

export const name = 'export-isolation';
export const description =
  "A company's order traveler (request to link), one at a time: p99 alone and while another company makes a large data export, alternating in the same run (issue 26, item 3)";

/** Alternating rounds of each phase, and travelers per round. */
const rounds = 3;
const perRound = 10;
/** The other company's files: random bytes (deflate gains nothing on them, the most work per byte). */
const exportFiles = 2;
const exportFileBytes = 192 * 1024 * 1024;
const target = 1.25;

const now = () => Number(process.hrtime.bigint()) / 1e6;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quiet = pino({ level: 'silent' });

async function company(app: FastifyInstance, label: string): Promise<{ companyId: string; owner: string }> {
  const email = `owner-${randomUUID().slice(0, 8)}@bench.example.com`;
  const password = 'Bench#Export2026';
  const { companyId } = await provisionCompany(app, {
    companyName: `Bench ${label}`,
    plan: 'standard',
    trialEndsAt: null,
    users: [{ role: 'SUPER_USER', firstName: 'Bea', lastName: label, email, password }],
  });
  const res = await app.inject({ method: 'POST', url: '/api/auth/authenticate', payload: { usernameOrEmail: email, password } });
  if (res.statusCode !== 200) throw new Error(`bench sign-in failed: ${res.body}`);
  return { companyId, owner: res.json().access_token as string };
}

async function writeRandomFile(file: string, bytes: number) {
  await mkdir(path.dirname(file), { recursive: true });
  const out = createWriteStream(file);
  for (let written = 0; written < bytes; written += 1024 * 1024) {
    if (!out.write(randomBytes(1024 * 1024))) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

export async function run(context: BenchContext): Promise<BenchRow[]> {
  const dataDir = path.join(os.tmpdir(), `shopfloor-bench-export-${randomUUID().slice(0, 8)}`);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
    DATA_DIR: dataDir,
    DATABASE_URL: context.databaseUrl,
    SEED_DEMO: 'false',
    CHROME_PATH: process.env.CHROME_PATH ?? '',
  });
  const eventStore = createEventStore();
  const queue = createJobQueue({ redisUrl: undefined });
  const app = await buildApp({ config, database: context.database, eventStore, jobQueue: queue });
  await app.ready();
  // No Redis: the server runs the pdf and export queues itself (the in-process adapter), each at its own concurrency.
  const jobs = startJobs({ config, database: context.database, eventStore, queue, log: quiet });
  try {
    await jobs.services.pdf.warmUp();
    return await measure(context, app, dataDir);
  } finally {
    await app.close();
    await jobs.stop();
    await queue.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function measure(context: BenchContext, app: FastifyInstance, dataDir: string): Promise<BenchRow[]> {
  const printer = await company(app, 'Drucker');
  const exporter = await company(app, 'Export');
  const as = <T>(token: string, method: 'GET' | 'POST', url: string, payload?: object) => injectAs<T>(app, token, method, url, payload);

  const material = await as<{ id: string }>(printer.owner, 'POST', '/api/materials', {
    type: 'product',
    name: 'Stadtrad',
    materialNumber: 'P-1',
    vat: 19,
    stock: { quantity: 999, unit: 'Stk' },
  });
  const order = await as<{ id: string }>(printer.owner, 'POST', '/api/orders', {
    kind: 'customer',
    name: 'Fahrradhaus Berg',
    street: 'Hauptstraße',
    houseNumber: '12a',
    zip: '80331',
    place: 'München',
    workInProgress: 'Regal 3',
    positions: [{ materialId: material.id, quantity: 2, netPrice: 100, useInventory: true }],
  });
  const folder = companyDir(dataDir, exporter.companyId);
  for (let index = 0; index < exportFiles; index++) await writeRandomFile(path.join(folder, 'media', `drawing-${index}.bin`), exportFileBytes);
  context.log(`the exporting company holds ${exportFiles} files of ${exportFileBytes / 2 ** 20} MiB`);

  /** One order traveler, from the request to its link (status generated), in ms. */
  const traveler = async () => {
    const started = now();
    const { id } = await as<{ id: string }>(printer.owner, 'POST', '/api/documents', { type: 'order-traveler', subjectId: order.id });
    for (;;) {
      const row = await context.database.db.selectFrom('documents').select('status').where('id', '=', id).executeTakeFirstOrThrow();
      if (row.status === 'generated') return now() - started;
      if (row.status === 'failed') throw new Error('an order traveler failed');
      if (now() - started > 120_000) throw new Error('an order traveler took over 2 minutes');
      await sleep(10);
    }
  };
  await traveler();

  /** Exports of the other company, one after the other (one at a time is all a company may run), until told to stop. */
  const exportsRunning = () => {
    let stop = false;
    let made = 0;
    let running!: () => void;
    const started = new Promise<void>((resolve) => (running = resolve));
    const loop = (async () => {
      while (!stop) {
        const { id } = await as<{ id: string }>(exporter.owner, 'POST', '/api/company-account/exports', {});
        for (;;) {
          const view = await as<{ status: string }>(exporter.owner, 'GET', `/api/company-account/exports/${id}`);
          if (view.status === 'RUNNING') running();
          if (view.status === 'READY') break;
          if (view.status === 'FAILED') throw new Error('the export failed');
          await sleep(100);
        }
        made += 1;
      }
    })();
    return {
      started,
      async stop() {
        stop = true;
        await loop;
        return made;
      },
    };
  };

  const alone: number[] = [];
  const during: number[] = [];
  let exportsMade = 0;
  for (let round = 0; round < rounds; round++) {
    const aloneRound: number[] = [];
    for (let index = 0; index < perRound; index++) aloneRound.push(await traveler());
    alone.push(...aloneRound);
    const exporting = exportsRunning();
    await exporting.started;
    const duringRound: number[] = [];
    for (let index = 0; index < perRound; index++) duringRound.push(await traveler());
    during.push(...duringRound);
    exportsMade += await exporting.stop();
    context.log(
      `round ${round + 1}: alone p50 ${percentile(aloneRound, 50).toFixed(0)} ms, max ${Math.max(...aloneRound).toFixed(0)} ms; ` +
        `while exporting p50 ${percentile(duringRound, 50).toFixed(0)} ms, max ${Math.max(...duringRound).toFixed(0)} ms`,
    );
  }

  const p99Alone = percentile(alone, 99);
  const p99During = percentile(during, 99);
  const ratio = p99During / p99Alone;
  const load = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
  return [
    {
      case: `order traveler, request to link, one at a time (${rounds} x ${perRound} each), p99 while another company exports ${exportFiles} x ${exportFileBytes / 2 ** 20} MiB`,
      value: p99During,
      unit: 'ms',
      baseline: { label: 'alone, alternating rounds', value: p99Alone },
      ratio,
      target: `ratio <= ${target} (lower is better)`,
      met: ratio <= target,
      note: `p50 alone ${percentile(alone, 50).toFixed(0)} ms, while exporting ${percentile(during, 50).toFixed(0)} ms; ${exportsMade} exports made; jobs in the server process (no Redis); load average at the end ${load}`,
    },
  ];
}
