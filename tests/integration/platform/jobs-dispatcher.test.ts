import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createJobServices } from '../../../src/server/jobs.js';
import { loadConfig } from '../../../src/server/platform/config.js';
import { withSystem } from '../../../src/server/platform/db.js';
import { createDispatcher, defineDispatchRoute, dispatchJobId, type DispatchRound, type DispatchRoute } from '../../../src/server/platform/dispatcher.js';
import { eventCatalogue } from '../../../src/domain/shared/decider.js';
import { createEventStore, type EventStore, type StoredEvent } from '../../../src/server/platform/event-store.js';
import { createJobQueue } from '../../../src/server/platform/jobs-queue.js';
import { defineJob, permanentJobFailure, type JobLogger, type JobQueue, type JobWorkers } from '../../../src/server/platform/jobs.js';
import { createTestDatabase, type TestDatabase } from '../../support/database.js';
import { testRedisUrl } from '../../support/services.js';
import { deleteQueueKeys, waitForJob } from './jobs-support.js';

const logged: { level: string; message?: string }[] = [];
const recordingLog: JobLogger = {
  info: (_details, message) => logged.push({ level: 'info', message }),
  warn: (_details, message) => logged.push({ level: 'warn', message }),
  error: (_details, message) => logged.push({ level: 'error', message }),
  child: () => recordingLog,
};

/** Shipment ids the `notify-customer` handler ran for, in order. */
const notified: string[] = [];

const definitions = [
  defineJob({
    queue: 'email',
    name: 'notify-customer',
    schema: z.object({ shipmentId: z.string() }),
    async handle(data) {
      notified.push(data.shipmentId);
    },
  }),
];

/** The test's shipment stream: its events as the routes read them. */
type TestShipmentEvent =
  | { type: 'ShipmentSent'; data: Record<string, unknown> }
  | { type: 'ShipmentPacked'; data: Record<string, unknown> }
  | { type: 'ShipmentDrafted'; data: { urgent?: boolean } }
  | { type: 'ShipmentCancelled'; data: Record<string, unknown> }
  | { type: 'ShipmentReturned'; data: Record<string, unknown> };
const testShipmentEvents = eventCatalogue<TestShipmentEvent>({
  streamType: 'shipment',
  types: { ShipmentSent: true, ShipmentPacked: true, ShipmentDrafted: true, ShipmentCancelled: true, ShipmentReturned: true },
});

/**
 * `returns-notice`: fails for good (a permanent failure) while its shipment is in `refused`; its
 * `failed` tells the user (here: `told`), or throws while the shipment is in `untellable`.
 */
const refused = new Set<string>();
const untellable = new Set<string>();
const told: string[] = [];
definitions.push(
  defineJob({
    queue: 'email',
    name: 'returns-notice',
    schema: z.object({ shipmentId: z.string() }),
    async handle(data) {
      if (refused.has(data.shipmentId)) throw permanentJobFailure('the mail server refused the address');
      notified.push(data.shipmentId);
    },
    async failed(data) {
      if (untellable.has(data.shipmentId)) throw new Error('the database was gone');
      told.push(data.shipmentId);
    },
  }),
);

const shipmentReturned = defineDispatchRoute({
  events: testShipmentEvents,
  eventType: 'ShipmentReturned',
  queue: 'email',
  name: 'returns-notice',
  toJob: (event) => ({ shipmentId: event.streamId }),
});

const shipmentSent = defineDispatchRoute({
  events: testShipmentEvents,
  eventType: 'ShipmentSent',
  queue: 'email',
  name: 'notify-customer',
  toJob: (event) => ({ shipmentId: event.streamId }),
});

const routes: DispatchRoute[] = [
  shipmentSent,
  shipmentReturned,
  defineDispatchRoute({
    events: testShipmentEvents,
    eventType: 'ShipmentDrafted',
    queue: 'email',
    name: 'notify-customer',
    // Only drafts marked urgent notify anybody.
    toJob: (event) => (event.data.urgent ? { shipmentId: event.streamId } : undefined),
  }),
  defineDispatchRoute({
    events: testShipmentEvents,
    eventType: 'ShipmentCancelled',
    queue: 'email',
    name: 'notify-customer',
    toJob: () => {
      throw new Error('route bug');
    },
  }),
];

let testDb: TestDatabase;
let eventStore: EventStore;
let services: ReturnType<typeof createJobServices>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  eventStore = createEventStore();
  const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATABASE_URL: testDb.url, LOG_LEVEL: 'silent' });
  services = createJobServices({ config, database: testDb.database, eventStore, log: recordingLog });
});

