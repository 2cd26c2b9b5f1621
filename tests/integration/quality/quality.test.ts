import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderView } from '../../../src/domain/orders/orders.views.js';
import type { NcrHistory, NcrPage, NcrView, QualityFigures } from '../../../src/domain/quality/quality.views.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { act, errorOf, orderLine, orderOf, type Client, type OrderLine } from '../orders/support.js';
import { download, finished, request, textOf } from '../documents/support.js';
import { qualityLine, type QualityLine } from './support.js';

// Issue 30, the quality loop (docs/quality-and-lots.md): a value outside tolerance at a station that
// holds stops the order and opens an NCR; a user with the quality right decides; a re-measurement
// after rework closes it.

let t: TestApp;
let line: OrderLine;
let other: OrderLine;
let atSaw: Client;
let atDrill: Client;
let bought: string;
let scrapReasonId: string;
let measuredAtSaw: QualityLine['measuredAtSaw'];

beforeAll(async () => {
  t = await createTestApp();
  ({ line, atSaw, atDrill, bought, scrapReasonId, measuredAtSaw } = await qualityLine(t));
  other = await orderLine(t);
});
afterAll(async () => {
  await t?.close();
});

const ncrOf = async (client: Client, ncrId: string): Promise<NcrView> => {
  const res = await client.get(`/api/ncrs/${ncrId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const decide = (client: Client, ncr: { id: string; version: number }, body: object) =>
  client.post(`/api/ncrs/${ncr.id}/decide`, { version: ncr.version, ...body });
const historyLength = async (orderId: string) => ((await line.admin.get(`/api/orders/${orderId}/history`)).json().data as unknown[]).length;

/** Grants (or takes) the admin's quality right through the user-rights matrix, as the owner does on the rights screen. */
async function adminQualityRight(on: boolean) {
  const matrix = (await line.superUser.get('/api/team/user-rights')).json() as { version: number; users: { userId: string; changeRights: string[] }[] };
  const users = matrix.users.map((row) =>
    row.userId === line.userIds.admin
      ? { ...row, changeRights: on ? [...row.changeRights, 'quality'] : row.changeRights.filter((right) => right !== 'quality') }
      : row,
  );
  const res = await line.superUser.put('/api/team/user-rights', { version: matrix.version, users });
  expect(res.statusCode, res.body).toBe(200);
}

describe('the worked example of docs/quality-and-lots.md: held, reworked at DRILL, measured again', () => {
  let order: OrderView;
  let ncr: NcrView;

  it('a value outside tolerance at a station that holds opens an NCR and holds the order', async () => {
    order = await measuredAtSaw(10.3);
    expect(order.hold).toMatchObject({ status: 'held' });
    expect(order.hold?.number).toMatch(/^NCR-\d{6}$/);
    ncr = await ncrOf(line.admin, order.hold?.ncrId ?? '');
    expect(ncr).toMatchObject({
      status: 'held',
      orderId: order.id,
      orderNumber: order.orderNumber,
      stationName: 'SAW',
      materialName: 'Flansch',
      materialNumber: 'F-100',
      pieces: 5,
      measurement: { valueName: 'Bohrung', nominal: 10, measured: 10.3, passed: false, minTolerance: 9.9, maxTolerance: 10.1, measuredByName: 'Olga Berg' },
      decisions: [],
    });
  });

  it('the held order refuses move and complete with a 409, nothing changed', async () => {
    const before = await historyLength(order.id);
    const complete = await atSaw.post(`/api/orders/${order.id}/complete-work`, { version: order.version, stationId: line.stations.saw.id, reason: 'egal' });
    expect(complete.statusCode, complete.body).toBe(409);
    expect(errorOf(complete.body)).toMatchObject({
      code: 'ORDER_ON_HOLD',
      details: [{ path: 'orderId', message: 'errors.ORDER_ON_HOLD', params: { ncr: ncr.number } }],
    });
    const move = await line.admin.post(`/api/orders/${order.id}/move-to-station`, { version: order.version, toStationId: line.stations.drill.id });
    expect(move.statusCode, move.body).toBe(409);
    expect(errorOf(move.body).code).toBe('ORDER_ON_HOLD');
    expect(await historyLength(order.id)).toBe(before);
    expect((await orderOf(line.admin, order.id)).location).toMatchObject({ stationId: line.stations.saw.id });
  });

  it('the open NCR is in the list with filters', async () => {
    const held = (await line.admin.get(`/api/ncrs?status=held,rework&orderId=${order.id}`)).json() as NcrPage;
    expect(held.data.map((row) => row.number)).toEqual([ncr.number]);
    const closed = (await line.admin.get(`/api/ncrs?status=closed&orderId=${order.id}`)).json() as NcrPage;
    expect(closed.total).toBe(0);
    const bad = await line.admin.get('/api/ncrs?status=broken');
    expect(bad.statusCode).toBe(400);
    expect((await line.admin.get('/api/ncrs/not-an-id')).statusCode).toBe(400);
    expect((await line.admin.get(`/api/ncrs/${order.id}`)).statusCode).toBe(404);
  });

  it('decided: rework at DRILL; the order goes there and waits for the re-measurement', async () => {
    const res = await decide(line.superUser, ncr, { disposition: 'rework', reworkStationId: line.stations.drill.id });
    expect(res.statusCode, res.body).toBe(200);
    ncr = res.json();
    expect(ncr).toMatchObject({ status: 'rework', decisions: [{ disposition: 'rework', reworkStationName: 'DRILL', decidedByName: 'Sabine Schmidt' }] });
    order = await orderOf(line.admin, order.id);
    expect(order.location).toMatchObject({ stage: 'station', stationId: line.stations.drill.id });
    expect(order.hold).toMatchObject({ status: 'rework', number: ncr.number });
    order = await act(atDrill, order, 'start-work', { stationId: line.stations.drill.id });
    const early = await atDrill.post(`/api/orders/${order.id}/complete-work`, { version: order.version, stationId: line.stations.drill.id });
    expect(early.statusCode, early.body).toBe(409);
    expect(errorOf(early.body).code).toBe('ORDER_AWAITS_REMEASUREMENT');
  });

  it('measured again within tolerance: the NCR closes, the order completes', async () => {
    order = await act(atDrill, order, 'measure', { stationId: line.stations.drill.id, valueName: 'Bohrung', measured: 10.02 });
    expect(order.hold).toBeUndefined();
    ncr = await ncrOf(line.admin, ncr.id);
    expect(ncr.status).toBe('closed');
    expect(ncr.remeasurements).toMatchObject([{ valueName: 'Bohrung', measured: 10.02, passed: true, stationName: 'DRILL' }]);
    order = await act(atDrill, order, 'complete-work', { stationId: line.stations.drill.id });
    expect(order.status).toBe('finished');
    const history = (await line.admin.get(`/api/ncrs/${ncr.id}/history`)).json() as NcrHistory;
    expect(history.data.map((entry) => entry.type)).toEqual([
      'NonConformanceOpened',
      'NonConformanceDecided',
      'NonConformanceRemeasured',
      'NonConformanceClosed',
    ]);
    expect(history.number).toBe(ncr.number);
  });

  it('the test protocol prints the first measurement, the NCR and the re-measurement', async () => {
    const protocol = await finished(t, line.admin, (await request(line.admin, { type: 'test-protocol', subjectId: order.id })).id);
    expect(protocol.status).toBe('generated');
    const text = textOf(await download(line.admin, protocol));
    // The latest measurement above, every measurement below (the first outside tolerance), and the NCR's decision.
    expect(text).toMatch(/Every measurement/);
    expect(text).toMatch(/10\.3 mm Olga Berg \(SAW\)/);
    expect(text).toMatch(/10\.02 mm Jonas Weber \(DRILL\)/);
    expect(text).toContain(ncr.number);
    expect(text).toMatch(/Rework · at DRILL/);
  });

  it('the NCR report is a document, printed with the quality right', async () => {
    const refused = await line.admin.post('/api/documents', { type: 'ncr-report', subjectId: ncr.id });
    expect(refused.statusCode).toBe(403);
    const foreign = await other.superUser.post('/api/documents', { type: 'ncr-report', subjectId: ncr.id });
    expect(foreign.statusCode).toBe(404);
    const report = await finished(t, line.superUser, (await request(line.superUser, { type: 'ncr-report', subjectId: ncr.id })).id);
    expect(report.status).toBe('generated');
    const text = textOf(await download(line.superUser, report));
    expect(text).toContain(ncr.number);
    expect(text).toContain(order.orderNumber);
    // The first measurement (failed) and the re-measurement (passed), each with who and where; the decision.
    expect(text).toMatch(/First Bohrung 10 mm 9\.9 10\.1 10\.3 Olga Berg .* Fail/);
    expect(text).toMatch(/Re- Bohrung 10 mm 9\.9 10\.1 10\.02 Jonas Weber .* Pass/);
    expect(text).toMatch(/Rework · at DRILL \(Decided by Sabine Schmidt/);
  });
});

describe('decisions', () => {
  it('use as is needs a note; then the order may complete (with the reason the measurement asks)', async () => {
    const order = await measuredAtSaw(9.5);
    const ncr = await ncrOf(line.admin, order.hold?.ncrId ?? '');
    const noNote = await decide(line.superUser, ncr, { disposition: 'use-as-is' });
    expect(noNote.statusCode).toBe(400);
    expect(errorOf(noNote.body).details).toEqual([{ path: 'note', message: 'quality.validation.noteRequired' }]);
    expect((await ncrOf(line.admin, ncr.id)).version).toBe(ncr.version);
    const ok = await decide(line.superUser, ncr, { disposition: 'use-as-is', note: 'Sonderfreigabe durch den Kunden' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'closed', decisions: [{ disposition: 'use-as-is', note: 'Sonderfreigabe durch den Kunden' }] });
    const done = await act(atSaw, await orderOf(line.admin, order.id), 'complete-work', { stationId: line.stations.saw.id, reason: 'Sonderfreigabe' });
    expect(done.location).toMatchObject({ stationId: line.stations.drill.id });
  });

  it('scrap counts the pieces as scrap with the reason; return to supplier only for bought material', async () => {
    const order = await measuredAtSaw(11);
    const ncr = await ncrOf(line.admin, order.hold?.ncrId ?? '');
    const refused = await decide(line.superUser, ncr, { disposition: 'return-to-supplier', scrapReasonId });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused.body).details).toEqual([{ path: 'disposition', message: 'quality.validation.returnOnlyBought' }]);
    const res = await decide(line.superUser, ncr, { disposition: 'scrap', scrapReasonId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().decisions[0]).toMatchObject({ disposition: 'scrap', scrapReason: 'Maßfehler' });
    const scrapped = await orderOf(line.admin, order.id);
    expect(scrapped.status).toBe('finished');
    expect(scrapped.quantities).toMatchObject({ scrap: 5, good: 0 });

    const boughtOrder = await measuredAtSaw(8, bought);
    const boughtNcr = await ncrOf(line.admin, boughtOrder.hold?.ncrId ?? '');
    const returned = await decide(line.superUser, boughtNcr, { disposition: 'return-to-supplier', scrapReasonId });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json()).toMatchObject({ status: 'closed', decisions: [{ disposition: 'return-to-supplier' }] });
  });

  it('a rework station that does not measure the values is refused, nothing changed', async () => {
    const order = await measuredAtSaw(10.5);
    const ncr = await ncrOf(line.admin, order.hold?.ncrId ?? '');
    const res = await decide(line.superUser, ncr, { disposition: 'rework', reworkStationId: line.stations.goods.id });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body).details[0]).toMatchObject({ path: 'reworkStationId', message: 'quality.validation.reworkStationMustMeasure' });
    const unknown = await decide(line.superUser, ncr, { disposition: 'rework', reworkStationId: other.stations.drill.id });
    expect(errorOf(unknown.body).details[0]).toMatchObject({ message: 'stations.validation.unknownStation' });
    const bad = await decide(line.superUser, ncr, { disposition: 'burn' });
    expect(bad.statusCode).toBe(400);
    expect(await ncrOf(line.admin, ncr.id)).toEqual(ncr);
  });

  it('need the quality right: operators never, admins when granted', async () => {
    const order = await measuredAtSaw(10.4);
    const ncr = await ncrOf(line.admin, order.hold?.ncrId ?? '');
    const operator = await decide(atSaw, ncr, { disposition: 'use-as-is', note: 'passt' });
    expect(operator.statusCode).toBe(403);
    const admin = await decide(line.admin, ncr, { disposition: 'use-as-is', note: 'passt' });
    expect(admin.statusCode).toBe(403);
    expect(errorOf(admin.body).code).toBe('CHANGE_RIGHT_MISSING');
    const unauthenticated = await t.app.inject({
      method: 'POST',
      url: `/api/ncrs/${ncr.id}/decide`,
      payload: { version: ncr.version, disposition: 'use-as-is', note: 'x' },
    });
    expect(unauthenticated.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/ncrs' })).statusCode).toBe(401);
    expect(await ncrOf(line.admin, ncr.id)).toEqual(ncr);

    await adminQualityRight(true);
    const granted = await decide(line.admin, ncr, { disposition: 'use-as-is', note: 'passt' });
    expect(granted.statusCode, granted.body).toBe(200);
    await adminQualityRight(false);
  });

  it('another company’s NCR is not found', async () => {
    const order = await measuredAtSaw(10.6);
    const ncr = await ncrOf(line.admin, order.hold?.ncrId ?? '');
    expect((await other.admin.get(`/api/ncrs/${ncr.id}`)).statusCode).toBe(404);
    expect((await other.admin.get(`/api/ncrs/${ncr.id}/history`)).statusCode).toBe(404);
    const foreign = await decide(other.superUser, ncr, { disposition: 'use-as-is', note: 'fremd' });
    expect(foreign.statusCode).toBe(404);
    expect(((await other.admin.get('/api/ncrs')).json() as NcrPage).total).toBe(0);
    expect(await ncrOf(line.admin, ncr.id)).toEqual(ncr);
  });

  it('two decisions at once: one wins, the other is a 409', async () => {
    const order = await measuredAtSaw(10.7);
    const ncr = await ncrOf(line.admin, order.hold?.ncrId ?? '');
    await adminQualityRight(true);
    const answers = await Promise.all([
      decide(line.superUser, ncr, { disposition: 'use-as-is', note: 'erste' }),
      decide(line.admin, ncr, { disposition: 'scrap', scrapReasonId }),
    ]);
    await adminQualityRight(false);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const after = await ncrOf(line.admin, ncr.id);
    expect(after.decisions).toHaveLength(1);
    const again = await decide(line.superUser, after, { disposition: 'use-as-is', note: 'noch mal' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again.body).code).toBe('NCR_ALREADY_DECIDED');
  });
});

describe('figures', () => {
  it('count NCRs and the first-pass yield of the orders measured', async () => {
    const passedFirst = await measuredAtSaw(10);
    expect(passedFirst.hold).toBeUndefined();
    const figures = (await line.admin.get('/api/ncrs/figures')).json() as QualityFigures;
    const list = (await line.admin.get('/api/ncrs?limit=100')).json() as NcrPage;
    expect(figures.ncrsOpened).toBe(list.total);
    expect(figures.ncrsOpenNow).toBe(list.data.filter((row) => row.status !== 'closed').length);
    // Every order measured here opened an NCR but the last one, which passed at once.
    expect(figures.ordersMeasured).toBe(list.total + 1);
    expect(figures.ordersPassedFirstTime).toBe(1);
    expect(figures.firstPassYield).toBeCloseTo(1 / (list.total + 1));
    expect(figures.decided.rework).toBe(1);
    // The key figures count them too (docs/key-figures.md, "NCRs opened"): this month's are all of them.
    const keyFigures = await line.admin.get('/api/key-figures?period=month');
    expect(keyFigures.statusCode, keyFigures.body).toBe(200);
    expect(keyFigures.json().current.values.ncrsOpened).toBe(list.total);
    expect(keyFigures.json().previous.values.ncrsOpened).toBe(0);
    const bad = await line.admin.get('/api/ncrs/figures?from=2026-12-02T00:00:00Z&to=2026-12-01T00:00:00Z');
    expect(bad.statusCode).toBe(400);
  });
});
