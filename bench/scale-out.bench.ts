import { fork } from 'node:child_process';
import { percentile, type BenchContext, type BenchRow } from './harness.js';
import { benchCompany, benchLine, startBenchApp, startBoards, type LineOrder } from './orders-support.js';
import type { InstanceMessage } from './scale-out-instance.js';

export const name = 'scale-out';
export const description =
  'Order moves on instance A at 20/s for 20 s, 200 live-feed clients first on A (one instance), then on instance B (a second server process on the same PostgreSQL): from the request to each client receiving the event';

const clients = 200;
const perSecond = 20;
const seconds = 20;
const orders = 50;
const targetP99Ms = 100;

const now = () => Number(process.hrtime.bigint()) / 1e6;

/** Instance B in a process of its own; resolves with its base URL once it serves and listens for commits. */
function startInstanceB(databaseUrl: string, jwtSecret: string) {
  const child = fork(new URL('./scale-out-instance.ts', import.meta.url), [databaseUrl, jwtSecret], { serialization: 'advanced', stdio: 'inherit' });
  const listening = new Promise<string>((resolve, reject) => {
    child.once('message', (message: InstanceMessage) => (message.type === 'listening' ? resolve(message.baseUrl) : reject(new Error(message.message))));
    child.once('exit', (code) => reject(new Error(`instance B exited with ${code}`)));
  });
  return {
    listening,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'stop' });
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      child.kill();
    },
  };
}

/** Moves orders on A at a steady pace (open loop) and measures how long each move takes to reach every board. */
async function measure(baseUrlA: string, token: string, feedUrl: string, line: { saw: string; drill: string; onLine: LineOrder[] }) {
  const boards = startBoards(clients);
  try {
    await boards.open(feedUrl, token);
    const sentAt = new Map<string, number>();
    let refused = 0;
    const move = async (order: LineOrder) => {
      const to = order.at === line.saw ? line.drill : line.saw;
      sentAt.set(`order-${order.id}:${order.version + 1}`, now());
      const res = await fetch(`${baseUrlA}/api/orders/${order.id}/move-to-station`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ version: order.version, toStationId: to }),
      });
      const body = (await res.json()) as { version: number };
      if (res.status !== 200) {
        refused += 1;
        return;
      }
      order.version = body.version;
      order.at = to;
    };
    const total = perSecond * seconds;
    const inFlight: Promise<void>[] = [];
    const started = performance.now();
    for (let index = 0; index < total; index++) {
      const wait = started + (index * 1000) / perSecond - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      inFlight.push(move(line.onLine[index % line.onLine.length]));
    }
    await Promise.all(inFlight);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const { arrivals } = await boards.report();
    const latencies: number[] = [];
    for (const [key, times] of arrivals) {
      const sent = sentAt.get(key);
      if (sent !== undefined) for (const at of times) latencies.push(at - sent);
    }
    return { latencies, expected: (total - refused) * clients, refused };
  } finally {
    boards.stop();
  }
}

export async function run(context: BenchContext): Promise<BenchRow[]> {
  const a = await startBenchApp(context);
  const b = startInstanceB(context.databaseUrl, a.app.config.jwtSecret);
  try {
    const baseUrlB = await b.listening;
    await a.app.commitSignal?.listening();
    const { token } = await benchCompany(a.app);
    const line = await benchLine(a.app, token, orders);
    context.log(`${orders} orders on the line; instance B at ${baseUrlB}`);

    const single = await measure(a.baseUrl, token, `${a.baseUrl.replace('http', 'ws')}/api/live`, line);
    context.log(`one instance: ${single.latencies.length}/${single.expected} deliveries`);
    const across = await measure(a.baseUrl, token, `${baseUrlB.replace('http', 'ws')}/api/live`, line);
    context.log(`clients on B: ${across.latencies.length}/${across.expected} deliveries`);

    const singleP99 = percentile(single.latencies, 99);
    const acrossP99 = percentile(across.latencies, 99);
    const note = (result: typeof single) =>
      `${result.latencies.length}/${result.expected} deliveries${result.refused ? `, ${result.refused} moves refused` : ''}`;
    return [
      { case: 'one instance (clients on A), p50', value: percentile(single.latencies, 50), unit: 'ms', note: note(single) },
      { case: 'one instance (clients on A), p99', value: singleP99, unit: 'ms', note: note(single) },
      { case: 'across instances (clients on B), p50', value: percentile(across.latencies, 50), unit: 'ms', note: note(across) },
      {
        case: 'across instances (clients on B), p99',
        value: acrossP99,
        unit: 'ms',
        baseline: { label: 'one instance p99', value: singleP99 },
        ratio: singleP99 > 0 ? acrossP99 / singleP99 : undefined,
        target: `p99 < ${targetP99Ms} ms, all delivered`,
        met: acrossP99 < targetP99Ms && across.latencies.length === across.expected,
        note: note(across),
      },
    ];
  } finally {
    await b.stop();
    await a.close();
  }
}
