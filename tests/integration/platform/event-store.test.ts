import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventCatalogue, type Decider } from '../../../src/domain/shared/decider.js';
import { DomainError } from '../../../src/domain/shared/errors.js';
import { withTenant, type Db, type Tx } from '../../../src/server/platform/db.js';
import { createConsumer, type Consumer } from '../../../src/server/platform/consumers.js';
import {
  createEventStore,
  cursorOf,
  decodeCursor,
  encodeCursor,
  eventProjection,
  headCursor,
  readAll,
  readStoredStream,
  startCursor,
  type AppendInput,
  type EventStore,
  type StoredEvent,
} from '../../../src/server/platform/event-store.js';
import { createTestDatabase, type TestDatabase } from '../../support/database.js';

let testDb: TestDatabase;
let db: Db;
const store = createEventStore();

beforeAll(async () => {
  // Fifty writers at once need fifty connections.
  testDb = await createTestDatabase({ poolSize: 60 });
  db = testDb.database.db;
  await sql`
    create table test_order_rows (
      stream_id text primary key,
      company_id uuid,
      station text not null,
      version integer not null
    )
  `.execute(db);
  // The primary key makes a repeated event fail loudly instead of being counted twice.
  await sql`
    create table test_consumer_log (
      consumer text not null,
      global_position bigint not null,
      stream_id text not null,
      stream_version integer not null,
      handled_order bigserial,
      primary key (consumer, global_position)
    )
  `.execute(db);
});

afterAll(async () => {
  await testDb?.drop();
});

const orderStream = () => `order-${randomUUID()}`;
const moved = (station: string, extra: Record<string, unknown> = {}) => ({
  type: 'OrderMovedToStation',
  data: { station, ...extra },
});

function appendIn(eventStore: EventStore, input: AppendInput) {
  return db.transaction().execute((tx) => eventStore.append(tx, input));
}

/** Creates an order stream with one event; returns its id. */
async function openOrder(companyId: string | null = null): Promise<string> {
  const streamId = orderStream();
  await appendIn(store, { companyId, streamId, streamType: 'order', expectedVersion: 0, events: [moved('Start')] });
  return streamId;
}

async function conflictOf(attempt: Promise<unknown>): Promise<DomainError> {
  const error = await attempt.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe('CONFLICT_ERROR');
  return error as DomainError;
}

async function streamVersion(streamId: string): Promise<number | undefined> {
  const { rows } = await sql<{ version: number }>`select version from streams where stream_id = ${streamId}`.execute(db);
  return rows[0]?.version;
}

async function logHandled(tx: Tx, consumer: string, events: StoredEvent[]) {
  for (const event of events) {
    await sql`
      insert into test_consumer_log (consumer, global_position, stream_id, stream_version)
      values (${consumer}, ${event.globalPosition}, ${event.streamId}, ${event.streamVersion})
    `.execute(tx);
  }
}

async function handledLog(consumer: string) {
  const { rows } = await sql<{ global_position: string; stream_id: string; stream_version: number }>`
    select global_position, stream_id, stream_version from test_consumer_log
    where consumer = ${consumer} order by handled_order
  `.execute(db);
  return rows.map((row) => ({ position: Number(row.global_position), streamId: row.stream_id, version: row.stream_version }));
}

/**
 * Catches up until `done` holds. The xmin horizon is cluster-wide, so a transaction another test
 * file holds open elsewhere may delay events (never reorder or drop them): retry a bounded while.
 */
