import { randomUUID } from 'node:crypto';
import bwipjs from 'bwip-js/node';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentList } from '../../../src/domain/documents/documents.views.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { act, createShipment, errorOf, shippingCompany, type ShippingCompany } from '../shipments/support.js';
import { barcodesOf, download, finished, imagesIn, pagesOf, pageSizeOf, request, textOf } from './support.js';

let t: TestApp;
let shop: ShippingCompany;
let other: ShippingCompany;

beforeAll(async () => {
  t = await createTestApp();
  shop = await shippingCompany(t, 'Radwerk Nord');
  other = await shippingCompany(t, 'Andere GmbH');
});
afterAll(async () => {
  await t?.close();
});

async function materialOf(client: ShippingCompany['admin'], body: Record<string, unknown>) {
  const res = await client.post('/api/materials', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; materialNumber: string };
}

describe('delivery bill', () => {
  it('prints the shipment: sender, delivery address, carrier, tracking ID, date, orders with positions and quantities, a document number', async () => {
    const order = await shop.readyOrder('Fahrradhaus Berg');
    const shipment = await createShipment(shop.admin, [order.id], { trackingId: 'HU-4711', shippingDate: '2026-11-24' });
    const requested = await request(shop.admin, { type: 'delivery-bill', subjectId: shipment.id });
    expect(requested).toMatchObject({ type: 'delivery-bill', subjectType: 'shipment', subjectId: shipment.id, locale: 'en', downloadUrl: null });
    expect(requested.documentNumber).toMatch(/^DOC-\d{6}$/);
    expect(requested.requestedBy?.name).toBe('Ali Demir');

    const done = await finished(t, shop.admin, requested.id);
    expect(done.status).toBe('generated');
    expect(done.size).toBeGreaterThan(1000);
    const text = textOf(await download(shop.admin, done));
    for (const expected of [
      'Delivery bill',
      requested.documentNumber,
      'Radwerk Nord',
      shipment.shipmentNumber,
      'Fahrradhaus Berg',
      'Hauptstraße 12a',
      '80331 München',
      'Spedition Huber',
      'HU-4711',
      // The company's date format (DD.MM.YYYY by default).
      '24.11.2026',
      order.orderNumber,
      'City bike',
      'P-1',
    ]) {
      expect(text).toContain(expected);
    }

    // Listed with the shipment, with who asked; any user of the company reads and downloads.
    const list = await shop.operator.get(`/api/documents?subjectType=shipment&subjectId=${shipment.id}`);
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json() as DocumentList).items.map((d) => [d.id, d.status])).toEqual([[requested.id, 'generated']]);
    await download(shop.operator, done);
  });

  it('is German, in the company date format, for a user who speaks German', async () => {
    await sql`update users set locale = 'de' where id = ${shop.company.admin.id}`.execute(t.app.db);
    await sql`update companies set basic_settings = jsonb_set(basic_settings, '{dateFormat}', '"YYYY-MM-DD"') where id = ${shop.company.companyId}`.execute(
      t.app.db,
    );
    try {
      const order = await shop.readyOrder('Velo Süd');
      const shipment = await createShipment(shop.admin, [order.id], { shippingDate: '2026-12-03' });
      const requested = await request(shop.admin, { type: 'delivery-bill', subjectId: shipment.id });
      expect(requested.locale).toBe('de');
      const text = textOf(await download(shop.admin, await finished(t, shop.admin, requested.id)));
      for (const expected of ['Lieferschein', 'Belegnummer', 'Lieferadresse', 'Spediteur', 'Sendungsnummer', 'Menge', '2026-12-03', 'Velo Süd']) {
        expect(text).toContain(expected);
      }
      expect(text).not.toContain('Delivery bill');
    } finally {
      await sql`update users set locale = 'en' where id = ${shop.company.admin.id}`.execute(t.app.db);
      await sql`update companies set basic_settings = jsonb_set(basic_settings, '{dateFormat}', '"DD.MM.YYYY"') where id = ${shop.company.companyId}`.execute(
        t.app.db,
      );
    }
  });
});

