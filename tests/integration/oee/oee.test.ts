import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STREAM_TYPE, orderStreamId } from '../../../src/domain/orders/order.events.js';
import type { OeeLossesView, OeeView } from '../../../src/domain/oee/oee.views.js';
import type { OrderView } from '../../../src/domain/orders/orders.views.js';
import { settableClock } from '../../../src/server/platform/clock.js';
import { recordEvents, runInTenant } from '../../../src/server/platform/command.js';
import { checkProjections, describeDifferences } from '../../../src/server/platform/projection-rebuild.js';
import { inlineProjections } from '../../../src/server/projections.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam, type TestCompany } from '../../support/identity.js';
import { act, createOrder, orderBody, orderLine, orderOf, type Client, type OrderLine } from '../orders/support.js';

// The worked example of docs/oee.md, played through the real routes and event store: Monday
// 23 November 2026, working time Monday to Friday 06:00-22:00 Europe/Berlin (05:00-21:00 UTC).
let t: TestApp;
let line: OrderLine;
let atSaw: Client;
let other: TestCompany;
const clock = settableClock('2026-11-23T04:00:00.000Z');

/**
 * Pieces reported at a station, appended to the order's stream through the command path's
 * `recordEvents` (the quantity-reporting command appends the same event before its WorkCompleted).
 */
async function reportQuantity(order: OrderView, stationId: string, good: number, scrap: number, rework: number, scrapReason: string | null) {
  await runInTenant(t.app, { companyId: line.companyId, actor: { userId: line.userIds.admin, role: 'ADMIN' }, metadata: {} }, async (ctx) =>
    recordEvents(ctx, { id: orderStreamId(order.id), type: ORDER_STREAM_TYPE }, [
      {
        type: 'QuantityReported',
        data: {
          orderId: order.id,
          stationId,
          good,
          scrap,
          rework,
          scrapReasonId: scrapReason ? `reason-${scrapReason}` : null,
          scrapReason,
          reworkReasonId: rework > 0 ? 'reason-rework' : null,
          reworkReason: rework > 0 ? 'Nacharbeit' : null,
          reworkStationId: rework > 0 ? stationId : null,
          reportedBy: line.userIds.admin,
          at: ctx.at,
        },
      },
    ]),
  );
}

/** A production order of `quantity` bikes worked at SAW from `from` to `to`, its pieces reported (or not, `quantities` null) before completing. */
async function workAtSaw(quantity: number, from: string, to: string, quantities: [number, number, number, string | null] | null): Promise<OrderView> {
  const saw = line.stations.saw.id;
  clock.set(from);
  const created = await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity }], { kind: 'production', deliveryDate: null }));
  const started = await act(atSaw, await act(line.admin, created, 'start-production'), 'start-work', { stationId: saw });
  clock.set(to);
  if (quantities) await reportQuantity(started, saw, ...quantities);
  return act(atSaw, await orderOf(line.admin, started.id), 'complete-work', { stationId: saw });
}

