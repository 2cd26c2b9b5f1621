import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, startBrowserApp, type BrowserApp } from '../support/browser.js';
import { clientOf, companyWithTeam } from '../support/identity.js';
import { openHeldPageAs } from './hold-notifications.js';

// The CSV import screen (issue 31, docs/integration.md "CSV import"), in German: a new company
// imports materials from a file; the dry run shows an error by line and column, the fixed file
// imports, its progress completes, and the materials list shows them.
let app: BrowserApp;

beforeAll(async () => {
  app = await startBrowserApp();
});

afterAll(async () => {
  await app?.close();
});

const header = 'Art;Name;Materialnummer;MwSt. %;Bestand;Einheit\r\n';
const broken = `${header}Produkt;Rahmen Größe M;R-1;19;2;Stk\r\nKaufteil;Schraube;S-1;120;50;Stk\r\n`;
const fixed = `${header}Produkt;Rahmen Größe M;R-1;19;2;Stk\r\nKaufteil;Schraube;S-1;19;50;Stk\r\n`;

describe('the import screen', () => {
  it('imports materials from a CSV file into a new company (de)', async () => {
    const company = await companyWithTeam(app.testApp, { companyName: 'Import Werk GmbH' });
    const page = await openHeldPageAs(app, company.superUser, 'SUPER_USER', company.companyId, '/material', { locale: 'de-DE' });
    await page.getByRole('link', { name: 'Importieren' }).click();
    await page.getByRole('heading', { level: 1, name: 'Import aus CSV' }).waitFor();
    await page.getByRole('heading', { name: 'Noch keine Datei gewählt' }).waitFor();
    await expectNoAxeViolations(page, 'import screen, no file (de)');

    const chooser = page.locator('input[type="file"]');
    await chooser.setInputFiles({ name: 'materialien.csv', mimeType: 'text/csv', buffer: Buffer.from(broken, 'latin1') });
    await page.getByText('1 Zeilen gültig, 1 mit Fehlern.').waitFor();
    const errorRow = page.getByRole('row', { name: /^3 Fehler Schraube/ });
    await errorRow.getByText(/^MwSt\. %: /).waitFor();
    await page.getByText('Gelesen als windows-1252', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: '2 Zeilen importieren' }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page, 'dry run with an error (de)');

    await chooser.setInputFiles({ name: 'materialien.csv', mimeType: 'text/csv', buffer: Buffer.from(fixed, 'utf8') });
    await page.getByText('2 Zeilen gültig, 0 mit Fehlern.').waitFor();
    await page.getByRole('button', { name: '2 Zeilen importieren' }).click();
    await page.getByText('Importiert: 2 Zeilen.').waitFor();
    expect(await page.getByRole('progressbar', { name: 'Fortschritt des Imports' }).getAttribute('aria-valuenow')).toBe('100');
    await page.getByRole('button', { name: 'Bericht herunterladen' }).waitFor();
    await expectNoAxeViolations(page, 'import done (de)');

    await page.goto(`${app.baseUrl}/material?type=product`);
    await page
      .getByRole('rowheader', { name: /Rahmen Größe M/ })
      .or(page.getByRole('gridcell', { name: /Rahmen Größe M/ }))
      .first()
      .waitFor();
    await page.goto(`${app.baseUrl}/material?type=purchasing_part`);
    await page
      .getByRole('rowheader', { name: /Schraube/ })
      .or(page.getByRole('gridcell', { name: /Schraube/ }))
      .first()
      .waitFor();
  });

  it('imports customer orders from a CSV file on a tablet (de, touch)', async () => {
    const company = await companyWithTeam(app.testApp, { companyName: 'Auftrag Import GmbH' });
    const admin = clientOf(app.testApp, company.admin.token);
    const address = { street: 'Hafenstraße', houseNumber: '7', zip: '20457', place: 'Hamburg', country: 'Deutschland', addressSuffix: '' };
    expect((await admin.post('/api/clients', { name: 'Radhaus Nord', deliveryAddress: address })).statusCode).toBe(201);
    const material = { type: 'product', name: 'Lastenrad', materialNumber: 'LR-100', vat: 19, netPrice: 1249.9, stock: { quantity: 0, unit: 'Stk' } };
    expect((await admin.post('/api/materials', material)).statusCode).toBe(201);

    const tablet = await openHeldPageAs(app, company.admin, 'ADMIN', company.companyId, '/material', { locale: 'de-DE', hasTouch: true });
    await tablet.getByRole('link', { name: 'Importieren' }).tap();
    await tablet.getByRole('heading', { level: 1, name: 'Import aus CSV' }).waitFor();
    await tablet.getByRole('button', { name: /Was importieren/ }).tap();
    await tablet.getByRole('option', { name: 'Kundenaufträge' }).tap();
    await tablet.getByRole('listbox').waitFor({ state: 'detached' });
    await tablet.getByRole('button', { name: /Kundenaufträge/ }).waitFor();

    const orders =
      'Kunde;Materialnummer;Menge;Liefertermin;Bestellzeichen des Kunden;Priorisieren;Zwischenlager (WIP)\r\n' +
      'Radhaus Nord;LR-100;3;31.12.2026;PO-4711;ja;Regal 3\r\nRadhaus Nord;LR-100;2;;PO-4712;nein;Regal 4\r\n';
    await tablet.locator('input[type="file"]').setInputFiles({ name: 'auftraege.csv', mimeType: 'text/csv', buffer: Buffer.from(orders, 'latin1') });
    await tablet.getByText('2 Zeilen gültig, 0 mit Fehlern.').waitFor();
    await tablet.getByRole('row', { name: /^2 wird angelegt Radhaus Nord · LR-100/ }).waitFor();
    await expectNoAxeViolations(tablet, 'customer orders dry run (de, touch)');

    await tablet.getByRole('button', { name: '2 Zeilen importieren' }).tap();
    await tablet.getByText('Importiert: 2 Zeilen.').waitFor();
    expect(await tablet.getByRole('progressbar', { name: 'Fortschritt des Imports' }).getAttribute('aria-valuenow')).toBe('100');
    await expectNoAxeViolations(tablet, 'customer orders imported (de, touch)');

    const listed = (await admin.get('/api/orders')).json() as { total: number; data: { name: string; kind: string }[] };
    expect(listed.total).toBe(2);
    expect(listed.data.map((order) => [order.name, order.kind])).toEqual([
      ['Radhaus Nord', 'customer'],
      ['Radhaus Nord', 'customer'],
    ]);
    await tablet.goto(`${app.baseUrl}/order`);
    await tablet.getByText('Radhaus Nord').first().waitFor();
  });
});
