import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { provisionCompany } from '../src/server/modules/identity/index.js';
import type { StationBoard } from '../src/domain/orders/board.views.js';
import { percentile, type BenchContext, type BenchRow } from './harness.js';
import { benchCompany, benchLine, injectAs, startBenchApp, startBoards, type BenchApp, type LineOrder } from './orders-support.js';

export const name = 'board';
export const description =
  'The station board with 50 stations and 2,000 open production orders: GET /api/orders/station-board, and moves at 50/s for 15 s reaching 200 live-feed clients (baseline: the same on the two-station line of 100 orders)';

const clients = 200;
const perSecond = 50;
const seconds = 15;
const stationCount = 50;
const orderCount = 2000;
const targetP99Ms = 100;
const boardReads = 40;

const now = () => Number(process.hrtime.bigint()) / 1e6;

/** `count` jobs, at most `parallel` at a time. */
async function inBatches<T>(count: number, parallel: number, job: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await job(index);
      }
    }),
  );
  return results;
}

/** 50 stations in sequence, 2,000 production orders spread over them, and a completion at every station (so every column has a cycle time). */
export async function boardLine(app: FastifyInstance, token: string, operator: { id: string; login: string }) {
  const as = <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => injectAs<T>(app, token, method, url, payload);
  const material = await as<{ id: string }>('POST', '/api/materials', { type: 'product', name: 'Schaltschrank', vat: 19, stock: { quantity: 0, unit: 'Stk' } });
  const letters = (index: number) => `S${String(index + 1).padStart(2, '0')}`;
  const stations = await inBatches(stationCount, 4, (index) =>
    as<{ id: string }>('POST', '/api/stations', { name: letters(index), wipLimit: 40, parameters: [], actions: [], incomingGoodsCheckIn: false }),
  );
  const stationIds = stations.map((station) => station.id);
  await as('PUT', '/api/stations/sequence', { stationIds, startStationId: stationIds[0], version: 0 });
  const orders = await inBatches(orderCount, 6, async (index) => {
    const created = await as<{ id: string; version: number }>('POST', '/api/orders', {
      kind: 'production',
      name: `Kunde ${index}`,
      street: 'Werkstraße',
      houseNumber: '1',
      zip: '70173',
      place: 'Stuttgart',
      workInProgress: 'Halle 4',
      deliveryDate: index % 3 === 0 ? '2026-12-01' : '2099-12-01',
      prioritize: index % 17 === 0,
      positions: [{ materialId: material.id, quantity: 1 + (index % 9), netPrice: 100 }],
    });
    const started = await as<{ id: string; version: number }>('POST', `/api/orders/${created.id}/start-production`, { version: created.version });
    const target = stationIds[index % stationCount];
    if (target === stationIds[0]) return { id: started.id, version: started.version, at: target };
    const moved = await as<{ id: string; version: number }>('POST', `/api/orders/${started.id}/move-to-station`, {
      version: started.version,
      toStationId: target,
    });
    return { id: moved.id, version: moved.version, at: target };
  });
  // One completion per station through the operator signed in there.
  await as('PUT', `/api/users/${operator.id}/station-authorizations`, { stationIds });
  for (const stationId of stationIds) {
    const login = await app.inject({ method: 'POST', url: `/api/stations/${stationId}/login`, payload: { username: operator.login, password } });
    if (login.statusCode !== 200) throw new Error(`station login failed: ${login.body}`);
    const opToken = login.json().access_token as string;
    const order = orders.find((candidate) => candidate.at === stationId) as LineOrder;
    const started = await injectAs<{ version: number }>(app, opToken, 'POST', `/api/orders/${order.id}/start-work`, { version: order.version, stationId });
    const done = await injectAs<{ version: number; location: { stage: string; stationId?: string } | null }>(
      app,
      opToken,
      'POST',
      `/api/orders/${order.id}/complete-work`,
      {
        version: started.version,
        stationId,
      },
    );
    order.version = done.version;
    order.at = done.location?.stage === 'station' ? (done.location.stationId ?? '') : '';
  }
  return { stationIds, orders: orders.filter((order) => order.at !== '') };
}

const password = 'Bench#Board2026';

/** A company whose owner sets the line up and whose operator completes work at the stations. */
export async function boardCompany(app: FastifyInstance) {
  const tag = randomUUID().slice(0, 8);
  const email = `owner-${tag}@bench.example.com`;
  const login = `op${tag}`;
  const { companyId, userIds } = await provisionCompany(app, {
    companyName: 'Bench Schaltanlagen',
    plan: 'standard',
    trialEndsAt: null,
    users: [
      { role: 'SUPER_USER', firstName: 'Bea', lastName: 'Bench', email, password },
      { role: 'OPERATOR', firstName: 'Otto', lastName: 'Bench', username: login, password },
    ],
  });
  const res = await app.inject({ method: 'POST', url: '/api/auth/authenticate', payload: { usernameOrEmail: email, password } });
  if (res.statusCode !== 200) throw new Error(`bench sign-in failed: ${res.body}`);
  return { companyId, token: res.json().access_token as string, operator: { id: userIds[1], login } };
}

