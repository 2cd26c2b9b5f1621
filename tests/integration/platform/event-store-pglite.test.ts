import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../../src/domain/shared/errors.js';
import { openDatabase, withTenant, type Database, type Db } from '../../../src/server/platform/db.js';
import { createConsumer } from '../../../src/server/platform/consumers.js';
import {
  createEventStore,
  cursorOf,
  headCursor,
  readAll,
  readStoredStream,
  type AppendInput,
  type StoredEvent,
} from '../../../src/server/platform/event-store.js';
import { migrateToLatest } from '../../../src/server/platform/migrate.js';

// The same SQL on the embedded database a single machine runs without DATABASE_URL.
let dataDir: string;
let database: Database;
let db: Db;
const store = createEventStore();

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'shopfloor-pglite-'));
  database = await openDatabase({ dataDir });
  db = database.db;
  await migrateToLatest(db);
});

afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const orderStream = () => `order-${randomUUID()}`;
const moved = (station: string) => ({ type: 'OrderMovedToStation', data: { station } });
const appendIn = (input: AppendInput) => db.transaction().execute((tx) => store.append(tx, input));

async function expectConflict(attempt: Promise<unknown>) {
  const error = await attempt.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe('CONFLICT_ERROR');
}

describe('event store on embedded PGlite', () => {
  it('runs on PGlite', () => {
    expect(database.kind).toBe('pglite');
  });

  it('appends with expected versions and refuses every mismatch', async () => {
    const streamId = orderStream();
    const created = await appendIn({ companyId: null, streamId, streamType: 'order', expectedVersion: 0, events: [moved('Start')] });
    expect(created.nextVersion).toBe(1);
    await expectConflict(appendIn({ companyId: null, streamId, streamType: 'order', expectedVersion: 0, events: [moved('Saw')] }));
    const moved2 = await appendIn({ companyId: null, streamId, streamType: 'order', expectedVersion: 1, events: [moved('Saw'), moved('Drill')] });
    expect(moved2.nextVersion).toBe(3);
    await expectConflict(appendIn({ companyId: null, streamId, streamType: 'order', expectedVersion: 1, events: [moved('Paint')] }));
    await expectConflict(appendIn({ companyId: null, streamId: orderStream(), streamType: 'order', expectedVersion: 2, events: [moved('Paint')] }));
    await appendIn({ companyId: null, streamId, streamType: 'order', expectedVersion: 'any', events: [moved('Paint')] });

    const events = await readStoredStream(db, streamId);
    expect(events.map((event) => [event.streamVersion, (event.data as { station: string }).station])).toEqual([
      [1, 'Start'],
      [2, 'Saw'],
      [3, 'Drill'],
      [4, 'Paint'],
    ]);
  });

  it('reads the log in order after a cursor, with filters and metadata', async () => {
    const companyId = randomUUID();
    const metadata = { userId: randomUUID(), role: 'ADMIN', onBehalfOf: companyId, correlationId: randomUUID() };
    const orderId = orderStream();
    await appendIn({ companyId, streamId: orderId, streamType: 'order', expectedVersion: 0, events: [moved('Start')], metadata });
    await appendIn({
      companyId,
      streamId: `material-${randomUUID()}`,
      streamType: 'material',
      expectedVersion: 0,
      events: [{ type: 'MaterialCreated', data: { name: 'Bolt' } }],
    });
    await appendIn({ companyId, streamId: orderId, streamType: 'order', expectedVersion: 1, events: [moved('Saw')], metadata });

    const ofCompany = await readAll(db, { companyId });
    expect(ofCompany.map((event) => event.type)).toEqual(['OrderMovedToStation', 'MaterialCreated', 'OrderMovedToStation']);
    expect(ofCompany[0].metadata).toEqual(metadata);
    const orders = await readAll(db, { companyId, streamTypes: ['order'] });
    expect(orders.map((event) => event.streamVersion)).toEqual([1, 2]);
    const afterFirst = await readAll(db, { companyId, after: cursorOf(ofCompany[0]) });
    expect(afterFirst.map((event) => event.globalPosition)).toEqual(ofCompany.slice(1).map((event) => event.globalPosition));
    expect(await headCursor(db)).toEqual(cursorOf(ofCompany[2]));
  });

  it('keeps a consumer checkpoint in the handler transaction', async () => {
    await sql`create table pglite_handled (global_position bigint primary key)`.execute(db);
    const consumerName = `pglite-${randomUUID()}`;
    let failNext = false;
    const consumer = createConsumer({
      db,
      name: consumerName,
      batchSize: 2,
      handle: async (tx, events: StoredEvent[]) => {
        for (const event of events) {
          await sql`insert into pglite_handled (global_position) values (${event.globalPosition})`.execute(tx);
        }
        if (failNext) throw new Error('station offline');
      },
    });
    const total = (await readAll(db, { limit: 100_000 })).length;
    expect(await consumer.catchUp()).toBe(total);
    expect(await consumer.catchUp()).toBe(0);

    const streamId = orderStream();
    await appendIn({ companyId: null, streamId, streamType: 'order', expectedVersion: 0, events: [moved('Start')] });
    failNext = true;
    await expect(consumer.catchUp()).rejects.toThrow('station offline');
    failNext = false;
    expect(await consumer.catchUp()).toBe(1);
    const { rows } = await sql<{ n: string }>`select count(*) as n from pglite_handled`.execute(db);
    expect(Number(rows[0].n)).toBe(total + 1);
  });

  it('rolls an inline projection back with its append', async () => {
    await sql`create table pglite_order_rows (stream_id text primary key)`.execute(db);
    const projected = createEventStore();
    projected.registerInlineProjection({
      name: 'pglite-order-list',
      streamTypes: ['order'],
      tables: ['pglite_order_rows'],
      apply: async (tx, events) => {
        await sql`insert into pglite_order_rows (stream_id) values (${events[0].streamId}) on conflict do nothing`.execute(tx);
      },
    });
    const streamId = orderStream();
    await expect(
      db.transaction().execute(async (tx) => {
        await projected.append(tx, { companyId: null, streamId, streamType: 'order', expectedVersion: 0, events: [moved('Start')] });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await readStoredStream(db, streamId)).toEqual([]);
    const { rows } = await sql`select stream_id from pglite_order_rows where stream_id = ${streamId}`.execute(db);
    expect(rows).toEqual([]);
  });

  it('applies row-level security: a tenant reads only its events and cannot write another company', async () => {
    const shopA = randomUUID();
    const shopB = randomUUID();
    const orderOfB = orderStream();
    await withTenant(db, shopA, (tx) =>
      store.append(tx, { companyId: shopA, streamId: orderStream(), streamType: 'order', expectedVersion: 0, events: [moved('Start')] }),
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
    await expect(
      withTenant(db, shopA, (tx) =>
        store.append(tx, { companyId: shopB, streamId: orderStream(), streamType: 'order', expectedVersion: 0, events: [moved('Start')] }),
      ),
    ).rejects.toThrow(/row-level security/);
  });
});

describe('the embedded cluster of a new data folder', () => {
  it("is made whole (a copy of the prepared cluster, or PGlite's initdb) with 16 MB of shared buffers, leaving nothing beside it", async () => {
    expect(readdirSync(dataDir)).toEqual(['pgdata']);
    expect(readFileSync(path.join(dataDir, 'pgdata', 'postgresql.conf'), 'utf8')).toMatch(/^shared_buffers = 16MB/m);
    const { rows } = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(db);
    expect(rows[0].shared_buffers).toBe('16MB');
  });
});
