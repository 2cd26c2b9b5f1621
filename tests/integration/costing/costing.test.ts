import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarginsView, OrderCostingView, RatesView } from '../../../src/domain/costing/costing.views.js';
import { settableClock } from '../../../src/server/platform/clock.js';
import { checkProjections, describeDifferences } from '../../../src/server/platform/projection-rebuild.js';
import { inlineProjections } from '../../../src/server/projections.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam, type TestCompany } from '../../support/identity.js';
import { act, createOrder, errorOf, orderBody, orderLine, type Client, type OrderLine } from '../orders/support.js';

// Job costing (docs/labour-and-costs.md, "Costs"): the worked example through the API. Monday 30
// November 2026, the company's zone Europe/Berlin (the tests' default working time).
const clock = settableClock('2026-11-30T06:00:00.000Z');

let t: TestApp;
let line: OrderLine;
let other: TestCompany;
let olgaAtSaw: Client;
let jonasAtSaw: Client;
let frame: string;
let orderId: string;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  line = await orderLine(t);
  other = await companyWithTeam(t, { companyName: 'Andere Kosten GmbH' });
  olgaAtSaw = await line.signInAt(0, line.stations.saw.id);
  jonasAtSaw = await line.signInAt(1, line.stations.saw.id);
});
afterAll(async () => {
  await t?.close();
});

const at = (time: string, day = '30') => `2026-11-${day}T${time}:00.000Z`;
const saw = () => line.stations.saw.id;
const owner = () => line.superUser;

async function ok<T>(answer: Promise<{ statusCode: number; body: string; json(): unknown }>, status = 200): Promise<T> {
  const res = await answer;
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}
async function refused(answer: Promise<{ statusCode: number; body: string }>, status: number, code?: string) {
  const res = await answer;
  expect(res.statusCode, res.body).toBe(status);
  if (code) expect(errorOf(res.body).code).toBe(code);
}
const costingOf = (client: Client, id = orderId) => ok<OrderCostingView>(client.get(`/api/costs/orders/${id}`));
const ratesOf = (client: Client) => ok<RatesView>(client.get('/api/costs/rates'));

