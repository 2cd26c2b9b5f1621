import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { ORDER_STREAM_TYPE, orderStreamId, type OrderDetails, type OrderEvent } from '../src/domain/orders/order.events.js';
import { calendarDayIn } from '../src/domain/company/working-time.rules.js';
import { formatOrderNumber } from '../src/domain/company/company.numbering.js';
import { orderListQuerySchema, type OrderKind } from '../src/domain/orders/order.schema.js';
import { orderListStatement } from '../src/server/modules/orders/index.js';
import { withSystem } from '../src/server/platform/db.js';
import type { StoredEvent } from '../src/server/platform/event-store.js';
import { ordersProjection } from '../src/server/modules/orders/orders.projection.js';
import { alternateLatencies, percentile, type BenchContext, type BenchRow } from './harness.js';
import { benchCompany, startBenchApp } from './orders-support.js';

export const name = 'orders-list';
export const description =
  'order list at 10,000 orders / 1,000,000 events: p95 of a filtered, paged GET /api/orders vs the same SQL run directly (same role, row-level security on)';

const orderCount = 10_000;
const eventsPerOrder = 100;
const targetRatio = 1.5;
const warmUp = 30;
const rounds = 15;
const perRound = 40;

/** The filtered, paged requests measured: a status tab page and a search for delayed orders. */
const cases = [
  { label: 'customer orders, 3 statuses, page 3, by delivery date', query: 'kind=customer&status=open,ordered,in-progress&sort=-deliveryDate&page=3&limit=10' },
  { label: 'delayed orders matching a name, page 1', query: 'delayed=true&q=berg&page=1&limit=10' },
];

const customers = [
  'Fahrradhaus Berg',
  'Velo Weber',
  'Radhaus Schneider',
  'Kurierdienst Flink',
  'Bike Shop Huber',
  'Bergsport Maier',
  'Stadtwerke Ingolstadt',
  'Zweirad Koch',
];
const places = ['München', 'Regensburg', 'Passau', 'Landshut', 'Nürnberg', 'Augsburg', 'Ingolstadt', 'Würzburg'];
const day = (offset: number) => calendarDayIn(new Date(Date.now() + offset * 86_400_000), 'UTC');

/** The real events of order `index`: created, then what brings it to its status. Spread over kinds, statuses and dates. */
function eventsOf(index: number, companyStations: [string, string], materialId: string): { orderId: string; events: OrderEvent[] } {
  const orderId = randomUUID();
  const kind: OrderKind = index % 10 < 7 ? 'customer' : index % 10 < 9 ? 'production' : 'logistics';
  const at = new Date(Date.now() - (orderCount - index) * 60_000).toISOString();
  const details: OrderDetails = {
    name: `${customers[index % customers.length]} ${index % 97}`,
    street: 'Industriestraße',
    houseNumber: String(1 + (index % 90)),
    addressSuffix: '',
    zip: '93047',
    place: places[index % places.length],
    country: 'DE',
    prioritize: index % 13 === 0,
    deliveryDate: day((index % 120) - 60),
    noteForProduction: '',
    shippingMethod: 'Spedition',
    incoterm: 'DAP',
    stockOrder: false,
    comment: '',
    workInProgress: 'Halle 2',
    packaging: '',
  };
  const positions = [
    {
      materialId,
      materialName: 'Stadtrad Classic',
      materialNumber: 'P-1000',
      materialType: 'product' as const,
      quantity: 1 + (index % 9),
      netPrice: 649,
      useInventory: false,
    },
  ];
  const created: OrderEvent = {
    type: 'OrderCreated',
    data: {
      orderId,
      kind,
      number: index + 1,
      orderNumber: formatOrderNumber(index + 1),
      details,
      positions,
      parentOrderId: null,
      forStock: kind === 'production',
      at,
    },
  };
  const then = (type: OrderEvent['type'], data: object = {}) => ({ type, data: { orderId, at, ...data } }) as OrderEvent;
  const step = Math.floor(index / 10) % 5;
  const paths: Record<OrderKind, OrderEvent[][]> = {
    customer: [
      [],
      [then('OrderPlaced')],
      [then('ProductionStarted', { productionOrders: [], takenFromStock: [] })],
      [then('OrderReadyToShip')],
      [then('OrderFinished')],
    ],
    production: [
      [],
      [then('ProductionOrderStarted', { stationId: companyStations[0] })],
      [then('ProductionOrderStarted', { stationId: companyStations[1] })],
      [then('ProductionFinished', { stockAdded: [] })],
      [],
    ],
    logistics: [[], [then('OrderPlaced')], [then('OrderCheckedIn', { stationId: companyStations[0], stockAdded: [] })], [], []],
  };
  return { orderId, events: [created, ...paths[kind][step]] };
}

/**
 * Seeds 10,000 orders with 100 events each, by bulk SQL (the API would take far too long): each
 * stream's real events (created, then what brings it to its status), then station moves back and
 * forth up to 100 (`OrderMovedToStation`, the size of a typical shop-floor event). The list rows
 * are written by the real inline projection from the real events and moved to version 100 at the
 * end; the moves are log volume only, the rows do not reflect them.
 */
