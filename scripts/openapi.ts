// Writes the server's OpenAPI document (what GET /api/docs/json answers) to a file, without a database
// server or a listening port: the app is built on a throw-away embedded database and asked for its
// document. `npm run lint:api` lints it with Spectral; tests/integration/api/ generates a client from it.
//   tsx scripts/openapi.ts <out.json>
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/platform/config.js';
import { openDatabase } from '../src/server/platform/db.js';
import { createEventStore } from '../src/server/platform/event-store.js';
import { createJobQueue } from '../src/server/platform/jobs-queue.js';
import { migrateToLatest } from '../src/server/platform/migrate.js';

/** The OpenAPI document of the whole server, as an object. */
export async function generateOpenApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shopfloor-openapi-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'openapi-document-only-secret-not-used-for-any-token',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
  });
  const database = await openDatabase({ dataDir });
  // Modules read their tables once ready (projections catching up), so the schema must be there.
  await migrateToLatest(database.db);
  const jobQueue = createJobQueue({ prefix: 'openapi' });
  const app = await buildApp({ config, database, eventStore: createEventStore(), jobQueue });
  try {
    await app.ready();
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await app.close();
    await jobQueue.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const out = process.argv[2];
  if (!out) {
    process.stderr.write('usage: tsx scripts/openapi.ts <out.json>\n');
    process.exit(2);
  }
  const document = await generateOpenApiDocument();
  writeFileSync(out, JSON.stringify(document, null, 2));
  process.stdout.write(`OpenAPI document: ${out} (${Math.round(JSON.stringify(document).length / 1024)} KB)\n`);
}
