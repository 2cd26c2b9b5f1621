import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Predictions, StationBoard } from '../../../src/domain/orders/board.views.js';
import { settableClock } from '../../../src/server/platform/clock.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, companyWithTeam } from '../../support/identity.js';
import { act, createOrder, orderBody, orderLine, type Client, type OrderLine } from '../orders/support.js';

// The company's working time (Advanced settings): saved with the company settings, in the
// company's time zone, and read by the predicted completion. The server's WORKING_TIME is left at
// its default (Monday to Friday 06:00-22:00 Europe/Berlin) for companies that never saved one.
// Fixed clock: Friday 23 October 2026, summer time in Berlin (UTC+2); winter time from Sunday.
const clock = settableClock('2026-10-23T08:00:00Z');
let t: TestApp;
let line: OrderLine;
let other: OrderLine;

beforeAll(async () => {
  t = await createTestApp({ PREDICTION_WINDOW: '5' }, { clock });
  line = await orderLine(t);
  other = await orderLine(t);
});
afterAll(async () => {
  await t?.close();
});

const hours = (n: number) => n * 3_600_000;
/** The break rule a company has until it saves one: ArbZG §4 (docs/labour-and-costs.md). */
const statutory = {
  windows: [],
  minimums: [
    { after: '06:00', minutes: 30 },
    { after: '09:00', minutes: 45 },
  ],
};
const read = async (client: Client) => {
  const res = await client.get('/api/company-account/basic-settings');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const save = (client: Client, view: Record<string, unknown>, workingTime: unknown) =>
  client.put('/api/company-account/updateBasicSettings', { ...view, workingTime });
const predictionsOf = async (client: Client): Promise<Predictions> => {
  const res = await client.get('/api/orders/predictions');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe("the company's working time", () => {
  it('is the server default until saved, then the saved one; a save without it keeps it', async () => {
    const before = await read(line.superUser);
    expect(before.workingTime).toEqual({ days: [1, 2, 3, 4, 5], from: '06:00', to: '22:00', timeZone: 'Europe/Berlin', breaks: statutory });

    const workingTime = { days: [6, 1, 2, 2], from: '07:00', to: '15:30', timeZone: 'Europe/Vienna' };
    const saved = await save(line.superUser, before, workingTime);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().workingTime).toEqual({ days: [1, 2, 6], from: '07:00', to: '15:30', timeZone: 'Europe/Vienna', breaks: statutory });

    const { workingTime: _kept, ...withoutIt } = saved.json();
    const again = await line.superUser.put('/api/company-account/updateBasicSettings', withoutIt);
    expect(again.statusCode, again.body).toBe(200);
    expect((await read(line.superUser)).workingTime).toEqual(saved.json().workingTime);
    // Another company still works by the default.
    expect((await read(other.superUser)).workingTime.timeZone).toBe('Europe/Berlin');
  });

  it('refuses no working day, hours that do not read or end before they start, and an unknown time zone', async () => {
    const view = await read(line.superUser);
    const problems = async (workingTime: unknown) => {
      const res = await save(line.superUser, view, workingTime);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().error.details.map((d: { path: string; message: string }) => [d.path, d.message]);
    };
    expect(await problems({ days: [], from: '06:00', to: '22:00', timeZone: 'Europe/Berlin' })).toEqual([
      ['workingTime.days', 'company.validation.workingDays'],
    ]);
    expect(await problems({ days: [1], from: '22:00', to: '06:00', timeZone: 'Europe/Berlin' })).toEqual([
      ['workingTime.to', 'company.validation.toAfterFrom'],
    ]);
    expect(await problems({ days: [1], from: '6 Uhr', to: '25:00', timeZone: 'Europe/Berlin' })).toEqual([
      ['workingTime.from', 'company.validation.clockTime'],
      ['workingTime.to', 'company.validation.clockTime'],
    ]);
    expect(await problems({ days: [1], from: '06:00', to: '22:00', timeZone: 'Europe/Atlantis' })).toEqual([
      ['workingTime.timeZone', 'company.validation.timeZone'],
    ]);
    expect((await problems({ days: [7], from: '06:00', to: '22:00', timeZone: 'Europe/Berlin' }))[0][0]).toBe('workingTime.days.0');
    const withBreaks = (breaks: unknown) => ({ days: [1], from: '06:00', to: '22:00', timeZone: 'Europe/Berlin', breaks });
    expect(
      await problems(
        withBreaks({
          windows: [
            { from: '12:30', to: '12:00' },
            { from: '12:15', to: '12:45' },
          ],
          minimums: [],
        }),
      ),
    ).toEqual([['workingTime.breaks.windows.0.to', 'company.validation.toAfterFrom']]);
    expect(
      await problems(
        withBreaks({
          windows: [
            { from: '12:00', to: '13:00' },
            { from: '12:30', to: '13:30' },
          ],
          minimums: [],
        }),
      ),
    ).toEqual([['workingTime.breaks.windows.1.from', 'company.validation.breakOverlap']]);
    expect(await problems(withBreaks({ windows: [], minimums: [{ after: '00:00', minutes: 0 }] }))).toEqual([
      ['workingTime.breaks.minimums.0.after', 'company.validation.breakAfter'],
      ['workingTime.breaks.minimums.0.minutes', 'company.validation.breakMinutes'],
    ]);
    expect(
      await problems(
        withBreaks({
          windows: [],
          minimums: [
            { after: '06:00', minutes: 30 },
            { after: '05:00', minutes: 45 },
          ],
        }),
      ),
    ).toEqual([['workingTime.breaks.minimums.1.after', 'company.validation.breakAscending']]);
    expect((await read(line.superUser)).version).toBe(view.version);
  });

  it('counts vacation on the saved working days: a plant working Saturdays books and counts them', async () => {
    const plant = await companyWithTeam(t);
    const owner = clientOf(t, plant.superUser.token);
    const reason = (await owner.post('/api/team/master-data/absenceReasons', { name: 'Urlaub' })).json().entryId;
    const book = (from: string, to: string) => owner.post(`/api/team/employees/${plant.admin.id}/absences`, { from, to, reasonId: reason });
    // Monday to Friday (the server's default): a Saturday alone is no leave to book.
    const saturday = await book('2026-11-07', '2026-11-07');
    expect(saturday.statusCode, saturday.body).toBe(400);
    expect(saturday.json().error.details).toEqual([{ path: 'from', message: 'team.validation.absenceWithoutWorkingDay' }]);

    const saved = await save(owner, await read(owner), { days: [1, 2, 3, 4, 5, 6], from: '06:00', to: '14:00', timeZone: 'Europe/Berlin' });
    expect(saved.statusCode, saved.body).toBe(200);
    const booked = await book('2026-11-07', '2026-11-07');
    expect(booked.statusCode, booked.body).toBe(201);
    // Monday 9 to Sunday 15 November: six working days (Saturday counts, Sunday does not).
    const week = await book('2026-11-09', '2026-11-15');
    expect(week.statusCode, week.body).toBe(201);
    expect(week.json().vacations.absences.map((absence: { days: number }) => absence.days)).toEqual([1, 6]);
  });

  it('moves the predicted completion when saved, in the company time zone, across the change to winter time', async () => {
    const { saw } = other.stations;
    const start = async (deliveryDate: string, name: string) =>
      act(
        other.admin,
        await createOrder(other.admin, orderBody([{ materialId: other.materials.bike, quantity: 1 }], { kind: 'production', deliveryDate, name })),
        'start-production',
      );
    // Three hours at SAW give the line its cycle time (DRILL borrows it).
    const first = await start('2099-12-01', 'Velo Huber');
    const atSaw = await other.signInAt(0, saw.id);
    const inWork = await act(atSaw, first, 'start-work', { stationId: saw.id });
    clock.advance(hours(3));
    await act(atSaw, inWork, 'complete-work', { stationId: saw.id });
    const second = await start('2026-10-24', 'Rad & Tat');

    // Friday 18:00 UTC, 20:00 in Berlin: two hours left today, then Monday from 06:00 CET, 05:00 UTC.
    clock.set('2026-10-23T18:00:00Z');
    let predictions = await predictionsOf(other.operators[0].client);
    expect(predictions.workingTime).toEqual({ days: [1, 2, 3, 4, 5], from: '06:00', to: '22:00', timeZone: 'Europe/Berlin' });
    expect(predictions.data).toEqual(
      expect.arrayContaining([
        { orderId: first.id, predictedAt: '2026-10-26T06:00:00.000Z', willBeLate: false, queueAhead: 0 },
        { orderId: second.id, predictedAt: '2026-10-26T09:00:00.000Z', willBeLate: true, queueAhead: 0 },
      ]),
    );

    // The company works Saturdays too, 07:00-15:00 UTC: both finish on Saturday, the second in time.
    const view = await read(other.superUser);
    const saved = await save(other.superUser, view, { days: [1, 2, 3, 4, 5, 6], from: '07:00', to: '15:00', timeZone: 'UTC' });
    expect(saved.statusCode, saved.body).toBe(200);
    predictions = await predictionsOf(other.operators[0].client);
    expect(predictions.workingTime).toEqual({ days: [1, 2, 3, 4, 5, 6], from: '07:00', to: '15:00', timeZone: 'UTC' });
    expect(predictions.data).toEqual(
      expect.arrayContaining([
        { orderId: first.id, predictedAt: '2026-10-24T10:00:00.000Z', willBeLate: false, queueAhead: 0 },
        { orderId: second.id, predictedAt: '2026-10-24T13:00:00.000Z', willBeLate: false, queueAhead: 0 },
      ]),
    );
    const board = await other.admin.get('/api/orders/station-board');
    expect(board.statusCode, board.body).toBe(200);
    const cards = (board.json() as StationBoard).columns.flatMap((column) => column.cards);
    expect(cards.find((card) => card.id === second.id)).toMatchObject({ predictedAt: '2026-10-24T13:00:00.000Z', willBeLate: false });
    // The first company's working time is its own.
    expect((await predictionsOf(line.admin)).workingTime.timeZone).toBe('Europe/Vienna');
  });
});
