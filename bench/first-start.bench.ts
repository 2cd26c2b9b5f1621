import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../tests/reliability/support.js';
import type { BenchRow } from './harness.js';

export const name = 'first-start';
export const description =
  'The server as `npm start` runs it (`node dist/server/main.mjs`, built by scripts/ensure-server-build.mjs) on a fresh embedded database (PGlite, no DATABASE_URL, no REDIS_URL, demo seeded): time until the console answers, time until the demo is ready to sign in, the RSS of its whole process tree (sampled every 100 ms, Chromium included when it runs) while starting (peak) and idle';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const targets = { readySeconds: 15, idleMb: 350, peakMb: 600 };
/** Idle: RSS once the demo is ready and nothing has run for this long. */
const settleMs = 15_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident memory of one process in MB (Linux /proc), or undefined once it is gone. */
function rssMb(pid: number): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Every process below `pid` (the embedded database's one-off initdb when there is no prepared cluster, Chromium when it runs). */
function descendantsOf(pid: number): { pid: number; chromium: boolean }[] {
  const found: { pid: number; chromium: boolean }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent !== pid) continue;
      found.push({ pid: Number(entry), chromium: /chrom/i.test(readFileSync(`/proc/${entry}/cmdline`, 'utf8')) }, ...descendantsOf(Number(entry)));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** RSS of `pid` and its descendants in MB, and whether Chromium is among them. */
function treeRss(pid: number): { own: number; tree: number; chromium: boolean } {
  const own = rssMb(pid) ?? 0;
  const below = descendantsOf(pid);
  return { own, tree: own + below.reduce((sum, child) => sum + (rssMb(child.pid) ?? 0), 0), chromium: below.some((child) => child.chromium) };
}

/** CPU seconds (user + system) `pid` and its ended children used so far: the start's work, whatever the machine's load. */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime, cutime, cstime (fields 14-17 of stat), in clock ticks of 1/100 s.
    return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
  } catch {
    return Number.NaN;
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/** Signs in as the demo super user: the demo is ready once this works. */
async function demoSignsIn(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl}/api/auth/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ usernameOrEmail: 'super@demo.example.com', password: 'Demo-Super1!' }),
    });
    return response.status === 200;
  } catch {
    return false;
  }
}

export async function run({ log }: { log: (line: string) => void }): Promise<BenchRow[]> {
  // `npm start` builds the console and the server first when their sources changed, and prepares the empty
  // embedded cluster once (scripts/ensure-server-build.mjs): not part of the start measured.
  execFileSync(process.execPath, ['scripts/ensure-web-build.mjs'], { cwd: root, stdio: 'inherit' });
  execFileSync(process.execPath, ['scripts/ensure-server-build.mjs'], { cwd: root, stdio: 'inherit' });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'first-start-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const load = os.loadavg()[0].toFixed(1);
  log(`load average ${load} at the start (${os.cpus().length} cores)`);
  const started = performance.now();
  const server = spawn(process.execPath, ['dist/server/main.mjs'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const pid = server.pid ?? 0;
  let peak = 0;
  let treePeak = 0;
  let chromiumRan = false;
  const sampler = setInterval(() => {
    const sample = treeRss(pid);
    peak = Math.max(peak, sample.own);
    treePeak = Math.max(treePeak, sample.tree);
    chromiumRan ||= sample.chromium;
  }, 100);
  try {
    const deadline = started + 300_000;
    const until = async (what: string, probe: () => Promise<boolean>) => {
      while (!(await probe())) {
        if (server.exitCode !== null) throw new Error(`the server exited while waiting for ${what}: ${output}`);
        if (performance.now() > deadline) throw new Error(`gave up waiting for ${what}`);
        await sleep(50);
      }
      return (performance.now() - started) / 1000;
    };
    const ready = await until('the console to answer', () => answers(`${baseUrl}/api/ready`));
    const readyCpu = cpuSeconds(pid);
    // The demo is ready once the server says so (seeded in the background), or with the start-up block (seeded before it).
    const demoReady = async () => /Demo company ready/.test(output) || (/is ready/.test(output) && !/being prepared/.test(output));
    const demo = await until('the demo company ready', async () => (await demoReady()) && (await demoSignsIn(baseUrl)));
    await sleep(settleMs);
    const idle = treeRss(pid);
    const banner = /Ready in\s+([\d.]+) s/.exec(output)?.[1];
    const chromium = idle.chromium ? 'Chromium running at idle (counted)' : chromiumRan ? 'Chromium ran while starting (counted), none at idle' : 'no Chromium';
    log(
      `ready ${ready.toFixed(1)} s (${readyCpu.toFixed(1)} CPU s; start-up block says ${banner ?? 'nothing'} s), demo ${demo.toFixed(1)} s, RSS idle ${idle.tree.toFixed(0)} MB (server ${idle.own.toFixed(0)}), peak ${treePeak.toFixed(0)} MB (server ${peak.toFixed(0)}); ${chromium}`,
    );
    const note = `load average ${load} at the start, ${os.cpus().length} cores; ${chromium}`;
    return [
      {
        case: 'time until the console answers (/api/ready)',
        value: ready,
        unit: 's',
        target: `<= ${targets.readySeconds} s on a quiet machine`,
        met: ready <= targets.readySeconds,
        note,
      },
      {
        case: 'CPU time of the server until it answers (user + system; what a quiet machine waits, about)',
        value: readyCpu,
        unit: 's',
        note,
      },
      ...(banner ? [{ case: "time to ready in the start-up block ('Ready in')", value: Number(banner), unit: 's', note }] : []),
      { case: 'time until the demo company is ready', value: demo, unit: 's', note },
      {
        case: 'RSS idle, server and its processes (demo ready, 15 s quiet)',
        value: idle.tree,
        unit: 'MB',
        target: `<= ${targets.idleMb} MB`,
        met: idle.tree <= targets.idleMb,
        note,
      },
      {
        case: 'RSS peak, server and its processes (sampled every 100 ms)',
        value: treePeak,
        unit: 'MB',
        target: `<= ${targets.peakMb} MB`,
        met: treePeak <= targets.peakMb,
        note,
      },
      { case: 'RSS peak of the server process alone', value: peak, unit: 'MB', note },
    ];
  } finally {
    clearInterval(sampler);
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000)]);
    if (server.exitCode === null) server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
