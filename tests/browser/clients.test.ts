import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, expectOk, startBrowserApp, writeSession, type BrowserApp } from '../support/browser.js';
import { clientOf, companyWithTeam, type TestCompany } from '../support/identity.js';
import { holdNotifications } from './hold-notifications.js';

// The customer directory in a German browser (issue 25, item 19): an administrator adds a customer
// on the Kunden screen, then on a touch tablet creates a customer order picking that customer (name
// and address filled in, still editable); the order names its customer as a link, and the
// customer's page lists the order.
let app: BrowserApp;
let company: TestCompany;

beforeAll(async () => {
  app = await startBrowserApp();
  company = await companyWithTeam(app.testApp, { companyName: 'Radwerk Kunden' });
  expectOk(
    await clientOf(app.testApp, company.admin.token).post('/api/materials', {
      type: 'product',
      name: 'City bike',
      materialNumber: 'P-1',
      vat: 19,
      netPrice: 249.5,
      stock: { quantity: 0, unit: 'pcs' },
    }),
    201,
  );
});

afterAll(async () => {
  await app?.close();
});

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const notification = (page: Page, text: string | RegExp) => page.locator('.notification').filter({ hasText: text });

/** The administrator's console in German (the browser's language), a touch device when `hasTouch`. */
async function germanPage(path: string, options: { hasTouch?: boolean } = {}): Promise<Page> {
  const page = await app.newPage({ locale: 'de-DE', ...options });
  await holdNotifications(page);
  const admin = company.admin;
  await writeSession(page, app, { access_token: admin.token, userId: admin.id, role: 'ADMIN', company: company.companyId, expiresAt: Date.now() + 3_600_000 });
  await page.goto(`${app.baseUrl}${path}`);
  return page;
}

