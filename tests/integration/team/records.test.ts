import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settableClock } from '../../../src/server/platform/clock.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam, testPassword, withCompanyTimeZone } from '../../support/identity.js';
import { act, createOrder, errorOf, orderBody, orderLine, orderOf, type OrderLine } from '../orders/support.js';

let t: TestApp;
let line: OrderLine;
const clock = settableClock('2026-11-23T08:00:00.000Z');

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  line = await orderLine(t);
});
afterAll(async () => {
  await t?.close();
});

describe("an employee's records", () => {
  it('list work started, completed (with cycle time) and moved at stations, by date, and export them as CSV', async () => {
    const { saw, drill } = line.stations;
    const atSaw = await line.signInAt(0, saw.id);
    // Clocked in at 08:00 (labour time): starting the work clocks her onto the order.
    expect((await atSaw.post('/api/labour/clock-in', { stationId: saw.id })).statusCode).toBe(200);
    const order = await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 1 }]));
    const started = await act(line.admin, await act(line.admin, order, 'place'), 'start-production');
    let production = await orderOf(line.admin, started.productionOrders[0].id);
    production = await act(atSaw, production, 'start-work', { stationId: saw.id });
    clock.advance(12.5 * 60_000);
    production = await act(atSaw, production, 'complete-work', { stationId: saw.id });
    const operatorId = line.operators[0].id;

    const res = await line.admin.get(`/api/team/employees/${operatorId}/records?from=2026-11-23&to=2026-11-23`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({ kind: 'WorkStarted', orderId: production.id, orderNumber: production.orderNumber, stationName: 'SAW', cycleTimeSeconds: null }),
      expect.objectContaining({ kind: 'WorkCompleted', orderId: production.id, stationId: saw.id, stationName: 'SAW', cycleTimeSeconds: 750 }),
    ]);
    expect(production.location).toMatchObject({ stationId: drill.id });
    // The labour time of the day: 12.5 minutes on the order at SAW, clocked in since 08:00 (still in: counted until now).
    clock.advance(17.5 * 60_000);
    const withTime = (await line.admin.get(`/api/team/employees/${operatorId}/records?from=2026-11-23&to=2026-11-23`)).json();
    expect(withTime.workTime).toEqual({
      attendanceSeconds: 30 * 60,
      breakSeconds: 0,
      netSeconds: 30 * 60,
      workSeconds: 750,
      orders: [expect.objectContaining({ orderId: production.id, orderNumber: production.orderNumber, stationName: 'SAW', seconds: 750 })],
    });
    expect((await line.admin.get(`/api/team/employees/${operatorId}/records?from=2026-11-24`)).json().workTime).toMatchObject({ netSeconds: 0, orders: [] });
    expect((await atSaw.post('/api/labour/clock-out', { stationId: saw.id })).statusCode).toBe(200);
    expect((await line.admin.get(`/api/team/employees/${operatorId}/records?from=2026-11-24`)).json().data).toEqual([]);
    expect((await line.admin.get(`/api/team/employees/${operatorId}/records?from=2026-11-31`)).statusCode).toBe(400);

    const csv = await line.admin.get(`/api/team/employees/${operatorId}/records.csv?lang=de`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.split('\r\n');
    // Times in the company's time zone (the server's default, Europe/Berlin, for a company that saved none), named in the header.
    expect(lines[0]).toBe('\uFEFFZeit (Europe/Berlin);Tätigkeit;Auftragsnummer;Station;Verschoben nach;Durchlaufzeit (min)');
    expect(lines[2]).toBe(`2026-11-23 09:12:30;Arbeit abgeschlossen;${production.orderNumber};SAW;;12,5`);
    // The operator reads their own; another company's reader does not find them.
    expect((await line.operators[0].client.get(`/api/team/employees/${operatorId}/records`)).statusCode).toBe(200);
    expect((await line.operators[1].client.get(`/api/team/employees/${operatorId}/records`)).statusCode).toBe(403);
    const other = await companyWithTeam(t);
    const foreign = await clientOf(t, other.admin.token).get(`/api/team/employees/${operatorId}/records`);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign.body).code).toBe('USER_NOT_FOUND');
  });

  it("count days and show times in the company's own time zone once it saved one", async () => {
    await withCompanyTimeZone(line.superUser, 'America/Los_Angeles', async () => {
      // 05:00 UTC on 25 November is 21:00 on the 24th in Los Angeles.
      clock.set('2026-11-25T05:00:00.000Z');
      const { saw } = line.stations;
      const atSaw = await line.signInAt(0, saw.id);
      const order = await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 1 }]));
      const started = await act(line.admin, await act(line.admin, order, 'place'), 'start-production');
      await act(atSaw, await orderOf(line.admin, started.productionOrders[0].id), 'start-work', { stationId: saw.id });
      const operatorId = line.operators[0].id;
      const onThe24th = (await line.admin.get(`/api/team/employees/${operatorId}/records?from=2026-11-24&to=2026-11-24`)).json().data;
      expect(onThe24th).toEqual([expect.objectContaining({ kind: 'WorkStarted', at: '2026-11-25T05:00:00.000Z' })]);
      expect((await line.admin.get(`/api/team/employees/${operatorId}/records?from=2026-11-25`)).json().data).toEqual([]);
      const csv = (await line.admin.get(`/api/team/employees/${operatorId}/records.csv?lang=en`)).body.split('\r\n');
      expect(csv[0]).toBe('\uFEFFTime (America/Los_Angeles);Activity;Order number;Station;Moved to;Cycle time (min)');
      expect(csv.at(-2)).toMatch(/^2026-11-24 21:00:00;Work started;/);
    });
  });

  it('sign an operator signed in at a station out of it when its right is revoked', async () => {
    const { saw } = line.stations;
    const atSaw = await line.signInAt(1, saw.id);
    const order = await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 1 }]));
    const started = await act(line.admin, await act(line.admin, order, 'place'), 'start-production');
    const production = await orderOf(line.admin, started.productionOrders[0].id);
    const revoked = await line.superUser.put(`/api/users/${line.operators[1].id}/station-authorizations`, { stationIds: [] });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const refused = await atSaw.post(`/api/orders/${production.id}/start-work`, { version: production.version, stationId: saw.id });
    expect(refused.statusCode).toBe(401);
    // Signing in again at the station is refused; the other operator, still authorised, works on.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/stations/${saw.id}/login`,
      payload: { username: line.operators[1].login, password: testPassword },
      remoteAddress: '10.45.0.1',
    });
    expect(again.statusCode).toBe(403);
    expect(errorOf(again.body).code).toBe('STATION_NOT_AUTHORIZED');
    const stillAtSaw = await line.signInAt(0, saw.id);
    expect((await act(stillAtSaw, production, 'start-work', { stationId: saw.id })).location).toMatchObject({ workStartedAt: expect.any(String) });
  });
});
