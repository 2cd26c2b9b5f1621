import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StationBoard } from '../../../src/domain/orders/board.views.js';
import type { OrderView } from '../../../src/domain/orders/orders.views.js';
import { settableClock } from '../../../src/server/platform/clock.js';
import { checkProjections, describeDifferences } from '../../../src/server/platform/projection-rebuild.js';
import { inlineProjections } from '../../../src/server/projections.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { act, createOrder, errorOf, orderBody, orderLine, orderOf, type Client, type OrderLine } from './support.js';

// Quantities at the station (issue 27, docs/orders.md "Quantities"): good, scrap and rework with each
// completion, split orders, the rework loop, and the refusals.
let t: TestApp;
let line: OrderLine;
let other: OrderLine;
let atSaw: Client;
let atDrill: Client;
let reasons: { scratched: string; burr: string; foreignScrap: string };
const clock = settableClock('2026-11-29T09:00:00.000Z');

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  line = await orderLine(t);
  other = await orderLine(t);
  atSaw = await line.signInAt(0, line.stations.saw.id);
  atDrill = await line.signInAt(1, line.stations.drill.id);
  const add = async (client: Client, list: string, name: string) => {
    const res = await client.post(`/api/team/master-data/${list}`, { name });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().entryId as string;
  };
  reasons = {
    scratched: await add(line.superUser, 'scrapReasons', 'Kratzer'),
    burr: await add(line.superUser, 'reworkReasons', 'Grat'),
    foreignScrap: await add(other.superUser, 'scrapReasons', 'Kratzer'),
  };
});
afterAll(async () => {
  await t?.close();
});

/** A customer order of `pieces` bikes in production: its one production order, in work at SAW. */
async function productionInWorkAtSaw(pieces = 50): Promise<{ customer: OrderView; production: OrderView }> {
  const customer = await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: pieces }]));
  const started = await act(line.admin, customer, 'start-production');
  const production = await orderOf(line.admin, started.productionOrders[0].id);
  return { customer: started, production: await act(atSaw, production, 'start-work', { stationId: line.stations.saw.id }) };
}

const worklistOf = async (stationId: string) => {
  const res = await line.admin.get(`/api/stations/${stationId}/worklist`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; orderNumber: string; pieces: { ordered: number; open: number } | null }[];
};
const historyTypes = async (orderId: string) => ((await line.admin.get(`/api/orders/${orderId}/history`)).json().data as { type: string }[]).map((e) => e.type);

describe('scrap and rework reasons', () => {
  it('are master-data lists of their own, kept by those who change master data', async () => {
    const scrap = await line.admin.get('/api/team/master-data/scrapReasons');
    expect(scrap.statusCode, scrap.body).toBe(200);
    expect(scrap.json().data).toEqual([expect.objectContaining({ id: reasons.scratched, name: 'Kratzer', status: 'active' })]);
    expect((await line.admin.get('/api/team/master-data/reworkReasons')).json().data).toEqual([expect.objectContaining({ name: 'Grat' })]);
    expect((await line.operators[0].client.post('/api/team/master-data/scrapReasons', { name: 'Riss' })).statusCode).toBe(403);
  });
});

