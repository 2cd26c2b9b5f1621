import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noTargets } from '../../../src/domain/key-figures/key-figures.schema.js';
import type { KeyFiguresView } from '../../../src/domain/key-figures/key-figures.views.js';
import type { OrderView } from '../../../src/domain/orders/orders.views.js';
import { calendarDayIn } from '../../../src/domain/company/working-time.rules.js';
import { settableClock } from '../../../src/server/platform/clock.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam, withCompanyTimeZone, type TestCompany } from '../../support/identity.js';
import { act, createOrder, errorOf, orderBody, orderLine, type Client, type OrderLine } from '../orders/support.js';

let t: TestApp;
let line: OrderLine;
let atSaw: Client;
let atDrill: Client;
let other: TestCompany;
// Monday 23 November 2026, 08:00 UTC; the scenario runs on Monday and Tuesday.
const clock = settableClock('2026-11-23T08:00:00.000Z');
const minutes = (count: number) => clock.advance(count * 60_000);

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  line = await orderLine(t);
  atSaw = await line.signInAt(0, line.stations.saw.id);
  atDrill = await line.signInAt(1, line.stations.drill.id);
  other = await companyWithTeam(t, { companyName: 'Andere Kennzahlen GmbH' });
});
afterAll(async () => {
  await t?.close();
});

/**
 * A production order made now, started, through SAW and DRILL with these minutes of work each;
 * `duringSaw` runs while it is in work at SAW (and may take some of those minutes).
 */
async function produce(
  quantity: number,
  deliveryDate: string | null,
  sawMinutes: number,
  drillMinutes: number,
  duringSaw?: () => Promise<void>,
): Promise<OrderView> {
  const { saw, drill } = line.stations;
  const created = await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity }], { kind: 'production', deliveryDate }));
  let order = await act(line.admin, created, 'start-production');
  order = await act(atSaw, order, 'start-work', { stationId: saw.id });
  const started = clock.now().getTime();
  await duringSaw?.();
  clock.set(new Date(started + sawMinutes * 60_000));
  order = await act(atSaw, order, 'complete-work', { stationId: saw.id });
  order = await act(atDrill, order, 'start-work', { stationId: drill.id });
  minutes(drillMinutes);
  order = await act(atDrill, order, 'complete-work', { stationId: drill.id });
  expect(order.status).toBe('finished');
  return order;
}

/** A customer order served from stock, dispatched now. */
async function dispatchFromStock(quantity: number, deliveryDate: string): Promise<void> {
  let order = await createOrder(line.admin, orderBody([{ materialId: line.materials.wheel, quantity, useInventory: true }], { deliveryDate }));
  order = await act(line.admin, order, 'start-production');
  expect(order.status).toBe('ready-to-ship');
  order = await act(line.admin, order, 'ready-to-dispatch');
  order = await act(line.admin, order, 'dispatch');
  expect(order.status).toBe('dispatched');
}

async function implementedSuggestion(client: Client, stationId: string | null): Promise<void> {
  const submitted = await client.post('/api/suggestions', { text: 'Label the shelves', ...(stationId ? { stationId } : {}) });
  expect(submitted.statusCode, submitted.body).toBe(201);
  const marked = await line.admin.post(`/api/suggestions/${submitted.json().id}/status`, { status: 'IMPLEMENTED', version: submitted.json().version });
  expect(marked.statusCode, marked.body).toBe(200);
}

