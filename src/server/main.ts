import { buildApp } from './app.js';
import { startJobs } from './jobs.js';
import { systemClock } from './platform/clock.js';
import { ConfigError, loadConfig } from './platform/config.js';
import { openDatabase } from './platform/db.js';
import { createEventStore } from './platform/event-store.js';
import { checkQueueDurability, createJobQueue } from './platform/jobs-queue.js';
import { migrateToLatest } from './platform/migrate.js';
import { logSeedReport, seed } from './seed.js';
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
  const seedReport = await seed(app);
  logSeedReport(app, seedReport);
  const jobs = startJobs({ config, clock, database, eventStore, queue: jobQueue, log: app.log });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    try {
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
    })}\n`,
  );
}

main().catch((error) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
