import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { LABOUR_STREAM_TYPE } from '../src/domain/labour/labour.events.js';
import { ORDER_STREAM_TYPE } from '../src/domain/orders/order.events.js';
import type { MarginsView } from '../src/domain/costing/costing.views.js';
import { provisionCompany } from '../src/server/modules/identity/index.js';
import { withSystem } from '../src/server/platform/db.js';
import { alternateLatencies, percentile, type BenchContext, type BenchRow } from './harness.js';
import { startBenchApp } from './orders-support.js';

export const name = 'costing';
export const description =
  'Actual cost of 10,000 production orders (COSTING_BENCH_ORDERS) over about 2,000,000 events: GET /api/costs/margins for the period holding them vs one hand-written SQL aggregate of the same rows';

/** Orders of the log: set COSTING_BENCH_ORDERS for a smaller run (the row names the size it ran). */
const orderCount = Number(process.env.COSTING_BENCH_ORDERS ?? 10_000);
const targetRatio = 1.2;
const warmUp = 2;
const rounds = 5;
const perRound = 3;
const stationCount = 20;
const peopleCount = 50;
/** Per order: 4 station visits, 2 people each, who pause and resume 11 times per visit. */
const visits = 4;
const peoplePerVisit = 2;
const pauses = 11;
/** Order events: created, started, per visit work started and completed. Labour: per person and visit join, pauses and resumes, leave. */
const eventsPerOrder = 2 + 2 * visits + visits * peoplePerVisit * (2 + 2 * pauses);
const password = 'Bench#Costs2026';