async function catchUpUntil(consumer: Consumer, done: () => Promise<boolean>) {
  for (let attempt = 0; attempt < 400; attempt++) {
    await consumer.catchUp();
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the consumer did not reach the expected events');
}

/** readAll until `done` holds, for the same reason as `catchUpUntil`. */
async function readAllUntil(options: Parameters<typeof readAll>[1], done: (events: StoredEvent[]) => boolean) {
  for (let attempt = 0; attempt < 400; attempt++) {
    const events = await readAll(db, options);
    if (done(events)) return events;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the events did not become readable');
}

describe('appending with an expected version', () => {
  it('lets exactly one of fifty concurrent writers with the same expected version win', async () => {
    const streamId = await openOrder();
    const writers = 50;
    let arrived = 0;
    let allArrived!: () => void;
    const barrier = new Promise<void>((resolve) => (allArrived = resolve));

    // Every transaction is open before anyone appends, so the losers really race the winner.
    const attempts = Array.from({ length: writers }, (_, writer) =>
      db.transaction().execute(async (tx) => {
        await sql`select 1`.execute(tx);
        if (++arrived === writers) allArrived();
        await barrier;
        return store.append(tx, {
          companyId: null,
          streamId,
          streamType: 'order',
          expectedVersion: 1,
          events: [moved('Welding', { writer }), { type: 'OrderNoteAdded', data: { writer } }],
        });
      }),
    );
    const outcomes = await Promise.allSettled(attempts);

    const winners = outcomes.flatMap((outcome, writer) => (outcome.status === 'fulfilled' ? [writer] : []));
    const losers = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(writers - 1);
    for (const reason of losers) {
      expect(reason).toBeInstanceOf(DomainError);
      expect((reason as DomainError).code).toBe('CONFLICT_ERROR');
    }
    const events = await readStoredStream(db, streamId);
    expect(events.map((event) => [event.streamVersion, event.type, (event.data as { writer?: number }).writer])).toEqual([
      [1, 'OrderMovedToStation', undefined],
      [2, 'OrderMovedToStation', winners[0]],
      [3, 'OrderNoteAdded', winners[0]],
    ]);
    expect(await streamVersion(streamId)).toBe(3);
  });

  it('lets exactly one of fifty concurrent creators of a new stream win', async () => {
    const streamId = orderStream();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, writer) =>
        appendIn(store, { companyId: null, streamId, streamType: 'order', expectedVersion: 0, events: [moved('Start', { writer })] }),
      ),
    );
    const winners = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    expect(winners).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect((outcome.reason as DomainError).code).toBe('CONFLICT_ERROR');
    }
    expect(await readStoredStream(db, streamId)).toHaveLength(1);
  });

  it('refuses expected version 0 on a stream that exists, and writes nothing', async () => {
    const streamId = await openOrder();
    const conflict = await conflictOf(appendIn(store, { companyId: null, streamId, streamType: 'order', expectedVersion: 0, events: [moved('Paint')] }));
    expect(conflict.status).toBe(409);
    expect(conflict.details[0]).toMatchObject({ path: 'expectedVersion', params: { streamId, expected: '0' } });
    expect(await readStoredStream(db, streamId)).toHaveLength(1);
    expect(await streamVersion(streamId)).toBe(1);
  });

  it('refuses a version number on a stream that does not exist, and creates nothing', async () => {
    const streamId = orderStream();
    await conflictOf(appendIn(store, { companyId: null, streamId, streamType: 'order', expectedVersion: 3, events: [moved('Paint')] }));
    expect(await readStoredStream(db, streamId)).toEqual([]);
    expect(await streamVersion(streamId)).toBeUndefined();
  });

  it('refuses a stale or a future expected version', async () => {
    const streamId = await openOrder();
    await appendIn(store, { companyId: null, streamId, streamType: 'order', expectedVersion: 1, events: [moved('Saw')] });
    for (const expectedVersion of [1, 3]) {
      await conflictOf(appendIn(store, { companyId: null, streamId, streamType: 'order', expectedVersion, events: [moved('Drill')] }));
    }
    expect(await streamVersion(streamId)).toBe(2);
  });

  it("appends with 'any' to a new and to an existing stream, numbering on", async () => {
    const streamId = orderStream();
    const first = await appendIn(store, {
      companyId: null,
      streamId,
      streamType: 'material',
      expectedVersion: 'any',
      events: [{ type: 'MaterialCreated', data: { name: 'Steel plate' } }],
    });
    const second = await appendIn(store, {
      companyId: null,
      streamId,
      streamType: 'material',
      expectedVersion: 'any',
      events: [
        { type: 'MaterialRenamed', data: { name: 'Steel plate 2 mm' } },
        { type: 'MaterialRenamed', data: { name: 'Steel plate 3 mm' } },
      ],
    });
    expect(first.nextVersion).toBe(1);
    expect(second.nextVersion).toBe(3);
    expect((await readStoredStream(db, streamId)).map((event) => event.streamVersion)).toEqual([1, 2, 3]);
  });

  it('rejects an empty append and a malformed expected version before touching the database', async () => {
    const streamId = orderStream();
    await expect(appendIn(store, { companyId: null, streamId, streamType: 'order', expectedVersion: 0, events: [] })).rejects.toThrow(/at least one event/);
    for (const expectedVersion of [-1, 1.5]) {
      await expect(appendIn(store, { companyId: null, streamId, streamType: 'order', expectedVersion, events: [moved('Saw')] })).rejects.toThrow(
        /whole number/,
      );
    }
    expect(await streamVersion(streamId)).toBeUndefined();
  });

  it('answers with the stored events: one transaction id, consecutive versions, positions, time', async () => {
    const streamId = await openOrder();
    const result = await appendIn(store, {
      companyId: null,
      streamId,
      streamType: 'order',
      expectedVersion: 1,
      events: [moved('Saw'), moved('Drill'), moved('Paint')],
    });
    expect(result.nextVersion).toBe(4);
    expect(result.events.map((event) => [event.streamVersion, (event.data as { station: string }).station])).toEqual([
      [2, 'Saw'],
      [3, 'Drill'],
      [4, 'Paint'],
    ]);
    expect(new Set(result.events.map((event) => event.txId)).size).toBe(1);
    expect(result.events[0].recordedAt).toBeInstanceOf(Date);
    const stored = await readStoredStream(db, streamId, 1);
    expect(stored.map((event) => event.globalPosition)).toEqual(result.events.map((event) => event.globalPosition));
    expect(stored.map((event) => event.data)).toEqual(result.events.map((event) => event.data));
  });
});