afterAll(async () => {
  await services?.close();
  await testDb?.drop();
});

async function record(type: string, data: Record<string, unknown> = {}) {
  const streamId = `shipment-${randomUUID()}`;
  const result = await withSystem(testDb.database.db, (tx) =>
    eventStore.append(tx, { companyId: randomUUID(), streamId, streamType: 'shipment', expectedVersion: 0, events: [{ type, data }] }),
  );
  eventStore.committed();
  return result.events[0];
}

type Dispatcher = ReturnType<typeof createDispatcher>;

/**
 * Dispatches until the checkpoint has passed `event`. Consumers read below the cluster-wide
 * commit horizon, so another test file's open transaction can hide a fresh event for a moment.
 */
async function dispatchThrough(dispatcher: Dispatcher, event: StoredEvent): Promise<DispatchRound> {
  const total = { events: 0, enqueued: 0 };
  for (;;) {
    const round = await dispatcher.catchUp();
    total.events += round.events;
    total.enqueued += round.enqueued;
    const passed = await sql<{ passed: boolean }>`
      select (tx_id, global_position) >= (${event.txId}::xid8, ${event.globalPosition}::bigint) as passed
      from consumer_checkpoints where consumer = 'job-dispatcher'
    `.execute(testDb.database.db);
    if (passed.rows[0]?.passed) return total;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const resetCheckpoint = () =>
  sql`update consumer_checkpoints set tx_id = '0'::xid8, global_position = 0 where consumer = 'job-dispatcher'`.execute(testDb.database.db);

const ledger = () => testDb.database.db.selectFrom('dispatched_jobs').selectAll().orderBy('global_position').execute();

describe.each([
  { adapter: 'in-process', redis: false },
  { adapter: 'bullmq', redis: true },
])('dispatching events to the $adapter queue', ({ redis }) => {
  const prefix = `test-dispatch-${randomUUID()}`;
  let queue: JobQueue;
  let workers: JobWorkers;

  beforeAll(() => {
    queue = createJobQueue({ redisUrl: redis ? testRedisUrl() : undefined, prefix, retry: { attempts: 3, backoffMs: 20 } });
    workers = queue.startWorkers(definitions, services);
  });

  afterAll(async () => {
    await workers?.close();
    await queue?.close();
    if (redis) await deleteQueueKeys(prefix);
  });

  it('turns an event into its job, which runs', async () => {
    const dispatcher = createDispatcher({ db: testDb.database.db, eventStore, queue, routes, log: recordingLog });
    const event = await record('ShipmentSent');
    const round = await dispatchThrough(dispatcher, event);
    expect(round.enqueued).toBe(1);
    const jobId = dispatchJobId(shipmentSent, event);
    expect(jobId).toBe(`ShipmentSent-notify-customer-${event.globalPosition}`);
    await waitForJob(queue, 'email', jobId, ['completed']);
    expect(notified.filter((id) => id === event.streamId)).toHaveLength(1);
  });

  it('runs the job of an event once when the log is replayed from the start', async () => {
    const dispatcher = createDispatcher({ db: testDb.database.db, eventStore, queue, routes, log: recordingLog });
    const event = await record('ShipmentSent');
    await dispatchThrough(dispatcher, event);
    await waitForJob(queue, 'email', dispatchJobId(shipmentSent, event), ['completed']);

    await resetCheckpoint();
    const replay = await dispatchThrough(dispatcher, event);
    expect(replay.events).toBeGreaterThan(0);
    expect(replay.enqueued).toBe(0);

    // A second dispatcher (another server instance) replaying the same log adds nothing either.
    const second = createDispatcher({ db: testDb.database.db, eventStore, queue, routes, log: recordingLog });
    await resetCheckpoint();
    expect((await dispatchThrough(second, event)).enqueued).toBe(0);

    const marker = await record('ShipmentSent');
    await dispatchThrough(dispatcher, marker);
    await waitForJob(queue, 'email', dispatchJobId(shipmentSent, marker), ['completed']);
    expect(notified.filter((id) => id === event.streamId)).toHaveLength(1);
  });

  it('still runs a job once if the ledger was lost and the log replayed: the queue dedupes by job id', async () => {
    const dispatcher = createDispatcher({ db: testDb.database.db, eventStore, queue, routes, log: recordingLog });
    const event = await record('ShipmentSent');
    await dispatchThrough(dispatcher, event);
    const jobId = dispatchJobId(shipmentSent, event);
    await waitForJob(queue, 'email', jobId, ['completed']);

    await sql`delete from dispatched_jobs`.execute(testDb.database.db);
    await resetCheckpoint();
    const replay = await dispatchThrough(dispatcher, event);
    expect(replay.enqueued).toBeGreaterThan(0);

    const marker = await record('ShipmentSent');
    await dispatchThrough(dispatcher, marker);
    await waitForJob(queue, 'email', dispatchJobId(shipmentSent, marker), ['completed']);
    expect(notified.filter((id) => id === event.streamId)).toHaveLength(1);
    expect((await queue.getJob('email', jobId))?.attemptsMade).toBe(1);
  });

  it('enqueues nothing for events without a route or whose route declines', async () => {
    const dispatcher = createDispatcher({ db: testDb.database.db, eventStore, queue, routes, log: recordingLog });
    await dispatchThrough(dispatcher, await record('Checkpoint'));
    const before = (await ledger()).length;
    await record('ShipmentPacked');
    await record('ShipmentDrafted', { urgent: false });
    const urgent = await record('ShipmentDrafted', { urgent: true });
    const last = await record('ShipmentPacked');
    const round = await dispatchThrough(dispatcher, last);
    expect(round).toEqual({ events: 4, enqueued: 1 });
    const rows = await ledger();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ name: 'notify-customer', queue: 'email', data: { shipmentId: urgent.streamId } });
  });

  it('logs and skips an event whose route throws, and keeps dispatching later events', async () => {
    const dispatcher = createDispatcher({ db: testDb.database.db, eventStore, queue, routes, log: recordingLog });
    await dispatchThrough(dispatcher, await record('Checkpoint'));
    await record('ShipmentCancelled');
    const after = await record('ShipmentSent');
    const round = await dispatchThrough(dispatcher, after);
    expect(round.enqueued).toBe(1);
    expect(logged).toContainEqual({ level: 'error', message: 'dispatch route failed; no job for this event' });
    await waitForJob(queue, 'email', dispatchJobId(shipmentSent, after), ['completed']);
  });

  it('dispatches in the background on its own once started, and stops cleanly', async () => {
    const dispatcher = createDispatcher({ db: testDb.database.db, eventStore, queue, routes, log: recordingLog, pollMs: 50 });
    dispatcher.start();
    try {
      const event = await record('ShipmentSent');
      await waitForJob(queue, 'email', dispatchJobId(shipmentSent, event), ['completed']);
    } finally {
      await dispatcher.stop();
    }
  });

  it('finds a hinted event that waited behind a transaction committing without a hint, with no poll due for an hour', async () => {
    const dispatcher = createDispatcher({ db: testDb.database.db, eventStore, queue, routes, log: recordingLog, pollMs: 3_600_000 });
    dispatcher.start();
    // An open transaction that holds a transaction id (as a ledger update does): events committed
    // after it began stay behind the horizon until it ends, and it ends with no commit hint.
    let release = () => {};
    let began = () => {};
    const begun = new Promise<void>((resolve) => (began = resolve));
    const blocker = testDb.database.db.transaction().execute(async (tx) => {
      await sql`select pg_current_xact_id()`.execute(tx);
      began();
      await new Promise<void>((resolve) => (release = resolve));
    });
    try {
      await begun;
      // Committed and hinted while the blocker is open: the round the hint starts cannot read it yet.
      const event = await record('ShipmentSent');
      expect((await queue.getJob('email', dispatchJobId(shipmentSent, event)))?.state).toBeUndefined();
      release();
      await blocker;
      await waitForJob(queue, 'email', dispatchJobId(shipmentSent, event), ['completed']);
    } finally {
      release();
      await blocker;
      await dispatcher.stop();
    }
  });
});