describe("the company's logo", () => {
  it('is printed on the delivery bill once uploaded', async () => {
    const logo = await bwipjs.toBuffer({ bcid: 'qrcode', text: 'Radwerk Nord' });
    const boundary = '----documents-logo';
    const upload = await t.app.inject({
      method: 'PUT',
      url: '/api/company-account/logo',
      headers: { authorization: `Bearer ${shop.company.superUser.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`),
        logo,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const order = await shop.readyOrder('Logo Kunde');
    const shipment = await createShipment(shop.admin, [order.id]);
    const pdf = await download(shop.admin, await finished(t, shop.admin, (await request(shop.admin, { type: 'delivery-bill', subjectId: shipment.id })).id));
    expect(imagesIn(pdf)).toBeGreaterThanOrEqual(1);
  });
});

describe('material label', () => {
  it('prints a 100 x 50 mm label whose Code 128 barcode and QR code read as the material number', async () => {
    const material = await materialOf(shop.admin, {
      type: 'purchasing_part',
      name: 'Bremszug',
      materialNumber: 'K-77-ABC',
      vat: 19,
      stock: { quantity: 10, unit: 'm' },
    });
    const requested = await request(shop.admin, { type: 'material-label', subjectId: material.id });
    expect(requested.labelSize).toBe('single');
    const pdf = await download(shop.admin, await finished(t, shop.admin, requested.id));
    const text = textOf(pdf);
    for (const expected of ['Bremszug', 'K-77-ABC', 'Purchasing part', 'Stock unit: m']) expect(text).toContain(expected);
    // 100 x 50 mm is 283.46 x 141.73 pt (Chromium rounds to whole CSS pixels); one label, one page.
    expect(pageSizeOf(pdf)).toMatch(/^28[34]\.\d+ x 14[12]\.\d+ pts/);
    expect(pagesOf(pdf)).toBe(1);
    const codes = barcodesOf(pdf);
    expect(codes).toContain('CODE-128:K-77-ABC');
    expect(codes).toContain('QR-Code:K-77-ABC');
  });

  it("shows the company's favourite attributes and values the material has", async () => {
    const favourites = JSON.stringify({ attribute1: 'Farbe', attribute2: null, value1: 'Länge', value2: 'Gewicht' });
    await sql`update companies set basic_settings = jsonb_set(basic_settings, '{favourites}', ${favourites}::jsonb) where id = ${shop.company.companyId}`.execute(
      t.app.db,
    );
    const material = await materialOf(shop.admin, {
      type: 'manufacturing_part',
      name: 'Rahmen',
      materialNumber: 'F-R-1',
      vat: 19,
      stock: { quantity: 0, unit: 'pcs' },
      attributes: [
        { name: 'Farbe', options: ['Rot', 'Blau'] },
        { name: 'Form', options: ['Rund'] },
      ],
      values: [{ name: 'Länge', number: 540, unit: 'mm', minTolerance: 539, maxTolerance: 541 }],
    });
    const pdf = await download(shop.admin, await finished(t, shop.admin, (await request(shop.admin, { type: 'material-label', subjectId: material.id })).id));
    const text = textOf(pdf);
    expect(text).toContain('Farbe: Rot, Blau');
    expect(text).toContain('Länge: 540 mm');
    expect(text).not.toContain('Form');
  });

  it('prints the label of a material without a material number with its id as the code, and a station scan of it finds the material', async () => {
    const material = await materialOf(shop.admin, { type: 'purchasing_part', name: 'Schraube', vat: 19, stock: { quantity: 5, unit: 'pcs' } });
    expect(material.materialNumber).toBe('');
    const done = await finished(t, shop.admin, (await request(shop.admin, { type: 'material-label', subjectId: material.id })).id);
    expect(done.status, done.failure ?? '').toBe('generated');
    const pdf = await download(shop.admin, done);
    expect(textOf(pdf)).toContain('Schraube');
    expect(barcodesOf(pdf)).toContain(`QR-Code:${material.id}`);
    const scanned = await shop.admin.get(`/api/materials/by-number/${material.id}`);
    expect(scanned.statusCode, scanned.body).toBe(200);
    expect((scanned.json() as { id: string }).id).toBe(material.id);
  });

  it('prints an A4 sheet of labels', async () => {
    const material = await materialOf(shop.admin, {
      type: 'product',
      name: 'Lastenrad',
      materialNumber: 'P-900',
      vat: 19,
      stock: { quantity: 0, unit: 'pcs' },
    });
    const requested = await request(shop.admin, { type: 'material-label', subjectId: material.id, labelSize: 'a4-sheet' });
    const pdf = await download(shop.admin, await finished(t, shop.admin, requested.id));
    expect(pageSizeOf(pdf)).toMatch(/A4/);
    expect(textOf(pdf).match(/Lastenrad/g)).toHaveLength(10);
    expect(barcodesOf(pdf).filter((code) => code === 'CODE-128:P-900').length).toBeGreaterThanOrEqual(1);
  });
});

describe('order traveler', () => {
  it('prints the order number as a barcode with the positions', async () => {
    const order = await shop.openOrder('Kunde Traveler');
    const requested = await request(shop.admin, { type: 'order-traveler', subjectId: order.id });
    const pdf = await download(shop.admin, await finished(t, shop.admin, requested.id));
    const text = textOf(pdf);
    for (const expected of ['Order traveler', order.orderNumber, 'Customer order', 'City bike', '01.12.2026']) expect(text).toContain(expected);
    expect(barcodesOf(pdf)).toContain(`CODE-128:${order.orderNumber}`);
    const list = await shop.admin.get(`/api/documents?subjectType=order&subjectId=${order.id}`);
    expect((list.json() as DocumentList).items.map((d) => d.id)).toEqual([requested.id]);
  });
});

describe('requests that are refused', () => {
  it('answers 400 for an unknown type, a bad id, a bad label size and a document that does not fit the order, and records nothing', async () => {
    const order = await shop.openOrder();
    for (const [body, path] of [
      [{ type: 'invoice', subjectId: order.id }, 'type'],
      [{ type: 'order-traveler', subjectId: 'not-a-uuid' }, 'subjectId'],
      [{ type: 'material-label', subjectId: randomUUID(), labelSize: 'huge' }, 'labelSize'],
      [{ type: 'test-protocol', subjectId: order.id }, 'type'],
      [{ type: 'receipt', subjectId: order.id }, 'type'],
    ] as const) {
      const res = await shop.admin.post('/api/documents', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res.body).details.map((d) => d.path)).toContain(path);
    }
    const res = await shop.admin.post('/api/documents', { type: 'test-protocol', subjectId: order.id });
    expect(errorOf(res.body).details[0].message).toBe('documents.validation.notApplicable');
    const list = await shop.admin.get(`/api/documents?subjectType=order&subjectId=${order.id}`);
    expect((list.json() as DocumentList).items).toEqual([]);
  });

  it('answers 403 to an operator (no change right) and 401 without a token', async () => {
    const order = await shop.openOrder();
    const res = await shop.operator.post('/api/documents', { type: 'order-traveler', subjectId: order.id });
    expect(res.statusCode, res.body).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/documents', payload: { type: 'order-traveler', subjectId: order.id } });
    expect(anonymous.statusCode).toBe(401);
  });

  it("answers 404 for another company's subject, document and file", async () => {
    const theirs = await other.readyOrder();
    const shipment = await createShipment(other.admin, [theirs.id]);
    const res = await shop.admin.post('/api/documents', { type: 'delivery-bill', subjectId: shipment.id });
    expect(res.statusCode, res.body).toBe(404);

    const document = await finished(t, other.admin, (await request(other.admin, { type: 'delivery-bill', subjectId: shipment.id })).id);
    expect(document.status).toBe('generated');
    expect((await shop.admin.get(`/api/documents/${document.id}`)).statusCode).toBe(404);
    expect((await shop.admin.get(`/api/documents/${document.id}/file`)).statusCode).toBe(404);
    const list = await shop.admin.get(`/api/documents?subjectType=shipment&subjectId=${shipment.id}`);
    expect((list.json() as DocumentList).items).toEqual([]);
    expect((await shop.admin.get(`/api/documents/${randomUUID()}/file`)).statusCode).toBe(404);
  });

  it('answers 400 for a bad list query', async () => {
    const res = await shop.admin.get(`/api/documents?subjectType=invoice&subjectId=${randomUUID()}`);
    expect(res.statusCode).toBe(400);
  });
});

describe('a shipment document is made after the shipment moved on', () => {
  it('prints the shipment as it is when the job runs', async () => {
    const order = await shop.readyOrder('Spät GmbH');
    const shipment = await createShipment(shop.admin, [order.id]);
    await act(shop.admin, shipment, 'ready-to-dispatch');
    const done = await finished(t, shop.admin, (await request(shop.admin, { type: 'delivery-bill', subjectId: shipment.id })).id);
    expect(textOf(await download(shop.admin, done))).toContain('Spät GmbH');
  });
});