describe('the append as a prepared statement', () => {
  it('prepares each append shape once on the connection that sends it, and reuses it', async () => {
    const [afterFirst, afterSecond] = await db.connection().execute(async (connection) => {
      const prepared = async () => {
        const found = await sql<{ statement: string }>`
          select statement from pg_prepared_statements where statement like 'with moved as%'
        `.execute(connection);
        return found.rows.map((row) => row.statement).sort();
      };
      const appendEachShape = async () => {
        const streamId = orderStream();
        await store.append(connection, { companyId: null, streamId, streamType: 'order', expectedVersion: 0, events: [moved('Saw')] });
        await store.append(connection, { companyId: null, streamId, streamType: 'order', expectedVersion: 1, events: [moved('Drill')] });
        await store.append(connection, { companyId: null, streamId, streamType: 'order', expectedVersion: 'any', events: [moved('Pack'), moved('Ship')] });
      };
      await appendEachShape();
      const first = await prepared();
      await appendEachShape();
      return [first, await prepared()];
    });
    expect(afterFirst.some((text) => text.includes('on conflict (stream_id) do nothing'))).toBe(true);
    expect(afterFirst.some((text) => text.includes('where stream_id = $1 and version = $6::int'))).toBe(true);
    expect(afterFirst.some((text) => text.includes('do update set') && text.includes('cross join (values'))).toBe(true);
    expect(afterSecond).toEqual(afterFirst);
  });

  it('keeps a tenant to its own company when a plan prepared by the platform is reused', async () => {
    const shopA = randomUUID();
    const shopB = randomUUID();
    const orderOfB = orderStream();
    await db.connection().execute(async (connection) => {
      // Enough runs as the platform role for PostgreSQL to switch to a generic plan.
      for (let run = 0; run < 8; run++) {
        await store.append(connection, { companyId: shopB, streamId: orderOfB, streamType: 'order', expectedVersion: run, events: [moved(`Step ${run}`)] });
      }
      await conflictOf(
        withTenant(connection, shopA, (tx) =>
          store.append(tx, { companyId: shopA, streamId: orderOfB, streamType: 'order', expectedVersion: 8, events: [moved('Scrap')] }),
        ),
      );
      await expect(
        withTenant(connection, shopA, (tx) =>
          store.append(tx, { companyId: shopB, streamId: orderStream(), streamType: 'order', expectedVersion: 0, events: [moved('Start')] }),
        ),
      ).rejects.toMatchObject({ code: '42501' });
    });
    expect(await streamVersion(orderOfB)).toBe(8);
  });
});