async function figures(client: Client, query: string): Promise<KeyFiguresView> {
  const res = await client.get(`/api/key-figures?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const targets = { ...noTargets, ordersCompleted: 3, cycleTimeMedian: 20, punctuality: 100, proposalsImplemented: 2 };

describe('key figures over a seeded scenario with a fixed clock', () => {
  beforeAll(async () => {
    // Monday: one production order, due that day, 10 + 20 minutes of work (lead time 30 min); one proposal implemented.
    clock.set('2026-11-23T09:00:00.000Z');
    await produce(4, '2026-11-23', 10, 20);
    await implementedSuggestion(line.admin, null);

    // Tuesday.
    clock.set('2026-11-24T08:00:00.000Z');
    await produce(5, '2026-11-24', 10, 30); // on time, lead 40 min
    clock.set('2026-11-24T09:00:00.000Z');
    await produce(2, '2026-11-23', 20, 10); // late, lead 30 min
    clock.set('2026-11-24T10:00:00.000Z');
    // No delivery date, lead 90 min; SAW stops from 10:05 to 10:15 while it is in work there.
    await produce(1, null, 30, 60, async () => {
      minutes(5);
      const reason = await line.superUser.post('/api/team/master-data/interruptionReasons', { name: 'Blade broken' });
      expect(reason.statusCode, reason.body).toBe(201);
      const reported = await atSaw.post('/api/interruptions', { stationId: line.stations.saw.id, reasonId: reason.json().entryId, note: '' });
      expect(reported.statusCode, reported.body).toBe(201);
      minutes(10);
      const resolved = await line.admin.post(`/api/interruptions/${reported.json().id}/resolve`, { note: 'New blade' });
      expect(resolved.statusCode, resolved.body).toBe(200);
    });
    clock.set('2026-11-24T13:00:00.000Z');
    await dispatchFromStock(3, '2026-11-25'); // dispatched before its day
    await dispatchFromStock(2, '2026-11-20'); // dispatched late
    // In work at the saw, never completed: no run, not done.
    const unfinished = await createOrder(
      line.admin,
      orderBody([{ materialId: line.materials.bike, quantity: 7 }], { kind: 'production', deliveryDate: '2026-11-20' }),
    );
    await act(atSaw, await act(line.admin, unfinished, 'start-production'), 'start-work', { stationId: line.stations.saw.id });
    clock.set('2026-11-24T14:00:00.000Z');
    await implementedSuggestion(atSaw, line.stations.saw.id);
    // Accepted is not implemented.
    const accepted = await line.admin.post('/api/suggestions', { text: 'Move the drill' });
    expect((await line.admin.post(`/api/suggestions/${accepted.json().id}/status`, { status: 'ACCEPTED', version: accepted.json().version })).statusCode).toBe(
      200,
    );

    const saved = await line.superUser.put('/api/key-figures/settings', { targets, homeFigures: ['teamScore', 'punctuality'], version: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('the day matches the hand count, the day before is the trend, per station', async () => {
    const day = await figures(line.admin, 'period=day&day=2026-11-24');
    expect(day.current).toMatchObject({ start: '2026-11-24', end: '2026-11-25', punctualityCounted: 4 });
    expect(day.current.values).toEqual({
      ordersCompleted: 3,
      piecesCompleted: 8,
      // Runs 10, 20, 30 (saw) and 30, 10, 60 minutes (drill).
      cycleTimeMedian: 1500,
      cycleTimeP90: 3600,
      // 40, 30, 90 minutes.
      leadTimeMedian: 2400,
      leadTimeP90: 5400,
      // Two production orders (one late) and two customer orders (one late).
      punctuality: 0.5,
      // Six runs, one (SAW 10:00-10:30) interrupted.
      withoutInterruption: 5 / 6,
      proposalsImplemented: 1,
      // Every completion here came before quantities: all its pieces good; no planned times, so no OEE.
      yield: 1,
      scrapRate: 0,
      firstPassYield: 1,
      ncrsOpened: 0,
      oee: null,
      // Orders 3/3, cycle time 1200/1500, punctuality 0.5, proposals 1/2: 2.8/4.
      teamScore: 70,
    });
    expect(day.current.scoreTerms).toEqual([
      { figure: 'ordersCompleted', value: 3, target: 3, attainment: 1 },
      { figure: 'cycleTimeMedian', value: 1500, target: 1200, attainment: 0.8 },
      { figure: 'punctuality', value: 0.5, target: 1, attainment: 0.5 },
      { figure: 'proposalsImplemented', value: 1, target: 2, attainment: 0.5 },
    ]);
    expect(day.previous.start).toBe('2026-11-23');
    expect(day.previous.values).toEqual({
      ordersCompleted: 1,
      piecesCompleted: 4,
      cycleTimeMedian: 900,
      cycleTimeP90: 1200,
      leadTimeMedian: 1800,
      leadTimeP90: 1800,
      punctuality: 1,
      withoutInterruption: 1,
      proposalsImplemented: 1,
      // Every completion here came before quantities: all its pieces good; no planned times, so no OEE.
      yield: 1,
      scrapRate: 0,
      firstPassYield: 1,
      ncrsOpened: 0,
      oee: null,
      // (1/3 + 1 + 1 + 1/2) / 4.
      teamScore: 71,
    });
    expect(day.series).toHaveLength(14);
    expect(day.series.at(-1)).toEqual(day.current);
    expect(day.series.at(-2)).toEqual(day.previous);
    expect(day.series[0].values.ordersCompleted).toBe(0);
    // The 24th is observed from the start of the working time (the server's default, 06:00 in Berlin:
    // 05:00 UTC) to the server's clock: SAW was interrupted 10 of those minutes (docs/key-figures.md).
    const observed = (clock.now().getTime() - Date.parse('2026-11-24T05:00:00Z')) / 1000;
    expect(day.stations).toEqual(
      [
        {
          stationId: line.stations.saw.id,
          stationName: 'SAW',
          workCompleted: 3,
          piecesCompleted: 8,
          cycleTimeMedian: 1200,
          cycleTimeP90: 1800,
          proposalsImplemented: 1,
          withoutInterruption: 2 / 3,
          interruptions: 1,
          interruptedSeconds: 600,
          availability: expect.closeTo(1 - 600 / observed, 10),
        },
        {
          stationId: line.stations.drill.id,
          stationName: 'DRILL',
          workCompleted: 3,
          piecesCompleted: 8,
          cycleTimeMedian: 1800,
          cycleTimeP90: 3600,
          proposalsImplemented: 0,
          withoutInterruption: 1,
          interruptions: 0,
          interruptedSeconds: 0,
          availability: 1,
        },
      ].sort((a, b) => a.stationId.localeCompare(b.stationId)),
    );
    // Without `day`: today by the server's clock.
    expect((await figures(line.admin, 'period=day')).current).toEqual(day.current);
  });

  it('the week (from Monday) and the month count both days, with targets scaled by their days', async () => {
    const week = await figures(line.admin, 'period=week&day=2026-11-26');
    expect(week.current).toMatchObject({ start: '2026-11-23', end: '2026-11-30', punctualityCounted: 5 });
    expect(week.current.values).toEqual({
      ordersCompleted: 4,
      piecesCompleted: 12,
      cycleTimeMedian: 1200,
      cycleTimeP90: 3600,
      leadTimeMedian: 2100,
      leadTimeP90: 5400,
      punctuality: 0.6,
      // Eight runs, one interrupted.
      withoutInterruption: 7 / 8,
      proposalsImplemented: 2,
      // Every completion here came before quantities: all its pieces good; no planned times, so no OEE.
      yield: 1,
      scrapRate: 0,
      firstPassYield: 1,
      ncrsOpened: 0,
      oee: null,
      // (4/21 + 1 + 0.6 + 2/14) / 4.
      teamScore: 48,
    });
    expect(week.previous).toMatchObject({ start: '2026-11-16', values: { ordersCompleted: 0, cycleTimeMedian: null, punctuality: null, teamScore: 0 } });
    expect(week.series).toHaveLength(12);

    const month = await figures(line.admin, 'period=month&day=2026-11-01');
    expect(month.current).toMatchObject({ start: '2026-11-01', end: '2026-12-01' });
    expect(month.current.values).toEqual({ ...week.current.values, teamScore: 42 });
  });

  it('every user of the company reads them, operators too', async () => {
    const asOperator = await figures(line.operators[0].client, 'period=day&day=2026-11-24');
    expect(asOperator.current.values.ordersCompleted).toBe(3);
  });

  it("a station's availability counts the company's working time: saving one changes it", async () => {
    const sawOf = async () => (await figures(line.admin, 'period=day&day=2026-11-24')).stations.find((s) => s.stationId === line.stations.saw.id);
    const settings = (await line.superUser.get('/api/company-account/basic-settings')).json();
    const aroundTheClock = { days: [0, 1, 2, 3, 4, 5, 6], from: '00:00', to: '24:00', timeZone: 'UTC' };
    const saved = await line.superUser.put('/api/company-account/updateBasicSettings', { ...settings, workingTime: aroundTheClock });
    expect(saved.statusCode, saved.body).toBe(200);
    // Around the clock: the whole day from midnight counts.
    const fromMidnight = (clock.now().getTime() - Date.parse('2026-11-24T00:00:00Z')) / 1000;
    expect((await sawOf())?.availability).toBeCloseTo(1 - 600 / fromMidnight, 10);
    // Back to the default hours (06:00-22:00 in Berlin) for the cases that follow.
    const back = await line.superUser.put('/api/company-account/updateBasicSettings', {
      ...saved.json(),
      workingTime: { days: [1, 2, 3, 4, 5], from: '06:00', to: '22:00', timeZone: 'Europe/Berlin' },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await sawOf())?.availability).toBeCloseTo(1 - 600 / ((clock.now().getTime() - Date.parse('2026-11-24T05:00:00Z')) / 1000), 10);
  });

  it("days are the company's: midnight in its time zone starts them, and today is its today", async () => {
    // UTC+14: Tuesday's orders done at 08:40 and 09:30 UTC are Tuesday evening there, the one done at 11:30 UTC is Wednesday.
    await withCompanyTimeZone(line.superUser, 'Pacific/Kiritimati', async () => {
      const tuesday = await figures(line.admin, 'period=day&day=2026-11-24');
      expect(tuesday.current.values.ordersCompleted).toBe(2);
      const today = await figures(line.admin, 'period=day');
      expect(today.day).toBe(calendarDayIn(clock.now(), 'Pacific/Kiritimati'));
      expect(today.day).toBe('2026-11-25');
      expect(today.current.values.ordersCompleted).toBe(1);
    });
    // In Berlin (the default) all three are Tuesday's.
    expect((await figures(line.admin, 'period=day&day=2026-11-24')).current.values.ordersCompleted).toBe(3);
  });

  it('a rebuild from the log yields the same figures and the same facts (zero drift)', async () => {
    const facts = async () => ({
      orders: await t.app.db.selectFrom('key_figure_orders').selectAll().where('company_id', '=', line.companyId).orderBy('id').execute(),
      runs: await t.app.db
        .selectFrom('key_figure_station_runs')
        .selectAll()
        .where('company_id', '=', line.companyId)
        .orderBy('order_id')
        .orderBy('stream_version')
        .execute(),
      suggestions: await t.app.db.selectFrom('key_figure_suggestions').selectAll().where('company_id', '=', line.companyId).orderBy('id').execute(),
      interruptions: await t.app.db.selectFrom('key_figure_interruptions').selectAll().where('company_id', '=', line.companyId).orderBy('id').execute(),
    });
    const queries = ['period=day&day=2026-11-24', 'period=week&day=2026-11-24', 'period=month&day=2026-11-24'];
    const before = await Promise.all(queries.map((query) => figures(line.admin, query)));
    const factsBefore = await facts();
    expect(factsBefore.orders).toHaveLength(7);
    expect(factsBefore.runs).toHaveLength(8);
    expect(factsBefore.interruptions).toHaveLength(1);

    const rebuilt = await line.superUser.post('/api/key-figures/rebuild');
    expect(rebuilt.statusCode, rebuilt.body).toBe(200);
    expect(rebuilt.json().events).toBeGreaterThan(20);

    expect(await facts()).toEqual(factsBefore);
    expect(await Promise.all(queries.map((query) => figures(line.admin, query)))).toEqual(before);
  });
});

describe('settings', () => {
  it('save and reload; a stale version answers 409 and changes nothing', async () => {
    const current = (await line.admin.get('/api/key-figures/settings')).json();
    expect(current).toEqual({ targets, homeFigures: ['teamScore', 'punctuality'], version: 1 });
    const saved = await line.superUser.put('/api/key-figures/settings', {
      targets: { ...targets, leadTimeP90: 120 },
      homeFigures: ['ordersCompleted'],
      version: 1,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ targets: { ...targets, leadTimeP90: 120 }, homeFigures: ['ordersCompleted'], version: 2 });

    const stale = await line.superUser.put('/api/key-figures/settings', { targets, homeFigures: [], version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale.body).code).toBe('CONFLICT_ERROR');
    expect((await line.admin.get('/api/key-figures/settings')).json().version).toBe(2);
  });

  it('bad input: a clear 400 on the field, nothing saved', async () => {
    const bad = await line.superUser.put('/api/key-figures/settings', {
      targets: { punctuality: 101, ordersCompleted: -1, cycleTimeMedian: 'fast' },
      homeFigures: ['teamScore', 'teamScore', 'unknown'],
      version: 2,
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad.body).details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'targets.punctuality', message: 'validation.max' }),
        expect.objectContaining({ path: 'targets.ordersCompleted', message: 'validation.min' }),
        expect.objectContaining({ path: 'targets.cycleTimeMedian', message: 'validation.number' }),
        expect.objectContaining({ path: 'homeFigures.2' }),
      ]),
    );
    expect((await line.admin.get('/api/key-figures/settings')).json().version).toBe(2);
    for (const query of ['period=year', 'day=2026-02-30', 'day=1999-12-31', 'day=tomorrow']) {
      const res = await line.admin.get(`/api/key-figures?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('a company whose facts are missing (its orders came before key figures) gets them back at the next start', async () => {
    const before = await figures(line.admin, 'period=week&day=2026-11-24');
    for (const table of ['key_figure_station_runs', 'key_figure_suggestions', 'key_figure_orders'] as const) {
      await t.testDb.database.db.deleteFrom(table).where('company_id', '=', line.companyId).execute();
    }
    expect((await figures(line.admin, 'period=week&day=2026-11-24')).current.values.ordersCompleted).toBe(0);
    // A second server on the same database starts: its start-up backfill rebuilds the company.
    const restarted = await createTestApp({}, { clock, database: t.testDb });
    await restarted.close();
    expect(await figures(line.admin, 'period=week&day=2026-11-24')).toEqual(before);
  });

  it('wrong role: operators and admins without the company-settings right neither save nor rebuild', async () => {
    const body = { targets, homeFigures: [], version: 2 };
    expect((await line.operators[0].client.put('/api/key-figures/settings', body)).statusCode).toBe(403);
    expect((await line.admin.put('/api/key-figures/settings', body)).statusCode).toBe(403);
    expect((await line.operators[0].client.post('/api/key-figures/rebuild')).statusCode).toBe(403);
    expect((await clientOf(t).get('/api/key-figures')).statusCode).toBe(401);
    expect((await line.admin.get('/api/key-figures/settings')).json().version).toBe(2);
  });
});