/** Moves at `perSecond` for `seconds` between two stations per order, 200 clients watching; answers the latencies from request to client. */
async function moveUnderWatch(bench: BenchApp, token: string, onLine: LineOrder[], targets: (order: LineOrder) => string, context: BenchContext) {
  const boards = startBoards(clients);
  try {
    await boards.open(`${bench.baseUrl.replace('http', 'ws')}/api/live`, token);
    const total = perSecond * seconds;
    const sentAt = new Map<string, number>();
    let refused = 0;
    const move = async (order: LineOrder) => {
      const to = targets(order);
      const sent = now();
      sentAt.set(`order-${order.id}:${order.version + 1}`, sent);
      const res = await fetch(`${bench.baseUrl}/api/orders/${order.id}/move-to-station`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ version: order.version, toStationId: to }),
      });
      const body = (await res.json()) as { version: number };
      if (res.status !== 200) {
        refused++;
        return;
      }
      order.version = body.version;
      order.at = to;
    };
    const inFlight: Promise<void>[] = [];
    const started = performance.now();
    // Every order of the line takes its turn: on the board's line an order moves once in 40 s.
    const moving = onLine;
    for (let index = 0; index < total; index++) {
      const wait = started + (index * 1000) / perSecond - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      inFlight.push(move(moving[index % moving.length]));
    }
    await Promise.all(inFlight);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const { arrivals } = await boards.report();
    const latencies: number[] = [];
    for (const [key, times] of arrivals) {
      const sent = sentAt.get(key);
      if (sent !== undefined) for (const at of times) latencies.push(at - sent);
    }
    const expected = (total - refused) * clients;
    context.log(`${total} moves, ${refused} refused, ${latencies.length} of ${expected} deliveries`);
    return { latencies, expected, refused };
  } finally {
    boards.stop();
  }
}

export async function run(context: BenchContext): Promise<BenchRow[]> {
  const bench = await startBenchApp(context);
  try {
    // Baseline: the two-station line of the orders benchmark, in its own company.
    const small = await benchCompany(bench.app);
    const line = await benchLine(bench.app, small.token, 100);
    context.log('baseline: 100 orders on two stations');
    const baseline = await moveUnderWatch(bench, small.token, line.onLine, (order) => (order.at === line.saw ? line.drill : line.saw), context);

    const big = await boardCompany(bench.app);
    const seedStarted = performance.now();
    const { stationIds, orders } = await boardLine(bench.app, big.token, big.operator);
    context.log(`${stationIds.length} stations, ${orders.length} open orders in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`);

    // The board read as a browser reads it (over HTTP, the whole answer).
    const reads: number[] = [];
    let board: StationBoard | null = null;
    for (let index = 0; index < boardReads; index++) {
      const sent = now();
      const res = await fetch(`${bench.baseUrl}/api/orders/station-board`, { headers: { authorization: `Bearer ${big.token}` } });
      board = (await res.json()) as StationBoard;
      reads.push(now() - sent);
    }
    const cards = board?.columns.reduce((sum, column) => sum + column.cards.length, 0) ?? 0;
    const predicted = board?.columns.flatMap((column) => column.cards).filter((card) => card.predictedAt !== null).length ?? 0;
    context.log(`board: ${board?.columns.length} columns, ${cards} cards, ${predicted} predicted`);

    const next = (order: LineOrder) => stationIds[(stationIds.indexOf(order.at) + 1) % stationIds.length];
    const subject = await moveUnderWatch(bench, big.token, orders, next, context);

    const p99 = percentile(subject.latencies, 99);
    const baseP99 = percentile(baseline.latencies, 99);
    const note = `${perSecond * seconds} moves, ${clients} clients, ${subject.latencies.length}/${subject.expected} deliveries`;
    return [
      {
        case: 'board read (50 stations, 2,000 orders), p50',
        value: percentile(reads, 50),
        unit: 'ms',
        note: `${boardReads} reads of GET /api/orders/station-board, ${cards} cards, ${predicted} with a prediction; p99 ${percentile(reads, 99).toFixed(1)} ms`,
      },
      {
        case: 'request to client, p50',
        value: percentile(subject.latencies, 50),
        unit: 'ms',
        baseline: { label: 'two-station line, 100 orders', value: percentile(baseline.latencies, 50) },
        ratio: percentile(subject.latencies, 50) / percentile(baseline.latencies, 50),
        note,
      },
      {
        case: 'request to client, p99',
        value: p99,
        unit: 'ms',
        baseline: { label: 'two-station line, 100 orders', value: baseP99 },
        ratio: p99 / baseP99,
        target: `p99 < ${targetP99Ms} ms, all delivered`,
        met: p99 < targetP99Ms && subject.latencies.length === subject.expected,
        note,
      },
    ];
  } finally {
    await bench.close();
  }
}
