import { buildApp } from './app.js';
import { startJobs } from './jobs.js';
import { systemClock } from './platform/clock.js';
import { ConfigError, loadConfig } from './platform/config.js';
import { openDatabase } from './platform/db.js';
import { createEventStore } from './platform/event-store.js';
import { checkQueueDurability, createJobQueue } from './platform/jobs-queue.js';
import { migrateToLatest } from './platform/migrate.js';
import { demoDue, demoLogins, demoUsersFor, logSeedReport, seedDemo, seedMaster, type DemoUser } from './seed.js';
import { startupBanner } from './startup-banner.js';

/** Reads config, migrates, builds the app, listens; on SIGTERM/SIGINT closes gracefully and exits 0. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database.db);
  const eventStore = createEventStore();
  const jobQueue = createJobQueue({ redisUrl: config.redisUrl, prefix: config.queuePrefix });
  const clock = systemClock;
  const app = await buildApp({ config, database, eventStore, jobQueue, clock });
  await checkQueueDurability(jobQueue, config.env, app.log);
  // The master user now (one password hash); the demo company, the slow part of a first start, once the console answers.
  const seedReport = await seedMaster(app);
  logSeedReport(app, seedReport);
  const seedingDemo = await demoDue(app);
  // Generated once per start (production), so the start-up block shows the passwords the seed gives.
  const demoUsersOfThisStart = demoUsersFor(app);
  const jobs = startJobs({ config, clock, database, eventStore, queue: jobQueue, log: app.log });
  let demoSeeding: Promise<unknown> = Promise.resolve();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    try {
      // A demo half seeded would never be completed (a database with a company is not seeded again).
      await demoSeeding;
      await app.close();
      await jobs.stop();
      await jobQueue.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  // `npm run dev` serves the console from Vite and says so (scripts/dev.mjs).
  const consoleUrl = process.env.DEV_CONSOLE_URL;
  app.log.info({ url, database: database.kind === 'pglite' ? `embedded (${config.dataDir}/pgdata)` : 'postgres' }, 'console ready');
  process.stdout.write(
    `${startupBanner({
      url: consoleUrl ?? url,
      apiUrl: consoleUrl ? url : undefined,
      database: database.kind === 'pglite' ? { kind: 'embedded', dataDir: `${config.dataDir}/pgdata` } : { kind: 'postgres' },
      jobs: config.redisUrl ? 'redis' : 'in-process',
      seed: seedReport,
      demoPreparing: seedingDemo ? { users: demoLogins(demoUsersOfThisStart), passwordsGenerated: config.demoPasswords === 'generated' } : undefined,
      readySeconds: process.uptime(),
    })}\n`,
  );
  if (seedingDemo) demoSeeding = seedDemoInBackground(app, demoUsersOfThisStart);
}

/** Seeds the demo company after the console answers, then says it is ready (`npm start` on an empty database). */
async function seedDemoInBackground(app: Awaited<ReturnType<typeof buildApp>>, users: readonly DemoUser[]): Promise<void> {
  try {
    const demo = await seedDemo(app, users);
    if (!demo) return;
    logSeedReport(app, { demo });
    process.stdout.write(`\n  Demo company ready after ${process.uptime().toFixed(1)} s: sign in with the demo users above.\n\n`);
  } catch (error) {
    app.log.error({ err: error }, 'the demo company could not be seeded');
  }
}

main().catch((error) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