const iso = (column: string) => sql.raw(`to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * Seeds the log by bulk SQL (the API would take hours): production orders of one product through 4 of
 * 20 stations over the last 60 days, each visit 40 minutes with two of 50 people on it who pause 11
 * times; then the read models the projections write for those events (costing orders, planned
 * stations, machine time, the labour work pieces), by SQL with the same generator, and rates with a
 * change half-way (machine, standard, job title, employee) and the component's price.
 */
async function seed(context: BenchContext, companyId: string): Promise<{ events: number; from: string; to: string }> {
  const { db } = context.database;
  const stations = sql.raw(`array[${Array.from({ length: stationCount }, () => `'${randomUUID()}'`).join(',')}]::uuid[]`);
  const people = sql.raw(`array[${Array.from({ length: peopleCount }, () => `'${randomUUID()}'`).join(',')}]::uuid[]`);
  const product = randomUUID();
  const component = randomUUID();
  const title = randomUUID();
  const span = 60 * 86_400;
  const batch = 500;
  for (let from = 0; from < orderCount; from += batch) {
    const to = Math.min(orderCount, from + batch);
    await withSystem(db, async (tx) => {
      const visitsOf = sql`
        o as (
          select i, md5('order' || i)::uuid as id,
                 now() - make_interval(secs => ${span}) + make_interval(secs => i::double precision * ${span} / ${orderCount}) as t0
          from generate_series(${from}::int, ${to - 1}::int) as i
        ),
        v as (
          select o.i, o.id, o.t0, v, (${stations})[1 + (o.i + v * 7) % ${stationCount}] as station,
                 o.t0 + make_interval(mins => 40 * v) as started, o.t0 + make_interval(mins => 40 * v + 40) as done
          from o, generate_series(0, ${visits - 1}) as v
        ),
        pv as (
          select v.*, p, (${people})[1 + (v.i * 3 + v * 5 + p * 17) % ${peopleCount}] as person from v, generate_series(0, ${peoplePerVisit - 1}) as p
        ),
        k as (
          select pv.*, k, pv.started + make_interval(secs => 200 * k) as run_from, pv.started + make_interval(secs => 200 * k + 150) as run_to
          from pv, generate_series(0, ${pauses}) as k
        )`;
      await sql`
        with ${visitsOf},
        e as (
          select 'order-' || id as stream, ${ORDER_STREAM_TYPE} as stream_type, 1 as version, 'OrderCreated' as type,
                 jsonb_build_object('orderId', id, 'kind', 'production', 'number', i + 1, 'orderNumber', 'FA' || lpad((i + 1)::text, 6, '0'),
                   'positions', jsonb_build_array(jsonb_build_object('materialId', ${product}::text, 'quantity', 10, 'netPrice', 120)), 'at', ${iso('t0')}) as data
          from o
          union all
          select 'order-' || id, ${ORDER_STREAM_TYPE}, 2, 'ProductionOrderStarted', jsonb_build_object('orderId', id, 'stationId', (${stations})[1], 'at', ${iso('t0')}) from o
          union all
          select 'order-' || id, ${ORDER_STREAM_TYPE}, 3 + 2 * v, 'WorkStarted', jsonb_build_object('orderId', id, 'stationId', station, 'at', ${iso('started')}) from v
          union all
          select 'order-' || id, ${ORDER_STREAM_TYPE}, 4 + 2 * v, 'WorkCompleted',
                 jsonb_build_object('orderId', id, 'stationId', station, 'workStartedAt', ${iso('started')}, 'nextStationId', null, 'at', ${iso('done')}) from v
          union all
          select 'labour-' || person || '-' || id || '-' || v, ${LABOUR_STREAM_TYPE}, 1, 'OrderWorkJoined',
                 jsonb_build_object('userId', person, 'orderId', id, 'stationId', station, 'at', ${iso('started')}) from pv
          union all
          select 'labour-' || person || '-' || id || '-' || v, ${LABOUR_STREAM_TYPE}, 2 + 2 * k, 'OrderWorkPaused',
                 jsonb_build_object('userId', person, 'orderId', id, 'stationId', station, 'reason', 'material', 'at', ${iso('run_to')}) from k where k < ${pauses}
          union all
          select 'labour-' || person || '-' || id || '-' || v, ${LABOUR_STREAM_TYPE}, 3 + 2 * k, 'OrderWorkResumed',
                 jsonb_build_object('userId', person, 'orderId', id, 'stationId', station, 'pausedAt', ${iso('run_to')}, 'at', ${iso("run_to + interval '50 seconds'")}) from k where k < ${pauses}
          union all
          select 'labour-' || person || '-' || id || '-' || v, ${LABOUR_STREAM_TYPE}, 2 + 2 * ${pauses}, 'OrderWorkLeft',
                 jsonb_build_object('userId', person, 'orderId', id, 'stationId', station, 'cause', 'completed', 'at', ${iso('done')}) from pv

        )
        insert into events (company_id, stream_id, stream_type, stream_version, type, data)
        select ${companyId}::uuid, stream, stream_type, version, type, data from e order by stream, version
      `.execute(tx);
      await sql`
        with ${visitsOf}
        insert into labour_work_pieces (id, company_id, user_id, order_id, station_id, started_at, ended_at, share, seconds, correction_id)
        select 'w:' || person || ':' || id || ':' || station || ':' || run_from, ${companyId}::uuid, person, id, station, run_from, run_to, 1, 150, null from k
      `.execute(tx);
      await sql`
        with ${visitsOf}
        insert into costing_station_work (order_id, station_id, started_at, company_id, ended_at, seconds)
        select id, station, started, ${companyId}::uuid, done, 2400 from v
      `.execute(tx);
      await sql`
        with ${visitsOf}
        insert into costing_planned_stations (order_id, station_id, company_id, minutes, labour, machine, complete)
        select id, station, ${companyId}::uuid, 35, 23.33, 35, true from v
      `.execute(tx);
      await sql`
        with ${visitsOf}
        insert into costing_orders (order_id, company_id, kind, order_number, customer_order_id, client_id, customer, material_id, pieces, net_price,
          created_at, split_from_order_id, started_at, planned_material, actual_material, material_complete, pieces_scrap)
        select id, ${companyId}::uuid, 'production', 'FA' || lpad((i + 1)::text, 6, '0'), null, null, 'Bench Metallbau', ${product}::uuid, 10, 1200,
          t0, null, t0, 80, 90, true, i % 3 from o
      `.execute(tx);
    });
    if (to % 2000 === 0 || to === orderCount) context.log(`seeded ${to} of ${orderCount} orders`);
  }
  await withSystem(db, async (tx) => {
    await sql`
      insert into costing_materials (material_id, company_id, name, material_number, components, steps)
      values (${product}::uuid, ${companyId}::uuid, 'Bracket', 'B-1', ${JSON.stringify([{ materialId: component, quantity: 2 }])}, '[]'),
             (${component}::uuid, ${companyId}::uuid, 'Plate', 'P-1', '[]', '[]')
    `.execute(tx);
    // Rates: every target has one from 90 days ago and a change 30 days ago (effective_to closes the first).
    await sql`
      with targets as (
        select 'machine' as kind, 'station' as target, s as target_id, 60 as amount from unnest(${stations}) as s
        union all select 'labour', 'employee', p, 45 from unnest(${people}) with ordinality as x (p, n) where n % 2 = 0
        union all select 'labour', 'jobTitle', ${title}::uuid, 42
        union all select 'labour', 'standard', null, 40
        union all select 'material', 'material', ${component}::uuid, 4
      )
      insert into costing_rates (id, company_id, kind, target, target_id, amount, valid_from, effective_from, effective_to, set_by, set_at)
      select gen_random_uuid(), ${companyId}::uuid, kind, target, target_id, amount + change * 5,
             (now() - make_interval(days => 90 - change * 60))::date, now() - make_interval(days => 90 - change * 60),
             case when change = 0 then now() - interval '30 days' end, ${companyId}::uuid, now() - make_interval(days => 90 - change * 60)
      from targets, generate_series(0, 1) as change
    `.execute(tx);
    await sql`
      insert into costing_job_titles (company_id, user_id, from_at, to_at, job_title_id)
      select ${companyId}::uuid, p, now() - interval '400 days', null, ${title}::uuid from unnest(${people}) with ordinality as x (p, n) where n % 3 = 0
    `.execute(tx);
  });
  await sql`analyze`.execute(db);
  const { rows } = await sql<{ count: string }>`select count(*) from events where company_id = ${companyId}::uuid`.execute(db);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return { events: Number(rows[0].count), from: day(-61), to: day(1) };
}

/** The actual cost of every production order of the period, per material, in one hand-written aggregate over the same rows (rates by their spans; money rounded per order and station, as the costing rounds). */
const handWritten = `
with o as (
  select order_id, material_id, net_price, actual_material from costing_orders
  where created_at >= $1::timestamptz and created_at < $2::timestamptz and kind = 'production'
),
labour as (
  select p.order_id, round(sum(p.seconds / 3600 * coalesce(er.amount, jr.amount, sr.amount, 0)), 2) as cost
  from labour_work_pieces p
  left join costing_rates er on er.kind = 'labour' and er.target = 'employee' and er.target_id = p.user_id and er.effective_from <= p.started_at and (er.effective_to is null or er.effective_to > p.started_at)
  left join costing_job_titles jt on jt.user_id = p.user_id and jt.from_at <= p.started_at and (jt.to_at is null or jt.to_at > p.started_at)
  left join costing_rates jr on jr.kind = 'labour' and jr.target = 'jobTitle' and jr.target_id = jt.job_title_id and jr.effective_from <= p.started_at and (jr.effective_to is null or jr.effective_to > p.started_at)
  left join costing_rates sr on sr.kind = 'labour' and sr.target = 'standard' and sr.company_id = p.company_id and sr.effective_from <= p.started_at and (sr.effective_to is null or sr.effective_to > p.started_at)
  where p.order_id in (select order_id from o) and p.seconds is not null
  group by p.order_id, p.station_id
),
machine as (
  select w.order_id, round(sum(w.seconds / 3600 * coalesce(r.amount, 0)), 2) as cost
  from costing_station_work w
  left join costing_rates r on r.kind = 'machine' and r.target = 'station' and r.target_id = w.station_id and r.effective_from <= w.started_at and (r.effective_to is null or r.effective_to > w.started_at)
  where w.order_id in (select order_id from o) and w.seconds is not null
  group by w.order_id, w.station_id
),
labour_of_order as (select order_id, sum(cost) as cost from labour group by order_id),
machine_of_order as (select order_id, sum(cost) as cost from machine group by order_id)
select o.material_id, count(*) as orders, sum(o.net_price) as net_price,
       sum(o.actual_material + coalesce(l.cost, 0) + coalesce(m.cost, 0)) as actual_cost
from o left join labour_of_order l using (order_id) left join machine_of_order m using (order_id)
group by o.material_id`;

async function ownerToken(context: BenchContext, app: Awaited<ReturnType<typeof startBenchApp>>['app']): Promise<{ companyId: string; token: string }> {
  const email = `owner-${randomUUID().slice(0, 8)}@bench.example.com`;
  const { companyId } = await provisionCompany(app, {
    companyName: 'Bench Metallbau',
    plan: 'standard',
    trialEndsAt: null,
    users: [{ role: 'SUPER_USER', firstName: 'Bea', lastName: 'Bench', email, password }],
  });
  const res = await app.inject({ method: 'POST', url: '/api/auth/authenticate', payload: { usernameOrEmail: email, password } });
  if (res.statusCode !== 200) throw new Error(`bench sign-in failed: ${res.body}`);
  context.log(`company ${companyId}`);
  return { companyId, token: res.json().access_token as string };
}

export async function run(context: BenchContext): Promise<BenchRow[]> {
  const bench = await startBenchApp(context);
  const direct = new pg.Client({ connectionString: context.databaseUrl });
  try {
    const { companyId, token } = await ownerToken(context, bench.app);
    const { events, from, to } = await seed(context, companyId);
    context.log(`${events} events (${eventsPerOrder} per order)`);
    await direct.connect();
    await direct.query("select set_config('role', 'shopfloor_app', false), set_config('app.company_id', $1, false)", [companyId]);
    // The period reaches a day beyond the seeded orders on both sides, so the zone's offset changes nothing.
    const start = `${from}T00:00:00Z`;
    const end = `${to}T23:59:59Z`;

    const viaApi = async () => {
      const started = performance.now();
      const res = await fetch(`${bench.baseUrl}/api/costs/margins?from=${from}&to=${to}`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as MarginsView;
      if (res.status !== 200) throw new Error(`margins answered ${res.status}: ${JSON.stringify(body)}`);
      return { ms: performance.now() - started, body };
    };
    const viaSql = async () => {
      const started = performance.now();
      const result = await direct.query(handWritten, [start, end]);
      return { ms: performance.now() - started, rows: result.rows as { orders: string; actual_cost: string }[] };
    };
    const { body } = await viaApi();
    const { rows } = await viaSql();
    const [material] = body.materials;
    if (!material || material.orders !== orderCount || rows.length !== 1 || Number(rows[0].orders) !== orderCount) {
      throw new Error(`the API counts ${material?.orders} orders, the SQL ${rows[0]?.orders}; seeded ${orderCount}`);
    }
    if (Math.abs(material.actualCost - Number(rows[0].actual_cost)) > 0.01)
      throw new Error(`API actual cost ${material.actualCost} vs SQL ${rows[0].actual_cost}`);
    context.log(`both: ${orderCount} orders cost ${material.actualCost}`);
    const {
      subject: api,
      baseline: plain,
      ratio,
    } = await alternateLatencies(
      { warmUp, rounds, perRound, p: 50 },
      async () => (await viaApi()).ms,
      async () => (await viaSql()).ms,
      (round, apiRound, plainRound) =>
        context.log(`round ${round + 1}: ${percentile(apiRound, 50).toFixed(0)} ms vs ${percentile(plainRound, 50).toFixed(0)} ms`),
    );
    return [
      {
        case: `actual cost of ${orderCount.toLocaleString('en-US')} orders (margins per material) over ${events.toLocaleString('en-US')} events`,
        value: percentile(api, 50),
        unit: 'ms',
        baseline: { label: 'one hand-written SQL aggregate', value: percentile(plain, 50) },
        ratio,
        target: `ratio <= ${targetRatio}`,
        met: ratio <= targetRatio,
        note: `median of ${rounds} rounds' median ratios; ${(orderCount * visits * peoplePerVisit * (pauses + 1)).toLocaleString('en-US')} work pieces; the projections' rows written by SQL with the events' generator`,
      },
    ];
  } finally {
    await direct.end().catch(() => undefined);
    await bench.close();
  }
}
