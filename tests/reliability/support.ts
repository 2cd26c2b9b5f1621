import { spawn, type ChildProcess } from 'node:child_process';
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
