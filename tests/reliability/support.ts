import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { testRedisUrl } from '../support/services.js';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Polls `probe` until it answers something truthy; gives up after `timeoutMs`, naming `what`. */
export async function waitUntil<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  everyMs = 50,
  timeoutMs = 90_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** One line per probe, as the issue asks: acknowledged vs present, lost, duplicated (docs/reliability.md records a run). */
export function report(probe: string, figures: { acknowledged: number; present: number; lost: number; duplicated: number }): void {
  console.info(
    `[reliability] ${probe}: acknowledged ${figures.acknowledged}, present ${figures.present}, lost ${figures.lost}, duplicated ${figures.duplicated}`,
  );
}

export interface ChildServer {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** The environment of a worker process for a test app on the test Redis: its queue prefix, database and data folder. */
export function workerEnvOf(t: { queuePrefix: string; testDb: { url: string }; config: { dataDir: string; jwtSecret: string } }): Record<string, string> {
  return {
    REDIS_URL: testRedisUrl(),
    BULLMQ_PREFIX: t.queuePrefix,
    DATABASE_URL: t.testDb.url,
    JWT_SECRET: t.config.jwtSecret,
    DATA_DIR: t.config.dataDir,
    ...(process.env.CHROME_PATH ? { CHROME_PATH: process.env.CHROME_PATH } : {}),
  };
}

/** workers/main.ts as its own process (the production shape with Redis). */
export function startWorkerProcess(env: Record<string, string>): ChildServer {
  const child = spawn(process.execPath, ['--import', 'tsx', 'workers/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

export async function stopProcess(server: ChildServer | undefined, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill(signal);
  await server.exited;
}

/** Keeps the worker processes' output in RELIABILITY_LOG when it is set, then stops them. */
export async function stopWorkers(workers: readonly ChildServer[]): Promise<void> {
  if (process.env.RELIABILITY_LOG) writeFileSync(process.env.RELIABILITY_LOG, workers.map((worker) => worker.output()).join('\n=====\n'));
  for (const worker of workers) await stopProcess(worker);
}

/**
 * What Redis restarted without persistence leaves of one app's queue: nothing. Deletes the keys of
 * that app's own BullMQ prefix only (never FLUSHALL or FLUSHDB on the shared test Redis).
 */
export async function loseQueueData(prefix: string): Promise<number> {
  const redis = new Redis(testRedisUrl());
  try {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    return keys.length;
  } finally {
    await redis.quit();
  }
}

/** A free TCP port on loopback (the kernel's pick, released again at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface OwnRedis {
  url: string;
  /** Stops the server as a restart does (SIGTERM: a clean shutdown, the append-only file synced when on). */
  stop(): Promise<void>;
  /** Starts it again on the same port and folder. */
  start(): Promise<void>;
  /** Stops it for good and removes its folder. */
  close(): Promise<void>;
}

/**
 * A redis-server of the probe's own (never the shared one) on a free loopback port, with its data in a
 * temporary folder: `persistent` writes every command to the append-only file before answering
 * (`appendonly yes`, `appendfsync always`); otherwise it keeps nothing (`save ""`, `appendonly no`).
 */
export async function startOwnRedis(options: { persistent: boolean; binary?: string }): Promise<OwnRedis> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'reliability-redis-'));
  const persistence = options.persistent ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no'];
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', ...persistence, '--maxmemory-policy', 'noeviction'];
  const url = `redis://127.0.0.1:${port}`;
  let server: ChildServer | undefined;

  const start = async () => {
    const child = spawn(options.binary ?? '/usr/bin/redis-server', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    server = { child, output: () => output, exited };
    await waitUntil(`redis-server on port ${port}`, async () => {
      if (child.exitCode !== null) throw new Error(`redis-server exited: ${output}`);
      const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      client.on('error', () => {});
      try {
        await client.connect();
        // Loading the append-only file answers LOADING until done.
        return (await client.ping()) === 'PONG';
      } catch {
        return false;
      } finally {
        client.disconnect();
      }
    });
  };
  const stop = async () => {
    await stopProcess(server, 'SIGTERM');
    server = undefined;
  };
  await start();
  return {
    url,
    stop,
    start,
    async close() {
      await stopProcess(server, 'SIGKILL');
      server = undefined;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
