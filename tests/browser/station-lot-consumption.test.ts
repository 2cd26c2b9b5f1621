import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LotView } from '../../src/domain/lots/lots.views.js';
import { expectNoAxeViolations, expectOk, openStation, stationSession, startBrowserApp, type BrowserApp } from '../support/browser.js';
import { clientOf, companyWithTeam, type Client, type TestCompany } from '../support/identity.js';
import { holdNotifications } from './hold-notifications.js';

// The lots a production order consumes, at the station (issue 30, docs/quality-and-lots.md, Lots), in German
// on a touch tablet: the operator books a lot of the BOM's steel by scanning its label's number (the scanner
// types it and Enter) and another by picking it; what is left drops; an unknown number and too much are said
// at the field.
let app: BrowserApp;
let company: TestCompany;
let office: Client;
let saw: { id: string; name: string };
let order: { id: string; orderNumber: string };
let first: LotView;
let second: LotView;

const address = { street: 'Am Hafen', houseNumber: '3', zip: '28195', place: 'Bremen', workInProgress: 'Halle 1', deliveryDate: '2099-12-01' };

beforeAll(async () => {
  app = await startBrowserApp();
  company = await companyWithTeam(app.testApp, { companyName: 'Kessler Wellenbau' });
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
  // A shaft takes 3 kg of steel: an order of 2 needs 6 kg.
  const shaft = expectOk<{ id: string }>(
    await office.post('/api/materials', {
      type: 'product',
      name: 'Welle',
      materialNumber: 'W-10',
      vat: 19,
      stock: { quantity: 0, unit: 'Stk' },
      components: [{ materialId: steel.id, quantity: 3 }],
    }),
    201,
  );
  saw = expectOk(await office.post('/api/stations', { name: 'SÄGEN' }), 201);
  const goods = expectOk<{ id: string; name: string }>(await office.post('/api/stations', { name: 'WARENEINGANG', incomingGoodsCheckIn: true }), 201);
  expectOk(await office.put('/api/stations/sequence', { stationIds: [saw.id], startStationId: saw.id, version: 0 }));
  expectOk(await office.put(`/api/users/${company.operator.id}/station-authorizations`, { stationIds: [saw.id, goods.id] }));
  const logistics = expectOk<{ id: string; version: number }>(
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
  const receipt = { orderId: logistics.id, materialId: steel.id, receivedOn: '2026-12-02' };
  first = expectOk(await office.post('/api/lots', { ...receipt, supplierLotNumber: 'H-48213', quantity: 120 }), 201);
  second = expectOk(await office.post('/api/lots', { ...receipt, supplierLotNumber: 'H-50007', quantity: 10 }), 201);
  const created = expectOk<{ id: string; version: number; orderNumber: string }>(
    await office.post('/api/orders', { kind: 'production', name: 'Nordwerk', ...address, positions: [{ materialId: shaft.id, quantity: 2, netPrice: 40 }] }),
    201,
  );
  order = expectOk(await office.post(`/api/orders/${created.id}/start-production`, { version: created.version }));
});

afterAll(async () => {
  await app?.close();
});

/** A German touch tablet signed in at SÄGEN, on the station screen. */
async function germanTablet(): Promise<Page> {
  const tablet = await app.newPage({ locale: 'de-DE', hasTouch: true });
  await holdNotifications(tablet);
  await openStation(tablet, app, { station: saw, operator: company.operator, companyId: company.companyId });
  return tablet;
}

const remaining = async (lot: LotView) => expectOk<LotView>(await office.get(`/api/lots/${lot.id}`)).remaining;

describe('lots consumed at the station', () => {
  it('the operator books a lot by scanning its number and another by picking it; what is left drops; wrong numbers and too much are said at the field', async () => {
    const tablet = await germanTablet();
    await tablet.getByRole('button', { name: new RegExp(order.orderNumber) }).tap();
    const lots = tablet.getByRole('region', { name: 'Verbrauchte Chargen' });
    await lots.getByText('Rundstahl S355 (S-355) · benötigt 6 kg').waitFor();
    const form = lots.getByRole('form', { name: 'Charge von Rundstahl S355 (S-355)' });
    const scan = form.getByRole('textbox', { name: 'Charge von Rundstahl S355 scannen' });
    const quantity = form.getByRole('textbox', { name: 'Menge (kg)' });
    expect(await quantity.inputValue()).toBe('6');

    // A label's barcode reads the lot number: the scanner types it and Enter.
    await scan.tap();
    await scan.fill(first.number);
    await scan.press('Enter');
    await form.page().getByText(`6 kg von Charge ${first.number} gebucht: noch 114 kg übrig.`).waitFor();
    expect(await remaining(first)).toBe(114);
    expect(await scan.inputValue()).toBe('');

    // A number that is no lot of the company.
    await scan.fill('LOT-999999');
    await scan.press('Enter');
    await form.getByText('Eine Charge LOT-999999 gibt es in dieser Firma nicht.').waitFor();
    await expectNoAxeViolations(tablet, '/station/:id/work with the lots of the order');

    // Picked from the steel's lots, each with what is left; more than is left is refused at the field.
    await form.getByRole('button', { name: /oder Charge von Rundstahl S355 wählen/ }).tap();
    await tablet.getByRole('option', { name: `${first.number} · H-48213 · noch 114 kg` }).waitFor();
    await tablet.getByRole('option', { name: `${second.number} · H-50007 · noch 10 kg` }).tap();
    await tablet.getByRole('listbox').waitFor({ state: 'detached' });
    await quantity.fill('12');
    await form.getByRole('button', { name: 'Charge buchen' }).tap();
    await form.getByText(`Von Charge ${second.number} sind nur noch 10 kg übrig. Wählen Sie für den Rest eine andere Charge.`).waitFor();
    expect(await remaining(second)).toBe(10);

    await quantity.fill('4');
    await form.getByRole('button', { name: 'Charge buchen' }).tap();
    await tablet.getByText(`4 kg von Charge ${second.number} gebucht: noch 6 kg übrig.`).waitFor();
    expect(await remaining(second)).toBe(6);
    await form.getByRole('button', { name: /oder Charge von Rundstahl S355 wählen/ }).tap();
    await tablet.getByRole('option', { name: `${second.number} · H-50007 · noch 6 kg` }).waitFor();
    await tablet.keyboard.press('Escape');
    await expectNoAxeViolations(tablet, '/station/:id/work after booking lots');

    // The lots record the production order's consumption.
    const booked = expectOk<LotView>(await office.get(`/api/lots/${first.id}`));
    expect(booked.consumptions).toEqual([expect.objectContaining({ orderId: order.id, orderNumber: order.orderNumber, quantity: 6 })]);
  });
});
