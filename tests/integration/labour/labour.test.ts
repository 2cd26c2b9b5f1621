import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LabourStatus, WorkTimes } from '../../../src/domain/labour/labour.views.js';
import { closeMissedClockOuts } from '../../../src/server/modules/labour/index.js';
import { settableClock } from '../../../src/server/platform/clock.js';
import { checkProjections, describeDifferences } from '../../../src/server/platform/projection-rebuild.js';
import { inlineProjections } from '../../../src/server/projections.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam, type TestCompany } from '../../support/identity.js';
import { act, createOrder, errorOf, orderBody, orderLine, type Client, type OrderLine } from '../orders/support.js';

// Labour time (docs/labour-and-costs.md). The company's working time is the tests' default,
// Monday to Friday 06:00-22:00 Europe/Berlin: 23 November 2026 is a Monday, its day ends 21:00 UTC.
const clock = settableClock('2026-11-23T07:00:00.000Z');

let t: TestApp;
let line: OrderLine;
let other: TestCompany;
let otherAdmin: Client;
let olgaAtSaw: Client;
let jonasAtSaw: Client;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  line = await orderLine(t);
  other = await companyWithTeam(t, { companyName: 'Andere Zeiten GmbH' });
  otherAdmin = clientOf(t, other.admin.token);
  olgaAtSaw = await line.signInAt(0, line.stations.saw.id);
  jonasAtSaw = await line.signInAt(1, line.stations.saw.id);
});
afterAll(async () => {
  await t?.close();
});

const olga = () => line.operators[0].id;
const jonas = () => line.operators[1].id;
const saw = () => line.stations.saw.id;

async function ok<T>(answer: Promise<{ statusCode: number; body: string; json(): unknown }>, status = 200): Promise<T> {
  const res = await answer;
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}
async function refused(answer: Promise<{ statusCode: number; body: string }>, status: number, code: string) {
  const res = await answer;
  expect(res.statusCode, res.body).toBe(status);
  expect(errorOf(res.body).code).toBe(code);
  return errorOf(res.body);
}
const statusOf = (client: Client) => ok<LabourStatus>(client.get('/api/labour/me'));
const weekOf = (client: Client, userId: string, week = '2026-11-23') => ok<WorkTimes>(client.get(`/api/labour/times?userId=${userId}&week=${week}`));
const at = (time: string, day = '23') => `2026-11-${day}T${time}:00.000Z`;

async function orderInWorkAtSaw(by: Client) {
  let order = await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 2 }], { kind: 'production' }));
  order = await act(line.admin, order, 'start-production');
  return act(by, order, 'start-work', { stationId: saw() });
}