describe('tenancy and the app function', () => {
  it('another company sees none of these figures, and its rebuild leaves them alone', async () => {
    const otherOwner = clientOf(t, other.superUser.token);
    const theirs = await figures(otherOwner, 'period=week&day=2026-11-24');
    expect(theirs.current.values).toMatchObject({
      ordersCompleted: 0,
      piecesCompleted: 0,
      cycleTimeMedian: null,
      punctuality: null,
      proposalsImplemented: 0,
      teamScore: null,
    });
    expect(theirs.stations).toEqual([]);
    expect(theirs.settings).toEqual({ targets: noTargets, homeFigures: ['ordersCompleted', 'cycleTimeMedian', 'punctuality', 'teamScore'], version: 0 });
    expect((await otherOwner.post('/api/key-figures/rebuild')).json()).toEqual({ events: 0 });
    expect((await figures(line.admin, 'period=week&day=2026-11-24')).current.values.ordersCompleted).toBe(4);
  });

  it('switched off for the company: every route answers 404', async () => {
    const current = (await line.superUser.get('/api/company-account/basic-settings')).json();
    const off = await line.superUser.put('/api/company-account/updateBasicSettings', { ...current, functions: { ...current.functions, keyFigures: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect((await line.admin.get('/api/key-figures')).statusCode).toBe(404);
    expect((await line.admin.get('/api/key-figures/settings')).statusCode).toBe(404);
    expect((await line.superUser.put('/api/key-figures/settings', { targets, homeFigures: [], version: 2 })).statusCode).toBe(404);
    expect((await line.superUser.post('/api/key-figures/rebuild')).statusCode).toBe(404);
    const on = await line.superUser.put('/api/company-account/updateBasicSettings', {
      ...current,
      version: off.json().version,
      functions: { ...current.functions, keyFigures: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect((await line.admin.get('/api/key-figures')).statusCode).toBe(200);
  });
});
