import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { timeZoneOf } from '../src/domain/company/working-time.rules.js';
import { dayOf, instantsOf, periodsUpTo, zoneOfWorking } from '../src/domain/key-figures/key-figures.rules.js';
import { INTERRUPTION_STREAM_TYPE } from '../src/domain/interruptions/interruption.events.js';
import { ORDER_STREAM_TYPE } from '../src/domain/orders/order.events.js';
import type { OeeView } from '../src/domain/oee/oee.views.js';
import { workingTimeOfCompany } from '../src/server/modules/company/index.js';
import { oeeSeriesLength } from '../src/server/modules/oee/oee.queries.js';
import { withSystem, withTenant } from '../src/server/platform/db.js';
import { alternateLatencies, percentile, type BenchContext, type BenchRow } from './harness.js';
import { benchCompany, startBenchApp } from './orders-support.js';

export const name = 'oee';
export const description =
  'OEE for 50 stations over 1,000,000 events (OEE_BENCH_EVENTS): p95 of GET /api/oee?period=week (12 weeks per station and plant) vs one hand-written SQL query computing the same figures from the same tables';

const stationCount = 50;
/** Events of the log: set OEE_BENCH_EVENTS for a smaller run (the row names the size it ran). */
const eventCount = Number(process.env.OEE_BENCH_EVENTS ?? 1_000_000);
const targetRatio = 1.2;
const warmUp = 5;
const rounds = 7;
const perRound = 5;
/** An order: created, then 4 stations of Start, pieces reported, Complete: 13 events. */
const visits = 4;
const eventsPerOrder = 1 + 3 * visits;
/** One interruption (reported, resolved) per this many orders. */
const ordersPerInterruption = 10;

/**
 * Seeds the log by bulk SQL (the API would take hours): orders of one material through 4 of the 50
 * stations over the last 12 weeks, each visit WorkStarted, QuantityReported (some scrap and rework),
 * WorkCompleted, and interruptions at the stations; then the OEE facts the projection writes for
 * those events (`oee_reports`, `oee_downtimes`, `oee_orders`), derived from the same events by SQL.
 */
