import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StationBoard } from '../../../src/domain/orders/board.views.js';
import { settableClock } from '../../../src/server/platform/clock.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { act, createOrder, errorOf, orderBody, orderLine, type Client, type OrderLine } from '../orders/support.js';
import { stationBody } from '../stations/stations-support.js';

// The station board (GET /api/orders/station-board), the predictions (GET /api/orders/predictions)
// and the station's WIP limit, on a fixed clock: Monday 23 November 2026, 08:00 UTC, with a
// working time around the clock so the expected times are plain sums.
const clock = settableClock('2026-11-23T08:00:00Z');
let t: TestApp;
let line: OrderLine;
let other: OrderLine;

beforeAll(async () => {
  t = await createTestApp({ WORKING_TIME: '0-6 00:00-24:00', PREDICTION_WINDOW: '5' }, { clock });
  line = await orderLine(t);
  other = await orderLine(t);
});
afterAll(async () => {
  await t?.close();
});

const boardOf = async (client: Client): Promise<StationBoard> => {
  const res = await client.get('/api/orders/station-board');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const column = (board: StationBoard, name: string) => board.columns.find((candidate) => candidate.name === name);
const hours = (n: number) => n * 3_600_000;

describe('the station board', () => {
  it('shows a column per station in sequence order then WIP, counts, the WIP limit, the bottleneck and the prediction', async () => {
    const { saw, drill } = line.stations;
    const sawStation = (await line.admin.get(`/api/stations/${saw.id}`)).json();
    const limited = await line.admin.put(`/api/stations/${saw.id}`, { ...stationBody('SAW', { wipLimit: 1 }), version: sawStation.version });
    expect(limited.statusCode, limited.body).toBe(200);
    expect(limited.json().wipLimit).toBe(1);

    const start = async (deliveryDate: string, name: string) =>
      act(
        line.admin,
        await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 4 }], { kind: 'production', deliveryDate, name })),
        'start-production',
      );
    const urgent = await start('2026-11-23', 'Rad & Tat');
    const later = await start('2099-12-01', 'Velo Huber');

    let board = await boardOf(line.admin);
    expect(board.columns.map((c) => c.name)).toEqual(['SAW', 'DRILL', 'WIP']);
    expect(column(board, 'SAW')).toMatchObject({ count: 2, wipLimit: 1, overLimit: true, bottleneck: false, cycleSeconds: null });
    expect(column(board, 'SAW')?.cards.map((card) => card.id)).toEqual([urgent.id, later.id]);
    expect(column(board, 'SAW')?.cards[0]).toMatchObject({
      orderNumber: urgent.orderNumber,
      material: 'City bike',
      materialNumber: 'P-1',
      quantity: 4,
      customer: 'Rad & Tat',
      deliveryDate: '2026-11-23',
      inWork: false,
      predictedAt: null,
      willBeLate: false,
    });
    expect(column(board, 'DRILL')).toMatchObject({ count: 0, wipLimit: null, overLimit: false });

    // Ten hours of work at SAW: the first completion gives the line its cycle time.
    const atSaw = await line.signInAt(0, saw.id);
    const inWork = await act(atSaw, urgent, 'start-work', { stationId: saw.id });
    clock.advance(hours(10));
    await act(atSaw, inWork, 'complete-work', { stationId: saw.id });
    board = await boardOf(line.admin);
    expect(column(board, 'SAW')).toMatchObject({ count: 1, overLimit: false, cycleSeconds: 36_000, bottleneck: true, waitingSeconds: 36_000 });
    expect(column(board, 'DRILL')).toMatchObject({ count: 1, bottleneck: false, waitingSeconds: 0 });
    // DRILL has no completion yet and borrows SAW's ten hours: at 18:00 + 10 h, past Monday's delivery date.
    expect(column(board, 'DRILL')?.cards[0]).toMatchObject({ id: urgent.id, predictedAt: '2026-11-24T04:00:00.000Z', willBeLate: true });
    // The other waits for nobody at SAW, then for the urgent one at DRILL: 04:00 + 10 h.
    expect(column(board, 'SAW')?.cards[0]).toMatchObject({ id: later.id, predictedAt: '2026-11-24T14:00:00.000Z', willBeLate: false });

    const predictions = await line.operators[0].client.get('/api/orders/predictions');
    expect(predictions.statusCode, predictions.body).toBe(200);
    expect(predictions.json()).toMatchObject({ window: 5, workingTime: { days: [0, 1, 2, 3, 4, 5, 6], from: '00:00', to: '24:00' } });
    expect(predictions.json().data).toEqual(
      expect.arrayContaining([
        { orderId: urgent.id, predictedAt: '2026-11-24T04:00:00.000Z', willBeLate: true, queueAhead: 0 },
        { orderId: later.id, predictedAt: '2026-11-24T14:00:00.000Z', willBeLate: false, queueAhead: 0 },
      ]),
    );

    // A move from the board is Move to: the same command, rules and events.
    const moved = await line.admin.post(`/api/orders/${later.id}/move-to-station`, { version: later.version, toStationId: drill.id });
    expect(moved.statusCode, moved.body).toBe(200);
    board = await boardOf(line.operators[1].client);
    expect(column(board, 'SAW')?.count).toBe(0);
    expect(column(board, 'DRILL')?.cards.map((card) => card.id)).toEqual([urgent.id, later.id]);
    const stale = await line.admin.post(`/api/orders/${later.id}/move-to-station`, { version: later.version, toStationId: saw.id });
    expect(stale.statusCode).toBe(409);

    // Another company's board shows none of it.
    const theirs = await boardOf(other.admin);
    expect(theirs.total).toBe(0);
    expect(theirs.columns.flatMap((c) => c.cards)).toEqual([]);
  });

  it('answers only signed-in users', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/orders/station-board' });
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/orders/predictions' })).statusCode).toBe(401);
  });
});

