import { sql } from 'kysely';
import type { LotOrigins, LotRecall } from '../src/domain/lots/lots.views.js';
import { lotOriginsOf, lotOriginsSql, lotRecallOf, lotRecallSql } from '../src/server/modules/lots/index.js';
import { withSystem, withTenant } from '../src/server/platform/db.js';
import { percentile, type BenchContext, type BenchRow } from './harness.js';
import { benchCompany, startBenchApp } from './orders-support.js';

export const name = 'lots';
export const description =
  'Lots (issue 30): genealogy of one delivered customer order and the recall of one lot in a plant with 100,000 lots (LOTS_BENCH_LOTS) and ' +
  '1,000,000 events (LOTS_BENCH_EVENTS), each vs one hand-written recursive SQL query over the same tables';

const lotCount = Number(process.env.LOTS_BENCH_LOTS ?? 100_000);
const eventCount = Number(process.env.LOTS_BENCH_EVENTS ?? 1_000_000);
/** LOTS_BENCH_EXPLAIN=1: log the plans (EXPLAIN ANALYZE) of one call and its baseline before measuring. */
const explain = process.env.LOTS_BENCH_EXPLAIN === '1';
const targetRatio = 1.2;
/** Rounds of `perRound` paired calls (LOTS_BENCH_ROUNDS); the ratio is the median of the rounds' ratios. */
const rounds = Number(process.env.LOTS_BENCH_ROUNDS ?? 15);
const perRound = 20;
/** Per delivered customer order: 4 bought lots, 2 production orders (2 lots each, a lot made each), 1 assembly (the 2 made lots, a lot made). */
const lotsPerOrder = 7;

/**
 * Seeds straight into the tables, by multi-row `insert ... select from generate_series` statements (bulk
 * SQL, not the commands: the API would take hours), the read models the genealogy walks as the projections
 * write them: lots, consumptions, production orders, the assembly order made for a customer order, its
 * shipment and delivery bill; and the log's volume as lot events (rows of `events` no projection reads).
 * Each chunk is one transaction without waiting for the WAL flush (`synchronous_commit off`: a crash
 * would lose the seed, which is thrown away anyway).
 */