describe('completing with quantities', () => {
  it('a partial completion sends the good pieces on as a split order; the rest stays and is completed later', async () => {
    const { saw, drill } = line.stations;
    const { customer, production } = await productionInWorkAtSaw();
    const partial = await act(atSaw, production, 'complete-work', { stationId: saw.id, good: 30, scrap: 2, scrapReasonId: reasons.scratched });
    expect(partial.location).toMatchObject({ stage: 'station', stationId: saw.id, workStartedAt: expect.any(String) });
    expect(partial.quantities).toEqual({
      ordered: 50,
      started: 50,
      good: 0,
      scrap: 2,
      rework: 0,
      splitOff: 30,
      open: 18,
      stations: [{ stationId: saw.id, stationName: 'SAW', good: 30, scrap: 2, rework: 0 }],
    });
    const childNumber = `${production.orderNumber}-1`;
    expect(partial.splitOrders).toEqual([
      { id: expect.any(String), orderNumber: childNumber, quantity: 30, reason: 'good', toStationId: drill.id, status: 'in-progress' },
    ]);
    const child = await orderOf(line.admin, partial.splitOrders[0].id);
    expect(child).toMatchObject({
      orderNumber: childNumber,
      number: production.number,
      kind: 'production',
      status: 'in-progress',
      positions: [{ materialId: line.materials.bike, quantity: 30 }],
      parentOrder: { id: customer.id },
      splitFromOrder: { id: production.id, orderNumber: production.orderNumber },
      location: { stage: 'station', stationId: drill.id },
      quantities: { ordered: 30, started: 30, open: 30 },
    });
    expect((await worklistOf(drill.id)).find((entry) => entry.id === child.id)?.pieces).toMatchObject({ ordered: 30, open: 30 });
    expect((await worklistOf(saw.id)).find((entry) => entry.id === production.id)?.pieces).toMatchObject({ ordered: 50, open: 18 });
    const board = (await line.admin.get('/api/orders/station-board')).json() as StationBoard;
    const cards = board.columns.flatMap((column) => column.cards.map((card) => ({ column: column.stationId ?? null, ...card })));
    expect(cards.find((card) => card.id === production.id)).toMatchObject({ quantity: 18, ordered: 50 });
    expect(cards.find((card) => card.id === child.id)).toMatchObject({ quantity: 30, ordered: 30 });
    expect((await orderOf(line.admin, customer.id)).productionOrders.map((p) => p.orderNumber)).toEqual([production.orderNumber, childNumber]);
    expect((await historyTypes(production.id)).slice(-2)).toEqual(['QuantityReported', 'OrderSplit']);
    expect(await historyTypes(child.id)).toEqual(['OrderCreated', 'ProductionOrderStarted']);

    // Complete the rest: no counts, so every piece still at the station is good; the order goes on.
    const rest = await act(atSaw, partial, 'complete-work', { stationId: saw.id });
    expect(rest.location).toMatchObject({ stage: 'station', stationId: drill.id });
    expect(rest.quantities).toMatchObject({ open: 18, scrap: 2, splitOff: 30, stations: [{ stationId: saw.id, good: 48, scrap: 2 }] });
    expect((await historyTypes(production.id)).slice(-2)).toEqual(['QuantityReported', 'WorkCompleted']);

    // At DRILL (the last station): the split order finishes; the parent sends 2 pieces back to SAW for rework.
    let atDrillChild = await act(atDrill, child, 'start-work', { stationId: drill.id });
    atDrillChild = await act(atDrill, atDrillChild, 'complete-work', { stationId: drill.id });
    expect(atDrillChild).toMatchObject({ status: 'finished', location: { stage: 'wip' }, quantities: { good: 30, open: 0 } });
    let parent = await act(atDrill, rest, 'start-work', { stationId: drill.id });
    parent = await act(atDrill, parent, 'complete-work', {
      stationId: drill.id,
      good: 16,
      rework: 2,
      reworkReasonId: reasons.burr,
      reworkStationId: saw.id,
    });
    expect(parent).toMatchObject({ status: 'finished', quantities: { good: 16, rework: 2, scrap: 2, open: 0 } });
    const reworkOrder = parent.splitOrders[1];
    expect(reworkOrder).toMatchObject({ orderNumber: `${production.orderNumber}-2`, quantity: 2, reason: 'rework', toStationId: saw.id });
    // 46 good of 50 so far, but the rework order is still on the line: no under-production yet.
    expect(await orderOf(line.admin, customer.id)).toMatchObject({ status: 'in-progress', production: { ordered: 50, good: 46, balance: 'running' } });

    // The rework loop: the rework order comes back through SAW and DRILL, and then the customer order is ready.
    let loop = await orderOf(line.admin, reworkOrder.id);
    expect(loop).toMatchObject({ location: { stage: 'station', stationId: saw.id }, quantities: { ordered: 2, open: 2 } });
    loop = await act(atSaw, loop, 'start-work', { stationId: saw.id });
    loop = await act(atSaw, loop, 'complete-work', { stationId: saw.id });
    loop = await act(atDrill, loop, 'start-work', { stationId: drill.id });
    loop = await act(atDrill, loop, 'complete-work', { stationId: drill.id });
    expect(loop.status).toBe('finished');
    const done = await orderOf(line.admin, customer.id);
    expect(done.status).toBe('ready-to-ship');
    // Every production order ended with 48 good of 50: under-production, visible on the customer order.
    expect(done.production).toEqual({ ordered: 50, good: 48, scrap: 2, balance: 'under' });
    // The rework order's reports are a second attempt (docs/oee.md, first-pass yield); the good split is not.
    const reworked = (await t.app.db.selectFrom('oee_rework_orders').select('order_id').execute()).map((row) => row.order_id);
    expect(reworked).toContain(reworkOrder.id);
    expect(reworked).not.toContain(child.id);
    // The day's key figures: 98 good, 2 scrap, 2 rework of 102 made; the rework order's 2 + 2 good are not a first pass.
    const keyFigures = await line.admin.get('/api/key-figures?period=day&day=2026-11-29');
    expect(keyFigures.statusCode, keyFigures.body).toBe(200);
    const values = keyFigures.json().current.values;
    expect(values.yield).toBeCloseTo(98 / 100, 10);
    expect(values.scrapRate).toBeCloseTo(2 / 102, 10);
    expect(values.firstPassYield).toBeCloseTo(94 / 98, 10);
    // A rebuild from the log marks the same rework orders.
    const check = await checkProjections(t.app.db, inlineProjections(t.app.eventStore));
    expect(describeDifferences(check.differences.filter((difference) => difference.projection === 'oee'))).toEqual([]);
    expect(check.tables.find((table) => table.table === 'oee_rework_orders')?.rebuiltRows).toBeGreaterThanOrEqual(1);
  });

  it('all pieces scrapped ends the production order with nothing made', async () => {
    const { production } = await productionInWorkAtSaw(4);
    const ended = await act(atSaw, production, 'complete-work', { stationId: line.stations.saw.id, good: 0, scrap: 4, scrapReasonId: reasons.scratched });
    expect(ended).toMatchObject({ status: 'finished', quantities: { good: 0, scrap: 4, open: 0 } });
  });
});