describe("a station's WIP limit", () => {
  it('is optional, saved and cleared with the station form', async () => {
    const created = await line.admin.post('/api/stations', stationBody('LIMITED', { wipLimit: 12 }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().wipLimit).toBe(12);
    const cleared = await line.admin.put(`/api/stations/${created.json().id}`, { ...stationBody('LIMITED'), version: created.json().version });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().wipLimit).toBeNull();
    expect((await line.admin.post('/api/stations', stationBody('UNLIMITED'))).json().wipLimit).toBeNull();
  });

  it('refuses what is not a whole number from 1 to 999 on its field, and saves nothing', async () => {
    for (const [wipLimit, message] of [
      [0, 'validation.min'],
      [1000, 'validation.max'],
      [2.5, 'validation.wholeNumber'],
      ['3', 'validation.number'],
    ] as const) {
      const res = await line.admin.post('/api/stations', { ...stationBody('REFUSED'), wipLimit });
      expect(res.statusCode, String(wipLimit)).toBe(400);
      expect(errorOf(res.body).details).toContainEqual(expect.objectContaining({ path: 'wipLimit', message }));
    }
    expect((await line.admin.get('/api/stations?q=REFUSED')).json().total).toBe(0);
  });

  it('is set by supervisors only: an operator gets 403, another company 404', async () => {
    const station = (await line.admin.post('/api/stations', stationBody('OWNLIMIT'))).json();
    const body = { ...stationBody('OWNLIMIT', { wipLimit: 3 }), version: station.version };
    const asOperator = await line.operators[0].client.put(`/api/stations/${station.id}`, body);
    expect(asOperator.statusCode).toBe(403);
    const asOther = await other.admin.put(`/api/stations/${station.id}`, body);
    expect(asOther.statusCode).toBe(404);
    expect((await line.admin.get(`/api/stations/${station.id}`)).json().wipLimit).toBeNull();
    const asSuperUser = await line.superUser.put(`/api/stations/${station.id}`, body);
    expect(asSuperUser.statusCode, asSuperUser.body).toBe(200);
    expect(asSuperUser.json().wipLimit).toBe(3);
  });
});
