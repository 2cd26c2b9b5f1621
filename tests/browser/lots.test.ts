import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentView } from '../../src/domain/documents/documents.views.js';
import type { LotView } from '../../src/domain/lots/lots.views.js';
import { expectNoAxeViolations, expectOk, stationSession, startBrowserApp, type BrowserApp } from '../support/browser.js';
import { clientOf, companyWithTeam, type Client, type TestCompany } from '../support/identity.js';
import { finished } from '../integration/documents/support.js';
import { openHeldPageAs } from './hold-notifications.js';

// Lots and traceability (issue 30, docs/quality-and-lots.md) in German: the owner records the goods
// receipt of a steel lot with its heat number and certificate in the console, books what the
// production order consumed, and after the delivery finds the lot by its heat number: the recall
// list names the customer and the delivery bill.
let app: BrowserApp;
let company: TestCompany;
let office: Client;
let saw: { id: string; name: string };
let goods: { id: string; name: string };
let delivery: { id: string; orderNumber: string };
let customerOrder: { id: string; orderNumber: string; version: number; productionOrders: { id: string }[] };
let production: { id: string; orderNumber: string; version: number };

const address = { street: 'Am Hafen', houseNumber: '3', zip: '28195', place: 'Bremen', workInProgress: 'Halle 1', deliveryDate: '2099-12-01' };

beforeAll(async () => {
  app = await startBrowserApp();
  company = await companyWithTeam(app.testApp, { companyName: 'Kessler Stahlbau' });
  office = clientOf(app.testApp, company.superUser.token);
  const steel = expectOk<{ id: string }>(
    await office.post('/api/materials', {
      type: 'purchasing_part',
      name: 'Rundstahl S355',
      materialNumber: 'S-355',
      vat: 19,
      stock: { quantity: 0, unit: 'kg' },
    }),
    201,
  );
  const shaft = expectOk<{ id: string }>(
    await office.post('/api/materials', { type: 'product', name: 'Welle', materialNumber: 'W-10', vat: 19, stock: { quantity: 0, unit: 'Stk' } }),
    201,
  );
  saw = expectOk(await office.post('/api/stations', { name: 'SÄGEN' }), 201);
  goods = expectOk(await office.post('/api/stations', { name: 'WARENEINGANG', incomingGoodsCheckIn: true }), 201);
  expectOk(await office.put('/api/stations/sequence', { stationIds: [saw.id], startStationId: saw.id, version: 0 }));
  expectOk(await office.put(`/api/users/${company.operator.id}/station-authorizations`, { stationIds: [saw.id, goods.id] }));
  // The steel arrived: the logistics order is checked in at WARENEINGANG.
  const logistics = expectOk<{ id: string; version: number; orderNumber: string }>(
    await office.post('/api/orders', {
      kind: 'logistics',
      name: 'Stahlhandel Ruhr',
      ...address,
      positions: [{ materialId: steel.id, quantity: 200, netPrice: 1.2 }],
    }),
    201,
  );
  const placed = expectOk<{ version: number }>(await office.post(`/api/orders/${logistics.id}/place`, { version: logistics.version }));
  const atGoods = clientOf(app.testApp, (await stationSession(app, { station: goods, operator: company.operator, companyId: company.companyId })).access_token);
  expectOk(await atGoods.post(`/api/orders/${logistics.id}/check-in`, { version: placed.version, stationId: goods.id }));
  delivery = logistics;
  const created = expectOk<{ id: string; version: number }>(
    await office.post('/api/orders', { kind: 'customer', name: 'Nordwerk', ...address, positions: [{ materialId: shaft.id, quantity: 2, netPrice: 40 }] }),
    201,
  );
  customerOrder = expectOk(await office.post(`/api/orders/${created.id}/start-production`, { version: created.version }));
  production = expectOk(await office.get(`/api/orders/${customerOrder.productionOrders[0].id}`));
});

afterAll(async () => {
  await app?.close();
});

const notice = (page: Page, text: string | RegExp) => page.locator('.notification').filter({ hasText: text });