describe('refusals, with nothing stored', () => {
  const complete = (client: Client, order: { id: string; version: number }, body: object) =>
    client.post(`/api/orders/${order.id}/complete-work`, { version: order.version, stationId: line.stations.saw.id, ...body });

  it('bad counts answer 400 with the field of each problem', async () => {
    const { production } = await productionInWorkAtSaw(10);
    const cases: [object, { path: string; message: string }[]][] = [
      [{ good: 11 }, [{ path: 'good', message: 'orders.validation.quantityExceedsStation' }]],
      [{ good: 8, scrap: 3, scrapReasonId: reasons.scratched }, [{ path: 'good', message: 'orders.validation.quantityExceedsStation' }]],
      [{ good: 1.5 }, [{ path: 'good', message: 'validation.wholeNumber' }]],
      [{ good: -1 }, [{ path: 'good', message: expect.stringContaining('validation.min') }]],
      [{ good: 0 }, [{ path: 'good', message: 'orders.validation.quantityRequired' }]],
      [{ good: 5, scrap: 1 }, [{ path: 'scrapReasonId', message: 'orders.validation.scrapReasonRequired' }]],
      [{ good: 5, scrap: 1, scrapReasonId: reasons.foreignScrap }, [{ path: 'scrapReasonId', message: 'orders.validation.unknownReason' }]],
      [{ good: 5, scrap: 1, scrapReasonId: reasons.burr }, [{ path: 'scrapReasonId', message: 'orders.validation.unknownReason' }]],
      [
        { good: 5, rework: 1 },
        [
          { path: 'reworkReasonId', message: 'orders.validation.reworkReasonRequired' },
          { path: 'reworkStationId', message: 'orders.validation.reworkStationRequired' },
        ],
      ],
      [
        { good: 5, rework: 1, reworkReasonId: reasons.burr, reworkStationId: other.stations.saw.id },
        [{ path: 'reworkStationId', message: 'stations.validation.unknownStation' }],
      ],
    ];
    for (const [body, details] of cases) {
      const res = await complete(atSaw, production, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const error = errorOf(res.body);
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.details.map(({ path, message }) => ({ path, message }))).toEqual(details);
    }
    const after = await orderOf(line.admin, production.id);
    expect(after.version).toBe(production.version);
    expect(after.quantities).toMatchObject({ open: 10, scrap: 0, splitOff: 0 });
  });

  it('an administrator is refused (403), another company answers 404', async () => {
    const { production } = await productionInWorkAtSaw(10);
    expect((await complete(line.admin, production, { good: 5 })).statusCode).toBe(403);
    const foreignOperator = await other.signInAt(0, other.stations.saw.id);
    const foreign = await foreignOperator.post(`/api/orders/${production.id}/complete-work`, {
      version: production.version,
      stationId: other.stations.saw.id,
      good: 5,
    });
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect((await orderOf(line.admin, production.id)).version).toBe(production.version);
  });

  it('of two reports on the same version exactly one wins; the other answers 409', async () => {
    const { production } = await productionInWorkAtSaw(10);
    const [first, second] = await Promise.all([complete(atSaw, production, { good: 4 }), complete(atSaw, production, { good: 3 })]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const after = await orderOf(line.admin, production.id);
    expect(after.splitOrders).toHaveLength(1);
    expect((await historyTypes(production.id)).filter((type) => type === 'QuantityReported')).toHaveLength(1);
    expect(errorOf((first.statusCode === 409 ? first : second).body).code).toBe('CONFLICT_ERROR');
  });

  it("the offline queue's replay of a report (same Idempotency-Key) is applied once", async () => {
    const { production } = await productionInWorkAtSaw(10);
    const send = () =>
      atSaw.send({
        method: 'POST',
        url: `/api/orders/${production.id}/complete-work`,
        payload: { version: production.version, stationId: line.stations.saw.id, good: 6, scrap: 1, scrapReasonId: reasons.scratched },
        headers: { 'idempotency-key': `quantity-${production.id}` },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    const replay = await send();
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const after = await orderOf(line.admin, production.id);
    expect(after.quantities).toMatchObject({ open: 3, scrap: 1, splitOff: 6 });
    expect((await historyTypes(production.id)).filter((type) => type === 'QuantityReported')).toHaveLength(1);
  });
});