async function seed(context: BenchContext, companyId: string, stations: string[]): Promise<number> {
  const { db } = context.database;
  const orders = Math.floor(eventCount / (eventsPerOrder + 2 / ordersPerInterruption));
  const span = 12 * 7 * 86_400; // seconds
  for (let from = 0; from < orders; from += 5000) {
    const to = Math.min(orders, from + 5000);
    await withSystem(db, async (tx) => {
      // Order i starts at now - span + i * span / orders; visit v at station (i + v * 7) % 50, 40 minutes each.
      await sql`
        with o as (
          select i, md5('order' || i)::uuid as id,
                 now() - make_interval(secs => ${span}) + make_interval(secs => i::double precision * ${span} / ${orders}) as t0
          from generate_series(${from}::int, ${to - 1}::int) as i
        ),
        v as (
          select o.i, o.id, o.t0, v, (${sql.raw(`array[${stations.map((id) => `'${id}'`).join(',')}]`)}::text[])[1 + (o.i + v * 7) % ${stationCount}] as station,
                 o.t0 + make_interval(mins => 40 * v) as started, o.t0 + make_interval(mins => 40 * v + 35) as done,
                 10 - (o.i + v) % 3 as good, (o.i + v) % 3 = 0 as scrapped
          from o, generate_series(0, ${visits - 1}) as v
        ),
        e as (
          select id, 1 as version, 'OrderCreated' as type,
                 jsonb_build_object('orderId', id, 'kind', 'production', 'number', i + 1, 'orderNumber', 'FB' || lpad((i + 1)::text, 6, '0'),
                   'positions', jsonb_build_array(jsonb_build_object('materialId', ${stations[0]}::text, 'quantity', 10)), 'at', to_char(t0, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) as data
          from o
          union all
          select id, 2 + 3 * v, 'WorkStarted', jsonb_build_object('orderId', id, 'stationId', station, 'at', to_char(started, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) from v
          union all
          select id, 3 + 3 * v, 'QuantityReported',
                 jsonb_build_object('orderId', id, 'stationId', station, 'good', good, 'scrap', case when scrapped then 10 - good else 0 end,
                   'rework', case when scrapped then 0 else 10 - good end, 'scrapReasonId', case when scrapped then 'reason-' || (i % 5) end,
                   'scrapReason', case when scrapped then 'Grund ' || (i % 5) end, 'reworkReasonId', null, 'reworkReason', null, 'reworkStationId', null,
                   'reportedBy', ${companyId}::text, 'at', to_char(done, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
          from v
          union all
          select id, 4 + 3 * v, 'WorkCompleted',
                 jsonb_build_object('orderId', id, 'stationId', station, 'workStartedAt', to_char(started, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                   'nextStationId', null, 'at', to_char(done, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
          from v
        )
        insert into events (company_id, stream_id, stream_type, stream_version, type, data)
        select ${companyId}::uuid, 'order-' || id, ${ORDER_STREAM_TYPE}, version, type, data from e order by id, version
      `.execute(tx);
      // Interruptions: one per ordersPerInterruption orders, 20 minutes, at a station in turn.
      await sql`
        with n as (
          select i, md5('interruption' || i)::uuid as id,
                 (${sql.raw(`array[${stations.map((id) => `'${id}'`).join(',')}]`)}::text[])[1 + i % ${stationCount}] as station,
                 now() - make_interval(secs => ${span}) + make_interval(secs => i::double precision * ${span} * ${ordersPerInterruption} / ${orders}) as t0
          from generate_series(${Math.ceil(from / ordersPerInterruption)}::int, ${Math.ceil(to / ordersPerInterruption) - 1}::int) as i
        )
        insert into events (company_id, stream_id, stream_type, stream_version, type, data)
        select ${companyId}::uuid, 'station-interruptions-' || station || '-' || i, ${INTERRUPTION_STREAM_TYPE}, version, type, data from (
          select i, station, 1 as version, 'InterruptionReported' as type,
                 jsonb_build_object('interruptionId', id, 'stationId', station, 'orderId', null, 'reasonId', 'jam-' || (i % 4), 'reasonName', 'Störung ' || (i % 4),
                   'note', '', 'reportedBy', ${companyId}::text, 'at', to_char(t0, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) as data
          from n
          union all
          select i, station, 2, 'InterruptionResolved',
                 jsonb_build_object('interruptionId', id, 'stationId', station, 'orderId', null, 'reportedAt', to_char(t0, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                   'note', 'ok', 'resolvedBy', ${companyId}::text, 'at', to_char(t0 + interval '20 minutes', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
          from n
        ) x
      `.execute(tx);
    });
    context.log(`seeded ${to} of ${orders} orders`);
  }
  // The facts the OEE projection writes for these events: the planned time of the one material is
  // 3 minutes per piece at every station, as its steps would carry.
  await withSystem(db, async (tx) => {
    await sql`
      insert into oee_orders (order_id, company_id, order_number, material_id, pieces)
      select (data->>'orderId')::uuid, company_id, data->>'orderNumber', ${stations[0]}::uuid, 10 from events where type = 'OrderCreated' and company_id = ${companyId}::uuid
    `.execute(tx);
    await sql`
      insert into oee_reports (order_id, stream_version, company_id, station_id, at, work_started_at, good, scrap, rework, scrap_reason_id, scrap_reason, piece_minutes)
      select (q.data->>'orderId')::uuid, q.stream_version, q.company_id, (q.data->>'stationId')::uuid, (q.data->>'at')::timestamptz,
             (s.data->>'at')::timestamptz, (q.data->>'good')::int, (q.data->>'scrap')::int, (q.data->>'rework')::int,
             q.data->>'scrapReasonId', q.data->>'scrapReason', 3
      from events q join events s on s.stream_id = q.stream_id and s.stream_version = q.stream_version - 1
      where q.type = 'QuantityReported' and q.company_id = ${companyId}::uuid
    `.execute(tx);
    await sql`
      insert into oee_downtimes (interruption_id, company_id, station_id, order_id, reason_id, reason_name, from_at, to_at)
      select (r.data->>'interruptionId')::uuid, r.company_id, (r.data->>'stationId')::uuid, null, r.data->>'reasonId', r.data->>'reasonName',
             (r.data->>'at')::timestamptz, (d.data->>'at')::timestamptz
      from events r join events d on d.stream_id = r.stream_id and d.stream_version = 2
      where r.type = 'InterruptionReported' and r.company_id = ${companyId}::uuid
    `.execute(tx);
  });
  await sql`analyze`.execute(db);
  const { rows } = await sql<{ count: string }>`select count(*) from events where company_id = ${companyId}::uuid`.execute(db);
  return Number(rows[0].count);
}

/**
 * The same figures in one hand-written query: per week (the API's 12) and station, the working
 * time (the company's days and hours in its zone, up to now), the interruptions within it, and the
 * pieces and ideal time; availability, performance, quality and OEE.
 */