describe.each([
  { adapter: 'in-process', redis: false },
  { adapter: 'bullmq', redis: true },
])('a $adapter queue that loses its jobs (Redis restarted without persistence, or the process restarted)', ({ redis }) => {
  /** The queue as it was, then as it is after the loss: same prefix, nothing kept (Redis keys deleted, or a new process's memory). */
  const queueThatLoses = async (prefix: string) => {
    if (redis) await deleteQueueKeys(prefix);
    return createJobQueue({ redisUrl: redis ? testRedisUrl() : undefined, prefix, retry: { attempts: 3, backoffMs: 20 } });
  };

  /** Jobs of earlier tests ran on queues since closed: they count as done here, so only this test's job is in question. */
  const settleOthers = (jobId: string) =>
    sql`update dispatched_jobs set completed_at = now() where completed_at is null and job_id <> ${jobId}`.execute(testDb.database.db);

  it('enqueues again, under the same id, a job the queue lost before it ran, and it runs once', async () => {
    const prefix = `test-reconcile-${randomUUID()}`;
    const before = createJobQueue({ redisUrl: redis ? testRedisUrl() : undefined, prefix });
    const event = await record('ShipmentSent');
    const jobId = dispatchJobId(shipmentSent, event);
    try {
      expect((await dispatchThrough(createDispatcher({ db: testDb.database.db, eventStore, queue: before, routes, log: recordingLog }), event)).enqueued).toBe(
        1,
      );
      expect((await before.getJob('email', jobId))?.state).toBe('waiting');
    } finally {
      await before.close();
    }

    await settleOthers(jobId);
    const after = await queueThatLoses(prefix);
    const workers = after.startWorkers(definitions, services);
    try {
      const dispatcher = createDispatcher({ db: testDb.database.db, eventStore, queue: after, routes, log: recordingLog, reconcileAfterMs: 0 });
      expect(await dispatcher.reconcile()).toBe(1);
      await waitForJob(after, 'email', jobId, ['completed']);
      expect(notified.filter((id) => id === event.streamId)).toHaveLength(1);
      const row = await testDb.database.db.selectFrom('dispatched_jobs').selectAll().where('job_id', '=', jobId).executeTakeFirstOrThrow();
      expect(row.completed_at).not.toBeNull();
      expect(await dispatcher.reconcile()).toBe(0);
      expect(logged).toContainEqual(expect.objectContaining({ level: 'warn', message: expect.stringContaining('the queue had lost this job') }));
    } finally {
      await workers.close();
      await after.close();
      if (redis) await deleteQueueKeys(prefix);
    }
  });

  it('leaves a job that ran alone, even when the queue has forgotten it', async () => {
    const prefix = `test-reconcile-done-${randomUUID()}`;
    const before = createJobQueue({ redisUrl: redis ? testRedisUrl() : undefined, prefix });
    const workers = before.startWorkers(definitions, services);
    const event = await record('ShipmentSent');
    const jobId = dispatchJobId(shipmentSent, event);
    try {
      await dispatchThrough(createDispatcher({ db: testDb.database.db, eventStore, queue: before, routes, log: recordingLog }), event);
      await waitForJob(before, 'email', jobId, ['completed']);
    } finally {
      await workers.close();
      await before.close();
    }

    await settleOthers(jobId);
    const after = await queueThatLoses(prefix);
    try {
      expect(await createDispatcher({ db: testDb.database.db, eventStore, queue: after, routes, log: recordingLog, reconcileAfterMs: 0 }).reconcile()).toBe(0);
      expect(await after.getJob('email', jobId)).toBeUndefined();
      expect(notified.filter((id) => id === event.streamId)).toHaveLength(1);
    } finally {
      await after.close();
      if (redis) await deleteQueueKeys(prefix);
    }
  });
});