async function oee(client: Client, query: string): Promise<OeeView> {
  const res = await client.get(`/api/oee?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  line = await orderLine(t);
  other = await companyWithTeam(t, { companyName: 'Andere OEE GmbH' });
  const settings = (await line.superUser.get('/api/company-account/basic-settings')).json();
  const saved = await line.superUser.put('/api/company-account/updateBasicSettings', {
    ...settings,
    workingTime: { days: [1, 2, 3, 4, 5], from: '06:00', to: '22:00', timeZone: 'Europe/Berlin' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  // Planned times: 1.5 min per piece and 10 min setup at SAW; DRILL's step has none.
  const bike = (await line.admin.get(`/api/materials/${line.materials.bike}`)).json();
  const { id: _id, image: _image, createdAt: _c, updatedAt: _u, ...body } = bike;
  const planned = await line.admin.put(`/api/materials/${line.materials.bike}`, {
    ...body,
    manufacturingSteps: [
      { process: 'Saw', time: 1.5, setupTime: 10, stationId: line.stations.saw.id },
      { process: 'Drill', time: null, stationId: line.stations.drill.id },
    ],
  });
  expect(planned.statusCode, planned.body).toBe(200);
  atSaw = await line.signInAt(0, line.stations.saw.id);

  // Monday: order A 06:00-13:00 Berlin, 290 good, 6 scrap, 4 rework; SAW jammed 09:00-10:00 Berlin.
  const reason = await line.superUser.post('/api/team/master-data/interruptionReasons', { name: 'Säge klemmt' });
  expect(reason.statusCode, reason.body).toBe(201);
  clock.set('2026-11-23T05:00:00.000Z');
  const orderA = await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 300 }], { kind: 'production', deliveryDate: null }));
  const startedA = await act(atSaw, await act(line.admin, orderA, 'start-production'), 'start-work', { stationId: line.stations.saw.id });
  clock.set('2026-11-23T08:00:00.000Z');
  const jam = await atSaw.post('/api/interruptions', { stationId: line.stations.saw.id, orderId: orderA.id, reasonId: reason.json().entryId, note: '' });
  expect(jam.statusCode, jam.body).toBe(201);
  clock.set('2026-11-23T09:00:00.000Z');
  expect((await line.admin.post(`/api/interruptions/${jam.json().id}/resolve`, { note: 'Blade freed' })).statusCode).toBe(200);
  clock.set('2026-11-23T12:00:00.000Z');
  await reportQuantity(startedA, line.stations.saw.id, 290, 6, 4, 'Kratzer');
  await act(atSaw, await orderOf(line.admin, orderA.id), 'complete-work', { stationId: line.stations.saw.id });
  // Order B 13:00-21:00 Berlin: 190 good, 9 scrap, 1 rework.
  await workAtSaw(200, '2026-11-23T12:00:00.000Z', '2026-11-23T20:00:00.000Z', [190, 9, 1, 'Maßfehler']);
  // Tuesday: an order completed without a quantity report (as before quantities existed): its 4 pieces count as good.
  await workAtSaw(4, '2026-11-24T07:00:00.000Z', '2026-11-24T07:30:00.000Z', null);
  clock.set('2026-11-25T10:00:00.000Z');
});
afterAll(async () => {
  await t?.close();
});

describe('OEE from appended events', () => {
  it("gives the worked example's numbers for SAW on Monday: A 0.9375, P 0.8333, Q 0.96, OEE 0.75", async () => {
    const monday = await oee(line.admin, 'period=day&day=2026-11-23');
    expect(monday).toMatchObject({ period: 'day', day: '2026-11-23', start: '2026-11-23', end: '2026-11-24', live: false });
    const saw = monday.stations.find((station) => station.stationId === line.stations.saw.id);
    expect(saw?.stationName).toBe('SAW');
    expect(saw?.figures).toMatchObject({
      plannedMinutes: 960,
      downtimeMinutes: 60,
      runMinutes: 900,
      idealMinutes: 750,
      made: 500,
      good: 480,
      scrap: 15,
      rework: 5,
      speedLossMinutes: 150,
    });
    expect(saw?.figures.availability).toBeCloseTo(0.9375, 10);
    expect(saw?.figures.performance).toBeCloseTo(750 / 900, 10);
    expect(saw?.figures.quality).toBeCloseTo(0.96, 10);
    expect(saw?.figures.oee).toBeCloseTo(0.75, 10);
    // The plant is SAW alone: DRILL made nothing.
    expect(monday.plant.oee).toBeCloseTo(0.75, 10);
    expect(monday.series).toHaveLength(14);
    expect(monday.series.at(-1)?.plant.oee).toBeCloseTo(0.75, 10);
  });

  it('counts a completion without a quantity report as all good, and sums the week', async () => {
    const tuesday = await oee(line.admin, 'period=day&day=2026-11-24');
    const saw = tuesday.stations.find((station) => station.stationId === line.stations.saw.id);
    expect(saw?.figures).toMatchObject({ made: 4, good: 4, scrap: 0, idealMinutes: 6, plannedMinutes: 960 });
    expect(saw?.figures.quality).toBe(1);
    const week = await oee(line.operators[0].client, 'period=week&day=2026-11-25');
    expect(week).toMatchObject({ start: '2026-11-23', end: '2026-11-30', live: true });
    const sawWeek = week.stations.find((station) => station.stationId === line.stations.saw.id);
    // Monday, Tuesday and Wednesday until 11:00 Berlin (300 minutes) of working time.
    expect(sawWeek?.figures).toMatchObject({ plannedMinutes: 960 + 960 + 300, made: 504, good: 484, idealMinutes: 756 });
  });

  it('shows performance and OEE as unknown where the planned time per piece is missing', async () => {
    clock.set('2026-11-25T10:00:00.000Z');
    const drill = line.stations.drill.id;
    const order = await orderOf(line.admin, (await workAtSaw(2, '2026-11-25T08:00:00.000Z', '2026-11-25T08:10:00.000Z', null)).id);
    const atDrill = await line.signInAt(1, drill);
    const started = await act(atDrill, order, 'start-work', { stationId: drill });
    clock.set('2026-11-25T08:30:00.000Z');
    await reportQuantity(started, drill, 2, 0, 0, null);
    await act(atDrill, await orderOf(line.admin, order.id), 'complete-work', { stationId: drill });
    clock.set('2026-11-25T10:00:00.000Z');
    const today = await oee(line.admin, 'period=day');
    const figures = today.stations.find((station) => station.stationId === drill)?.figures;
    expect(figures).toMatchObject({ made: 2, good: 2, idealMinutes: null, performance: null, oee: null, quality: 1 });
    expect(today.plant.performance).toBeNull();
    expect(today.live).toBe(true);
  });

  it('ranks the losses of SAW on Monday with their orders', async () => {
    const res = await line.admin.get(`/api/oee/losses?period=day&day=2026-11-23&stationId=${line.stations.saw.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const losses: OeeLossesView = res.json();
    expect(losses.bars.map((bar) => [bar.kind, bar.label, bar.amount])).toEqual([
      ['speed', 'SAW', 150],
      ['downtime', 'Säge klemmt', 60],
      ['scrap', 'Maßfehler', 9],
      ['scrap', 'Kratzer', 6],
    ]);
    expect(losses.bars[1].orders).toHaveLength(1);
    expect(losses.bars[1].orders[0].orderNumber).toMatch(/\S/);
  });

  it('refuses a bad period or day with 400, the Pareto to an operator with 403, and shows another company nothing', async () => {
    for (const query of ['period=year', 'day=2026-13-01', 'day=yesterday']) {
      const res = await line.admin.get(`/api/oee?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    expect((await line.admin.get('/api/oee/losses?stationId=not-a-station')).statusCode).toBe(400);
    expect((await line.operators[0].client.get('/api/oee/losses')).statusCode).toBe(403);
    const theirs = await oee(clientOf(t, other.admin.token), 'period=day&day=2026-11-23');
    expect(theirs.stations).toEqual([]);
    expect(theirs.plant.made).toBe(0);
    const theirLosses = await clientOf(t, other.admin.token).get(`/api/oee/losses?period=day&day=2026-11-23&stationId=${line.stations.saw.id}`);
    expect(theirLosses.statusCode).toBe(200);
    expect(theirLosses.json().bars).toEqual([]);
  });

  it('gives the same rows after a rebuild from the log', async () => {
    const check = await checkProjections(t.app.db, inlineProjections(t.app.eventStore));
    const mine = check.differences.filter((difference) => difference.projection === 'oee');
    expect(describeDifferences(mine)).toEqual([]);
    expect(check.tables.find((table) => table.table === 'oee_reports')?.rebuiltRows).toBeGreaterThanOrEqual(5);
  });

  it('answers 404 on every route while the company has key figures switched off, and 401 without a session', async () => {
    expect((await clientOf(t).get('/api/oee')).statusCode).toBe(401);
    const current = (await line.superUser.get('/api/company-account/basic-settings')).json();
    const off = await line.superUser.put('/api/company-account/updateBasicSettings', { ...current, functions: { ...current.functions, keyFigures: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect((await line.admin.get('/api/oee')).statusCode).toBe(404);
    expect((await line.admin.get('/api/oee/losses')).statusCode).toBe(404);
    const on = await line.superUser.put('/api/company-account/updateBasicSettings', {
      ...current,
      version: off.json().version,
      functions: { ...current.functions, keyFigures: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect((await line.admin.get('/api/oee')).statusCode).toBe(200);
  });
});
