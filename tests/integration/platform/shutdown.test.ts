import { spawn } from 'node:child_process';
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../support/database.js';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb.drop();
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

it('a bad configuration stops the server with one line naming the variable', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env: { ...process.env, PORT: 'abc' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  expect(code).toBe(1);
  expect(stderr).toMatch(/Invalid configuration: PORT/);
});

// Starting the whole server under tsx took over 20 s on a loaded 2-core machine (CI, 28 Nov): the test waits for
// health as long as the server runs, within two minutes.
it('on SIGTERM stops accepting, finishes, and exits 0', { timeout: 120_000 }, async () => {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: testDb.url,
      DATA_DIR: `/tmp/shutdown-${randomUUID()}`,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      REDIS_URL: '',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: false,
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  let healthy = false;
  while (!healthy && child.exitCode === null) {
    try {
      healthy = (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  expect(healthy).toBe(true);
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
});
