import { CompiledQuery, sql } from 'kysely';
import { preparedStatement, type Db, type Executor } from '../src/server/platform/db.js';
import { createEventStore } from '../src/server/platform/event-store.js';
import { alternate, runWriters, type BenchContext, type BenchRow } from './harness.js';

export const name = 'event-append';
export const description = 'events appended with expected versions through the event store vs plain INSERTs of the same row, 1 and 16 writers';
export const poolSize = 16;

const targetRatio = 0.75;
const eventsPerStream = 10;
const rounds = 9;
const companyId = '0b5f3c1e-7d1a-4c6e-9a51-6f0d2b7c8e41';
const movement = {
  orderId: '5d6a1f0e-2b3c-4d5e-8f90-a1b2c3d4e5f6',
  fromStationId: '7e8f9a0b-1c2d-4e3f-8a4b-5c6d7e8f9a0b',
  toStationId: '9a0b1c2d-3e4f-4a5b-9c6d-7e8f9a0b1c2d',
  quantity: 12,
  movedAt: '2026-11-21T08:15:00.000Z',
};
const metadata = {
  userId: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
  role: 'OPERATOR',
  onBehalfOf: companyId,
  correlationId: 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e',
};
const movementJson = JSON.stringify(movement);
const metadataJson = JSON.stringify(metadata);

type Shape = 'transaction' | 'statement';
const shapeLabel: Record<Shape, string> = {
  transaction: 'in a transaction',
  statement: 'one statement, autocommit',
};

/** Runs `work` the way the shape says: BEGIN ... COMMIT around it, or straight on the pool. */
const within = <T>(db: Db, shape: Shape, work: (executor: Executor) => Promise<T>) => (shape === 'transaction' ? db.transaction().execute(work) : work(db));

// Written out like the event store's own statement, so neither side pays for query building.
// The baseline goes as an application sends a plain INSERT: an unnamed statement, parsed and
// planned each time. The event store sends its append as a named prepared statement (see
// docs/event-store.md), so a reference row compares it with the INSERT prepared the same way.
const plainInsertSql = `
  insert into bench_plain_events (company_id, stream_id, stream_type, stream_version, type, data, metadata)
  values ($1::uuid, $2, 'order', $3::int, 'OrderMovedToStation', $4::jsonb, $5::jsonb)`;
const preparedInsertSql = preparedStatement(`/* prepared */ ${plainInsertSql}`);

function streamOf(run: string, writer: number, index: number) {
  return {
    streamId: `order-${run}-${writer}-${Math.floor(index / eventsPerStream)}`,
    expectedVersion: index % eventsPerStream,
  };
}

export async function run({ database, log }: BenchContext): Promise<BenchRow[]> {
  const { db } = database;
  const store = createEventStore();
  // The baseline table is the events table without the event store around it: same columns,
  // defaults and indexes, no stream row, no expected version.
  await sql`create table bench_plain_events (like events including all)`.execute(db);

  const append = (shape: Shape, run: string) => (writer: number, index: number) =>
    within(db, shape, (executor) =>
      store.append(executor, {
        companyId,
        ...streamOf(run, writer, index),
        streamType: 'order',
        events: [{ type: 'OrderMovedToStation', data: movement }],
        metadata,
      }),
    );
  const insert =
    (shape: Shape, run: string, text = plainInsertSql) =>
    (writer: number, index: number) => {
      const { streamId, expectedVersion } = streamOf(run, writer, index);
      const parameters = [companyId, streamId, expectedVersion + 1, movementJson, metadataJson];
      return within(db, shape, (executor) => executor.executeQuery(CompiledQuery.raw(text, parameters)));
    };

  // Opens every connection and warms the JIT before anything is timed.
  await runWriters(poolSize, eventsPerStream, append('transaction', 'warm'));
  await runWriters(poolSize, eventsPerStream, insert('transaction', 'warm'));
  await runWriters(poolSize, eventsPerStream, insert('statement', 'warm-prepared', preparedInsertSql));

  const rows: BenchRow[] = [];
  let appended = 0;
  for (const writers of [1, 16]) {
    const operationsPerWriter = writers === 1 ? 250 : 200;
    for (const shape of ['transaction', 'statement'] as const) {
      const measured = await alternate(
        rounds,
        (round) => runWriters(writers, operationsPerWriter, append(shape, `${shape}-${writers}-${round}`)),
        (round) => runWriters(writers, operationsPerWriter, insert(shape, `${shape}-${writers}-${round}`)),
      );
      appended += measured.subject.operations;
      const { ratio } = measured;
      const atTarget = writers === 16;
      rows.push({
        case: `append, ${writers} writer${writers === 1 ? '' : 's'}, ${shapeLabel[shape]}`,
        value: measured.subject.perSecond,
        unit: 'events/s',
        baseline: { label: 'plain INSERT', value: measured.baseline.perSecond },
        ratio,
        target: atTarget ? `ratio >= ${targetRatio}` : undefined,
        met: atTarget ? ratio >= targetRatio : undefined,
      });
      log(`${rows[rows.length - 1].case}: ${Math.round(measured.subject.perSecond)} vs ${Math.round(measured.baseline.perSecond)}`);
    }
  }

  // For reference, no target: the same append against an INSERT that is prepared as well.
  const reference = await alternate(
    rounds,
    (round) => runWriters(16, 200, append('statement', `reference-${round}`)),
    (round) => runWriters(16, 200, insert('statement', `reference-${round}`, preparedInsertSql)),
  );
  appended += reference.subject.operations;
  rows.push({
    case: 'append, 16 writers, one statement, autocommit, vs a prepared INSERT',
    value: reference.subject.perSecond,
    unit: 'events/s',
    baseline: { label: 'prepared INSERT', value: reference.baseline.perSecond },
    ratio: reference.ratio,
    note: 'reference only: both sides prepared',
  });

  await assertEveryAppendLanded(db, appended + poolSize * eventsPerStream);
  return rows;
}

/** A benchmark that lost or doubled an event would measure the wrong thing: count them. */
async function assertEveryAppendLanded(db: Db, expected: number) {
  const { rows } = await sql<{ events: string; unfinished: string }>`
    select (select count(*) from events) as events,
           (select count(*) from streams where version <> ${eventsPerStream}) as unfinished
  `.execute(db);
  if (Number(rows[0].events) !== expected || Number(rows[0].unfinished) !== 0) {
    throw new Error(`expected ${expected} events in full streams, found ${rows[0].events} (${rows[0].unfinished} streams short)`);
  }
}
