import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStoredStream } from '../../../src/server/platform/event-store.js';
import type { DocumentList, DocumentView } from '../../../src/domain/documents/documents.views.js';
import type { CompletionAction } from '../../../src/domain/stations/station.schema.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import type { OrderView } from '../../../src/domain/orders/orders.views.js';
import { act, createOrder, orderBody, orderLine, type Client, type OrderLine } from '../orders/support.js';
import { stationBody, type CreatedStation } from '../stations/stations-support.js';
import { download, finished, request, textOf } from './support.js';
import { withCompanyTimeZone } from '../../support/identity.js';

let t: TestApp;
let line: OrderLine;
let atSaw: Client;
let gauge: string;

beforeAll(async () => {
  t = await createTestApp();
  line = await orderLine(t);
  atSaw = await line.signInAt(0, line.stations.saw.id);
  const res = await line.admin.post('/api/materials', {
    type: 'manufacturing_part',
    name: 'Achse',
    materialNumber: 'F-AX-9',
    vat: 19,
    stock: { quantity: 0, unit: 'pcs' },
    values: [
      { name: 'Länge', number: 120, unit: 'mm', minTolerance: 119.5, maxTolerance: 120.5 },
      { name: 'Gewicht', number: 2.5, unit: 'kg', minTolerance: 2.4, maxTolerance: 2.6 },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  gauge = res.json().id;
});
afterAll(async () => {
  await t?.close();
});

const generate = (element: string): CompletionAction => ({ action: 'generate-document', element });

/** Saves the station's actions after completion; it checks every value of the order's material. */
async function setActions(station: CreatedStation, actions: CompletionAction[]) {
  const current = await line.admin.get(`/api/stations/${station.id}`);
  const res = await line.admin.put(`/api/stations/${station.id}`, {
    ...stationBody(station.name, { actions, valueChecks: { mode: 'all', names: [] } }),
    version: current.json().version,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A production order of the gauge part, started: it waits at SAW. */
async function axleOrderAtSaw() {
  const order = await createOrder(line.admin, orderBody([{ materialId: gauge, quantity: 4 }], { kind: 'production' }));
  return act(line.admin, order, 'start-production');
}

/** The operator in work at the station measures a value (the orders module's measure route); answers the order after it. */
async function measured(client: Client, order: OrderView, stationId: string, valueName: string, value: number): Promise<OrderView> {
  const res = await client.post(`/api/orders/${order.id}/measure`, { version: order.version, stationId, valueName, measured: value });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A new axle order worked at SAW: started, both values measured, completed; answers the order as created. */
async function axleOrderCompletedAtSaw(length: number, weight: number): Promise<OrderView> {
  const order = await axleOrderAtSaw();
  let inWork = await act(atSaw, order, 'start-work', { stationId: line.stations.saw.id });
  inWork = await measured(atSaw, inWork, line.stations.saw.id, 'Länge', length);
  inWork = await measured(atSaw, inWork, line.stations.saw.id, 'Gewicht', weight);
  await act(atSaw, inWork, 'complete-work', { stationId: line.stations.saw.id });
  return order;
}

/** Waits until the order's list holds `count` documents, none of them still being printed. */
async function documentsOfOrder(orderId: string, count: number): Promise<DocumentView[]> {
  for (let waited = 0; waited < 30_000; waited += 100) {
    await t.jobs.dispatcher.catchUp();
    const res = await line.admin.get(`/api/documents?subjectType=order&subjectId=${orderId}`);
    const items = (res.json() as DocumentList).items;
    if (items.length >= count && items.every((item) => item.status !== 'requested')) return items;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The documents of order ${orderId} did not finish`);
}

describe('the station action "generate a document"', () => {
  it('prints the test protocol and the material label of the completed order, and records a delivery bill of an order in no shipment as refused', async () => {
    await setActions(line.stations.saw, [generate('test-protocol'), generate('material-label'), generate('delivery-bill')]);
    const order = await axleOrderAtSaw();
    let inWork = await act(atSaw, order, 'start-work', { stationId: line.stations.saw.id });
    inWork = await measured(atSaw, inWork, line.stations.saw.id, 'Länge', 120.1);
    inWork = await measured(atSaw, inWork, line.stations.saw.id, 'Gewicht', 2.45);
    await act(atSaw, inWork, 'complete-work', { stationId: line.stations.saw.id });

    const documents = await documentsOfOrder(order.id, 3);
    const byType = new Map(documents.map((d) => [d.type, d]));
    expect(byType.get('test-protocol')).toMatchObject({ status: 'generated', subjectType: 'order', subjectId: order.id, stationName: 'SAW' });
    expect(byType.get('test-protocol')?.requestedBy?.name).toBe('Olga Berg');
    expect(byType.get('material-label')).toMatchObject({ status: 'generated', subjectType: 'material', subjectId: gauge, stationName: 'SAW' });
    expect(byType.get('delivery-bill')).toMatchObject({ status: 'failed', failure: 'no-pdf', subjectType: 'order', downloadUrl: null });

    const text = textOf(await download(line.admin, byType.get('test-protocol') as DocumentView));
    for (const expected of [
      'Test protocol',
      order.orderNumber,
      'F-AX-9 Achse',
      'Länge',
      '120.1',
      '119.5',
      '120.5',
      'mm',
      'Gewicht',
      '2.45',
      'Olga Berg',
      'SAW',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Overall result: Pass/);
    expect(text).not.toContain('Fail');
    // The material's list has the label too.
    const labels = await line.admin.get(`/api/documents?subjectType=material&subjectId=${gauge}`);
    expect((labels.json() as DocumentList).items.map((d) => d.type)).toContain('material-label');
    await setActions(line.stations.saw, []);
  });
});

describe('the language of what a station prints', () => {
  /** Saves the company's document language as its super user. */
  async function documentLanguage(language: 'en' | 'de') {
    const settings = (await line.superUser.get('/api/company-account/basic-settings')).json();
    const saved = await line.superUser.put('/api/company-account/updateBasicSettings', { ...settings, documentLanguage: language });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().documentLanguage).toBe(language);
  }

  it("is the company's document language, not the operator's: a German company's test protocol is German", async () => {
    await documentLanguage('de');
    try {
      await setActions(line.stations.saw, [generate('test-protocol')]);
      const order = await axleOrderCompletedAtSaw(120.1, 2.45);
      const [protocol] = await documentsOfOrder(order.id, 1);
      expect(protocol).toMatchObject({ type: 'test-protocol', status: 'generated' });
      const text = textOf(await download(line.admin, protocol));
      expect(text).toContain('Prüfprotokoll');
      expect(text).toContain('120,1');
      expect(text).not.toContain('Test protocol');
    } finally {
      await setActions(line.stations.saw, []);
      await documentLanguage('en');
    }
  });

  it('refuses a language the product does not speak (400 on the field) and changes nothing', async () => {
    const settings = (await line.superUser.get('/api/company-account/basic-settings')).json();
    const refused = await line.superUser.put('/api/company-account/updateBasicSettings', { ...settings, documentLanguage: 'fr' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details).toEqual([{ path: 'documentLanguage', message: 'validation.invalidValue' }]);
    expect((await line.superUser.get('/api/company-account/basic-settings')).json()).toMatchObject({ documentLanguage: 'en', version: settings.version });
  });
});

describe('the station actions after completion, end to end', () => {
  it('completing an order at a station configured to print a test protocol and set a status produces both', async () => {
    await setActions(line.stations.saw, []);
    await setActions(line.stations.drill, [generate('test-protocol'), { action: 'set-order-status', element: 'ready-to-use' }]);
    const atDrill = await line.signInAt(1, line.stations.drill.id);
    const order = await axleOrderAtSaw();
    let current = await act(atSaw, order, 'start-work', { stationId: line.stations.saw.id });
    current = await measured(atSaw, current, line.stations.saw.id, 'Länge', 120.2);
    // Both stations check every value; the one measured at the other station is completed with a reason.
    current = await act(atSaw, current, 'complete-work', { stationId: line.stations.saw.id, reason: 'Gewicht is measured at DRILL' });
    current = await act(atDrill, current, 'start-work', { stationId: line.stations.drill.id });
    current = await measured(atDrill, current, line.stations.drill.id, 'Gewicht', 2.5);
    const done = await act(atDrill, current, 'complete-work', { stationId: line.stations.drill.id, reason: 'Länge was measured at SAW' });
    expect(done.status).toBe('finished');

    const [protocol] = await documentsOfOrder(order.id, 1);
    expect(protocol).toMatchObject({ type: 'test-protocol', status: 'generated', stationName: 'DRILL' });
    const text = textOf(await download(line.admin, protocol));
    expect(text).toMatch(/Länge.*120\.2.*Olga Berg \(SAW\).*Pass/);
    expect(text).toMatch(/Gewicht.*2\.5.*Jonas Weber \(DRILL\).*Pass/);
    expect(text).toMatch(/Overall result: Pass/);
    for (let waited = 0; waited < 20_000; waited += 100) {
      if ((await line.admin.get(`/api/orders/${order.id}`)).json().status === 'ready-to-use') break;
      await t.jobs.dispatcher.catchUp();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await line.admin.get(`/api/orders/${order.id}`)).json().status).toBe('ready-to-use');
    await setActions(line.stations.drill, []);
  });
});

describe('the storage quota', () => {
  it("refuses a station action's document once the company's storage is full, with the error an upload gets", async () => {
    await setActions(line.stations.saw, [generate('test-protocol')]);
    const account = (await line.superUser.get('/api/company-account/account')).json();
    // A sparse file as large as the room left: the company's storage is full.
    const filler = path.join(t.config.dataDir, 'companies', line.companyId, 'filler');
    await mkdir(filler, { recursive: true });
    const file = await open(path.join(filler, 'blob'), 'w');
    await file.truncate(account.storageQuotaBytes - account.storageBytes);
    await file.close();
    try {
      const order = await axleOrderCompletedAtSaw(120, 2.5);
      const [refused] = await documentsOfOrder(order.id, 1);
      expect(refused).toMatchObject({ type: 'test-protocol', status: 'failed', failure: 'no-pdf', downloadUrl: null, stationName: 'SAW' });
      const events = await readStoredStream(t.app.db, `document-${refused.id}`);
      expect(events.map((event) => event.type)).toEqual(['DocumentRefused']);
      expect((events[0].data as { reason: string }).reason).toMatch(/^STORAGE_QUOTA_EXCEEDED: /);
    } finally {
      await rm(filler, { recursive: true, force: true });
      await setActions(line.stations.saw, []);
    }
  });
});

describe('test protocol', () => {
  it('says which value failed and fails overall, with values not measured yet', async () => {
    const order = await act(atSaw, await axleOrderAtSaw(), 'start-work', { stationId: line.stations.saw.id });
    await measured(atSaw, order, line.stations.saw.id, 'Länge', 121.3);
    const done = await finished(t, line.admin, (await request(line.admin, { type: 'test-protocol', subjectId: order.id })).id);
    const text = textOf(await download(line.admin, done));
    expect(text).toMatch(/Länge.*121\.3.*Fail/);
    expect(text).toMatch(/Gewicht.*Not measured/);
    expect(text).toMatch(/Overall result: Fail/);
  });
});

describe('receipt', () => {
  it('prints the supplier, the positions received and who checked them in when', async () => {
    let order = await createOrder(
      line.admin,
      orderBody([{ materialId: line.materials.screw, quantity: 250, netPrice: 0.04 }], { kind: 'logistics', name: 'Schrauben Meier' }),
    );
    order = await act(line.admin, order, 'place');
    const atGoods = await line.signInAt(1, line.stations.goods.id);
    await act(atGoods, order, 'check-in', { stationId: line.stations.goods.id });
    const done = await finished(t, line.admin, (await request(line.admin, { type: 'receipt', subjectId: order.id })).id);
    const text = textOf(await download(line.admin, done));
    // When: in the company's time zone (the server's default, Europe/Berlin, for a company that saved none), with the zone's name.
    const berlin = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Berlin', timeZoneName: 'short' }).formatToParts(new Date(done.requestedAt));
    const zoneName = berlin.find((part) => part.type === 'timeZoneName')?.value; // GMT+1 in winter, GMT+2 in summer
    for (const expected of ['Goods receipt', order.orderNumber, 'Schrauben Meier', 'Screw M5', 'K-3', '250', 'Jonas Weber', 'GOODS', `(${zoneName})`]) {
      expect(text).toContain(expected);
    }
  });

  it("prints the document's date and the times in the company's own time zone once it saved one", async () => {
    // UTC+14: for 14 hours of every UTC day the company's calendar day is the next one.
    await withCompanyTimeZone(line.superUser, 'Pacific/Kiritimati', async () => {
      let order = await createOrder(
        line.admin,
        orderBody([{ materialId: line.materials.screw, quantity: 10, netPrice: 0.04 }], { kind: 'logistics', name: 'Schrauben Meier' }),
      );
      order = await act(line.admin, order, 'place');
      const atGoods = await line.signInAt(1, line.stations.goods.id);
      await act(atGoods, order, 'check-in', { stationId: line.stations.goods.id });
      const done = await finished(t, line.admin, (await request(line.admin, { type: 'receipt', subjectId: order.id })).id);
      const text = textOf(await download(line.admin, done));
      const localDay = new Date(Date.parse(done.requestedAt) + 14 * 3_600_000).toISOString().slice(0, 10).split('-').reverse().join('.');
      expect(text).toContain(localDay);
      expect(text).toContain('(GMT+14)');
      expect(text).not.toContain('UTC');
    });
  });
});