async function seed(context: BenchContext, companyId: string) {
  const { db } = context.database;
  const stations: [string, string] = [randomUUID(), randomUUID()];
  const materialId = randomUUID();
  for (let batch = 0; batch < orderCount; batch += 1000) {
    const orders = Array.from({ length: Math.min(1000, orderCount - batch) }, (_, i) => eventsOf(batch + i, stations, materialId));
    await withSystem(db, async (tx) => {
      const stored: StoredEvent[] = [];
      const rows = orders.flatMap(({ orderId, events }) =>
        events.map((event, index) => {
          const row = {
            company_id: companyId,
            stream_id: orderStreamId(orderId),
            stream_type: ORDER_STREAM_TYPE,
            stream_version: index + 1,
            type: event.type,
            data: JSON.stringify(event.data),
          };
          stored.push({
            globalPosition: 0,
            txId: '0',
            companyId,
            streamId: row.stream_id,
            streamType: ORDER_STREAM_TYPE,
            streamVersion: index + 1,
            type: event.type,
            data: event.data,
            metadata: {},
            recordedAt: new Date(),
          });
          return row;
        }),
      );
      await tx.insertInto('events').values(rows).execute();
      await tx
        .insertInto('streams')
        .values(
          orders.map(({ orderId }) => ({ stream_id: orderStreamId(orderId), company_id: companyId, stream_type: ORDER_STREAM_TYPE, version: eventsPerOrder })),
        )
        .execute();
      await ordersProjection.apply(tx, stored);
      const fill = orders.map(({ orderId, events }) => ({ orderId, stream: orderStreamId(orderId), first: events.length + 1 }));
      await sql`
        insert into events (company_id, stream_id, stream_type, stream_version, type, data)
        select ${companyId}::uuid, f.stream, ${ORDER_STREAM_TYPE}, v, 'OrderMovedToStation',
               jsonb_build_object('orderId', f."orderId", 'fromStationId', ${stations[0]}::text, 'toStationId', ${stations[1]}::text,
                                  'at', to_char(now() - make_interval(mins => ${eventsPerOrder} - v), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
        from jsonb_to_recordset(${JSON.stringify(fill)}::jsonb) as f("orderId" text, stream text, first int),
             generate_series(f.first, ${eventsPerOrder}) as v
      `.execute(tx);
    });
    context.log(`seeded ${batch + orders.length} orders`);
  }
  await withSystem(db, (tx) => sql`update orders set version = ${eventsPerOrder}`.execute(tx));
  // Compact after that update, so the list reads the table a long-running, vacuumed system has.
  await sql`vacuum full analyze orders`.execute(db);
  await sql`analyze events`.execute(db);
}

export async function run(context: BenchContext): Promise<BenchRow[]> {
  const bench = await startBenchApp(context);
  const direct = new pg.Client({ connectionString: context.databaseUrl });
  try {
    const { companyId, token } = await benchCompany(bench.app);
    await seed(context, companyId);
    const { rows: counted } = await sql<{
      orders: string;
      events: string;
    }>`select (select count(*) from orders) as orders, (select count(*) from events where stream_type = 'order') as events`.execute(context.database.db);
    context.log(`${counted[0].orders} orders, ${counted[0].events} order events`);
    await direct.connect();
    // The same SQL as the request runs it: as the application role with the company set, so
    // row-level security applies to both sides; what differs is HTTP, auth and the transaction.
    await direct.query("select set_config('role', 'shopfloor_app', false), set_config('app.company_id', $1, false)", [companyId]);

    const rows: BenchRow[] = [];
    for (const { label, query } of cases) {
      const parsed = orderListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
      const compiled = orderListStatement(context.database.db, parsed, calendarDayIn(new Date(), 'UTC')).compile();
      const viaApi = async () => {
        const started = performance.now();
        const res = await fetch(`${bench.baseUrl}/api/orders?${query}`, { headers: { authorization: `Bearer ${token}` } });
        const body = (await res.json()) as { data: unknown[]; total: number };
        if (res.status !== 200 || body.data.length === 0) throw new Error(`list answered ${res.status} with ${body.data?.length} rows`);
        return performance.now() - started;
      };
      const viaSql = async () => {
        const started = performance.now();
        await direct.query(compiled.sql, [...compiled.parameters]);
        return performance.now() - started;
      };
      const { subject: api, baseline: plain, ratio } = await alternateLatencies({ warmUp, rounds, perRound, p: 95 }, viaApi, viaSql);
      const p95 = percentile(api, 95);
      const baseline = percentile(plain, 95);
      rows.push({
        case: `p95, ${label}`,
        value: p95,
        unit: 'ms',
        baseline: { label: 'same SQL direct', value: baseline },
        ratio,
        target: `ratio <= ${targetRatio}`,
        met: ratio <= targetRatio,
        note: `p50 ${percentile(api, 50).toFixed(2)} ms vs ${percentile(plain, 50).toFixed(2)} ms; ratio of all samples' p95 ${(p95 / baseline).toFixed(2)}; ${api.length} requests each`,
      });
      context.log(`${label}: p95 ${p95.toFixed(2)} ms vs ${baseline.toFixed(2)} ms direct`);
    }
    return rows;
  } finally {
    await direct.end().catch(() => undefined);
    await bench.close();
  }
}