describe('a queue that does not answer', () => {
  it('keeps the jobs in the ledger and enqueues them once a queue answers again', async () => {
    const prefix = `test-dispatch-down-${randomUUID()}`;
    const working = createJobQueue({ prefix });
    await dispatchThrough(createDispatcher({ db: testDb.database.db, eventStore, queue: working, routes: [], log: recordingLog }), await record('Checkpoint'));

    const down = createJobQueue({ redisUrl: 'redis://127.0.0.1:1', prefix });
    const event = await record('ShipmentSent');
    try {
      const dispatcher = createDispatcher({ db: testDb.database.db, eventStore, queue: down, routes, log: recordingLog });
      await expect(dispatchThrough(dispatcher, event)).rejects.toThrow(/ECONNREFUSED|Reached the max retries/);
    } finally {
      await down.close();
    }
    const jobId = dispatchJobId(shipmentSent, event);
    const pending = await testDb.database.db.selectFrom('dispatched_jobs').selectAll().where('job_id', '=', jobId).executeTakeFirstOrThrow();
    expect(pending.enqueued_at).toBeNull();

    const workers = working.startWorkers(definitions, services);
    try {
      const round = await createDispatcher({ db: testDb.database.db, eventStore, queue: working, routes, log: recordingLog }).catchUp();
      expect(round.events).toBe(0);
      expect(round.enqueued).toBe(1);
      await waitForJob(working, 'email', jobId, ['completed']);
      expect(notified).toContain(event.streamId);
    } finally {
      await workers.close();
      await working.close();
    }
  });

  it('refuses two routes that would make the same job ids', () => {
    expect(() =>
      createDispatcher({ db: testDb.database.db, eventStore, queue: createJobQueue({}), routes: [shipmentSent, shipmentSent], log: recordingLog }),
    ).toThrow(/declared twice/);
  });
});

