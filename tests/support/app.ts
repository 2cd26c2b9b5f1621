import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp } from '../../src/server/app.js';
import { loadConfig, type Config } from '../../src/server/platform/config.js';
import type { Clock } from '../../src/server/platform/clock.js';
import type { Ports } from '../../src/server/platform/module.js';
import type { RetryPolicy } from '../../src/server/platform/jobs.js';
import { createEventStore } from '../../src/server/platform/event-store.js';
import { startJobs, type JobRuntime } from '../../src/server/jobs.js';
import { createJobQueue } from '../../src/server/platform/jobs-queue.js';
import type { Role } from '../../src/domain/shared/roles.js';
import { createTestDatabase, type TestDatabase } from './database.js';

export interface TestApp {
  app: FastifyInstance;
  testDb: TestDatabase;
  config: Config;
  /** The dispatcher and (without REDIS_URL in env) in-process workers, as main.ts starts them. */
  jobs: JobRuntime;
  /** The BullMQ key prefix of this app's queue (its own per app), for a worker process or a cleanup of its keys. */
  queuePrefix: string;
  /** A signed bearer token for a principal (no user row needed by platform routes). */
  tokenFor(principal: { userId?: string; role?: Role; companyId?: string | null }): string;
  close(): Promise<void>;
}

/** The whole server on a fresh database, not listening: use `app.inject`, or `listen()` for sockets. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    beforeReady?: (app: FastifyInstance) => void | Promise<void>;
    clock?: Clock;
    /** Another instance's database: a second server on the same data (closing it leaves the database to its owner). */
    database?: TestDatabase;
    /** Providers put in place of the modules' (the live feed's tests trust every token the server signed). */
    replacedPorts?: Partial<Ports>;
    /** Where the server's log goes (with LOG_LEVEL in `env`): a test that reads the log. */
    logStream?: DestinationStream;
    /** Attempts and first retry delay of the jobs (default: production's 5 attempts from 2 s), for a test that waits for a job to fail for good. */
    retry?: RetryPolicy;
  } = {},
): Promise<TestApp> {
  const testDb = options.database ?? (await createTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    DATA_DIR: `/tmp/shopfloor-test-${randomUUID()}`,
    DATABASE_URL: testDb.url,
    SEED_DEMO: 'false',
    ...env,
  });
  const eventStore = createEventStore();
  // Its own BullMQ prefix when env sets REDIS_URL, so parallel test files never share jobs.
  const queuePrefix = `test-${randomUUID()}`;
  const jobQueue = createJobQueue({ redisUrl: config.redisUrl, prefix: queuePrefix, retry: options.retry });
  const app = await buildApp({
    config,
    database: testDb.database,
    eventStore,
    jobQueue,
    clock: options.clock,
    replacedPorts: options.replacedPorts,
    logStream: options.logStream,
  });
  await options.beforeReady?.(app);
  await app.ready();
  const jobs = startJobs({ config, clock: options.clock, database: testDb.database, eventStore, queue: jobQueue, log: app.log });
  return {
    app,
    testDb,
    config,
    jobs,
    queuePrefix,
    tokenFor: ({ userId = randomUUID(), role = 'ADMIN', companyId = randomUUID() }) => app.auth.sign({ userId, role, companyId, tokenId: randomUUID() }),
    async close() {
      await app.close();
      await jobs.stop();
      await jobQueue.close();
      if (!options.database) await testDb.drop();
    },
  };
}
