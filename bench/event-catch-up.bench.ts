import { sql } from 'kysely';
import type { Db } from '../src/server/platform/db.js';
import { createConsumer } from '../src/server/platform/consumers.js';
import { alternate, throughput, type BenchContext, type BenchRow } from './harness.js';

export const name = 'event-catch-up';
export const description = 'a consumer catching up on 200,000 events (no-op handler) vs the same rows read by a plain ordered SELECT in pages';

const eventCount = 200_000;
const eventsPerStream = 10;
const seedChunk = 25_000;
const companies = 20;
const batchSize = 1000;
const rounds = 2;
const targetPerSecond = 50_000;

/** Seeds the log in a few large transactions (several tx ids, as in life), ids derived from numbers. */
async function seed(db: Db) {
  await sql`
    insert into streams (stream_id, company_id, stream_type, version)
    select 'order-' || s, md5('company-' || (s % ${companies}))::uuid, 'order', ${eventsPerStream}
    from generate_series(0, ${eventCount / eventsPerStream - 1}) as s
  `.execute(db);
  for (let from = 1; from <= eventCount; from += seedChunk) {
    await sql`
      insert into events (company_id, stream_id, stream_type, stream_version, type, data, metadata)
      select md5('company-' || (s % ${companies}))::uuid, 'order-' || s, 'order', (g - 1) % ${eventsPerStream} + 1,
             'OrderMovedToStation',
             jsonb_build_object('orderId', md5('order-' || s)::uuid, 'fromStationId', md5('station-' || g % 7)::uuid,
                                'toStationId', md5('station-' || (g + 1) % 7)::uuid, 'quantity', g % 999 + 1,
                                'movedAt', '2026-11-21T08:15:00.000Z'),
             jsonb_build_object('userId', md5('user-' || g % 50)::uuid, 'role', 'OPERATOR',
                                'onBehalfOf', md5('company-' || (s % ${companies}))::uuid,
                                'correlationId', md5('request-' || g)::uuid)
      from generate_series(${from}::int, ${Math.min(eventCount, from + seedChunk - 1)}::int) as g,
           lateral (select (g - 1) / ${eventsPerStream} as s) as stream
    `.execute(db);
  }
  await sql`analyze events`.execute(db);
}

async function catchUp(db: Db, round: number) {
  const consumer = createConsumer({ db, name: `bench-catch-up-${round}`, batchSize, handle: async () => {} });
  const started = performance.now();
  const handled = await consumer.catchUp();
  if (handled !== eventCount) throw new Error(`consumer handled ${handled} of ${eventCount} events`);
  return throughput(handled, performance.now() - started);
}

/** The plainest way to read the same rows: keyset pages by position, no horizon, no checkpoint. */
async function readPages(db: Db) {
  const started = performance.now();
  let after = 0;
  let read = 0;
  for (;;) {
    const { rows } = await sql<{ global_position: string }>`
      select global_position, tx_id::text as tx_id, company_id, stream_id, stream_type, stream_version,
             type, data, metadata, recorded_at
      from events where global_position > ${after} order by global_position limit ${batchSize}
    `.execute(db);
    read += rows.length;
    if (rows.length < batchSize) break;
    after = Number(rows[rows.length - 1].global_position);
  }
  if (read !== eventCount) throw new Error(`plain pages read ${read} of ${eventCount} events`);
  return throughput(read, performance.now() - started);
}

export async function run({ database, log }: BenchContext): Promise<BenchRow[]> {
  const { db } = database;
  const seeding = performance.now();
  await seed(db);
  log(`seeded ${eventCount} events in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
  await readPages(db);

  const measured = await alternate(
    rounds,
    (round) => catchUp(db, round),
    () => readPages(db),
  );
  const perSecond = measured.subject.perSecond;
  return [
    {
      case: `consumer catch-up, ${eventCount.toLocaleString('en-US')} events, batch ${batchSize}`,
      value: perSecond,
      unit: 'events/s',
      baseline: { label: 'plain SELECT pages', value: measured.baseline.perSecond },
      ratio: measured.ratio,
      target: `>= ${targetPerSecond.toLocaleString('en-US')} events/s`,
      met: perSecond >= targetPerSecond,
    },
  ];
}
