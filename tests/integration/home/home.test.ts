import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomeScreen } from '../../../src/domain/home/home.views.js';
import { settableClock } from '../../../src/server/platform/clock.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { clientOf, signedInMaster } from '../../support/identity.js';
import { act, createOrder, orderBody, orderLine, type Client, type OrderLine } from '../orders/support.js';

// GET /api/home: the home screen's boards in one read, each part equal to its own route's answer,
// on a fixed clock (the boards' "today" and the predictions depend on it).
const clock = settableClock('2026-11-23T08:00:00Z');
let t: TestApp;
let line: OrderLine;
let other: OrderLine;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  line = await orderLine(t);
  other = await orderLine(t);
});
afterAll(async () => {
  await t?.close();
});

const homeOf = async (client: Client): Promise<HomeScreen> => {
  const res = await client.get('/api/home');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const answerOf = async (client: Client, url: string) => {
  const res = await client.get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
};
/** What the four boards read one by one. */
const boardsOf = async (client: Client, keyFigures: boolean): Promise<HomeScreen> => ({
  orders: await answerOf(client, '/api/orders/board'),
  stationBoard: await answerOf(client, '/api/orders/station-board'),
  openInterruptions: await answerOf(client, '/api/interruptions?open=true&limit=100'),
  keyFigures: keyFigures ? await answerOf(client, '/api/key-figures?period=day') : null,
});

describe('the home screen in one read', () => {
  it("answers each board as its own route does, for the company's users of every role", async () => {
    const { saw } = line.stations;
    const reason = await line.superUser.post('/api/team/master-data/interruptionReasons', { name: 'Material missing' });
    expect(reason.statusCode, reason.body).toBe(201);
    let order = await createOrder(
      line.admin,
      orderBody([{ materialId: line.materials.bike, quantity: 2 }], { kind: 'production', deliveryDate: '2026-11-20' }),
    );
    order = await act(line.admin, order, 'start-production');
    await createOrder(line.admin, orderBody([{ materialId: line.materials.wheel, quantity: 1 }]));
    const atSaw = await line.signInAt(0, saw.id);
    order = await act(atSaw, order, 'start-work', { stationId: saw.id });
    const reported = await atSaw.post('/api/interruptions', { stationId: saw.id, orderId: order.id, reasonId: reason.json().entryId });
    expect(reported.statusCode, reported.body).toBe(201);

    const home = await homeOf(line.admin);
    expect(home).toEqual(await boardsOf(line.admin, true));
    expect(home.orders.total).toBe(2);
    expect(home.orders.data.find((row) => row.id === order.id)?.delayed).toBe(true);
    expect(home.stationBoard.columns.find((column) => column.stationId === saw.id)?.cards.map((card) => card.id)).toEqual([order.id]);
    expect(home.openInterruptions.data.map((interruption) => interruption.stationId)).toEqual([saw.id]);
    expect(home.keyFigures?.settings.homeFigures.length).toBeGreaterThan(0);

    // Every user of the company reads the boards: the owner and an operator too.
    expect(await homeOf(line.superUser)).toEqual(home);
    expect(await homeOf(line.operators[1].client)).toEqual(home);
  });

  it('answers no key figures while the company has them switched off', async () => {
    const current = (await line.superUser.get('/api/company-account/basic-settings')).json();
    const off = await line.superUser.put('/api/company-account/updateBasicSettings', { ...current, functions: { ...current.functions, keyFigures: false } });
    expect(off.statusCode, off.body).toBe(200);
    try {
      const home = await homeOf(line.admin);
      expect(home.keyFigures).toBeNull();
      expect(home).toEqual(await boardsOf(line.admin, false));
    } finally {
      const on = await line.superUser.put('/api/company-account/updateBasicSettings', {
        ...current,
        version: off.json().version,
        functions: { ...current.functions, keyFigures: true },
      });
      expect(on.statusCode, on.body).toBe(200);
    }
  });

  it("shows another company none of the first one's orders, stations or interruptions", async () => {
    const theirs = await homeOf(other.admin);
    expect(theirs).toEqual(await boardsOf(other.admin, true));
    expect(theirs.orders).toMatchObject({ data: [], total: 0 });
    expect(theirs.openInterruptions).toMatchObject({ data: [], total: 0 });
    const ours = new Set(Object.values(line.stations).map((station) => station.id));
    expect(theirs.stationBoard.columns.every((column) => column.cards.length === 0 && !ours.has(column.stationId ?? ''))).toBe(true);
  });

  it('refuses a caller without a company: 401 signed out, 403 for the master before choosing one', async () => {
    expect((await clientOf(t).get('/api/home')).statusCode).toBe(401);
    const master = await signedInMaster(t);
    const res = await clientOf(t, master.token).get('/api/home');
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
  });
});
