import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LotGenealogy, LotOrigins, LotRecall, LotView } from '../../../src/domain/lots/lots.views.js';
import type { OrderView } from '../../../src/domain/orders/orders.views.js';
import { lotGenealogyOf } from '../../../src/server/modules/lots/index.js';
import { checkProjections, describeDifferences, withReadModelsAsOf } from '../../../src/server/platform/projection-rebuild.js';
import { inlineProjections } from '../../../src/server/projections.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { barcodesOf, download, finished, request, textOf } from '../documents/support.js';
import { act, createOrder, errorOf, orderBody, orderLine, orderOf, type Client, type OrderLine } from '../orders/support.js';
import { createShipment, multipartFile } from '../shipments/support.js';
import { stationBody } from '../stations/stations-support.js';

// Issue 30, lots and traceability (docs/quality-and-lots.md, Lots): the goods receipt of a steel lot with
// its heat number and certificate, its consumption at the station, the lot a finished production order
// gets, and the genealogy and recall from the heat number to the customer and delivery bill.

let t: TestApp;
let line: OrderLine;
let other: OrderLine;
let atSaw: Client;
let atDrill: Client;
let steel: string;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

beforeAll(async () => {
  t = await createTestApp();
  line = await orderLine(t);
  other = await orderLine(t);
  // No "generate a document" actions at the stations (stationBody's default prints the delivery bill on
  // completion): that job reads the order when it runs, so after the shipment of the worked example is
  // created it would print a second delivery bill (DOC-000002) some runs and not others.
  for (const station of [line.stations.saw, line.stations.drill, line.stations.goods]) {
    const current = await line.admin.get(`/api/stations/${station.id}`);
    const incomingGoodsCheckIn = station === line.stations.goods;
    const res = await line.admin.put(`/api/stations/${station.id}`, {
      ...stationBody(station.name, { actions: [], incomingGoodsCheckIn }),
      version: current.json().version,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  atSaw = await line.signInAt(0, line.stations.saw.id);
  atDrill = await line.signInAt(1, line.stations.drill.id);
  const res = await line.admin.post('/api/materials', {
    type: 'purchasing_part',
    name: 'Rundstahl S355',
    materialNumber: 'S-355',
    vat: 19,
    stock: { quantity: 0, unit: 'kg' },
  });
  expect(res.statusCode, res.body).toBe(201);
  steel = res.json().id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** A logistics order of steel from the supplier, placed and checked in at GOODS (delivered), unless `checkIn` is false. */
async function steelDelivery(supplier = 'Stahlhandel Ruhr', checkIn = true): Promise<OrderView> {
  const order = await createOrder(line.admin, orderBody([{ materialId: steel, quantity: 200, netPrice: 1.2 }], { kind: 'logistics', name: supplier }));
  const placed = await act(line.admin, order, 'place');
  if (!checkIn) return placed;
  const atGoods = await line.signInAt(1, line.stations.goods.id);
  const delivered = await act(atGoods, placed, 'check-in', { stationId: line.stations.goods.id });
  // Back to DRILL: an operator works at one station at a time.
  atDrill = await line.signInAt(1, line.stations.drill.id);
  return delivered;
}

const receipt = (orderId: string, overrides: object = {}) => ({
  orderId,
  materialId: steel,
  supplierLotNumber: 'H-48213',
  quantity: 120,
  receivedOn: '2026-12-02',
  ...overrides,
});

async function receivedLot(client: Client, body: object): Promise<LotView> {
  const res = await client.post('/api/lots', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const uploadCertificate = (client: Client, lotId: string, bytes: Buffer, name = '3.1-H-48213.pdf', type = 'application/pdf') => {
  const { payload, headers } = multipartFile(bytes, name, type);
  return client.send({ method: 'POST', url: `/api/lots/${lotId}/certificate`, payload, headers });
};

/** A production order of the customer order in work at SAW. */
async function productionInWorkAtSaw(customerOrder: OrderView): Promise<OrderView> {
  const production = await orderOf(line.admin, customerOrder.productionOrders[0].id);
  return act(atSaw, production, 'start-work', { stationId: line.stations.saw.id });
}

async function throughTheLine(production: OrderView): Promise<OrderView> {
  let order = await act(atSaw, production, 'complete-work', { stationId: line.stations.saw.id });
  order = await act(atDrill, order, 'start-work', { stationId: line.stations.drill.id });
  return act(atDrill, order, 'complete-work', { stationId: line.stations.drill.id });
}

describe('the worked example: from the heat number to the customer and delivery bill', () => {
  let lot: LotView;
  let shipmentId: string;
  let deliveryBill: string;
  let customerOrder: OrderView;

  it('a goods receipt records the steel lot with its heat number and certificate', async () => {
    const delivery = await steelDelivery();
    lot = await receivedLot(line.admin, receipt(delivery.id));
    expect(lot).toMatchObject({
      number: expect.stringMatching(/^LOT-\d{6}$/),
      origin: 'received',
      supplier: 'Stahlhandel Ruhr',
      supplierLotNumber: 'H-48213',
      materialName: 'Rundstahl S355',
      unit: 'kg',
      quantity: 120,
      remaining: 120,
      receivedOn: '2026-12-02',
      hasCertificate: false,
      certificate: null,
    });
    const uploaded = await uploadCertificate(line.admin, lot.id, pdf);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json()).toMatchObject({ hasCertificate: true, certificate: { fileName: '3.1-H-48213.pdf', size: pdf.length } });
    const downloaded = await line.operators[0].client.get(`/api/lots/${lot.id}/certificate`);
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.headers['content-type']).toBe('application/pdf');
    expect(downloaded.rawPayload.equals(pdf)).toBe(true);
    const found = await line.operators[0].client.get('/api/lots?q=h-482');
    expect(found.json()).toMatchObject({ total: 1, data: [{ id: lot.id }] });
  });

  it('the station books what the production order consumed, never more than is left', async () => {
    customerOrder = await act(line.admin, await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 2 }])), 'start-production');
    const production = await productionInWorkAtSaw(customerOrder);
    const consumed = await atSaw.post(`/api/lots/${lot.id}/consume`, { orderId: production.id, quantity: 50.5 });
    expect(consumed.statusCode, consumed.body).toBe(200);
    expect(consumed.json()).toMatchObject({ remaining: 69.5, consumptions: [{ orderId: production.id, quantity: 50.5 }] });
    const tooMuch = await atSaw.post(`/api/lots/${lot.id}/consume`, { orderId: production.id, quantity: 70 });
    expect(tooMuch.statusCode).toBe(409);
    expect(errorOf(tooMuch.body)).toMatchObject({
      code: 'LOT_REMAINING_EXCEEDED',
      details: [{ path: 'quantity', params: { remaining: 69.5, unit: 'kg', lot: lot.number } }],
    });
    expect((await line.admin.get(`/api/lots/${lot.id}`)).json().remaining).toBe(69.5);
    const done = await throughTheLine(production);
    expect(done.status).toBe('finished');
    // The finished production order got a lot of its own: its good pieces.
    const made = (await line.admin.get(`/api/lots?origin=produced&materialId=${line.materials.bike}`)).json();
    expect(made.data).toEqual([expect.objectContaining({ orderId: production.id, quantity: 2, origin: 'produced', supplierLotNumber: '' })]);
  });

  it('the recall names the customer and the delivery bill; the genealogy goes both ways', async () => {
    customerOrder = await orderOf(line.admin, customerOrder.id);
    expect(customerOrder.status).toBe('ready-to-ship');
    const shipment = await createShipment(line.admin, [customerOrder.id]);
    shipmentId = shipment.id;
    const bill = await finished(t, line.admin, (await request(line.admin, { type: 'delivery-bill', subjectId: shipment.id })).id);
    deliveryBill = bill.documentNumber;

    // The delivery bill names the lots in the order: the bike's own and the steel's heat, its certificate on file.
    const billText = textOf(await download(line.admin, bill));
    expect(billText).toContain(lot.number);
    expect(billText).toContain('H-48213');

    const found = (await line.superUser.get('/api/lots?q=H-48213')).json();
    const recall = await line.superUser.get(`/api/lots/${found.data[0].id}/recall`);
    expect(recall.statusCode, recall.body).toBe(200);
    expect((recall.json() as LotRecall).rows).toEqual([
      {
        customer: 'Fahrradhaus Berg',
        customerOrderId: customerOrder.id,
        customerOrderNumber: customerOrder.orderNumber,
        shipmentId,
        shipmentNumber: shipment.shipmentNumber,
        shippingDate: '2026-11-24',
        deliveryBills: [deliveryBill],
        serials: [],
      },
    ]);
    const csv = await line.superUser.get(`/api/lots/${lot.id}/recall.csv?lang=de`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Kunde;Kundenauftrag');
    expect(csv.body).toContain(
      `${lot.number};H-48213;Rundstahl S355;Fahrradhaus Berg;${customerOrder.orderNumber};${shipment.shipmentNumber};2026-11-24;${deliveryBill}`,
    );

    const genealogy = (await line.admin.get(`/api/lots/${lot.id}/genealogy`)).json() as LotGenealogy;
    expect(genealogy.productionOrders.map((order) => order.orderId)).toEqual([customerOrder.productionOrders[0].id]);
    expect(genealogy.producedLots).toEqual([expect.objectContaining({ materialName: 'City bike', quantity: 2 })]);
    expect(genealogy.customers).toEqual(['Fahrradhaus Berg']);
    expect(genealogy.shipments).toEqual([expect.objectContaining({ shipmentId, deliveryBills: [deliveryBill], customer: 'Fahrradhaus Berg' })]);

    for (const query of [`shipmentId=${shipmentId}`, `orderId=${customerOrder.id}`]) {
      const origins = (await line.admin.get(`/api/lots/origins?${query}`)).json() as LotOrigins;
      expect(origins.lots.map((entry) => [entry.origin, entry.materialName, entry.hasCertificate])).toEqual([
        ['received', 'Rundstahl S355', true],
        ['produced', 'City bike', false],
      ]);
    }
  });

  it('the lot label carries the lot number as a barcode; the test protocol names the lots', async () => {
    const label = await finished(t, line.admin, (await request(line.admin, { type: 'lot-label', subjectId: lot.id })).id);
    expect(label.status).toBe('generated');
    const pdf = await download(line.admin, label);
    expect(barcodesOf(pdf)).toEqual(expect.arrayContaining([`QR-Code:${lot.number}`, `CODE-128:${lot.number}`]));
    expect(textOf(pdf)).toContain('H-48213');
    const protocol = await finished(t, line.admin, (await request(line.admin, { type: 'test-protocol', subjectId: customerOrder.productionOrders[0].id })).id);
    expect(textOf(await download(line.admin, protocol))).toContain(lot.number);
    expect((await line.operators[0].client.post('/api/documents', { type: 'lot-label', subjectId: lot.id })).statusCode).toBe(403);
    expect((await other.admin.post('/api/documents', { type: 'lot-label', subjectId: lot.id })).statusCode).toBe(404);
  });

  it('a rebuild of the read models from the log gives the same lots and the same genealogy', async () => {
    const check = await checkProjections(t.app.db, inlineProjections(t.app.eventStore));
    expect(describeDifferences(check.differences.filter((difference) => difference.projection === 'lots'))).toEqual([]);
    expect(check.tables.find((table) => table.table === 'lot_consumptions')?.rebuiltRows).toBeGreaterThanOrEqual(1);
    const live = (await line.admin.get(`/api/lots/${lot.id}/genealogy`)).json();
    const rebuilt = await withReadModelsAsOf(t.app.db, line.companyId, new Date(Date.now() + 60_000), inlineProjections(t.app.eventStore), (tx) =>
      lotGenealogyOf(tx, lot.id),
    );
    expect(JSON.parse(JSON.stringify(rebuilt))).toEqual(live);
  });
});

describe('serial numbers per piece (a material setting)', () => {
  it('each finished piece of a serial material gets its own number, consecutive in the company; shown with the lot, the genealogy, the recall and the delivery bill; a rebuild gives the same', async () => {
    const created = await line.admin.post('/api/materials', {
      type: 'product',
      name: 'Rahmen',
      materialNumber: 'R-1',
      vat: 19,
      stock: { quantity: 0, unit: 'Stk' },
      serialNumbers: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().serialNumbers).toBe(true);
    const frame = created.json();
    expect((await line.admin.put(`/api/materials/${frame.id}`, { ...frame, serialNumbers: 'yes' })).statusCode).toBe(400);
    const lot = await receivedLot(line.admin, receipt((await steelDelivery()).id, { quantity: 30, supplierLotNumber: 'H-777' }));

    const serialsOf = async (quantity: number) => {
      const customer = await act(line.admin, await createOrder(line.admin, orderBody([{ materialId: frame.id, quantity }])), 'start-production');
      const production = await productionInWorkAtSaw(customer);
      expect((await atSaw.post(`/api/lots/${lot.id}/consume`, { orderId: production.id, quantity: 1 })).statusCode).toBe(200);
      await throughTheLine(production);
      const made = (await line.admin.get(`/api/lots?origin=produced&materialId=${frame.id}`)).json() as { data: LotView[] };
      const own = made.data.find((entry) => entry.orderId === production.id);
      expect(own, 'the production order made a lot').toBeDefined();
      return { customer, lot: own as LotView };
    };
    const first = await serialsOf(3);
    expect(first.lot.serials).toHaveLength(3);
    expect(first.lot.serials.every((serial) => /^SN-\d{6}$/.test(serial))).toBe(true);
    const numbers = first.lot.serials.map((serial) => Number(serial.slice(3)));
    expect(numbers).toEqual([numbers[0], numbers[0] + 1, numbers[0] + 2]);
    const second = await serialsOf(2);
    expect(second.lot.serials).toEqual([`SN-${String(numbers[0] + 3).padStart(6, '0')}`, `SN-${String(numbers[0] + 4).padStart(6, '0')}`]);
    expect(((await line.admin.get(`/api/lots/${first.lot.id}`)).json() as LotView).serials).toEqual(first.lot.serials);
    // A material without the setting: no serials (the bikes of the worked example).
    const bikes = (await line.admin.get(`/api/lots?origin=produced&materialId=${line.materials.bike}`)).json() as { data: LotView[] };
    expect(bikes.data.every((entry) => entry.serials.length === 0)).toBe(true);

    // Up from the steel lot: the lots made of it list their serials; the recall lists them per customer order.
    const genealogy = (await line.admin.get(`/api/lots/${lot.id}/genealogy`)).json() as LotGenealogy;
    expect(genealogy.producedLots.flatMap((entry) => entry.serials).sort()).toEqual([...first.lot.serials, ...second.lot.serials].sort());
    const recall = (await line.superUser.get(`/api/lots/${lot.id}/recall`)).json() as LotRecall;
    expect(recall.rows.find((row) => row.customerOrderId === first.customer.id)?.serials).toEqual(first.lot.serials);
    expect((await line.superUser.get(`/api/lots/${lot.id}/recall.csv`)).body).toContain(first.lot.serials.join(', '));

    // The delivery bill of a shipment with the first order names its serials.
    const shipment = await createShipment(line.admin, [first.customer.id]);
    const bill = await finished(t, line.admin, (await request(line.admin, { type: 'delivery-bill', subjectId: shipment.id })).id);
    // A long line of serials may wrap in the PDF: compared without the spaces and line breaks.
    const billText = textOf(await download(line.admin, bill)).replace(/\s+/g, '');
    for (const serial of first.lot.serials) expect(billText, billText).toContain(serial);

    // The serials are event-sourced: a rebuild from the log gives the same rows.
    const check = await checkProjections(t.app.db, inlineProjections(t.app.eventStore));
    expect(describeDifferences(check.differences.filter((difference) => difference.projection === 'lots'))).toEqual([]);
    expect(check.tables.find((table) => table.table === 'lot_serials')?.rebuiltRows).toBeGreaterThanOrEqual(5);
  });
});

describe('a delivery bill with certificates on request', () => {
  it('appends the readable certificates of the lots in the delivered orders and names them all; without the option as before', async () => {
    const certificate = await PDFDocument.create();
    certificate.addPage([595, 842]).drawText('ABNAHMEPRUEFZEUGNIS 3.1 H-900', { x: 50, y: 780, size: 14 });
    const readable = Buffer.from(await certificate.save());
    const delivery = await steelDelivery();
    const good = await receivedLot(line.admin, receipt(delivery.id, { quantity: 20, supplierLotNumber: 'H-900' }));
    const broken = await receivedLot(line.admin, receipt(delivery.id, { quantity: 20, supplierLotNumber: 'H-901' }));
    expect((await uploadCertificate(line.admin, good.id, readable, 'zeugnis-H-900.pdf')).statusCode).toBe(201);
    expect((await uploadCertificate(line.admin, broken.id, Buffer.from('%PDF-1.7\nnot really a pdf\n'), 'kaputt-H-901.pdf')).statusCode).toBe(201);
    const customer = await act(line.admin, await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 1 }])), 'start-production');
    const production = await productionInWorkAtSaw(customer);
    for (const lot of [good, broken]) expect((await atSaw.post(`/api/lots/${lot.id}/consume`, { orderId: production.id, quantity: 1 })).statusCode).toBe(200);
    await throughTheLine(production);
    const shipment = await createShipment(line.admin, [customer.id]);

    const plain = await download(line.admin, await finished(t, line.admin, (await request(line.admin, { type: 'delivery-bill', subjectId: shipment.id })).id));
    const asked = await line.admin.post('/api/documents', { type: 'delivery-bill', subjectId: shipment.id, withCertificates: true });
    expect(asked.statusCode, asked.body).toBe(202);
    const withCertificates = await download(line.admin, await finished(t, line.admin, asked.json().id));
    const pages = async (bytes: Buffer) => (await PDFDocument.load(bytes)).getPageCount();
    expect(await pages(withCertificates)).toBe((await pages(plain)) + 1);
    const text = textOf(withCertificates);
    expect(text).toContain('zeugnis-H-900.pdf');
    expect(text).toContain('kaputt-H-901.pdf · not appended: not a readable PDF');
    expect(text).toContain('ABNAHMEPRUEFZEUGNIS 3.1 H-900');
    expect(textOf(plain)).not.toContain('zeugnis-H-900.pdf');

    // The option is the delivery bill's only.
    const onLabel = await line.admin.post('/api/documents', { type: 'lot-label', subjectId: good.id, withCertificates: true });
    expect(onLabel.statusCode).toBe(400);
    expect(errorOf(onLabel.body).details).toEqual([{ path: 'withCertificates', message: 'documents.validation.certificatesOnlyDeliveryBill' }]);
    expect((await line.admin.post('/api/documents', { type: 'delivery-bill', subjectId: shipment.id, withCertificates: 'yes' })).statusCode).toBe(400);
  });
});

