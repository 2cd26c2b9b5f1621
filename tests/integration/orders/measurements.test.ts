import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderView } from '../../../src/domain/orders/orders.views.js';
import type { CompletionAction, StationFormValues } from '../../../src/domain/stations/station.schema.js';
import { applyStatusActionsJob, ordersDispatchRoutes } from '../../../src/server/modules/orders/orders.jobs.js';
import { dispatchJobId } from '../../../src/server/platform/dispatcher.js';
import type { JobLogger, JobSnapshot } from '../../../src/server/platform/jobs.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { stationBody, type CreatedStation } from '../stations/stations-support.js';
import { act, createOrder, errorOf, orderBody, orderLine, orderOf, type Client, type OrderLine } from './support.js';

let t: TestApp;
let line: OrderLine;
let other: OrderLine;
let atSaw: Client;
let atDrill: Client;
let gauge: string;

beforeAll(async () => {
  t = await createTestApp();
  line = await orderLine(t);
  other = await orderLine(t);
  atSaw = await line.signInAt(0, line.stations.saw.id);
  atDrill = await line.signInAt(1, line.stations.drill.id);
  const res = await line.admin.post('/api/materials', {
    type: 'manufacturing_part',
    name: 'Gauge block',
    materialNumber: 'G-7',
    vat: 19,
    stock: { quantity: 0, unit: 'pcs' },
    values: [
      { name: 'Length', number: 100, unit: 'mm', minTolerance: 99.5, maxTolerance: 100.5 },
      { name: 'Weight', number: 2, unit: 'kg', minTolerance: 1.9, maxTolerance: 2.1 },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  gauge = res.json().id;
  await setStation(line.stations.saw, { valueChecks: { mode: 'all', names: [] }, actions: [] });
  await setStation(line.stations.drill, { valueChecks: { mode: 'named', names: ['weight'] }, actions: [] });
});
afterAll(async () => {
  await t?.close();
});

/** Saves the station's form as an admin would. */
async function setStation(station: CreatedStation, values: Partial<StationFormValues>) {
  const current = await line.admin.get(`/api/stations/${station.id}`);
  const res = await line.admin.put(`/api/stations/${station.id}`, { ...stationBody(station.name, values), version: current.json().version });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A production order of the gauge block, at SAW with work started by the operator signed in there. */
async function inWorkAtSaw(): Promise<OrderView> {
  const order = await createOrder(line.admin, orderBody([{ materialId: gauge, quantity: 3 }], { kind: 'production' }));
  const started = await act(line.admin, order, 'start-production');
  return act(atSaw, started, 'start-work', { stationId: line.stations.saw.id });
}

const measure = (client: Client, order: { id: string; version: number }, body: object) =>
  client.post(`/api/orders/${order.id}/measure`, { version: order.version, stationId: line.stations.saw.id, ...body });

/** SAW checks every value: both measured within tolerance, so completing there needs no reason. */
async function measuredAtSaw(order: OrderView): Promise<OrderView> {
  const length = await measure(atSaw, order, { valueName: 'Length', measured: 100 });
  expect(length.statusCode, length.body).toBe(200);
  const weight = await measure(atSaw, length.json(), { valueName: 'Weight', measured: 2 });
  expect(weight.statusCode, weight.body).toBe(200);
  return weight.json();
}

async function eventTypesOf(orderId: string): Promise<string[]> {
  const res = await line.admin.get(`/api/orders/${orderId}/history`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { type: string }[]).map((entry) => entry.type);
}

describe('measuring values at the station', () => {
  it('records the value with the material value copied in, and the order is flagged passed', async () => {
    const order = await inWorkAtSaw();
    const res = await measure(atSaw, order, { valueName: 'Length', measured: 100.2 });
    expect(res.statusCode, res.body).toBe(200);
    const measured: OrderView = res.json();
    expect(measured.version).toBe(order.version + 1);
    expect(measured.quality).toBe('passed');
    expect(measured.measurements).toEqual([
      expect.objectContaining({
        stationId: line.stations.saw.id,
        valueName: 'Length',
        nominal: 100,
        unit: 'mm',
        minTolerance: 99.5,
        maxTolerance: 100.5,
        measured: 100.2,
        passed: true,
        measuredBy: line.operators[0].id,
      }),
    ]);
    expect(await eventTypesOf(order.id)).toContain('ValueMeasured');
  });

  it('shows a value outside tolerance at once; the flag is on the list, the worklist, the display and the home board', async () => {
    const order = await inWorkAtSaw();
    const res = await measure(atSaw, order, { valueName: 'length', measured: 100.6 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().measurements[0]).toMatchObject({ valueName: 'Length', passed: false });
    expect(res.json().quality).toBe('failed');

    const list = await line.admin.get(`/api/orders?kind=production&q=${order.orderNumber}`);
    expect(list.json().data.find((row: { id: string }) => row.id === order.id).quality).toBe('failed');
    const worklist = await atSaw.get(`/api/stations/${line.stations.saw.id}/worklist`);
    expect(worklist.json().data.find((row: { id: string }) => row.id === order.id).quality).toBe('failed');
    const display = await line.admin.get('/api/orders/advertisement');
    expect(display.json().orders.find((row: { id: string }) => row.id === order.id).quality).toBe('failed');
    const board = await line.admin.get('/api/orders/board');
    expect(board.json().data.find((row: { id: string }) => row.id === order.id).quality).toBe('failed');

    // A re-measure within tolerance replaces it.
    const again = await measure(atSaw, res.json(), { valueName: 'Length', measured: 100 });
    expect(again.json().measurements).toHaveLength(1);
    expect(again.json().quality).toBe('passed');
  });

  it('refuses to complete with a failed value without a reason, and changes nothing', async () => {
    const order = await inWorkAtSaw();
    const length: OrderView = (await measure(atSaw, order, { valueName: 'Length', measured: 100 })).json();
    const failed: OrderView = (await measure(atSaw, length, { valueName: 'Weight', measured: 3 })).json();
    const res = await atSaw.post(`/api/orders/${order.id}/complete-work`, { version: failed.version, stationId: line.stations.saw.id });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res.body).details).toEqual([{ path: 'reason', message: 'orders.validation.qualityReasonRequired', params: { values: 'Weight' } }]);
    const blank = await atSaw.post(`/api/orders/${order.id}/complete-work`, { version: failed.version, stationId: line.stations.saw.id, reason: '  ' });
    expect(blank.statusCode).toBe(400);
    const after = await orderOf(line.admin, order.id);
    expect(after.version).toBe(failed.version);
    expect(after.location).toMatchObject({ stage: 'station', stationId: line.stations.saw.id });
  });

  it('completes with a reason: the failure is accepted on the order, which keeps its flag on the next station', async () => {
    const order = await inWorkAtSaw();
    const length: OrderView = (await measure(atSaw, order, { valueName: 'Length', measured: 100 })).json();
    const failed: OrderView = (await measure(atSaw, length, { valueName: 'Weight', measured: 3 })).json();
    const done = await act(atSaw, failed, 'complete-work', { stationId: line.stations.saw.id, reason: 'Customer accepts the heavier part' });
    expect(done.location).toMatchObject({ stage: 'station', stationId: line.stations.drill.id });
    expect(done.quality).toBe('failed');
    expect(done.qualityFailures).toEqual([
      expect.objectContaining({
        stationId: line.stations.saw.id,
        failedValues: ['Weight'],
        missingValues: [],
        reason: 'Customer accepts the heavier part',
        acceptedBy: line.operators[0].id,
      }),
    ]);
    const types = await eventTypesOf(order.id);
    expect(types.slice(-3)).toEqual(['QualityFailureAccepted', 'QuantityReported', 'WorkCompleted']);
    const worklist = await atDrill.get(`/api/stations/${line.stations.drill.id}/worklist`);
    expect(worklist.json().data.find((row: { id: string }) => row.id === order.id).quality).toBe('failed');
  });

  it('refuses to complete with a checked value not measured without a reason; with one, the missing values are on the order', async () => {
    const order = await inWorkAtSaw();
    const length: OrderView = (await measure(atSaw, order, { valueName: 'Length', measured: 100 })).json();
    const res = await atSaw.post(`/api/orders/${order.id}/complete-work`, { version: length.version, stationId: line.stations.saw.id });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res.body).details).toEqual([{ path: 'reason', message: 'orders.validation.missingValuesReasonRequired', params: { values: 'Weight' } }]);
    expect((await orderOf(line.admin, order.id)).version).toBe(length.version);

    const done = await act(atSaw, length, 'complete-work', { stationId: line.stations.saw.id, reason: 'Scale out of service' });
    expect(done.location).toMatchObject({ stage: 'station', stationId: line.stations.drill.id });
    expect(done.quality).toBe('passed');
    expect(done.qualityFailures).toEqual([
      expect.objectContaining({ stationId: line.stations.saw.id, failedValues: [], missingValues: ['Weight'], reason: 'Scale out of service' }),
    ]);
    expect((await eventTypesOf(order.id)).slice(-3)).toEqual(['QualityFailureAccepted', 'QuantityReported', 'WorkCompleted']);
  });

  it('takes only values of the material that the station checks, as numbers by the material rule (400, nothing changed)', async () => {
    const order = await inWorkAtSaw();
    const cases: [object, string, string][] = [
      [{ valueName: 'Colour', measured: 1 }, 'valueName', 'orders.validation.unknownValue'],
      [{ valueName: 'Length', measured: 1.2345 }, 'measured', 'orders.validation.measuredValue'],
      [{ valueName: 'Length', measured: 'ten' }, 'measured', 'validation.number'],
      [{ valueName: '', measured: 1 }, 'valueName', 'validation.required'],
      [{ valueName: 'Length' }, 'measured', 'validation.required'],
    ];
    for (const [body, path, message] of cases) {
      const res = await measure(atSaw, order, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res.body).details[0]).toMatchObject({ path, message });
    }
    expect((await orderOf(line.admin, order.id)).version).toBe(order.version);

    // DRILL checks only Weight.
    const done = await act(atSaw, await measuredAtSaw(order), 'complete-work', { stationId: line.stations.saw.id });
    const atTheDrill = await act(atDrill, done, 'start-work', { stationId: line.stations.drill.id });
    const notChecked = await atDrill.post(`/api/orders/${order.id}/measure`, {
      version: atTheDrill.version,
      stationId: line.stations.drill.id,
      valueName: 'Length',
      measured: 100,
    });
    expect(notChecked.statusCode).toBe(400);
    expect(errorOf(notChecked.body).details[0].message).toBe('orders.validation.valueNotChecked');
    const weight = await atDrill.post(`/api/orders/${order.id}/measure`, {
      version: atTheDrill.version,
      stationId: line.stations.drill.id,
      valueName: 'Weight',
      measured: 2,
    });
    expect(weight.statusCode, weight.body).toBe(200);
  });

  it('is refused before work started, to an administrator, to an operator not at that station, and for another company (404)', async () => {
    const order = await createOrder(line.admin, orderBody([{ materialId: gauge, quantity: 1 }], { kind: 'production' }));
    const waiting = await act(line.admin, order, 'start-production');
    const notStarted = await measure(atSaw, waiting, { valueName: 'Length', measured: 100 });
    expect(notStarted.statusCode).toBe(409);
    expect(errorOf(notStarted.body).details[0].message).toBe('orders.validation.workNotStarted');

    const started = await act(atSaw, waiting, 'start-work', { stationId: line.stations.saw.id });
    const admin = await measure(line.admin, started, { valueName: 'Length', measured: 100 });
    expect(admin.statusCode).toBe(403);
    const elsewhere = await measure(atDrill, started, { valueName: 'Length', measured: 100 });
    expect(elsewhere.statusCode).toBe(403);
    expect(errorOf(elsewhere.body).code).toBe('STATION_NOT_SIGNED_IN');

    const otherOperator = await other.signInAt(0, other.stations.saw.id);
    const foreign = await otherOperator.post(`/api/orders/${order.id}/measure`, {
      version: started.version,
      stationId: other.stations.saw.id,
      valueName: 'Length',
      measured: 100,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await orderOf(line.admin, order.id)).version).toBe(started.version);
  });
});