describe('job costing', () => {
  it('costs the worked example: two people on one order with a pause, scrap, the margin; a later rate leaves it unchanged', async () => {
    clock.set(at('06:00'));
    const welder = (await ok<{ entryId: string }>(owner().post('/api/team/master-data/jobTitles', { name: 'Schweißer' }), 201)).entryId;
    const employee = await ok<{ version: number }>(owner().get(`/api/team/employees/${line.operators[1].id}`));
    await ok(owner().put(`/api/team/employees/${line.operators[1].id}/organization`, { jobTitleId: welder, version: employee.version }));
    const res = await line.admin.post('/api/materials', {
      type: 'product',
      name: 'Bracket',
      materialNumber: 'B-1',
      vat: 19,
      stock: { quantity: 0, unit: 'pcs' },
      components: [{ materialId: line.materials.screw, quantity: 2 }],
      manufacturingSteps: [{ process: 'Sägen', stationId: saw(), time: 3, setupTime: 30 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    frame = res.json().id as string;

    const day = '2026-11-30';
    await ok(owner().post('/api/costs/machine-rates', { stationId: saw(), hourlyRate: 60, validFrom: day }), 201);
    await ok(owner().post('/api/costs/labour-rates', { target: 'standard', hourlyRate: 40, validFrom: day }), 201);
    await ok(owner().post('/api/costs/labour-rates', { target: 'jobTitle', targetId: welder, hourlyRate: 42, validFrom: day }), 201);
    await ok(owner().post('/api/costs/labour-rates', { target: 'employee', targetId: line.operators[0].id, hourlyRate: 45, validFrom: day }), 201);
    const rates = await ok<RatesView>(owner().post('/api/costs/material-prices', { materialId: line.materials.screw, price: 4, validFrom: day }), 201);
    // Set at the same instant: their order among themselves is not fixed.
    expect(rates.rates.map((rate) => [rate.kind, rate.target, rate.targetName, rate.amount]).sort()).toEqual(
      [
        ['labour', 'employee', 'Olga Berg', 45],
        ['labour', 'jobTitle', 'Schweißer', 42],
        ['labour', 'standard', '', 40],
        ['machine', 'station', 'SAW', 60],
        ['material', 'material', 'Screw M5 (K-3)', 4],
      ].sort(),
    );

    clock.set(at('06:15'));
    let order = await createOrder(line.admin, orderBody([{ materialId: frame, quantity: 10, netPrice: 50 }], { kind: 'production' }));
    orderId = order.id;
    // The screw costs more from 06:30: the plan (at creation) keeps 4.00, the consumption (at the start) pays 4.50.
    clock.set(at('06:30'));
    await ok(owner().post('/api/costs/material-prices', { materialId: line.materials.screw, price: 4.5, validFrom: day }), 201);
    await ok(olgaAtSaw.post('/api/labour/clock-in', { stationId: saw() }));
    clock.set(at('06:45'));
    order = await act(line.admin, order, 'start-production');
    clock.set(at('07:00'));
    order = await act(olgaAtSaw, order, 'start-work', { stationId: saw() });
    clock.set(at('07:30'));
    await ok(jonasAtSaw.post('/api/labour/clock-in', { stationId: saw() }));
    await ok(jonasAtSaw.post(`/api/labour/orders/${orderId}/join`, { stationId: saw() }));
    clock.set(at('08:00'));
    await ok(olgaAtSaw.post(`/api/labour/orders/${orderId}/pause`, { stationId: saw(), reason: 'material' }));
    clock.set(at('08:30'));
    await ok(olgaAtSaw.post(`/api/labour/orders/${orderId}/resume`, { stationId: saw() }));
    clock.set(at('10:00'));
    const bent = (await ok<{ entryId: string }>(owner().post('/api/team/master-data/scrapReasons', { name: 'Verbogen' }), 201)).entryId;
    await act(olgaAtSaw, order, 'complete-work', { stationId: saw(), good: 9, scrap: 1, scrapReasonId: bent });

    const costing = await costingOf(owner());
    expect(costing).toMatchObject({
      pieces: 10,
      scrap: 1,
      netPrice: 500,
      planned: { material: 80, labour: 40, machine: 60, total: 180 },
      // Olga 150 min × 45 = 112.50, Jonas 150 min × 42 (the welders') = 105; SAW 3 h × 60; 10 × 2 × 4.50.
      actual: { material: 90, labour: 217.5, machine: 180, total: 487.5, scrap: 48.75 },
      margin: 12.5,
      complete: true,
    });
    expect(costing.stations).toEqual([
      expect.objectContaining({
        stationName: 'SAW',
        plannedMinutes: 60,
        labourSeconds: 18000,
        actualLabour: 217.5,
        machineSeconds: 10800,
        actualMachine: 180,
        difference: 297.5,
      }),
    ]);

    // A rate set afterwards (valid from today: it counts from now on; from tomorrow) leaves the order as it was.
    clock.set(at('11:00'));
    await ok(owner().post('/api/costs/labour-rates', { target: 'employee', targetId: line.operators[0].id, hourlyRate: 50, validFrom: day }), 201);
    await ok(owner().post('/api/costs/machine-rates', { stationId: saw(), hourlyRate: 80, validFrom: '2026-12-01' }), 201);
    expect(await costingOf(owner())).toEqual(costing);

    const margins = await ok<MarginsView>(owner().get('/api/costs/margins?from=2026-11-30&to=2026-11-30'));
    expect(margins.materials).toEqual([
      {
        materialId: frame,
        material: 'Bracket',
        materialNumber: 'B-1',
        orders: 1,
        pieces: 10,
        netPrice: 500,
        actualCost: 487.5,
        margin: 12.5,
        marginRate: 0.025,
      },
    ]);
    const csv = await owner().get('/api/costs/margins.csv?from=2026-11-30&to=2026-11-30&lang=de');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Material;Bracket;B-1;1;10;500;487,5;12,5;2,5');
  });

  it('the costing read models equal a rebuild from the log', async () => {
    const result = await checkProjections(t.app.db, inlineProjections(t.app.eventStore));
    expect(describeDifferences(result.differences)).toEqual([]);
    expect(result.tables.filter((table) => table.table.startsWith('costing_') && table.liveRows === 0)).toEqual([]);
  });

  it('needs the costs right on every route: operators never, an admin once granted; unauthenticated 401', async () => {
    const reads = [
      '/api/costs/rates',
      `/api/costs/orders/${orderId}`,
      '/api/costs/margins?from=2026-11-30&to=2026-11-30',
      '/api/costs/margins.csv?from=2026-11-30&to=2026-11-30',
    ];
    const writes: [string, object][] = [
      ['/api/costs/machine-rates', { stationId: saw(), hourlyRate: 1, validFrom: '2026-11-30' }],
      ['/api/costs/labour-rates', { target: 'standard', hourlyRate: 1, validFrom: '2026-11-30' }],
      ['/api/costs/material-prices', { materialId: line.materials.screw, price: 1, validFrom: '2026-11-30' }],
    ];
    const before = (await ratesOf(owner())).rates.length;
    for (const client of [line.operators[0].client, olgaAtSaw, line.admin]) {
      for (const url of reads) await refused(client.get(url), 403);
      for (const [url, body] of writes) await refused(client.post(url, body), 403);
    }
    for (const url of reads) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    for (const [url, body] of writes) expect((await t.app.inject({ method: 'POST', url, payload: body })).statusCode).toBe(401);
    expect((await ratesOf(owner())).rates).toHaveLength(before);

    const rights = await ok<{ version: number; users: { userId: string; stationIds: string[]; changeRights: string[] }[] }>(
      owner().get('/api/team/user-rights'),
    );
    expect(rights.users.find((user) => user.userId === line.userIds.admin)?.changeRights).not.toContain('costs');
    const users = rights.users.map(({ userId, stationIds, changeRights }) => ({
      userId,
      stationIds,
      changeRights: userId === line.userIds.admin ? [...changeRights, 'costs'] : changeRights,
    }));
    await ok(owner().put('/api/team/user-rights', { version: rights.version, users }));
    expect((await costingOf(line.admin)).actual.total).toBe(487.5);
  });

  it('another company sees nothing of these costs and sets nothing on them (404)', async () => {
    const otherOwner = clientOf(t, other.superUser.token);
    await refused(otherOwner.get(`/api/costs/orders/${orderId}`), 404);
    const before = (await ratesOf(otherOwner)).rates.length;
    await refused(otherOwner.post('/api/costs/machine-rates', { stationId: saw(), hourlyRate: 1, validFrom: '2026-11-30' }), 404);
    await refused(
      otherOwner.post('/api/costs/labour-rates', { target: 'employee', targetId: line.operators[0].id, hourlyRate: 1, validFrom: '2026-11-30' }),
      404,
    );
    await refused(otherOwner.post('/api/costs/material-prices', { materialId: frame, price: 1, validFrom: '2026-11-30' }), 404);
    const theirs = await ratesOf(otherOwner);
    expect(theirs.rates).toHaveLength(before);
    expect(theirs.stations.map((station) => station.id)).not.toContain(saw());
    const margins = await ok<MarginsView>(otherOwner.get('/api/costs/margins?from=2026-11-30&to=2026-11-30'));
    expect(margins.materials).toEqual([]);
  });

  it('refuses bad input with 4xx and changes nothing', async () => {
    const before = (await ratesOf(owner())).rates.length;
    await refused(owner().post('/api/costs/machine-rates', { stationId: saw(), hourlyRate: -1, validFrom: '2026-11-30' }), 400, 'VALIDATION_ERROR');
    await refused(owner().post('/api/costs/machine-rates', { stationId: saw(), hourlyRate: 1.234, validFrom: '2026-11-30' }), 400, 'VALIDATION_ERROR');
    await refused(owner().post('/api/costs/machine-rates', { stationId: 'saw', hourlyRate: 1, validFrom: '2026-11-30' }), 400, 'VALIDATION_ERROR');
    await refused(owner().post('/api/costs/machine-rates', { stationId: saw(), hourlyRate: 1, validFrom: '30.11.2026' }), 400, 'VALIDATION_ERROR');
    await refused(owner().post('/api/costs/labour-rates', { target: 'employee', hourlyRate: 1, validFrom: '2026-11-30' }), 400, 'VALIDATION_ERROR');
    await refused(owner().post('/api/costs/labour-rates', { target: 'boss', hourlyRate: 1, validFrom: '2026-11-30' }), 400, 'VALIDATION_ERROR');
    await refused(
      owner().post('/api/costs/material-prices', { materialId: line.materials.screw, price: 'viel', validFrom: '2026-11-30' }),
      400,
      'VALIDATION_ERROR',
    );
    await refused(owner().post('/api/costs/machine-rates', { stationId: saw(), hourlyRate: 1, validFrom: '2026-11-29' }), 409, 'COSTING_VALID_FROM_PAST');
    await refused(owner().post('/api/costs/machine-rates', { stationId: '00000000-0000-4000-8000-000000000000', hourlyRate: 1, validFrom: '2026-11-30' }), 404);
    await refused(owner().post('/api/costs/labour-rates', { target: 'jobTitle', targetId: line.operators[0].id, hourlyRate: 1, validFrom: '2026-11-30' }), 404);
    await refused(owner().get('/api/costs/orders/nope'), 400, 'VALIDATION_ERROR');
    await refused(owner().get('/api/costs/orders/00000000-0000-4000-8000-000000000000'), 404);
    await refused(owner().get('/api/costs/margins?from=2026-12-01&to=2026-11-30'), 400, 'VALIDATION_ERROR');
    await refused(owner().get('/api/costs/margins?from=2025-01-01&to=2026-11-30'), 400, 'VALIDATION_ERROR');
    await refused(owner().get('/api/costs/margins'), 400, 'VALIDATION_ERROR');
    expect((await ratesOf(owner())).rates).toHaveLength(before);
  });

  it('a customer order sums its production orders; its margin is against its own net price', async () => {
    clock.set(at('12:00'));
    let customerOrder = await createOrder(line.admin, orderBody([{ materialId: frame, quantity: 2, netPrice: 150 }]));
    customerOrder = await act(line.admin, customerOrder, 'start-production');
    const costing = await costingOf(owner(), customerOrder.id);
    expect(costing.productionOrders).toHaveLength(1);
    // Two brackets, each 2 screws at 4.50 (planned when made, consumed when they entered the line); SAW planned 30 + 2 × 3 minutes.
    expect(costing).toMatchObject({
      netPrice: 300,
      planned: { material: 18, labour: 24, machine: 36, total: 78 },
      actual: { material: 18, labour: 0, machine: 0, total: 18 },
      margin: 282,
    });
    expect(costing.productionOrders[0].actualTotal).toBe(18);
    const part = await costingOf(owner(), costing.productionOrders[0].orderId);
    expect(part.actual.total).toBe(18);
  });
});