describe('reading in commit order below the horizon', () => {
  it('never hands out an event of a later transaction while an earlier one is still open', async () => {
    const consumerName = `horizon-${randomUUID()}`;
    const handled: StoredEvent[] = [];
    const consumer = createConsumer({
      db,
      name: consumerName,
      handle: async (_tx, events) => {
        handled.push(...events);
      },
    });
    const earlyStream = orderStream();
    const lateStream = orderStream();
    const ofThisTest = () => handled.filter((event) => event.streamId === earlyStream || event.streamId === lateStream);

    // T1 appends first, so it holds the lower transaction id, and stays open.
    const t1 = await db.startTransaction().execute();
    const early = await store.append(t1, { companyId: null, streamId: earlyStream, streamType: 'order', expectedVersion: 0, events: [moved('Start')] });
    const t2 = await db.startTransaction().execute();
    const late = await store.append(t2, { companyId: null, streamId: lateStream, streamType: 'order', expectedVersion: 0, events: [moved('Start')] });
    await t2.commit().execute();
    expect(BigInt(early.events[0].txId) < BigInt(late.events[0].txId)).toBe(true);

    try {
      await consumer.catchUp();
      // T2's event is committed and visible to a plain query, but below the horizon it is not read yet.
      const { rows } = await sql<{ n: string }>`select count(*) as n from events where stream_id = ${lateStream}`.execute(db);
      expect(Number(rows[0].n)).toBe(1);
      expect(ofThisTest()).toEqual([]);
      const readable = await readAll(db, { after: startCursor, limit: 100_000 });
      expect(readable.some((event) => event.streamId === lateStream)).toBe(false);
    } finally {
      await t1.commit().execute();
    }

    await catchUpUntil(consumer, async () => ofThisTest().length >= 2);
    expect(ofThisTest().map((event) => event.streamId)).toEqual([earlyStream, lateStream]);
    const positions = handled.map((event) => event.globalPosition);
    expect(new Set(positions).size).toBe(positions.length);
  });

  it('orders transactions by their id as a number, not as text', async () => {
    // Transaction ids 9 and 10 sort the other way round as text; write them as a platform owner may.
    const [nine, ten] = [orderStream(), orderStream()];
    for (const [txId, streamId] of [
      ['10', ten],
      ['9', nine],
    ]) {
      await sql`
        insert into events (tx_id, company_id, stream_id, stream_type, stream_version, type, data)
        values (${txId}::xid8, null, ${streamId}, 'order', 1, 'OrderMovedToStation', '{}'::jsonb)
      `.execute(db);
    }
    const events = await readAll(db, { after: { txId: '8', position: 0 }, limit: 2 });
    expect(events.map((event) => [event.txId, event.streamId])).toEqual([
      ['9', nine],
      ['10', ten],
    ]);
    const rest = await readAll(db, { after: cursorOf(events[0]), limit: 1 });
    expect(rest.map((event) => event.streamId)).toEqual([ten]);
  });

  it('reads the log after a cursor, in pages, filtered by company and stream type', async () => {
    const shop = randomUUID();
    const other = randomUUID();
    const orderOfShop = orderStream();
    await appendIn(store, { companyId: shop, streamId: orderOfShop, streamType: 'order', expectedVersion: 0, events: [moved('Start'), moved('Saw')] });
    await appendIn(store, {
      companyId: shop,
      streamId: `material-${randomUUID()}`,
      streamType: 'material',
      expectedVersion: 0,
      events: [{ type: 'MaterialCreated', data: { name: 'Bolt' } }],
    });
    const lastStream = orderStream();
    await appendIn(store, { companyId: other, streamId: lastStream, streamType: 'order', expectedVersion: 0, events: [moved('Start')] });

    const everything = await readAllUntil({ limit: 100_000 }, (events) => events.some((event) => event.streamId === lastStream));
    const ofShop = await readAll(db, { companyId: shop });
    expect(ofShop.map((event) => event.type)).toEqual(['OrderMovedToStation', 'OrderMovedToStation', 'MaterialCreated']);
    const ordersOfShop = await readAll(db, { companyId: shop, streamTypes: ['order'] });
    expect(ordersOfShop.map((event) => event.streamId)).toEqual([orderOfShop, orderOfShop]);

    const firstPage = await readAll(db, { companyId: shop, limit: 2 });
    const secondPage = await readAll(db, { companyId: shop, after: cursorOf(firstPage[1]), limit: 2 });
    expect([...firstPage, ...secondPage].map((event) => event.globalPosition)).toEqual(ofShop.map((event) => event.globalPosition));

    const head = await headCursor(db);
    expect(head).toEqual(cursorOf(everything[everything.length - 1]));
    expect(await readAll(db, { after: head })).toEqual([]);
    expect(decodeCursor(encodeCursor(head))).toEqual(head);
    expect(decodeCursor('12.x')).toBeUndefined();
  });

  it('stores who acted, for whom and in which request, and reads it back', async () => {
    const companyId = randomUUID();
    const metadata = {
      userId: randomUUID(),
      role: 'MASTER',
      onBehalfOf: companyId,
      correlationId: randomUUID(),
      causationId: randomUUID(),
    };
    const streamId = orderStream();
    await appendIn(store, { companyId, streamId, streamType: 'order', expectedVersion: 0, events: [moved('Start')], metadata });
    await appendIn(store, { companyId, streamId, streamType: 'order', expectedVersion: 1, events: [moved('Saw')] });

    const [first, second] = await readStoredStream(db, streamId);
    expect(first.metadata).toEqual(metadata);
    expect(first.companyId).toBe(companyId);
    expect(second.metadata).toEqual({});
    const fromLog = await readAllUntil({ companyId }, (events) => events.length === 2);
    expect(fromLog.map((event) => event.metadata)).toEqual([metadata, {}]);
  });
});