/** Waits until the job has run (completed, or failed). */
async function finishedJob(jobId: string): Promise<JobSnapshot> {
  for (let waited = 0; waited < 15_000; waited += 25) {
    const job = await t.app.jobQueue.getJob('email', jobId);
    if (job?.state === 'completed' || job?.state === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`Job ${jobId} did not finish`);
}

const statusRoute = ordersDispatchRoutes.find((route) => route.name === applyStatusActionsJob.name)!;

/** The status job dispatched by the order's last `WorkCompleted`, run to its end. */
async function statusJobOfLastCompletion(orderId: string) {
  const { rows } = await sql<{ global_position: string; data: Record<string, unknown> }>`
    select global_position::text, data from events
    where stream_id = ${`order-${orderId}`} and type = 'WorkCompleted'
    order by global_position desc limit 1`.execute(t.app.db);
  expect(rows).toHaveLength(1);
  const job = await finishedJob(dispatchJobId(statusRoute, { globalPosition: Number(rows[0].global_position) }));
  expect(job.state, JSON.stringify(job)).toBe('completed');
  return { job, completion: rows[0].data };
}

const setStatus = (status: string): CompletionAction => ({ action: 'set-order-status', element: status });

describe("the station action 'set the order status'", () => {
  it('runs after completion at the last station by the machine: finished -> ready to use, recorded on the order', async () => {
    await setStation(line.stations.drill, { valueChecks: { mode: 'none', names: [] }, actions: [setStatus('ready-to-use')] });
    const order = await measuredAtSaw(await inWorkAtSaw());
    const atTheDrill = await act(atSaw, order, 'complete-work', { stationId: line.stations.saw.id });
    const started = await act(atDrill, atTheDrill, 'start-work', { stationId: line.stations.drill.id });
    const done = await act(atDrill, started, 'complete-work', { stationId: line.stations.drill.id });
    expect(done.status).toBe('finished');
    const { completion } = await statusJobOfLastCompletion(order.id);
    const after = await orderOf(line.admin, order.id);
    expect(after.status).toBe('ready-to-use');
    const history = (await line.admin.get(`/api/orders/${order.id}/history`)).json().data as { type: string; data: Record<string, unknown> }[];
    expect(history.slice(-2).map((entry) => entry.type)).toEqual(['OrderReadyToUse', 'StatusActionApplied']);
    expect(history.at(-1)?.data).toMatchObject({ stationId: line.stations.drill.id, fromStatus: 'finished', status: 'ready-to-use' });

    // A retry of the same job appends nothing.
    const log: JobLogger = { info: () => {}, warn: () => {}, error: () => {} } as unknown as JobLogger;
    await applyStatusActionsJob.handle(
      { companyId: line.companyId, orderId: order.id, stationId: line.stations.drill.id, nextStationId: null, completedAt: completion.at as string },
      { db: t.app.db, eventStore: t.app.eventStore, clock: t.app.clock, log, jobId: randomUUID(), attempt: 2 } as never,
    );
    expect((await orderOf(line.admin, order.id)).version).toBe(after.version);
  });

  it('records a transition the machine refuses and leaves the order as it was', async () => {
    await setStation(line.stations.saw, { valueChecks: { mode: 'all', names: [] }, actions: [setStatus('canceled')] });
    const order = await measuredAtSaw(await inWorkAtSaw());
    const done = await act(atSaw, order, 'complete-work', { stationId: line.stations.saw.id });
    await statusJobOfLastCompletion(order.id);
    const after = await orderOf(line.admin, order.id);
    expect(after.status).toBe('in-progress');
    expect(after.location).toMatchObject({ stationId: line.stations.drill.id });
    expect(after.version).toBe(done.version + 1);
    const history = (await line.admin.get(`/api/orders/${order.id}/history`)).json().data as { type: string; data: Record<string, unknown> }[];
    expect(history.at(-1)).toMatchObject({
      type: 'StatusActionRefused',
      data: { fromStatus: 'in-progress', status: 'canceled', reason: 'ORDER_TRANSITION_NOT_ALLOWED', stationId: line.stations.saw.id },
    });
    await setStation(line.stations.saw, { valueChecks: { mode: 'all', names: [] }, actions: [] });
  });
});
