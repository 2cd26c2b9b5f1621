import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, signIn, startBrowserApp, type BrowserApp, type BrowserSession } from '../support/browser.js';
import { newHeldPage } from './hold-notifications.js';

// The company screen: basic data and advanced settings, and what they change elsewhere.
let app: BrowserApp;

beforeAll(async () => {
  app = await startBrowserApp();
});

afterAll(async () => {
  await app?.close();
});

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const notice = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const field = (page: Page, name: string) => page.getByRole('textbox', { name: new RegExp(`^${name}`) });

async function api(session: BrowserSession, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await app.testApp.app.inject({ method, url, payload, headers: { authorization: `Bearer ${session.access_token}` } });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

async function openAsOwner(): Promise<{ page: Page; session: BrowserSession }> {
  const page = await newHeldPage(app);
  const session = await signIn(page, app, { role: 'SUPER_USER' });
  await page.goto(`${app.baseUrl}/company`);
  await heading(page, 'Company').waitFor();
  return { page, session };
}

describe('the company screen', () => {
  it('saves the basic data, refuses a wrong IBAN on its field, and shows the saved data after a reload', async () => {
    const { page } = await openAsOwner();
    await field(page, 'Company name').waitFor();
    await expectNoAxeViolations(page, '/company basic data');

    await field(page, 'Company name').fill('Keller Feinmechanik GmbH');
    // What was typed on one tab survives a visit to the other: one form over both.
    await page.getByRole('tab', { name: 'Advanced settings' }).click();
    await field(page, 'Order number letters').waitFor();
    await page.getByRole('tab', { name: 'Basic data' }).click();
    expect(await field(page, 'Company name').inputValue()).toBe('Keller Feinmechanik GmbH');
    await field(page, 'Place').first().fill('Augsburg');
    await page.getByRole('button', { name: 'Billing address same as delivery address' }).click();
    await field(page, 'IBAN').fill('DE88 3704 0044 0532 0130 00');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter a valid IBAN.').waitFor();
    await expectNoAxeViolations(page, '/company basic data with a problem');

    await field(page, 'IBAN').fill('DE89 3704 0044 0532 0130 00');
    await page.getByRole('button', { name: 'Save' }).click();
    await notice(page, 'The company settings were saved.').waitFor();

    await page.reload();
    await heading(page, 'Company').waitFor();
    await expect.poll(() => field(page, 'Company name').inputValue()).toBe('Keller Feinmechanik GmbH');
    expect(await field(page, 'IBAN').inputValue()).toBe('DE89 3704 0044 0532 0130 00');
    // The billing address took the delivery address.
    expect(await field(page, 'Place').nth(1).inputValue()).toBe('Augsburg');
  });

  it('numbers the next order with the letters and start set (AB000500) and writes dates in the chosen format', async () => {
    const { page, session } = await openAsOwner();
    await page.getByRole('tab', { name: 'Advanced settings' }).click();
    await field(page, 'Order number letters').waitFor();
    await expectNoAxeViolations(page, '/company advanced settings');

    await field(page, 'Order number letters').fill('AB');
    await field(page, 'Next order number').fill('500');
    await page.getByText('Next order: AB000500').waitFor();
    await page.getByRole('button', { name: 'Date format' }).click();
    await page.getByRole('option', { name: /^YYYY-MM-DD/ }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await notice(page, 'The company settings were saved.').waitFor();

    // A counter moves only forward.
    await field(page, 'Next order number').fill('499');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('A counter only moves forward: enter the next free number or a higher one.').waitFor();
    await expectNoAxeViolations(page, '/company advanced settings with a problem');

    const material = await api(session, 'POST', '/api/materials', {
      type: 'product',
      name: 'Gehäuse',
      materialNumber: 'P-1',
      stock: { quantity: 0, unit: 'pcs' },
    });
    const order = await api(session, 'POST', '/api/orders', {
      kind: 'customer',
      name: 'Fahrradhaus Berg',
      street: 'Hauptstraße',
      houseNumber: '12a',
      zip: '80331',
      place: 'München',
      workInProgress: 'Regal 3',
      deliveryDate: '2099-12-01',
      positions: [{ materialId: material.id, quantity: 1, netPrice: 100 }],
    });
    expect(order.orderNumber).toBe('AB000500');

    await page.goto(`${app.baseUrl}/order`);
    await heading(page, 'Orders').waitFor();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'AB000500' }) });
    await row.getByRole('gridcell', { name: '2099-12-01' }).waitFor();
  });

  it('says so when the settings were changed meanwhile, and loads the saved ones on request', async () => {
    const { page, session } = await openAsOwner();
    await field(page, 'Company name').waitFor();
    const stored = await api(session, 'GET', '/api/company-account/basic-settings');
    const res = await app.testApp.app.inject({
      method: 'PUT',
      url: '/api/company-account/updateBasicSettings',
      payload: { ...stored, companyName: 'Changed in another tab' },
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(res.statusCode, res.body).toBe(200);

    await field(page, 'Phone').fill('+49 821 123');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The company settings were changed meanwhile.').waitFor();
    await expectNoAxeViolations(page, '/company conflict');
    await page.getByRole('button', { name: 'Load the saved settings' }).click();
    await expect.poll(() => field(page, 'Company name').inputValue()).toBe('Changed in another tab');
    expect(await field(page, 'Phone').inputValue()).toBe('');
  });

  it('is not offered to an admin', async () => {
    const page = await newHeldPage(app);
    await signIn(page, app, { role: 'ADMIN' });
    await page.goto(`${app.baseUrl}/order`);
    await heading(page, 'Orders').waitFor();
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Company' }).count()).toBe(0);
  });
});