describe('concurrent consumption', () => {
  it('two consumptions at once never take more than the lot holds', async () => {
    const lot = await receivedLot(line.admin, receipt((await steelDelivery()).id, { quantity: 100, supplierLotNumber: 'H-1' }));
    const production = await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 1 }], { kind: 'production' }));
    const answers = await Promise.all([0, 1].map(() => atSaw.post(`/api/lots/${lot.id}/consume`, { orderId: production.id, quantity: 60 })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const after = (await line.admin.get(`/api/lots/${lot.id}`)).json() as LotView;
    expect(after).toMatchObject({ remaining: 40, consumptions: [{ quantity: 60 }] });
    // A client's copy of an older version is refused too.
    const stale = await atSaw.post(`/api/lots/${lot.id}/consume`, { orderId: production.id, quantity: 1, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale.body).code).toBe('CONFLICT_ERROR');
  });
});

describe('refusals', () => {
  let lot: LotView;
  let delivery: OrderView;
  beforeAll(async () => {
    delivery = await steelDelivery('Stahl Süd');
    lot = await receivedLot(line.admin, receipt(delivery.id, { supplierLotNumber: 'H-2' }));
  });

  it('bad input is a 400 on the field; goods not checked in a 409', async () => {
    const bad = await line.admin.post('/api/lots', receipt(delivery.id, { quantity: 0, supplierLotNumber: '', receivedOn: '2026-13-01' }));
    expect(bad.statusCode).toBe(400);
    expect(
      errorOf(bad.body)
        .details.map((detail) => detail.path)
        .sort(),
    ).toEqual(['quantity', 'receivedOn', 'supplierLotNumber']);
    const notOnOrder = await line.admin.post('/api/lots', receipt(delivery.id, { materialId: line.materials.screw }));
    expect(notOnOrder.statusCode).toBe(400);
    expect(errorOf(notOnOrder.body).details).toEqual([{ path: 'materialId', message: 'lots.validation.material' }]);
    const customer = await createOrder(line.admin, orderBody([{ materialId: steel, quantity: 1 }]));
    expect(errorOf((await line.admin.post('/api/lots', receipt(customer.id))).body).details).toEqual([{ path: 'orderId', message: 'lots.validation.order' }]);
    const notArrived = await line.admin.post('/api/lots', receipt((await steelDelivery('Stahl Nord', false)).id));
    expect(notArrived.statusCode).toBe(409);
    expect(errorOf(notArrived.body).code).toBe('LOT_ORDER_NOT_RECEIVED');
    const consume = await atSaw.post(`/api/lots/${lot.id}/consume`, { orderId: delivery.id, quantity: 1 });
    expect(consume.statusCode).toBe(400);
    expect(errorOf(consume.body).details).toEqual([{ path: 'orderId', message: 'lots.validation.productionOrder' }]);
    expect((await atSaw.post(`/api/lots/${lot.id}/consume`, { orderId: 'x', quantity: -1 })).statusCode).toBe(400);
    expect((await line.admin.get('/api/lots?sort=nope')).statusCode).toBe(400);
    expect((await line.admin.get('/api/lots/origins')).statusCode).toBe(400);
    expect((await line.superUser.get(`/api/lots/${lot.id}/recall.csv?lang=fr`)).statusCode).toBe(400);
  });

  it('the station books a lot as a component of the bill of materials: another material is a 400 on the lot; a repeat with the key runs once', async () => {
    const production = await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 1 }], { kind: 'production' }));
    const asScrew = await atSaw.post(`/api/lots/${lot.id}/consume`, { orderId: production.id, quantity: 1, materialId: line.materials.screw });
    expect(asScrew.statusCode).toBe(400);
    expect(errorOf(asScrew.body).details).toEqual([
      { path: 'lot', message: 'lots.validation.otherMaterial', params: { lot: lot.number, material: 'Rundstahl S355' } },
    ]);
    expect((await atSaw.post(`/api/lots/${lot.id}/consume`, { orderId: production.id, quantity: 1, materialId: 'steel' })).statusCode).toBe(400);
    const before = ((await line.admin.get(`/api/lots/${lot.id}`)).json() as LotView).remaining;
    const key = { 'idempotency-key': `consume-${lot.id}` };
    const body = { orderId: production.id, quantity: 2.5, materialId: steel };
    const first = await atSaw.send({ method: 'POST', url: `/api/lots/${lot.id}/consume`, payload: body, headers: key });
    expect(first.statusCode, first.body).toBe(200);
    const again = await atSaw.send({ method: 'POST', url: `/api/lots/${lot.id}/consume`, payload: body, headers: key });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(((await line.admin.get(`/api/lots/${lot.id}`)).json() as LotView).remaining).toBe(before - 2.5);
  });

  it('a certificate is a PDF by its bytes, within the size limit', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const refused = await uploadCertificate(line.admin, lot.id, png, 'certificate.pdf');
    expect(refused.statusCode).toBe(415);
    const tooLarge = await uploadCertificate(line.admin, lot.id, Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]));
    expect(tooLarge.statusCode).toBe(413);
    expect((await line.admin.get(`/api/lots/${lot.id}`)).json().certificate).toBeNull();
    expect((await line.admin.get(`/api/lots/${lot.id}/certificate`)).statusCode).toBe(404);
  });

  it('without a token 401; without the right 403', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/lots' });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/lots', payload: receipt(delivery.id) })).statusCode).toBe(401);
    const operator = line.operators[0].client;
    expect((await operator.post('/api/lots', receipt(delivery.id))).statusCode).toBe(403);
    expect((await uploadCertificate(operator, lot.id, pdf)).statusCode).toBe(403);
    // The recall names customers: the quality right (an operator never, an admin only when granted).
    expect((await operator.get(`/api/lots/${lot.id}/recall`)).statusCode).toBe(403);
    const admin = await line.admin.get(`/api/lots/${lot.id}/recall`);
    expect(admin.statusCode).toBe(403);
    expect(errorOf(admin.body).code).toBe('CHANGE_RIGHT_MISSING');
    expect((await line.admin.get(`/api/lots/${lot.id}/recall.csv`)).statusCode).toBe(403);
  });

  it('another company’s lot or order is not found', async () => {
    const theirs = other.admin;
    for (const url of [`/api/lots/${lot.id}`, `/api/lots/${lot.id}/genealogy`, `/api/lots/${lot.id}/certificate`, `/api/lots/origins?orderId=${delivery.id}`]) {
      expect((await theirs.get(url)).statusCode, url).toBe(404);
    }
    expect((await other.superUser.get(`/api/lots/${lot.id}/recall`)).statusCode).toBe(404);
    expect((await other.superUser.get(`/api/lots/${lot.id}/recall.csv`)).statusCode).toBe(404);
    const theirProduction = await createOrder(theirs, orderBody([{ materialId: other.materials.bike, quantity: 1 }], { kind: 'production' }));
    expect((await theirs.post(`/api/lots/${lot.id}/consume`, { orderId: theirProduction.id, quantity: 1 })).statusCode).toBe(404);
    expect((await uploadCertificate(theirs, lot.id, pdf)).statusCode).toBe(404);
    // Their own receipt cannot name this company's logistics order.
    expect(errorOf((await theirs.post('/api/lots', receipt(delivery.id))).body).details).toEqual([{ path: 'orderId', message: 'lots.validation.order' }]);
    expect((await theirs.get('/api/lots')).json().total).toBe(0);
  });
});
