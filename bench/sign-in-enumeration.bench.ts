import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../src/server/app.js';
import { startJobs } from '../src/server/jobs.js';
import { loadConfig } from '../src/server/platform/config.js';
import { createEventStore } from '../src/server/platform/event-store.js';
import { createJobQueue } from '../src/server/platform/jobs-queue.js';
import { percentile, type BenchContext, type BenchRow } from './harness.js';
import { benchCompany } from './orders-support.js';

export const name = 'sign-in-enumeration';
export const description =
  'Issue 17 (5b): the answer time of forgot-password and register for a known address vs an unknown one (medians of alternating requests in the same run); the two must not tell an address apart';

const samples = 60;
// The same work for known and unknown: the medians within a quarter of each other.
const band = { low: 0.8, high: 1.25 };
const quiet = pino({ level: 'silent' });
const now = () => Number(process.hrtime.bigint()) / 1e6;

export async function run(context: BenchContext): Promise<BenchRow[]> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
    DATA_DIR: path.join(os.tmpdir(), `shopfloor-bench-${randomUUID()}`),
    DATABASE_URL: context.databaseUrl,
    SEED_DEMO: 'false',
  });
  const eventStore = createEventStore();
  const queue = createJobQueue({ redisUrl: undefined });
  const app = await buildApp({ config, database: context.database, eventStore, jobQueue: queue });
  await app.ready();
  const jobs = startJobs({ config, database: context.database, eventStore, queue, log: quiet });
  try {
    await benchCompany(app);
    const known = (await app.db.selectFrom('users').select('email').where('email', 'is not', null).executeTakeFirstOrThrow()).email!;
    let address = 0;
    // Each request from an address of its own: the per-address limits (5 in 15 minutes) stay out of it.
    const timed = async (url: string, payload: object) => {
      address += 1;
      const started = now();
      const res = await app.inject({ method: 'POST', url, payload, remoteAddress: `10.77.${address >> 8}.${address & 255}` });
      const took = now() - started;
      if (res.statusCode >= 300) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
      return took;
    };
    const register = (email: string) =>
      timed('/api/auth/register', {
        companyName: `Bench ${randomUUID().slice(0, 8)}`,
        firstName: 'Bea',
        lastName: 'Bench',
        email,
        password: 'Bench#Password2026',
        confirm: 'Bench#Password2026',
        locale: 'en',
      });
    const cases = [
      {
        case: 'forgot-password',
        known: () => timed('/api/auth/forgot-password', { email: known }),
        unknown: () => timed('/api/auth/forgot-password', { email: `nobody-${randomUUID()}@bench.example.com` }),
      },
      { case: 'register', known: () => register(known), unknown: () => register(`new-${randomUUID()}@bench.example.com`) },
    ];
    const rows: BenchRow[] = [];
    for (const { case: label, known: knownRequest, unknown: unknownRequest } of cases) {
      // Warm-up, then alternating, so drift on the machine falls on both alike.
      await knownRequest();
      await unknownRequest();
      const knownTimes: number[] = [];
      const unknownTimes: number[] = [];
      for (let index = 0; index < samples; index++) {
        knownTimes.push(await knownRequest());
        unknownTimes.push(await unknownRequest());
      }
      const knownMedian = percentile(knownTimes, 50);
      const unknownMedian = percentile(unknownTimes, 50);
      const ratio = knownMedian / unknownMedian;
      context.log(`${label}: known p50 ${knownMedian.toFixed(1)} ms, unknown p50 ${unknownMedian.toFixed(1)} ms`);
      rows.push({
        case: `${label}: known address, median`,
        value: knownMedian,
        unit: 'ms',
        baseline: { label: 'unknown address', value: unknownMedian },
        ratio,
        target: `${band.low} <= ratio <= ${band.high}`,
        met: ratio >= band.low && ratio <= band.high,
      });
    }
    return rows;
  } finally {
    await jobs.stop();
    await app.close();
    await queue.close();
  }
}
