import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { clientOf, companyWithTeam, type Client } from '../support/identity.js';
import { testRedisUrl } from '../support/services.js';
import { create, product } from '../integration/materials/support.js';
import { loseQueueData, startWorkerProcess, stopProcess, stopWorkers, waitUntil, workerEnvOf, type ChildServer } from './support.js';

// A worker process SIGKILLed while its Chromium runs (issue 32, item 2): Chromium used to outlive it
// (0.7-0.8 GB a browser). The renderer starts Chromium with its DevTools protocol on a pipe, and the
// browser ends when the pipe to its parent closes: no Chromium process is left (docs/jobs.md, PDF).
const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

let t: TestApp;
let admin: Client;
const workers: ChildServer[] = [];

beforeAll(async () => {
  t = await createTestApp({ REDIS_URL: testRedisUrl(), JWT_SECRET });
  admin = clientOf(t, (await companyWithTeam(t)).admin.token);
});
afterAll(async () => {
  await stopWorkers(workers);
  await t?.close();
  await loseQueueData(t.queuePrefix);
});

/** Every process below `pid` with its command line (Linux /proc). */
function descendants(pid: number): { pid: number; command: string }[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent is the 2nd field after the command in parentheses.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found: { pid: number; command: string }[] = [];
  const walk = (parent: number) => {
    for (const child of children.get(parent) ?? []) {
      found.push({ pid: child, command: commandOf(child) ?? '' });
      walk(child);
    }
  };
  walk(pid);
  return found;
}

function commandOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return undefined;
  }
}

const isChromium = (command: string) => /chrom/i.test(command);

describe('a worker killed while its Chromium runs', () => {
  it('leaves no Chromium process behind', async () => {
    const worker = startWorkerProcess(workerEnvOf(t));
    workers.push(worker);
    const material = await create(admin, product({ name: 'Etikett', materialNumber: 'CL-1' }));
    const answer = await admin.post('/api/documents', { type: 'material-label', subjectId: material.id });
    expect(answer.statusCode, answer.body).toBe(202);
    const documentId = answer.json().id as string;
    await waitUntil(
      'the document printed (its Chromium stays up for the next)',
      async () => {
        await t.jobs.dispatcher.catchUp();
        return (await admin.get(`/api/documents/${documentId}`)).json().status === 'generated';
      },
      200,
      150_000,
    );

    const browsers = descendants(worker.child.pid ?? 0).filter((process) => isChromium(process.command));
    expect(browsers.length).toBeGreaterThan(0);
    await stopProcess(worker, 'SIGKILL');
    const alive = () => browsers.filter((process) => existsSync(`/proc/${process.pid}`) && commandOf(process.pid) === process.command);
    // No fixed wait: each process is polled until it is gone (Chromium notices the closed pipe at once).
    await waitUntil('every Chromium process of the killed worker gone', () => alive().length === 0, 100, 30_000).catch(() => undefined);
    const left = alive();
    for (const process of left) globalThis.process.kill(process.pid, 'SIGKILL');
    console.info(`[reliability] worker-chromium-left: ${browsers.length} Chromium processes under the worker before the SIGKILL, ${left.length} left after it`);
    expect(left).toEqual([]);
  });
});
