import { pino } from 'pino';
import { createJobServices, jobDefinitions } from '../src/server/jobs.js';
import { systemClock } from '../src/server/platform/clock.js';
import { ConfigError, loadConfig, type Config } from '../src/server/platform/config.js';
import { openDatabase } from '../src/server/platform/db.js';
import { createEventStore } from '../src/server/platform/event-store.js';
import { queueNames } from '../src/server/platform/jobs.js';
import { checkQueueDurability, createJobQueue } from '../src/server/platform/jobs-queue.js';
import { logOptions } from '../src/server/platform/request-logging.js';
import { registerInlineProjections } from '../src/server/projections.js';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function readConfig(): Config & { redisUrl: string; databaseUrl: string } {
  try {
    const config = loadConfig();
    if (!config.redisUrl) fail('REDIS_URL is not set: without Redis the server runs its jobs itself and needs no worker process.');
    if (!config.databaseUrl) fail('DATABASE_URL is not set: the embedded database belongs to the server process; a worker needs PostgreSQL.');
    return { ...config, redisUrl: config.redisUrl, databaseUrl: config.databaseUrl };
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

/** Runs the email and pdf queues' handlers until SIGTERM/SIGINT, then finishes running jobs and exits 0. */
async function main() {
  const config = readConfig();
  const prefix = config.queuePrefix;
  const log = pino({ ...logOptions(config.logLevel), base: { process: 'worker' } });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 5 });
  const queue = createJobQueue({ redisUrl: config.redisUrl, prefix });
  await checkQueueDurability(queue, config.env, log);
  // The server's inline projections: what a job appends (a document made, a status action applied)
  // updates the read models in the job's own transaction, as on the server.
  const eventStore = createEventStore();
  registerInlineProjections(eventStore);
  const services = createJobServices({ config, clock: systemClock, database, eventStore, log });
  const workers = queue.startWorkers(jobDefinitions(), services);
  log.info({ queues: queueNames, prefix, mail: services.mailer.transport }, 'workers ready');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down: no new jobs, finishing the running ones');
    try {
      await workers.close();
      await services.close();
      await queue.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error) => {
  process.stderr.write(`Worker failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