describe.each([
  { adapter: 'in-process', redis: false },
  { adapter: 'bullmq', redis: true },
])('a job that fails for good on the $adapter queue', ({ redis }) => {
  const settleOthers = (jobId: string) =>
    sql`update dispatched_jobs set completed_at = now() where completed_at is null and failed_at is null and job_id <> ${jobId}`.execute(testDb.database.db);
  const rowOf = (jobId: string) => testDb.database.db.selectFrom('dispatched_jobs').selectAll().where('job_id', '=', jobId).executeTakeFirstOrThrow();

  async function failedJob(prefix: string, existing?: JobQueue) {
    const queue = existing ?? createJobQueue({ redisUrl: redis ? testRedisUrl() : undefined, prefix, retry: { attempts: 2, backoffMs: 20 } });
    const event = await record('ShipmentReturned');
    refused.add(event.streamId);
    const jobId = dispatchJobId(shipmentReturned, event);
    const dispatcher = createDispatcher({ db: testDb.database.db, eventStore, queue, routes, log: recordingLog, reconcileAfterMs: 0 });
    return { queue, event, jobId, dispatcher };
  }

  it('tells the user once (its `failed` runs) and counts as done: the reconciler leaves it alone', async () => {
    const prefix = `test-failed-told-${randomUUID()}`;
    const { queue, event, jobId, dispatcher } = await failedJob(prefix);
    const workers = queue.startWorkers(definitions, services);
    try {
      await dispatchThrough(dispatcher, event);
      await waitForJob(queue, 'email', jobId, ['failed']);
      await expect.poll(async () => (await rowOf(jobId)).failed_at).not.toBeNull();
      expect(told.filter((id) => id === event.streamId)).toHaveLength(1);
      await settleOthers(jobId);
      expect(await dispatcher.reconcile()).toBe(0);
      expect((await queue.getJob('email', jobId))?.state).toBe('failed');
    } finally {
      await workers.close();
      await queue.close();
      if (redis) await deleteQueueKeys(prefix);
    }
  });

  it('runs afresh, under its id, a failed job whose failure was never recorded; at most 3 times', async () => {
    const prefix = `test-failed-untold-${randomUUID()}`;
    const { queue, event, jobId, dispatcher } = await failedJob(prefix);
    untellable.add(event.streamId);
    const workers = queue.startWorkers(definitions, services);
    try {
      await dispatchThrough(dispatcher, event);
      await waitForJob(queue, 'email', jobId, ['failed']);
      expect((await rowOf(jobId)).failed_at).toBeNull();
      await settleOthers(jobId);
      // The mail server takes the address now: the job run afresh is delivered.
      refused.delete(event.streamId);
      expect(await dispatcher.reconcile()).toBe(1);
      await waitForJob(queue, 'email', jobId, ['completed']);
      await expect.poll(async () => (await rowOf(jobId)).completed_at).not.toBeNull();
      expect(notified.filter((id) => id === event.streamId)).toHaveLength(1);
      expect((await rowOf(jobId)).requeues).toBe(1);
      expect(logged).toContainEqual(expect.objectContaining({ level: 'warn', message: expect.stringContaining('its failure was never recorded') }));

      // One that keeps failing untold is run again three times, then left to an operator.
      const again = await failedJob(prefix, queue);
      untellable.add(again.event.streamId);
      await dispatchThrough(again.dispatcher, again.event);
      for (let round = 1; round <= 4; round++) {
        await waitForJob(queue, 'email', again.jobId, ['failed']);
        await settleOthers(again.jobId);
        expect(await again.dispatcher.reconcile()).toBe(round <= 3 ? 1 : 0);
      }
      expect((await rowOf(again.jobId)).requeues).toBe(3);
    } finally {
      await workers.close();
      await queue.close();
      if (redis) await deleteQueueKeys(prefix);
    }
  });
});