describe('consumers and checkpoints', () => {
  async function seedOrders(count: number) {
    const streams = [orderStream(), orderStream(), orderStream()];
    for (let index = 0; index < count; index++) {
      const streamId = streams[index % streams.length];
      await appendIn(store, {
        companyId: null,
        streamId,
        streamType: 'order',
        expectedVersion: Math.floor(index / streams.length),
        events: [moved(`Station ${index}`)],
      });
    }
    return streams;
  }

  /** Waits until the consumer has logged every event of `streams`, then checks the whole log against readAll. */
  async function expectEveryEventOnceInOrder(consumer: Consumer, consumerName: string, streams: string[], count: number) {
    const ofTest = async () => (await handledLog(consumerName)).filter((row) => streams.includes(row.streamId));
    await catchUpUntil(consumer, async () => (await ofTest()).length >= count);
    const logged = await handledLog(consumerName);
    const log = await readAll(db, { limit: 100_000 });
    expect(logged.map((row) => row.position)).toEqual(log.slice(0, logged.length).map((event) => event.globalPosition));
    const ofThisTest = await ofTest();
    expect(ofThisTest).toHaveLength(count);
    for (const streamId of streams) {
      const versions = ofThisTest.filter((row) => row.streamId === streamId).map((row) => row.version);
      expect(versions).toEqual(versions.map((_, index) => index + 1));
    }
  }

  it('resumes after a batch whose handler threw: that batch rolled back, nothing skipped, nothing twice', async () => {
    const streams = await seedOrders(25);
    const consumerName = `restart-${randomUUID()}`;
    let batches = 0;
    const failing = createConsumer({
      db,
      name: consumerName,
      batchSize: 4,
      handle: async (tx, events) => {
        batches += 1;
        await logHandled(tx, consumerName, events);
        if (batches === 3) throw new Error('label printer jammed');
      },
    });
    await expect(failing.catchUp()).rejects.toThrow('label printer jammed');

    const afterFailure = await handledLog(consumerName);
    expect(afterFailure).toHaveLength(8);
    const { rows } = await sql<{ tx_id: string; global_position: string }>`
      select tx_id::text as tx_id, global_position from consumer_checkpoints where consumer = ${consumerName}
    `.execute(db);
    expect(Number(rows[0].global_position)).toBe(afterFailure[7].position);

    const restarted = createConsumer({ db, name: consumerName, batchSize: 4, handle: (tx, events) => logHandled(tx, consumerName, events) });
    await expectEveryEventOnceInOrder(restarted, consumerName, streams, 25);
  });

  it('resumes after being stopped between batches', async () => {
    const streams = await seedOrders(20);
    const consumerName = `stopped-${randomUUID()}`;
    let batches = 0;
    let stopping: Promise<void> | undefined;
    const consumer: Consumer = createConsumer({
      db,
      name: consumerName,
      batchSize: 5,
      pollMs: 20,
      handle: async (tx, events) => {
        batches += 1;
        await logHandled(tx, consumerName, events);
        if (batches === 2) stopping = consumer.stop();
      },
    });
    consumer.start();
    for (let attempt = 0; attempt < 400 && !stopping; attempt++) await new Promise((resolve) => setTimeout(resolve, 25));
    await stopping;
    expect(await handledLog(consumerName)).toHaveLength(10);

    const restarted = createConsumer({ db, name: consumerName, batchSize: 5, handle: (tx, events) => logHandled(tx, consumerName, events) });
    await expectEveryEventOnceInOrder(restarted, consumerName, streams, 20);
  });

  it('lets two instances of one consumer (two servers) share the work without handling an event twice', async () => {
    const streams = await seedOrders(30);
    const consumerName = `shared-${randomUUID()}`;
    const instance = () => createConsumer({ db, name: consumerName, batchSize: 3, handle: (tx, events) => logHandled(tx, consumerName, events) });
    const [first, second] = [instance(), instance()];
    await Promise.all([first.catchUp(), second.catchUp()]);
    await expectEveryEventOnceInOrder(first, consumerName, streams, 30);
  });

  it('wakes on a commit hint and keeps reading as events arrive', async () => {
    const hinted = createEventStore();
    const consumerName = `live-${randomUUID()}`;
    const consumer = createConsumer({
      db,
      name: consumerName,
      eventStore: hinted,
      // A long poll: only the hint can make it read the new event soon.
      pollMs: 60_000,
      handle: (tx, events) => logHandled(tx, consumerName, events),
    });
    await consumer.catchUp();
    consumer.start();
    try {
      const streamId = orderStream();
      for (let attempt = 0; attempt < 400; attempt++) {
        if (attempt === 0) {
          await appendIn(hinted, { companyId: null, streamId, streamType: 'order', expectedVersion: 0, events: [moved('Start')] });
        }
        hinted.committed();
        if ((await handledLog(consumerName)).some((row) => row.streamId === streamId)) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect((await handledLog(consumerName)).filter((row) => row.streamId === streamId)).toHaveLength(1);
    } finally {
      await consumer.stop();
    }
  });
});

describe('inline projections', () => {
  function storeWithOrderList() {
    const eventStore = createEventStore();
    eventStore.registerInlineProjection({
      name: 'test-order-list',
      streamTypes: ['order'],
      tables: ['test_order_rows'],
      async apply(tx, events) {
        const last = events[events.length - 1];
        await sql`
          insert into test_order_rows (stream_id, company_id, station, version)
          values (${last.streamId}, ${last.companyId}, ${(last.data as { station: string }).station}, ${last.streamVersion})
          on conflict (stream_id) do update set station = excluded.station, version = excluded.version
        `.execute(tx);
      },
    });
    return eventStore;
  }

  async function orderRow(streamId: string) {
    const { rows } = await sql<{ station: string; version: number }>`
      select station, version from test_order_rows where stream_id = ${streamId}
    `.execute(db);
    return rows[0];
  }

  it('writes the read model in the append transaction, so a reader sees both at once', async () => {
    const eventStore = storeWithOrderList();
    const streamId = orderStream();
    await db.transaction().execute(async (tx) => {
      await eventStore.append(tx, { companyId: null, streamId, streamType: 'order', expectedVersion: 0, events: [moved('Start')] });
      // Inside the same transaction the row is already there: the client reads its own write.
      const { rows } = await sql<{ station: string }>`select station from test_order_rows where stream_id = ${streamId}`.execute(tx);
      expect(rows).toEqual([{ station: 'Start' }]);
    });
    await appendIn(eventStore, { companyId: null, streamId, streamType: 'order', expectedVersion: 1, events: [moved('Saw'), moved('Paint')] });
    expect(await orderRow(streamId)).toEqual({ station: 'Paint', version: 3 });
  });

  it('leaves neither event nor row when the transaction rolls back after the append', async () => {
    const eventStore = storeWithOrderList();
    const streamId = orderStream();
    await expect(
      db.transaction().execute(async (tx) => {
        await eventStore.append(tx, { companyId: null, streamId, streamType: 'order', expectedVersion: 0, events: [moved('Start')] });
        throw new Error('the command failed after the append');
      }),
    ).rejects.toThrow('the command failed after the append');
    expect(await readStoredStream(db, streamId)).toEqual([]);
    expect(await orderRow(streamId)).toBeUndefined();
    expect(await streamVersion(streamId)).toBeUndefined();
  });

  it('takes the append back when the projection fails, also on the root handle', async () => {
    const eventStore = createEventStore();
    eventStore.registerInlineProjection({
      name: 'broken-board',
      streamTypes: ['order'],
      tables: [],
      apply: async () => {
        throw new Error('board table missing');
      },
    });
    const streamId = orderStream();
    await expect(eventStore.append(db, { companyId: null, streamId, streamType: 'order', expectedVersion: 0, events: [moved('Start')] })).rejects.toThrow(
      'board table missing',
    );
    expect(await readStoredStream(db, streamId)).toEqual([]);
  });

  it('runs on the root handle in a transaction of its own, and only for its stream types', async () => {
    const eventStore = storeWithOrderList();
    const orderId = orderStream();
    await eventStore.append(db, { companyId: null, streamId: orderId, streamType: 'order', expectedVersion: 0, events: [moved('Start')] });
    expect(await orderRow(orderId)).toEqual({ station: 'Start', version: 1 });

    const materialId = `material-${randomUUID()}`;
    await eventStore.append(db, {
      companyId: null,
      streamId: materialId,
      streamType: 'material',
      expectedVersion: 0,
      events: [{ type: 'MaterialCreated', data: { station: 'not an order' } }],
    });
    expect(await orderRow(materialId)).toBeUndefined();
  });

  it('refuses a second projection with the same name', () => {
    const eventStore = storeWithOrderList();
    expect(() => eventStore.registerInlineProjection({ name: 'test-order-list', streamTypes: ['order'], tables: [], apply: async () => {} })).toThrow(
      /registered twice/,
    );
  });
});

describe('row-level security', () => {
  it("shows a tenant only its own events and refuses writing another company's", async () => {
    const shopA = randomUUID();
    const shopB = randomUUID();
    const orderOfA = orderStream();
    const orderOfB = orderStream();
    await withTenant(db, shopA, (tx) =>
      store.append(tx, { companyId: shopA, streamId: orderOfA, streamType: 'order', expectedVersion: 0, events: [moved('Start')] }),
    );
    await withTenant(db, shopB, (tx) =>
      store.append(tx, { companyId: shopB, streamId: orderOfB, streamType: 'order', expectedVersion: 0, events: [moved('Start')] }),
    );

    await withTenant(db, shopA, async (tx) => {
      const visible = await readAll(tx, { limit: 100_000 });
      expect(visible.length).toBeGreaterThan(0);
      expect(visible.every((event) => event.companyId === shopA)).toBe(true);
      expect(await readStoredStream(tx, orderOfB)).toEqual([]);
    });

    // A new stream stamped with another company.
    await expect(
      withTenant(db, shopA, (tx) =>
        store.append(tx, { companyId: shopB, streamId: orderStream(), streamType: 'order', expectedVersion: 0, events: [moved('Start')] }),
      ),
    ).rejects.toMatchObject({ code: '42501' });
    // Taking over B's stream with 'any', or moving it on with its version: refused, B's stream untouched.
    await expect(
      withTenant(db, shopA, (tx) =>
        store.append(tx, { companyId: shopA, streamId: orderOfB, streamType: 'order', expectedVersion: 'any', events: [moved('Scrap')] }),
      ),
    ).rejects.toMatchObject({ code: '42501' });
    await conflictOf(
      withTenant(db, shopA, (tx) =>
        store.append(tx, { companyId: shopA, streamId: orderOfB, streamType: 'order', expectedVersion: 1, events: [moved('Scrap')] }),
      ),
    );
    expect((await readStoredStream(db, orderOfB)).map((event) => event.companyId)).toEqual([shopB]);
    expect(await streamVersion(orderOfB)).toBe(1);
  });
});

describe('typed reads', () => {
  /** A test stream whose note event changed shape: `NoteAdded` (text only) landed first, `NoteAddedV2` names who wrote it. */
  type NoteEvent = { type: 'NoteAddedV2'; data: { text: string; by: string } } | { type: 'NoteRemoved'; data: { index: number } };
  const noteEvents = eventCatalogue<NoteEvent>({
    streamType: 'test-note',
    types: { NoteAddedV2: true, NoteRemoved: true },
    upcasters: {
      NoteAdded: (old) => {
        const { text } = old.data as { text: string };
        return { type: 'NoteAddedV2', data: { text, by: 'unknown' } };
      },
    },
  });
  const notesDecider: Decider<string[], never, NoteEvent> = {
    initialState: [],
    events: noteEvents,
    evolve: (notes, event) =>
      event.type === 'NoteAddedV2' ? [...notes, `${event.data.text} (${event.data.by})`] : notes.filter((_, index) => index !== event.data.index),
    decide: () => [],
  };
  const appendNotes = (streamId: string, events: AppendInput['events'], target: EventStore = store) =>
    target.append(db, { companyId: null, streamId, streamType: 'test-note', expectedVersion: 'any', events });

  it('reads a stream typed by its catalogue, upcasting the older shape, and folds it with the decider', async () => {
    const streamId = `test-note-${randomUUID()}`;
    await appendNotes(streamId, [
      { type: 'NoteAdded', data: { text: 'old' } },
      { type: 'NoteAddedV2', data: { text: 'new', by: 'Ali' } },
      { type: 'NoteRemoved', data: { index: 0 } },
    ]);
    const events = await store.readStream(db, noteEvents, streamId);
    expect(events.map((event) => [event.streamVersion, event.type, event.data])).toEqual([
      [1, 'NoteAddedV2', { text: 'old', by: 'unknown' }],
      [2, 'NoteAddedV2', { text: 'new', by: 'Ali' }],
      [3, 'NoteRemoved', { index: 0 }],
    ]);
    const folded = await store.foldStream(db, notesDecider, streamId);
    expect(folded).toMatchObject({ state: ['new (Ali)'], version: 3 });
    // The log keeps the landed shape: only the read upcasts.
    expect((await readStoredStream(db, streamId))[0]).toMatchObject({ type: 'NoteAdded', data: { text: 'old' } });
  });

  it('refuses to read a stream holding a type its catalogue does not know, naming it', async () => {
    const streamId = `test-note-${randomUUID()}`;
    await appendNotes(streamId, [
      { type: 'NoteAddedV2', data: { text: 'a', by: 'Ali' } },
      { type: 'NotePinned', data: {} },
    ]);
    await expect(store.readStream(db, noteEvents, streamId)).rejects.toThrow(
      /NotePinned of stream test-note-.* \(version 2\) is not one of the test-note events/,
    );
  });

  it('hands an event projection the appended events upcast, as the fold reads them', async () => {
    const projected: unknown[] = [];
    const projecting = createEventStore();
    projecting.registerInlineProjection(
      eventProjection({
        name: 'test-notes',
        events: [noteEvents],
        tables: [],
        async project(_tx, event, stored) {
          projected.push([stored.streamVersion, event.type, event.data]);
        },
      }),
    );
    await appendNotes(`test-note-${randomUUID()}`, [{ type: 'NoteAdded', data: { text: 'old' } }], projecting);
    expect(projected).toEqual([[1, 'NoteAddedV2', { text: 'old', by: 'unknown' }]]);
  });
});