describe('labour time', () => {
  it('two operators clock in at the station, work together on one order with a pause, complete; the supervisor sees both times', async () => {
    clock.set(at('06:00'));
    const clockedIn = await ok<LabourStatus>(olgaAtSaw.post('/api/labour/clock-in', { stationId: saw() }));
    expect(clockedIn.attendance).toMatchObject({ clockedInAt: at('06:00'), stationId: saw(), dayEndsAt: at('21:00') });
    await ok(jonasAtSaw.post('/api/labour/clock-in', { stationId: saw() }));

    // Olga starts the work at SAW at 07:00: she is clocked onto the order by it.
    clock.set(at('07:00'));
    let order = await orderInWorkAtSaw(olgaAtSaw);
    expect((await statusOf(olgaAtSaw)).orders).toEqual([
      expect.objectContaining({ orderId: order.id, orderNumber: order.orderNumber, stationName: 'SAW', pausedAt: null }),
    ]);

    clock.set(at('07:30'));
    await ok(jonasAtSaw.post(`/api/labour/orders/${order.id}/join`, { stationId: saw() }));
    const station = await ok<{ orders: { orderId: string; operators: { name: string }[] }[] }>(jonasAtSaw.get(`/api/labour/stations/${saw()}`));
    expect(station.orders.find((row) => row.orderId === order.id)?.operators.map((o) => o.name)).toEqual(['Olga Berg', 'Jonas Weber']);

    clock.set(at('08:00'));
    const paused = await ok<LabourStatus>(olgaAtSaw.post(`/api/labour/orders/${order.id}/pause`, { stationId: saw(), reason: 'material' }));
    expect(paused.orders[0]).toMatchObject({ pausedAt: at('08:00'), pauseReason: 'material' });
    clock.set(at('08:30'));
    await ok(olgaAtSaw.post(`/api/labour/orders/${order.id}/resume`, { stationId: saw() }));

    // The supervisor sees who is in and on what.
    const present = await ok<{ data: { userId: string; orders: { orderId: string }[] }[] }>(line.admin.get('/api/labour/present'));
    expect(present.data.map((row) => row.userId)).toEqual(expect.arrayContaining([olga(), jonas()]));

    clock.set(at('09:00'));
    order = await act(olgaAtSaw, order, 'complete-work', { stationId: saw() });
    expect((await statusOf(olgaAtSaw)).orders).toEqual([]);
    expect((await statusOf(jonasAtSaw)).orders).toEqual([]);

    clock.set(at('14:00'));
    await ok(olgaAtSaw.post('/api/labour/clock-out', { stationId: saw() }));
    await ok(jonasAtSaw.post('/api/labour/clock-out', { stationId: saw() }));

    // Olga: 07:00-08:00 and 08:30-09:00 = 90 min; Jonas 07:30-09:00 = 90 min. Attendance 8 h less the 30 min break.
    const olgaWeek = await weekOf(line.admin, olga());
    expect(olgaWeek.orders).toEqual([expect.objectContaining({ orderId: order.id, stationName: 'SAW', seconds: 5400, correctedSeconds: 0 })]);
    expect(olgaWeek.attendances).toEqual([
      expect.objectContaining({
        clockedInAt: at('06:00'),
        clockedOutAt: at('14:00'),
        grossSeconds: 8 * 3600,
        breakSeconds: 1800,
        netSeconds: 7.5 * 3600,
        closedAtDayEnd: false,
      }),
    ]);
    expect((await weekOf(line.superUser, jonas())).orders).toEqual([expect.objectContaining({ orderId: order.id, seconds: 5400 })]);
    // An operator reads their own week.
    expect((await weekOf(olgaAtSaw, olga())).totals.workSeconds).toBe(5400);
  });

  it('refuses an overlapping clock-in (409), and changes nothing', async () => {
    clock.set(at('06:00', '24'));
    const first = await ok<LabourStatus>(olgaAtSaw.post('/api/labour/clock-in', { stationId: saw() }));
    clock.set(at('07:00', '24'));
    await refused(olgaAtSaw.post('/api/labour/clock-in', { stationId: saw() }), 409, 'LABOUR_ALREADY_CLOCKED_IN');
    expect(await statusOf(olgaAtSaw)).toEqual(first);
    await ok(olgaAtSaw.post('/api/labour/clock-out', { stationId: saw() }));
    // A tap queued offline that falls inside the attendance just recorded.
    await refused(olgaAtSaw.post('/api/labour/clock-in', { stationId: saw(), at: at('06:30', '24') }), 409, 'LABOUR_ATTENDANCE_OVERLAPS');
    expect((await statusOf(olgaAtSaw)).attendance).toBeNull();
  });

  it('refuses a clock-out without a clock-in and one before the clock-in (409)', async () => {
    clock.set(at('08:00', '24'));
    await refused(jonasAtSaw.post('/api/labour/clock-out', { stationId: saw() }), 409, 'LABOUR_NOT_CLOCKED_IN');
    await ok(jonasAtSaw.post('/api/labour/clock-in', { stationId: saw() }));
    await refused(jonasAtSaw.post('/api/labour/clock-out', { stationId: saw(), at: at('07:30', '24') }), 409, 'LABOUR_CLOCK_OUT_BEFORE_CLOCK_IN');
    expect((await statusOf(jonasAtSaw)).attendance).toMatchObject({ clockedInAt: at('08:00', '24') });
    await ok(jonasAtSaw.post('/api/labour/clock-out', { stationId: saw() }));
  });

  it('refuses bad input with field details (400), and a pause, resume or join off the order (409)', async () => {
    clock.set(at('09:00', '24'));
    const pauseDetails = await refused(olgaAtSaw.post(`/api/labour/orders/${line.materials.bike}/pause`, { stationId: saw() }), 400, 'VALIDATION_ERROR');
    expect(pauseDetails.details.map((detail) => detail.path)).toContain('reason');
    const future = await refused(olgaAtSaw.post('/api/labour/clock-in', { stationId: saw(), at: at('12:00', '24') }), 400, 'VALIDATION_ERROR');
    expect(future.details).toEqual([expect.objectContaining({ path: 'at', message: 'labour.validation.tapTime' })]);
    await refused(olgaAtSaw.post('/api/labour/clock-in', { stationId: 'SAW' }), 400, 'VALIDATION_ERROR');
    expect((await statusOf(olgaAtSaw)).attendance).toBeNull();

    await ok(olgaAtSaw.post('/api/labour/clock-in', { stationId: saw() }));
    const order = await orderInWorkAtSaw(jonasAtSaw);
    await refused(olgaAtSaw.post(`/api/labour/orders/${order.id}/pause`, { stationId: saw(), reason: 'break' }), 409, 'LABOUR_NOT_ON_ORDER');
    await ok(olgaAtSaw.post(`/api/labour/orders/${order.id}/join`, { stationId: saw() }));
    await refused(olgaAtSaw.post(`/api/labour/orders/${order.id}/join`, { stationId: saw() }), 409, 'LABOUR_ALREADY_ON_ORDER');
    await refused(olgaAtSaw.post(`/api/labour/orders/${order.id}/resume`, { stationId: saw() }), 409, 'LABOUR_NOT_PAUSED');
    // An order not in work at the station cannot be joined.
    const waiting = await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 1 }], { kind: 'production' }));
    await refused(olgaAtSaw.post(`/api/labour/orders/${waiting.id}/join`, { stationId: saw() }), 409, 'LABOUR_ORDER_NOT_IN_WORK');
    // An operator acts only at the station they are signed in at.
    await refused(olgaAtSaw.post(`/api/labour/orders/${order.id}/leave`, { stationId: line.stations.drill.id }), 403, 'STATION_NOT_SIGNED_IN');
    clock.set(at('10:00', '24'));
    await ok(olgaAtSaw.post('/api/labour/clock-out', { stationId: saw() }));
  });

  it('a supervisor corrects an attendance and a work time: events with who and why; the original stays visible', async () => {
    clock.set(at('15:00', '24'));
    const before = await weekOf(line.admin, olga());
    const attendance = before.attendances.find((row) => row.clockedInAt === at('06:00', '24'));
    expect(attendance).toBeDefined();
    const corrected = await ok<WorkTimes>(
      line.admin.post(`/api/labour/attendances/${attendance?.id}/corrections`, {
        clockedInAt: at('05:45', '24'),
        clockedOutAt: at('07:15', '24'),
        reason: 'Clocked in late at the gate',
      }),
      201,
    );
    const row = corrected.attendances.find((candidate) => candidate.id === attendance?.id);
    expect(row).toMatchObject({
      clockedInAt: at('05:45', '24'),
      clockedOutAt: at('07:15', '24'),
      recordedClockedInAt: at('06:00', '24'),
      recordedClockedOutAt: at('07:00', '24'),
      corrected: true,
    });
    expect(corrected.corrections).toEqual([
      expect.objectContaining({
        kind: 'attendance',
        before: { clockedInAt: at('06:00', '24'), clockedOutAt: at('07:00', '24') },
        after: { clockedInAt: at('05:45', '24'), clockedOutAt: at('07:15', '24') },
        reason: 'Clocked in late at the gate',
        correctedBy: { userId: line.userIds.admin, name: 'Ali Demir' },
      }),
    ]);

    const order = before.orders.find((candidate) => candidate.seconds === 5400);
    if (!order) throw new Error('the first test’s order is in the week');
    const withWork = await ok<WorkTimes>(
      line.superUser.post(`/api/labour/users/${olga()}/work-time-corrections`, {
        orderId: order.orderId,
        stationId: order.stationId,
        day: '2026-11-23',
        minutes: -10,
        reason: 'Pause not pressed',
      }),
      201,
    );
    expect(withWork.orders.find((candidate) => candidate.orderId === order.orderId)).toMatchObject({ seconds: 5400 - 600, correctedSeconds: -600 });
    expect(withWork.corrections).toHaveLength(2);
    expect(withWork.corrections).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'attendance' }),
        expect.objectContaining({
          kind: 'workTime',
          seconds: -600,
          reason: 'Pause not pressed',
          orderNumber: order.orderNumber,
          stationName: 'SAW',
          correctedBy: { userId: line.userIds.superUser, name: 'Sabine Schmidt' },
        }),
      ]),
    );

    // Overlapping another attendance, reversed, or an open one: refused, nothing changed.
    await refused(
      line.admin.post(`/api/labour/attendances/${attendance?.id}/corrections`, {
        clockedInAt: at('05:00', '24'),
        clockedOutAt: at('09:30', '24'),
        reason: 'x',
      }),
      409,
      'LABOUR_ATTENDANCE_OVERLAPS',
    );
    await refused(
      line.admin.post(`/api/labour/attendances/${attendance?.id}/corrections`, {
        clockedInAt: at('08:00', '24'),
        clockedOutAt: at('07:00', '24'),
        reason: 'x',
      }),
      400,
      'VALIDATION_ERROR',
    );
    expect((await weekOf(line.admin, olga())).corrections).toHaveLength(2);
  });

  it('closes a forgotten clock-out at the end of the working day, flagged for review', async () => {
    clock.set(at('06:00', '25'));
    await ok(jonasAtSaw.post('/api/labour/clock-in', { stationId: saw() }));
    clock.set(at('20:59', '25'));
    await closeMissedClockOuts(t.app);
    expect((await statusOf(jonasAtSaw)).attendance).not.toBeNull();
    clock.set(at('21:01', '25'));
    expect(await closeMissedClockOuts(t.app)).toBeGreaterThanOrEqual(1);
    expect(await closeMissedClockOuts(t.app)).toBe(0);
    expect((await statusOf(jonasAtSaw)).attendance).toBeNull();
    const week = await weekOf(line.admin, jonas());
    expect(week.attendances.find((row) => row.clockedInAt === at('06:00', '25'))).toMatchObject({ clockedOutAt: at('21:00', '25'), closedAtDayEnd: true });
  });

  it("counts breaks by the company's break rule once saved (fixed break 12:00-12:45 and the statutory minimum)", async () => {
    // Friday 27 November, 06:00-14:00 UTC (07:00-15:00 in Berlin): 8 h, by the statutory rule 30 min break.
    clock.set(at('06:00', '27'));
    await ok(olgaAtSaw.post('/api/labour/clock-in', { stationId: saw() }));
    clock.set(at('14:00', '27'));
    await ok(olgaAtSaw.post('/api/labour/clock-out', { stationId: saw() }));
    const friday = async () => (await weekOf(line.admin, olga(), '2026-11-27')).attendances.find((row) => row.clockedInAt === at('06:00', '27'));
    expect(await friday()).toMatchObject({ grossSeconds: 8 * 3600, breakSeconds: 1800, netSeconds: 8 * 3600 - 1800 });

    const settings = await ok<{ workingTime: Record<string, unknown> }>(line.superUser.get('/api/company-account/basic-settings'));
    expect(settings.workingTime.breaks).toEqual({
      windows: [],
      minimums: [
        { after: '06:00', minutes: 30 },
        { after: '09:00', minutes: 45 },
      ],
    });
    const breaks = {
      windows: [{ from: '12:00', to: '12:45' }],
      minimums: [
        { after: '06:00', minutes: 30 },
        { after: '09:00', minutes: 45 },
      ],
    };
    const saved = await ok<{ workingTime: { breaks: unknown } }>(
      line.superUser.put('/api/company-account/updateBasicSettings', { ...settings, workingTime: { ...settings.workingTime, breaks } }),
    );
    expect(saved.workingTime.breaks).toEqual(breaks);
    // The fixed 45 minutes (11:00-11:45 UTC) lie in the attendance: they count, more than the minimum's 30.
    expect(await friday()).toMatchObject({ grossSeconds: 8 * 3600, breakSeconds: 2700, netSeconds: 8 * 3600 - 2700 });

    // No minimums, no windows: no break at all.
    await ok(
      line.superUser.put('/api/company-account/updateBasicSettings', {
        ...saved,
        workingTime: { ...settings.workingTime, breaks: { windows: [], minimums: [] } },
      }),
    );
    expect(await friday()).toMatchObject({ breakSeconds: 0, netSeconds: 8 * 3600 });
    const back = await ok<Record<string, unknown>>(line.superUser.get('/api/company-account/basic-settings'));
    await ok(line.superUser.put('/api/company-account/updateBasicSettings', { ...back, workingTime: settings.workingTime }));
    expect(await friday()).toMatchObject({ breakSeconds: 1800 });
  });

  it('refuses the wrong role (403)', async () => {
    await refused(olgaAtSaw.get('/api/labour/present'), 403, 'FORBIDDEN');
    await refused(olgaAtSaw.get(`/api/labour/times?userId=${jonas()}`), 403, 'FORBIDDEN');
    await refused(
      olgaAtSaw.post(`/api/labour/users/${olga()}/work-time-corrections`, { orderId: saw(), stationId: saw(), day: '2026-11-23', minutes: 60, reason: 'mine' }),
      403,
      'FORBIDDEN',
    );
    const week = await weekOf(line.admin, olga());
    await refused(
      olgaAtSaw.post(`/api/labour/attendances/${week.attendances[0].id}/corrections`, { clockedInAt: at('05:00'), clockedOutAt: at('14:00'), reason: 'mine' }),
      403,
      'FORBIDDEN',
    );
  });

  it("answers another company's people, attendances and stations as absent (404)", async () => {
    await refused(otherAdmin.get(`/api/labour/times?userId=${olga()}`), 404, 'NOT_FOUND');
    const week = await weekOf(line.admin, olga());
    await refused(
      otherAdmin.post(`/api/labour/attendances/${week.attendances[0].id}/corrections`, { clockedInAt: at('05:00'), clockedOutAt: at('14:00'), reason: 'x' }),
      404,
      'LABOUR_ATTENDANCE_NOT_FOUND',
    );
    await refused(
      otherAdmin.post(`/api/labour/users/${olga()}/work-time-corrections`, { orderId: saw(), stationId: saw(), day: '2026-11-23', minutes: 60, reason: 'x' }),
      404,
      'NOT_FOUND',
    );
    await refused(otherAdmin.post('/api/labour/clock-in', { stationId: saw() }), 404, 'NOT_FOUND');
    await refused(otherAdmin.get(`/api/labour/stations/${saw()}`), 404, 'NOT_FOUND');
    expect((await ok<{ data: unknown[] }>(otherAdmin.get('/api/labour/present'))).data).toEqual([]);
  });

  it('the read models equal a rebuild from the log', async () => {
    const result = await checkProjections(t.app.db, inlineProjections(t.app.eventStore));
    expect(describeDifferences(result.differences)).toEqual([]);
    const labourTables = result.tables.filter((table) => table.projection === 'labour');
    expect(labourTables.map((table) => table.table).sort()).toEqual(['labour_assignments', 'labour_attendances', 'labour_corrections', 'labour_work_pieces']);
  });
});
