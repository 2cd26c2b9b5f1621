import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settableClock } from '../../../src/server/platform/clock.js';
import { withSystem } from '../../../src/server/platform/db.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { saveCompanyTimeZone } from '../../support/identity.js';
import { createOrder, orderBody, orderLine, orderOf, type OrderLine } from './support.js';

// The company's day (docs/orders.md, docs/stations.md): Delayed, the home board's "today" and a
// station's "finished today" count the calendar day in the company's time zone, not UTC's. A
// company that never saved a working time is in WORKING_TIME's zone (default Europe/Berlin).
// Fixed clock: Sunday 22 November 2026, 23:30 UTC, which is Monday 00:30 in Berlin (CET, UTC+1)
// and Sunday 18:30 in New York (EST, UTC-5).
const clock = settableClock('2026-11-22T23:30:00Z');
let t: TestApp;
let berlin: OrderLine;
let newYork: OrderLine;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  berlin = await orderLine(t);
  newYork = await orderLine(t);
  await saveCompanyTimeZone(newYork.superUser, 'America/New_York');
});
afterAll(async () => {
  await t?.close();
});

describe("the company's day in its time zone", () => {
  it('makes an order due on Sunday Delayed at 00:30 on Monday in Berlin, and not while it is still Sunday in New York', async () => {
    const dueSunday = (line: OrderLine) =>
      createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 1 }], { deliveryDate: '2026-11-22' }));
    const inBerlin = await dueSunday(berlin);
    const inNewYork = await dueSunday(newYork);
    expect(inBerlin.delayed).toBe(true);
    expect(inNewYork.delayed).toBe(false);
    expect((await orderOf(berlin.admin, inBerlin.id)).delayed).toBe(true);

    const delayedIds = async (line: OrderLine) => ((await line.admin.get('/api/orders?delayed=true')).json().data as { id: string }[]).map((o) => o.id);
    expect(await delayedIds(berlin)).toContain(inBerlin.id);
    expect(await delayedIds(newYork)).not.toContain(inNewYork.id);

    const board = async (line: OrderLine) => (await line.admin.get('/api/orders/board')).json() as { today: string; data: { id: string; delayed: boolean }[] };
    expect((await board(berlin)).today).toBe('2026-11-23');
    expect((await board(berlin)).data.find((o) => o.id === inBerlin.id)?.delayed).toBe(true);
    expect((await board(newYork)).today).toBe('2026-11-22');
    expect((await (await newYork.admin.get('/api/orders/station-board')).json()).today).toBe('2026-11-22');
    expect((await (await berlin.admin.get('/api/orders/station-board')).json()).today).toBe('2026-11-23');
  });

  it("counts a completion at 23:10 UTC for Monday in Berlin's finished today, and both of Sunday evening's in New York", async () => {
    // Completions as the orders module records them: 22:50 UTC is Sunday 23:50 in Berlin, 23:10 UTC Monday 00:10.
    for (const line of [berlin, newYork]) {
      await withSystem(t.app.db, async (tx) => {
        const s = line.stations.drill.id;
        await sql`insert into station_completions (company_id, station_id, order_id, arrived_at, finished_at) values
          (${line.companyId}, ${s}, gen_random_uuid(), '2026-11-22T22:40:00Z', '2026-11-22T22:50:00Z'),
          (${line.companyId}, ${s}, gen_random_uuid(), '2026-11-22T23:00:00Z', '2026-11-22T23:10:00Z')`.execute(tx);
      });
    }
    const finishedToday = async (line: OrderLine) => (await line.admin.get(`/api/stations/${line.stations.drill.id}`)).json().keyFigures.finishedToday;
    expect(await finishedToday(berlin)).toBe(1);
    expect(await finishedToday(newYork)).toBe(2);
    const listed = (await berlin.admin.get('/api/stations?limit=100')).json().data as { id: string; keyFigures: { finishedToday: number } }[];
    expect(listed.find((s) => s.id === berlin.stations.drill.id)?.keyFigures.finishedToday).toBe(1);
  });
});
