import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, expectOk, startBrowserApp, type BrowserApp } from '../support/browser.js';
import { clientOf, companyWithTeam, type TestCompany } from '../support/identity.js';
import { openHeldPageAs } from './hold-notifications.js';

// "A German customer on a touch tablet can do it ... a first tap must do what it says": the pickers'
// lists on a tablet. react-aria kept a combo box's freshly opened list invisible (and untouchable) on a
// touch device until an on-screen keyboard came up or 600 ms went by, so a tap on an option it listed
// landed on the field underneath and shut the list. Each option here gets exactly one tap (`force`:
// Playwright does not wait and tap again, as a person's first tap is the one that counts).
let app: BrowserApp;
let company: TestCompany;

beforeAll(async () => {
  app = await startBrowserApp();
  company = await companyWithTeam(app.testApp, { companyName: 'Radwerk Tablet' });
  const admin = clientOf(app.testApp, company.admin.token);
  expectOk(
    await admin.post('/api/materials', {
      type: 'product',
      name: 'City bike',
      materialNumber: 'P-1',
      vat: 19,
      netPrice: 249.5,
      stock: { quantity: 0, unit: 'pcs' },
    }),
    201,
  );
  expectOk(
    await admin.post('/api/clients', {
      name: 'Velo Süd GmbH',
      deliveryAddress: { street: 'Hauptstraße', houseNumber: '12a', zip: '80331', place: 'München', country: 'Deutschland' },
    }),
    201,
  );
});

afterAll(async () => {
  await app?.close();
});

/** A German tablet's page at `path`, signed in as the company's `who`. */
function tablet(path: string, who: 'admin' | 'superUser' = 'admin'): Promise<Page> {
  return openHeldPageAs(app, company[who], who === 'admin' ? 'ADMIN' : 'SUPER_USER', company.companyId, path, { locale: 'de-DE', hasTouch: true });
}

/** Taps the field, types `text` into it, and taps the option `option` once the list offers it: one tap, as a person does. */
async function tapToChoose(page: Page, field: Locator, text: string, option: string | RegExp) {
  await field.tap();
  await field.fill(text);
  const choice = page.getByRole('option', { name: option });
  await choice.waitFor({ timeout: 10_000 });
  await choice.tap({ force: true });
}

describe('pickers on a touch tablet (de): the first tap on an option chooses it', () => {
  it('the customer picker and a material picker of the order form', async () => {
    const page = await tablet('/order/add-order');
    await page.getByRole('heading', { level: 1, name: 'Auftrag anlegen' }).waitFor();
    const customer = page.getByRole('combobox', { name: 'Kunde' });
    await tapToChoose(page, customer, 'Velo', 'Velo Süd GmbH');
    await expect.poll(() => page.getByRole('textbox', { name: 'Kundenname' }).inputValue()).toBe('Velo Süd GmbH');
    expect(await page.getByRole('textbox', { name: 'Straße' }).inputValue()).toBe('Hauptstraße');
    expect(await customer.inputValue()).toBe('Velo Süd GmbH');

    const material = page.getByRole('group', { name: 'Position 1' }).getByRole('combobox', { name: 'Material' });
    await tapToChoose(page, material, 'City', /^City bike \(P-1\)/);
    await expect.poll(() => material.inputValue()).toBe('City bike (P-1) · Produkt');
    expect(await material.getAttribute('aria-expanded')).not.toBe('true');
    await expectNoAxeViolations(page, '/order/add-order on a tablet (de)');
    await page.close();
  });

  it('the time zone of the company settings', async () => {
    const page = await tablet('/company', 'superUser');
    await page.getByRole('tab', { name: 'Erweiterte Einstellungen' }).tap();
    const zone = page.getByRole('combobox', { name: /^Zeitzone/ });
    await expect.poll(() => zone.inputValue()).toBe('Europe/Berlin');
    await tapToChoose(page, zone, 'Europe/Vie', 'Europe/Vienna');
    await expect.poll(() => zone.inputValue()).toBe('Europe/Vienna');
    expect(await zone.getAttribute('aria-expanded')).not.toBe('true');
    await page.getByRole('button', { name: 'Speichern' }).tap();
    await page.getByRole('status').filter({ hasText: 'Die Firmeneinstellungen wurden gespeichert.' }).waitFor();
    expect(
      expectOk<{ workingTime: { timeZone: string } }>(await clientOf(app.testApp, company.superUser.token).get('/api/company-account/basic-settings'))
        .workingTime.timeZone,
    ).toBe('Europe/Vienna');
    await expectNoAxeViolations(page, '/company advanced settings on a tablet (de)');
    await page.close();
  });
});