async function choose(page: Page, trigger: Locator, option: string | RegExp) {
  await trigger.click();
  await page.getByRole('option', { name: option }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** The production order passes SÄGEN, the customer order ships, and its delivery bill is printed. */
async function shipped(): Promise<string> {
  const atSaw = clientOf(app.testApp, (await stationSession(app, { station: saw, operator: company.operator, companyId: company.companyId })).access_token);
  const started = expectOk<{ version: number }>(
    await atSaw.post(`/api/orders/${production.id}/start-work`, { version: production.version, stationId: saw.id }),
  );
  expectOk(await atSaw.post(`/api/orders/${production.id}/complete-work`, { version: started.version, stationId: saw.id }));
  await expect.poll(async () => expectOk<{ status: string }>(await office.get(`/api/orders/${customerOrder.id}`)).status).toBe('ready-to-ship');
  const shipment = expectOk<{ id: string }>(
    await office.post('/api/shipments', {
      deliveredBy: { source: 'typed', name: 'Spedition Huber' },
      trackingId: 'HU-4711',
      shippingDate: '2026-12-03',
      orderIds: [customerOrder.id],
    }),
    201,
  );
  const requested = expectOk<DocumentView>(await office.post('/api/documents', { type: 'delivery-bill', subjectId: shipment.id }), 202);
  return (await finished(app.testApp, office, requested.id)).documentNumber;
}

describe('lots and traceability (German)', () => {
  it('goods receipt of a steel lot with its certificate, its consumption, and from the heat number the recall names the customer and the delivery bill', async () => {
    const desk = await openHeldPageAs(app, company.superUser, 'SUPER_USER', company.companyId, '/lots', { locale: 'de-DE' });
    await desk.getByRole('heading', { level: 1, name: 'Chargen' }).waitFor();
    await desk.getByRole('link', { name: 'Wareneingang erfassen' }).click();
    await desk.getByRole('heading', { level: 1, name: 'Wareneingang einer Charge' }).waitFor();
    await desk.getByRole('button', { name: 'Charge erfassen' }).click();
    await desk.getByText('Wählen Sie einen Logistikauftrag, dessen Ware eingegangen ist.').waitFor();
    await choose(desk, desk.getByRole('button', { name: /Logistikauftrag$/ }), new RegExp(delivery.orderNumber));
    await choose(desk, desk.getByRole('button', { name: /Material$/ }), /Rundstahl S355/);
    await desk.getByRole('textbox', { name: 'Lieferantencharge / Schmelzennummer' }).fill('H-48213');
    await desk.getByRole('textbox', { name: 'Menge' }).fill('120,5');
    await desk.getByRole('textbox', { name: 'Menge' }).press('Tab');
    await expectNoAxeViolations(desk, '/lots/receive (de)');
    await desk.getByRole('button', { name: 'Charge erfassen' }).click();
    await notice(desk, /Charge LOT-000001 erfasst\./).waitFor();
    await desk.getByRole('heading', { level: 1, name: 'Charge LOT-000001' }).waitFor();

    // The certificate (EN 10204 3.1) is stored with the lot.
    await desk.locator('input[type="file"]').setInputFiles({ name: '3.1-H-48213.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await desk.getByRole('button', { name: '3.1-H-48213.pdf herunterladen' }).waitFor();

    // What the production order consumed; more than is left is refused with what is left.
    await choose(desk, desk.getByRole('button', { name: /Produktionsauftrag$/ }), new RegExp(production.orderNumber));
    await desk.getByRole('textbox', { name: 'Menge (kg)' }).fill('200');
    await desk.getByRole('textbox', { name: 'Menge (kg)' }).press('Tab');
    await desk.getByRole('button', { name: 'Verbrauch buchen' }).click();
    await desk
      .getByText(/Von Charge LOT-000001 sind nur noch 120[.,]5 kg übrig/)
      .first()
      .waitFor();
    await desk.getByRole('textbox', { name: 'Menge (kg)' }).fill('50');
    await desk.getByRole('textbox', { name: 'Menge (kg)' }).press('Tab');
    await desk.getByRole('button', { name: 'Verbrauch buchen' }).click();
    await notice(desk, /von Charge LOT-000001 gebucht/).waitFor();
    await desk.getByText('70,5 / 120,5 kg').waitFor();
    await expectNoAxeViolations(desk, '/lots/lot/:id (de)');
    // The refused 200 kg stored nothing: one consumption of 50 kg, with the certificate on file.
    const lot = expectOk<LotView>(await office.get(`/api/lots/${expectOk<{ data: { id: string }[] }>(await office.get('/api/lots?q=H-48213')).data[0].id}`));
    expect(lot.consumptions.map((consumption) => consumption.quantity)).toEqual([50]);
    expect(lot.certificate?.fileName).toBe('3.1-H-48213.pdf');

    const deliveryBill = await shipped();

    // From the heat number: the lot, its genealogy and the recall list with the customer and the delivery bill.
    await desk.goto(`${app.baseUrl}/lots`);
    await desk.getByRole('searchbox').fill('H-48213');
    await desk.getByRole('link', { name: 'LOT-000001' }).click();
    const recall = desk.locator('.lot-recall');
    await recall.getByRole('cell', { name: 'Nordwerk' }).waitFor();
    await recall.getByRole('cell', { name: deliveryBill }).waitFor();
    await desk.locator('.lot-genealogy').getByText('Nordwerk').first().waitFor();
    await expectNoAxeViolations(desk, '/lots/lot/:id with the recall (de)');
  });
});