async function seed(context: BenchContext, companyId: string): Promise<number> {
  const { db } = context.database;
  const started = performance.now();
  const units = Math.floor(lotCount / lotsPerOrder);
  const id = (kind: string, index: string) => sql.raw(`md5('${kind}' || ${index})::uuid`);
  for (let from = 0; from < units; from += 5000) {
    const to = Math.min(units, from + 5000) - 1;
    await withSystem(db, async (tx) => {
      await sql`set local synchronous_commit = off`.execute(tx);
      const k = sql`generate_series(${from}::int, ${to}::int) as k`;
      const order = (kind: string, index: string, type: string, parent: string | null, base: number) => sql`
        insert into orders (id, company_id, kind, number, order_number, status, name, place, net_sum, positions, parent_order_id, version, created_at, updated_at)
        select ${id(kind, index)}, ${companyId}::uuid, ${type}, ${base}::int + k, ${sql.raw(`'${kind}-' || k`)}, 'finished', 'Kunde ' || (k % 500), 'Bremen', 0,
          '[{"materialId":"00000000-0000-4000-8000-000000000001","materialName":"Welle","materialNumber":"W","quantity":1}]', ${parent ? id(parent, 'k') : null}, 3, now(), now()
        from ${k}`;
      await order('c', 'k', 'customer', null, 1_000_000).execute(tx);
      await order('a', 'k', 'production', 'c', 2_000_000).execute(tx);
      await order('p0', 'k', 'production', null, 3_000_000).execute(tx);
      await order('p1', 'k', 'production', null, 4_000_000).execute(tx);
      const lot = (kind: string, origin: string, orderKind: string, heat: string) => sql`
        insert into lots (id, company_id, number, origin, material_id, material_name, material_number, order_id, order_number, supplier, supplier_lot_number,
          quantity, remaining, received_on, has_certificate, state, version)
        select ${id(kind, 'k')}, ${companyId}::uuid, ${sql.raw(`'LOT-${kind}-' || k`)}, ${origin}, '00000000-0000-4000-8000-000000000002', 'Rundstahl', 'S-355',
          ${id(orderKind, 'k')}, 'o' || k, 'Stahlhandel', ${sql.raw(heat)}, 100, 50, current_date, true, '{"unit":"kg"}', 2
        from ${k}`;
      for (const r of ['r0', 'r1', 'r2', 'r3']) await lot(r, 'received', 'c', `'H-${r}-' || k`).execute(tx);
      await lot('m0', 'produced', 'p0', "''").execute(tx);
      await lot('m1', 'produced', 'p1', "''").execute(tx);
      await lot('ma', 'produced', 'a', "''").execute(tx);
      const consumed = (lotKind: string, orderKind: string) => sql`
        insert into lot_consumptions (lot_id, stream_version, company_id, order_id, order_number, quantity, consumed_at)
        select ${id(lotKind, 'k')}, 2, ${companyId}::uuid, ${id(orderKind, 'k')}, 'o' || k, 50, now() from ${k}`;
      for (const [lotKind, orderKind] of [
        ['r0', 'p0'],
        ['r1', 'p0'],
        ['r2', 'p1'],
        ['r3', 'p1'],
        ['m0', 'a'],
        ['m1', 'a'],
      ])
        await consumed(lotKind, orderKind).execute(tx);
      await sql`
        insert into shipments (id, company_id, number, shipment_number, status, customer_name, carrier_name, tracking_id, link, shipping_date, order_ids, state, version, created_at, updated_at)
        select ${id('s', 'k')}, ${companyId}::uuid, k, 'S' || k, 'delivered', 'Kunde ' || (k % 500), 'Huber', '', '', current_date, array[${id('c', 'k')}], '{}', 3, now(), now() from ${k}`.execute(
        tx,
      );
      await sql`insert into shipment_orders (shipment_id, order_id, company_id, open, quantity) select ${id('s', 'k')}, ${id('c', 'k')}, ${companyId}::uuid, false, null from ${k}`.execute(
        tx,
      );
      await sql`
        insert into documents (id, company_id, number, document_number, type, subject_type, subject_id, locale, status, version, requested_at)
        select ${id('d', 'k')}, ${companyId}::uuid, k, 'DOC-' || k, 'delivery-bill', 'shipment', ${id('s', 'k')}, 'de', 'generated', 2, now() from ${k}`.execute(
        tx,
      );
    });
  }
  context.log(`read models seeded: ${units * lotsPerOrder} lots in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  // The log's volume: lot events, as many per lot as make the size asked for.
  for (let from = 0; from < eventCount; from += 250_000) {
    const to = Math.min(eventCount, from + 250_000) - 1;
    await withSystem(db, async (tx) => {
      await sql`set local synchronous_commit = off`.execute(tx);
      await sql`
        insert into events (company_id, stream_id, stream_type, stream_version, type, data)
        select ${companyId}::uuid, 'lot-' || (e % ${lotCount}), 'lot', 1 + e / ${lotCount}, 'LotConsumed', jsonb_build_object('quantity', 1)
        from generate_series(${from}::int, ${to}::int) as e`.execute(tx);
    });
  }
  await sql`analyze`.execute(db);
  context.log(`seeded ${units * lotsPerOrder} lots and ${eventCount} events in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return units;
}

/**
 * The first baselines (as the bench was first measured): a smaller question each, one recursive query over the
 * same tables: the lots the production orders of the customer order consumed (not the lots they made, no
 * order splits), three columns; the customers, shipments and bills a lot reached (no splits, one row per bill).
 */
const originsBaseline = (orderId: string) => sql`
  with recursive down(kind, id) as (
    select 'order'::text, p.id from orders p where p.parent_order_id = ${orderId}::uuid
    union
    select s.kind, s.id from down d cross join lateral (
      select 'lot'::text as kind, c.lot_id as id from lot_consumptions c where d.kind = 'order' and c.order_id = d.id
      union all select 'order', l.order_id from lots l where d.kind = 'lot' and l.id = d.id and l.origin = 'produced'
    ) s
  )
  select l.number, l.supplier_lot_number, l.has_certificate from down join lots l on down.kind = 'lot' and l.id = down.id`;

const recallBaseline = (lotId: string) => sql`
  with recursive up(kind, id) as (
    select 'lot'::text, ${lotId}::uuid
    union
    select s.kind, s.id from up u cross join lateral (
      select 'order'::text as kind, c.order_id as id from lot_consumptions c where u.kind = 'lot' and c.lot_id = u.id
      union all select 'lot', l.id from lots l where u.kind = 'order' and l.order_id = u.id and l.origin = 'produced'
    ) s
  )
  select c.name, c.order_number, sh.shipment_number, d.document_number
  from up join orders p on up.kind = 'order' and p.id = up.id
  join orders c on c.id = p.parent_order_id
  left join shipment_orders so on so.order_id = c.id left join shipments sh on sh.id = so.shipment_id
  left join documents d on d.subject_id = sh.id and d.type = 'delivery-bill'`;

/**
 * The hand-written baselines, one recursive query each over the same tables, answering the same question as
 * the call (the bench checks it gives the same lots / the same rows): every lot in the customer order (the
 * lots its production orders consumed and made, through order splits and the orders that made consumed lots,
 * with the columns of a lot in the answer); and every customer order, shipment and delivery bill a lot reached
 * (through splits and the lots made of it, canceled shipments left out), beside the lot's own row.
 */
const originsSameAnswer = (orderId: string) => sql<{ id: string }>`
  with recursive down(kind, id) as (
    select 'order'::text, p.id from orders p where p.parent_order_id = ${orderId}::uuid or p.id = ${orderId}::uuid
    union
    select s.kind, s.id from down d cross join lateral (
      select 'lot'::text as kind, c.lot_id as id from lot_consumptions c where d.kind = 'order' and c.order_id = d.id
      union all select 'lot', l.id from lots l where d.kind = 'order' and l.order_id = d.id and l.origin = 'produced'
      union all select 'order', o.split_from_order_id from orders o where d.kind = 'order' and o.id = d.id and o.split_from_order_id is not null
      union all select 'order', l.order_id from lots l where d.kind = 'lot' and l.id = d.id and l.origin = 'produced'
    ) s
  )
  select l.id, l.number, l.origin, l.material_name, l.order_number, l.supplier, l.supplier_lot_number, l.quantity, l.remaining,
    l.received_on, l.has_certificate, l.state, l.version
  from down join lots l on down.kind = 'lot' and l.id = down.id order by l.number`;

const recallSameAnswer = (lotId: string) => sql<{ customer_order_id: string | null; shipment_number: string | null; bills: string[] | null }>`
  with recursive up(kind, id) as (
    select 'lot'::text, ${lotId}::uuid
    union
    select s.kind, s.id from up u cross join lateral (
      select 'order'::text as kind, c.order_id as id from lot_consumptions c where u.kind = 'lot' and c.lot_id = u.id
      union all select 'order', o.id from orders o where u.kind = 'order' and o.split_from_order_id = u.id
      union all select 'lot', l.id from lots l where u.kind = 'order' and l.order_id = u.id and l.origin = 'produced'
    ) s
  )
  select lot.number, lot.supplier_lot_number, r.*
  from lots lot left join (
    select c.name, c.id as customer_order_id, c.order_number, sh.shipment_number, sh.shipping_date,
      array_agg(d.document_number order by d.number) filter (where d.document_number is not null) as bills
    from (select distinct c.id from up join orders p on up.kind = 'order' and p.id = up.id join orders c on c.id = p.parent_order_id and c.kind = 'customer') co
    join orders c on c.id = co.id
    left join (shipment_orders so join shipments sh on sh.id = so.shipment_id and sh.status <> 'canceled') on so.order_id = c.id
    left join documents d on d.subject_type = 'shipment' and d.subject_id = sh.id and d.type = 'delivery-bill'
    group by c.name, c.id, c.order_number, sh.shipment_number, sh.shipping_date
  ) r on true
  where lot.id = ${lotId}::uuid
  order by r.name, r.order_number, r.shipment_number`;

/** What the bench compares of an answer: the lots' ids, or the recall's customer orders, shipments and bills. */
const originsKey = (lots: readonly { id: string }[]) => lots.map((lot) => lot.id).sort();
const recallKey = (rows: readonly { customerOrderId: string | null; shipmentNumber: string | null; deliveryBills: string[] }[]) =>
  rows.filter((row) => row.customerOrderId !== null).map((row) => `${row.customerOrderId} ${row.shipmentNumber} ${row.deliveryBills.join(',')}`);

export async function run(context: BenchContext): Promise<BenchRow[]> {
  const bench = await startBenchApp(context);
  try {
    const { companyId } = await benchCompany(bench.app);
    context.log(`seeding ${lotCount} lots and ${eventCount} events`);
    const units = await seed(context, companyId);
    const { db } = context.database;
    const pick = (round: number, i: number, kind: string) =>
      sql<{ id: string }>`select md5(${kind} || ${((round * perRound + i) * 7919) % units}::text)::uuid as id`;
    const idOf = async (round: number, i: number, kind: string) => (await pick(round, i, kind).execute(db)).rows[0].id;
    /** The milliseconds one call takes. */
    const timed = async (work: () => Promise<unknown>) => {
      const started = performance.now();
      await work();
      return performance.now() - started;
    };
    const compare = async (
      label: string,
      kind: string,
      subject: (tx: never, id: string) => Promise<unknown>,
      baseline: (id: string) => ReturnType<typeof sql>,
      subjectSql: (id: string) => ReturnType<typeof sql>,
      /** What must be equal in both answers (the bench fails when they differ); none: the baseline answers a smaller question. */
      keys?: { subject: (answer: never) => string[]; baseline: (rows: never[]) => string[] },
    ) => {
      if (explain) {
        const id = await idOf(0, 0, kind);
        for (const [which, query] of [
          ['subject', subjectSql(id)],
          ['baseline', baseline(id)],
        ] as const) {
          const plan = await withTenant(db, companyId, (tx) => sql<{ 'QUERY PLAN': string }>`explain (analyze, buffers) ${query}`.execute(tx));
          context.log(`${label}, ${which}:\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}`);
        }
      }
      const ids = new Map<string, string>();
      for (let round = 0; round < rounds; round++) for (let i = 0; i < perRound; i++) ids.set(`${round}.${i}`, await idOf(round, i, kind));
      // The baseline answers the same question: the same lots, the same recall rows.
      for (let i = 0; keys && i < perRound; i++) {
        const id = ids.get(`0.${i}`) ?? '';
        const ours = keys.subject((await withTenant(db, companyId, (tx) => subject(tx as never, id))) as never).sort();
        const theirs = keys.baseline((await withTenant(db, companyId, (tx) => baseline(id).execute(tx))).rows as never[]).sort();
        if (JSON.stringify(ours) !== JSON.stringify(theirs))
          throw new Error(`${label}: the baseline answers ${JSON.stringify(theirs)}, the call ${JSON.stringify(ours)}`);
        if (ours.length === 0) throw new Error(`${label}: an empty answer measures nothing`);
      }
      const of = (round: number, i: number) => ids.get(`${round}.${i}`) ?? '';
      // Paired calls on the same id, the one to go first alternating from call to call: whichever reads an id
      // first pays its cold pages, and a load swing on the shared machine hits both sides of a pair alike.
      const roundRatios: number[] = [];
      let subjectMs = 0;
      let baselineMs = 0;
      for (let round = 0; round < rounds; round++) {
        let subjectRound = 0;
        let baselineRound = 0;
        for (let i = 0; i < perRound; i++) {
          const id = of(round, i);
          const runSubject = () => timed(() => withTenant(db, companyId, (tx) => subject(tx as never, id)));
          const runBaseline = () => timed(() => withTenant(db, companyId, (tx) => baseline(id).execute(tx)));
          if ((round * perRound + i) % 2 === 0) {
            subjectRound += await runSubject();
            baselineRound += await runBaseline();
          } else {
            baselineRound += await runBaseline();
            subjectRound += await runSubject();
          }
        }
        roundRatios.push(subjectRound / baselineRound);
        subjectMs += subjectRound;
        baselineMs += baselineRound;
      }
      // Time per call, subject over baseline: the median of the rounds' ratios.
      const ratio = percentile(roundRatios, 50);
      const calls = rounds * perRound;
      return {
        case: `${label} (${lotCount} lots, ${eventCount} events)`,
        value: subjectMs / calls,
        unit: 'ms per call',
        baseline: { label: 'one recursive SQL query', value: baselineMs / calls },
        ratio,
        target: `ratio <= ${targetRatio}`,
        met: ratio <= targetRatio,
      } satisfies BenchRow;
    };
    const origins = (tx: never, orderId: string) => lotOriginsOf(tx, { orderId });
    const originsSql = (orderId: string) => lotOriginsSql({ orderId });
    const recall = (tx: never, lotId: string) => lotRecallOf(tx, lotId);
    return [
      await compare('genealogy of a delivered customer order vs the first baseline (consumed lots only)', 'c', origins, originsBaseline, originsSql),
      await compare('genealogy of a delivered customer order vs the same answer', 'c', origins, originsSameAnswer, originsSql, {
        subject: (answer: LotOrigins) => originsKey(answer.lots),
        baseline: (rows: { id: string }[]) => originsKey(rows),
      }),
      await compare('recall of a bought lot vs the first baseline (no splits)', 'r0', recall, recallBaseline, lotRecallSql),
      await compare('recall of a bought lot vs the same answer', 'r0', recall, recallSameAnswer, lotRecallSql, {
        subject: (answer: LotRecall) => recallKey(answer.rows),
        baseline: (rows: { customer_order_id: string | null; shipment_number: string | null; bills: string[] | null }[]) =>
          recallKey(rows.map((row) => ({ customerOrderId: row.customer_order_id, shipmentNumber: row.shipment_number, deliveryBills: row.bills ?? [] }))),
      }),
    ];
  } finally {
    await bench.close();
  }
}
