import { percentile, type BenchContext, type BenchRow } from './harness.js';
import { benchCompany, benchLine, startBoards, startBenchApp } from './orders-support.js';

export const name = 'orders-command-to-screen';
export const description =
  'POST move-to-station at 50/s for 30 s with 200 live-feed clients subscribed: from sending the request to each client receiving the event';

const clients = 200;
const perSecond = 50;
const seconds = 30;
const orders = 100;
const targetP99Ms = 100;
/** The live feed re-checks every socket's token every 30 s (src/server/platform/live-feed.ts). */
const heartbeatMs = 30_000;

interface Order {
  id: string;
  version: number;
}

const now = () => Number(process.hrtime.bigint()) / 1e6;

export async function run(context: BenchContext): Promise<BenchRow[]> {
  const bench = await startBenchApp(context);
  const boards = startBoards(clients);
  try {
    const { token } = await benchCompany(bench.app);
    const line = await benchLine(bench.app, token, orders);
    const { onLine } = line;
    const saw = { id: line.saw };
    const drill = { id: line.drill };
    context.log(`${orders} production orders on the line`);
    await boards.open(`${bench.baseUrl.replace('http', 'ws')}/api/live`, token);
    context.log(`${clients} live-feed clients subscribed to type:order (in a child process)`);

    const total = perSecond * seconds;
    const sentAt = new Map<string, number>();
    const failures: string[] = [];
    const answered: number[] = [];
    const move = async (order: Order & { at: string }) => {
      const to = order.at === saw.id ? drill.id : saw.id;
      const sent = now();
      sentAt.set(`order-${order.id}:${order.version + 1}`, sent);
      const res = await fetch(`${bench.baseUrl}/api/orders/${order.id}/move-to-station`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ version: order.version, toStationId: to }),
      });
      const body = (await res.json()) as Order;
      answered.push(now() - sent);
      if (res.status !== 200) {
        failures.push(`${res.status} ${JSON.stringify(body).slice(0, 200)}`);
        return;
      }
      order.version = body.version;
      order.at = to;
    };
    // Open loop: a move every 20 ms whatever the answers do; each order is moved every 2 s.
    const inFlight: Promise<void>[] = [];
    const started = performance.now();
    for (let index = 0; index < total; index++) {
      const due = started + (index * 1000) / perSecond;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      inFlight.push(move(onLine[index % orders]));
    }
    await Promise.all(inFlight);
    const elapsed = (performance.now() - started) / 1000;
    // Deliveries still on their way get a moment before the boards report.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const { arrivals, closed } = await boards.report();

    // Moves sent from just before a heartbeat tick to 3 s after it meet the token re-check of every socket.
    const nearHeartbeat = (sent: number) => {
      const sinceTick = (sent - bench.builtAt) % heartbeatMs;
      return sinceTick < 3000 || sinceTick > heartbeatMs - 500;
    };
    const latencies: number[] = [];
    const awayFromTicks: number[] = [];
    for (const [key, times] of arrivals) {
      const sent = sentAt.get(key);
      if (sent === undefined) continue;
      for (const at of times) {
        latencies.push(at - sent);
        if (!nearHeartbeat(sent)) awayFromTicks.push(at - sent);
      }
    }
    const expected = (total - failures.length) * clients;
    if (failures.length) context.log(`${failures.length} moves refused, e.g. ${failures[0]}`);
    context.log(`${total} moves in ${elapsed.toFixed(1)} s, ${latencies.length} of ${expected} deliveries measured, ${closed} sockets closed`);

    const p99 = percentile(latencies, 99);
    const note = `${total} moves, ${clients} clients, ${latencies.length}/${expected} deliveries${failures.length ? `, ${failures.length} moves refused` : ''}`;
    return [
      { case: 'request to client, p50', value: percentile(latencies, 50), unit: 'ms', note },
      {
        case: 'request to client, p99',
        value: p99,
        unit: 'ms',
        target: `p99 < ${targetP99Ms} ms, all delivered`,
        met: p99 < targetP99Ms && latencies.length === expected,
        note,
      },
      { case: 'request to client, max', value: latencies.reduce((max, latency) => Math.max(max, latency), 0), unit: 'ms' },
      {
        case: 'request to client, p99 away from heartbeat ticks',
        value: percentile(awayFromTicks, 99),
        unit: 'ms',
        note: `${awayFromTicks.length} deliveries of moves sent more than 3 s after a 30 s live-feed tick (each tick re-checks all ${clients} tokens at once)`,
      },
      {
        case: 'request to answer, p50',
        value: percentile(answered, 50),
        unit: 'ms',
        note: `p99 ${percentile(answered, 99).toFixed(1)} ms: the command alone, for comparison`,
      },
    ];
  } finally {
    boards.stop();
    await bench.close();
  }
}