describe('customer directory (Kunden)', () => {
  it('adds a customer with limits shown while typing, saves it twice without a conflict, and finds it', async () => {
    const page = await germanPage('/home');
    // The sidebar is English for everyone (spec section 2).
    await page.getByRole('link', { name: 'Customers' }).click();
    await heading(page, 'Kunden').waitFor();
    await page.getByRole('heading', { name: 'Noch keine Kunden' }).waitFor();
    await expectNoAxeViolations(page, '/clients empty');

    await page.getByRole('link', { name: 'Kunden anlegen' }).first().click();
    await heading(page, 'Kunden anlegen').waitFor();
    const name = page.getByRole('textbox', { name: 'Name' });
    await name.fill('V'.repeat(51));
    await page.getByText('51/50 Zeichen').waitFor();
    await page.getByText('Höchstens 50 Zeichen.').waitFor();
    await name.fill('Velo Süd GmbH');
    await page.getByRole('textbox', { name: 'Ansprechpartner' }).fill('Jana Roth');
    await page.getByRole('textbox', { name: 'Telefon' }).fill('+49 89 123456');
    const delivery = page.getByRole('group', { name: 'Lieferadresse' });
    await delivery.getByRole('textbox', { name: 'Straße' }).fill('Hauptstraße');
    await delivery.getByRole('textbox', { name: 'Hausnummer' }).fill('12a');
    await delivery.getByRole('textbox', { name: 'PLZ' }).fill('80331');
    await delivery.getByRole('textbox', { name: 'Ort' }).fill('München');
    await delivery.getByRole('textbox', { name: 'Land' }).fill('Deutschland');
    await expectNoAxeViolations(page, '/clients/add-client filled');
    await page.getByRole('button', { name: 'Kunden anlegen' }).press('Enter');
    await notification(page, 'Kunde Velo Süd GmbH angelegt.').waitFor();
    await heading(page, 'Velo Süd GmbH').waitFor();
    await page.getByText('Noch kein Auftrag ist mit diesem Kunden verknüpft.').waitFor();

    // One's own saves never make one's own form stale.
    await page.getByRole('textbox', { name: 'Telefon' }).fill('+49 89 999');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await notification(page, 'Kunde Velo Süd GmbH gespeichert.').waitFor();
    await page.getByRole('textbox', { name: 'E-Mail' }).fill('einkauf@velo-sued.example');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect
      .poll(async () => (await clientOf(app.testApp, company.admin.token).get('/api/clients')).json().data[0])
      .toMatchObject({
        email: 'einkauf@velo-sued.example',
        phone: '+49 89 999',
        version: 3,
      });
    expect(await page.getByText('Jemand hat diesen Kunden geändert').count()).toBe(0);
    await expectNoAxeViolations(page, '/clients/edit-client');

    await page.getByRole('link', { name: 'Kunden', exact: true }).click();
    await heading(page, 'Kunden').waitFor();
    await page.getByRole('searchbox', { name: 'Kunden suchen' }).fill('roth');
    await page.getByRole('rowheader', { name: 'Velo Süd GmbH' }).waitFor();
    await page.getByRole('searchbox', { name: 'Kunden suchen' }).fill('xyz');
    await page.getByText('Kein Kunde passt zu „xyz“.').waitFor();
  });

  it('creates a customer order on a tablet by picking the customer; the order links it and the customer lists the order', async () => {
    const tablet = await germanPage('/order/add-order', { hasTouch: true });
    await heading(tablet, 'Auftrag anlegen').waitFor();
    const picker = tablet.getByRole('combobox', { name: 'Kunde' });
    await picker.tap();
    await picker.pressSequentially('Velo');
    await expect.poll(() => tablet.getByRole('option').allTextContents(), { timeout: 10_000 }).toEqual(['Velo Süd GmbH']);
    // Taken by one tap on the option, as on a tablet (`force`: no second tap if the first missed).
    await tablet.getByRole('option', { name: 'Velo Süd GmbH' }).tap({ force: true });
    await expect.poll(() => tablet.getByRole('textbox', { name: 'Kundenname' }).inputValue()).toBe('Velo Süd GmbH');
    expect(await tablet.getByRole('textbox', { name: 'Straße' }).inputValue()).toBe('Hauptstraße');
    expect(await tablet.getByRole('textbox', { name: 'Hausnummer' }).inputValue()).toBe('12a');
    expect(await tablet.getByRole('textbox', { name: 'Ort' }).inputValue()).toBe('München');
    // Filled, still editable.
    await tablet.getByRole('textbox', { name: 'Adresszusatz' }).fill('Tor 2');
    await tablet.getByRole('textbox', { name: 'Zwischenlager (WIP)' }).fill('Regal 3');

    const position = tablet.getByRole('group', { name: 'Position 1' });
    const material = position.getByRole('combobox', { name: 'Material' });
    await material.tap();
    await material.pressSequentially('City');
    await expect.poll(() => tablet.getByRole('option').allTextContents(), { timeout: 10_000 }).toHaveLength(1);
    await tablet.getByRole('option', { name: /^City bike \(P-1\)/ }).tap({ force: true });
    await expect.poll(() => material.inputValue(), { timeout: 10_000 }).toMatch(/^City bike \(P-1\)/);
    await expectNoAxeViolations(tablet, '/order/add-order with a customer picked');

    await tablet.getByRole('button', { name: 'Auftrag anlegen' }).tap();
    await notification(tablet, /Auftrag \d+ angelegt\./).waitFor();
    await heading(tablet, /Auftrag \d+/).waitFor();
    const orderNumber = ((await heading(tablet, /Auftrag \d+/).textContent()) ?? '').match(/\d+/)?.[0] ?? '';
    await tablet.getByText('Tor 2').waitFor();
    await expectNoAxeViolations(tablet, '/order/details with its customer');

    await tablet.getByRole('link', { name: 'Velo Süd GmbH' }).tap();
    await heading(tablet, 'Velo Süd GmbH').waitFor();
    await tablet.getByRole('rowheader', { name: orderNumber }).waitFor();
  });
});
