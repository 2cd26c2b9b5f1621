import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/platform/db.js';
import { createEventStore } from '../../src/server/platform/event-store.js';
import { checkProjections, describeDifferences } from '../../src/server/platform/projection-rebuild.js';
import { inlineProjections } from '../../src/server/projections.js';
import { demoUsers } from '../../src/server/seed.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { orderBody } from '../integration/orders/support.js';
import { report, root, stopProcess, waitUntil, type ChildServer } from './support.js';

// A server process killed (SIGKILL) while 20 writers create materials and orders (issue 17), on
// PostgreSQL and on the embedded database (PGlite, killed again and again): after each restart every
// write the server acknowledged (201) is there, the server starts cleanly on what the kill left, and
// the read models equal a rebuild from the log (src/server/platform/projection-rebuild.ts).
// Slow (seeding, restarts), so not in the CI subset: `npm run test:reliability`.
const WRITERS = 20;
const admin = demoUsers.find((user) => user.role === 'ADMIN')!;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function startServerProcess(env: Record<string, string>): ChildServer {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

interface Running {
  server: ChildServer;
  base: string;
  token: string;
  /** A demo product the order writers put on their orders. */
  productId: string;
}

/** Starts the server, waits until it answers, signs the demo administrator in. */
async function start(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const server = startServerProcess({ ...env, PORT: String(port), HOST: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;
  await waitUntil(
    'the server answering',
    async () => {
      if (server.child.exitCode !== null) throw new Error(`The server exited: ${server.output()}`);
      return fetch(`${base}/api/ready`)
        .then((res) => res.ok)
        .catch(() => false);
    },
    200,
    180_000,
  );
  // A first start seeds the demo after the server answers (docs/performance.md, First start): wait for its products.
  const demo = await waitUntil(
    'the demo company ready',
    async () => {
      const signIn = await fetch(`${base}/api/auth/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ usernameOrEmail: admin.email, password: admin.password }),
      });
      if (signIn.status !== 200) return undefined;
      const token = ((await signIn.json()) as { access_token: string }).access_token;
      const materials = await fetch(`${base}/api/materials?limit=100`, { headers: { authorization: `Bearer ${token}` } });
      const product = ((await materials.json()) as { data: { id: string; type: string }[] }).data.find((material) => material.type === 'product');
      const output = server.output();
      const demoReady = output.includes('Shopfloor Console is ready') && (output.includes('Demo company ready') || !output.includes('being prepared'));
      return product && demoReady ? { token, productId: product.id } : undefined;
    },
    500,
    180_000,
  );
  return { server, base, ...demo };
}

/**
 * 20 writers until the server is killed: even ones create materials (a plain record), odd ones
 * orders (event-sourced, with inline projections). Returns what it acknowledged, as paths to read back.
 */
async function writeUntilKilled({ server, base, token, productId }: Running, round: number): Promise<string[]> {
  const acknowledged: string[] = [];
  const refusals: string[] = [];
  let stop = false;
  const writer = async (w: number) => {
    const [collection, body] =
      w % 2 === 0
        ? [
            'materials',
            (i: number) => ({
              type: 'product',
              name: `K${round}-${w}-${i}`,
              materialNumber: `K-${round}-${w}-${i}`,
              vat: 19,
              stock: { quantity: 0, unit: 'Stk' },
            }),
          ]
        : ['orders', (i: number) => orderBody([{ materialId: productId, quantity: 1 + (i % 3) }], { name: `Kunde ${round}-${w}-${i}` })];
    for (let i = 0; !stop; i++) {
      try {
        const res = await fetch(`${base}/api/${collection}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(body(i)),
        });
        if (res.status === 201) acknowledged.push(`/api/${collection}/${((await res.json()) as { id: string }).id}`);
        else refusals.push(`${res.status} ${await res.text()}`);
      } catch {
        // The server is gone: what was not answered 201 was not acknowledged.
      }
    }
  };
  const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
  await waitUntil(
    'some writes acknowledged',
    () => {
      if (refusals.length > 0) throw new Error(`A write was refused: ${refusals[0]}`);
      return acknowledged.length >= 40;
    },
    20,
    60_000,
  );
  await stopProcess(server, 'SIGKILL');
  stop = true;
  await Promise.all(writers);
  return acknowledged;
}

async function missingOf({ base, token }: Running, paths: string[]): Promise<number> {
  let missing = 0;
  for (const path of paths) {
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) missing += 1;
  }
  return missing;
}

/**
 * The read models against a rebuild from the log, on the database the kills left (the server
 * stopped: the embedded database belongs to one process at a time).
 */
async function checkReadModels(probe: string, env: Record<string, string>): Promise<void> {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const check = await checkProjections(database.db, inlineProjections(createEventStore()));
    const rows = check.tables.reduce((sum, table) => sum + table.liveRows, 0);
    console.info(
      `[reliability] ${probe}: projections equal a rebuild: ${check.events} events replayed, ${rows} rows in ${check.tables.length} tables, ${check.differences.length} differences`,
    );
    expect(describeDifferences(check.differences)).toEqual([]);
  } finally {
    await database.close();
  }
}

async function survive(probe: string, env: Record<string, string>, kills: number) {
  const acknowledged: string[] = [];
  for (let round = 0; round < kills; round++) {
    acknowledged.push(...(await writeUntilKilled(await start(env), round)));
  }
  const running = await start(env);
  try {
    const missing = await missingOf(running, acknowledged);
    report(probe, { acknowledged: acknowledged.length, present: acknowledged.length - missing, lost: missing, duplicated: 0 });
    expect(missing).toBe(0);
  } finally {
    await stopProcess(running.server, 'SIGTERM');
  }
  await checkReadModels(probe, env);
}

const common = { JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing', SEED_DEMO: 'true', MASTER_PASSWORD: 'Operator#2026' };
const dirs: string[] = [];
let testDb: TestDatabase | undefined;
afterAll(async () => {
  await testDb?.drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('a server killed under write load', () => {
  it('on PostgreSQL: every acknowledged write is there after the restart, the read models equal a rebuild', { timeout: 600_000 }, async () => {
    testDb = await createTestDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'killed-pg-'));
    dirs.push(dataDir);
    await survive('server-killed-postgres', { ...common, DATABASE_URL: testDb.url, DATA_DIR: dataDir }, 2);
  });

  it('on the embedded database, killed again and again: every acknowledged write is there, the read models equal a rebuild', { timeout: 900_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'killed-pglite-'));
    dirs.push(dataDir);
    await survive('server-killed-embedded', { ...common, DATA_DIR: dataDir }, 5);
  });
});