const handWritten = `
with p as (select $1::text as zone, $2::timestamptz as t0, $3::timestamptz as t1, $4::timestamptz as asof, $5::int[] as days, $6::int as from_min, $7::int as to_min),
days as (
  select d::date as day, ((d::date + make_interval(mins => p.from_min)) at time zone p.zone) as ws, ((d::date + make_interval(mins => p.to_min)) at time zone p.zone) as we
  from p, generate_series((p.t0 at time zone p.zone)::date, (p.t1 at time zone p.zone)::date - 1, interval '1 day') as d
  where extract(dow from d)::int = any(p.days)
),
windows as (
  select to_char(date_trunc('week', day), 'YYYY-MM-DD') as bucket, ws, least(we, p.asof) as we from days, p where ws < p.asof
),
planned as (select bucket, sum(extract(epoch from we - ws)) / 60 as minutes from windows group by bucket),
down as (
  select w.bucket, d.station_id, sum(extract(epoch from least(coalesce(d.to_at, p.asof), w.we) - greatest(d.from_at, w.ws))) / 60 as minutes
  from oee_downtimes d, windows w, p
  where d.from_at < w.we and coalesce(d.to_at, p.asof) > w.ws
  group by w.bucket, d.station_id
),
made as (
  select to_char(date_trunc('week', at at time zone p.zone), 'YYYY-MM-DD') as bucket, station_id,
         sum(good) as good, sum(scrap) as scrap, sum(rework) as rework,
         sum(piece_minutes * (good + scrap + rework)) as ideal, bool_or(piece_minutes is null and good + scrap + rework > 0) as unknown
  from oee_reports, p where at >= p.t0 and at < p.t1
  group by 1, 2
)
select m.bucket, m.station_id, pl.minutes as planned, coalesce(d.minutes, 0) as downtime, m.good, m.scrap, m.rework,
       (pl.minutes - coalesce(d.minutes, 0)) / nullif(pl.minutes, 0) as availability,
       case when m.unknown then null else m.ideal / nullif(pl.minutes - coalesce(d.minutes, 0), 0) end as performance,
       m.good::numeric / nullif(m.good + m.scrap + m.rework, 0) as quality,
       case when m.unknown then null else m.ideal * m.good / nullif(m.good + m.scrap + m.rework, 0) / nullif(pl.minutes, 0) end as oee
from made m join planned pl using (bucket) left join down d using (bucket, station_id)
order by m.bucket, m.station_id`;

export async function run(context: BenchContext): Promise<BenchRow[]> {
  const bench = await startBenchApp(context);
  const direct = new pg.Client({ connectionString: context.databaseUrl });
  try {
    const { companyId, token } = await benchCompany(bench.app);
    const stations = Array.from({ length: stationCount }, () => randomUUID());
    const events = await seed(context, companyId, stations);
    context.log(`${events} events`);
    await direct.connect();
    // As the request runs it: the application role with the company set (row-level security on both sides).
    await direct.query("select set_config('role', 'shopfloor_app', false), set_config('app.company_id', $1, false)", [companyId]);
    const working = await withTenant(context.database.db, companyId, (tx) => workingTimeOfCompany(tx, companyId, bench.app.config.workingTime));
    const zone = zoneOfWorking(working);

    const viaApi = async () => {
      const started = performance.now();
      const res = await fetch(`${bench.baseUrl}/api/oee?period=week`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as OeeView;
      if (res.status !== 200 || body.series.length !== oeeSeriesLength.week) throw new Error(`OEE answered ${res.status}`);
      return { ms: performance.now() - started, body };
    };
    const viaSql = async () => {
      const now = new Date();
      const ranges = periodsUpTo('week', dayOf(now, zone), oeeSeriesLength.week);
      const from = new Date(instantsOf(ranges[0], zone).from);
      const to = new Date(instantsOf(ranges[ranges.length - 1], zone).to);
      const started = performance.now();
      const result = await direct.query(handWritten, [timeZoneOf(working), from, to, now, [...working.days], working.fromMinute, working.toMinute]);
      return { ms: performance.now() - started, rows: result.rows as { station_id: string; bucket: string; oee: string | null }[] };
    };
    // The two agree on this week's OEE per station (a check that they compute the same figures).
    const { body } = await viaApi();
    const { rows: sqlRows } = await viaSql();
    const thisWeek = sqlRows.filter((row) => row.bucket === body.start);
    for (const row of thisWeek) {
      const station = body.stations.find((one) => one.stationId === row.station_id);
      const mine = station?.figures.oee ?? null;
      const theirs = row.oee === null ? null : Number(row.oee);
      if (mine === null || theirs === null ? mine !== theirs : Math.abs(mine - theirs) > 1e-6) {
        throw new Error(`station ${row.station_id}: API OEE ${mine} vs SQL ${theirs}`);
      }
    }
    context.log(`${thisWeek.length} stations this week agree; plant OEE ${body.plant.oee}`);
    const {
      subject: api,
      baseline: plain,
      ratio,
    } = await alternateLatencies(
      { warmUp, rounds, perRound, p: 95 },
      async () => (await viaApi()).ms,
      async () => (await viaSql()).ms,
      (round, apiRound, plainRound) =>
        context.log(`round ${round + 1}: ${percentile(apiRound, 95).toFixed(1)} ms vs ${percentile(plainRound, 95).toFixed(1)} ms`),
    );
    const p95 = percentile(api, 95);
    const baseline = percentile(plain, 95);
    return [
      {
        case: `p95, OEE of ${stationCount} stations, 12 weeks, over ${events.toLocaleString('en-US')} events`,
        value: p95,
        unit: 'ms',
        baseline: { label: 'one hand-written SQL query', value: baseline },
        ratio,
        target: `ratio <= ${targetRatio}`,
        met: ratio <= targetRatio,
        note: `median of ${rounds} rounds' p95 ratios; p50 ${percentile(api, 50).toFixed(1)} ms vs ${percentile(plain, 50).toFixed(1)} ms; the projection's rows written by SQL from the seeded events`,
      },
    ];
  } finally {
    await direct.end().catch(() => undefined);
    await bench.close();
  }
}
