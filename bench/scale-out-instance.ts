// A second server instance for the scale-out benchmark, in its own process as it would run behind
// a load balancer: the same PostgreSQL and JWT secret as the first, nothing else shared. It answers
// `{ type: 'listening', baseUrl }` once it serves and closes on `stop`.
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/platform/config.js';
import { openDatabase } from '../src/server/platform/db.js';
import { createEventStore } from '../src/server/platform/event-store.js';
import { createJobQueue } from '../src/server/platform/jobs-queue.js';

export type InstanceMessage = { type: 'listening'; baseUrl: string } | { type: 'failed'; message: string };

async function main() {
  const [databaseUrl, jwtSecret] = process.argv.slice(2);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: jwtSecret,
    DATA_DIR: path.join(os.tmpdir(), `shopfloor-bench-b-${randomUUID()}`),
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'false',
  });
  const database = await openDatabase({ databaseUrl, dataDir: config.dataDir });
  const jobQueue = createJobQueue({});
  const app = await buildApp({ config, database, eventStore: createEventStore(), jobQueue });
  await app.listen({ host: '127.0.0.1', port: 0 });
  await app.commitSignal?.listening();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.send?.({ type: 'listening', baseUrl: `http://127.0.0.1:${port}` } satisfies InstanceMessage);
  process.on('message', (message: { type: string }) => {
    if (message.type !== 'stop') return;
    void (async () => {
      await app.close();
      await jobQueue.close();
      await database.close();
      process.exit(0);
    })();
  });
}

main().catch((error: unknown) => {
  process.send?.({ type: 'failed', message: error instanceof Error ? error.message : String(error) } satisfies InstanceMessage);
  process.exit(1);
});
