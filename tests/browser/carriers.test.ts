import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, expectOk, startBrowserApp, type BrowserApp } from '../support/browser.js';
import { clientOf, companyWithTeam, type Client, type TestCompany } from '../support/identity.js';
import { openHeldPageAs } from './hold-notifications.js';

// Carriers in the browser: an administrator adds a carrier with a tracking-link template on the
// carriers screen, creates a shipment choosing it (the link fills from the template as the
// tracking ID is typed), and cannot delete the carrier while the shipment names it.
let app: BrowserApp;
let company: TestCompany;
let admin: Client;
let order: { id: string; orderNumber: string };

beforeAll(async () => {
  app = await startBrowserApp();
  company = await companyWithTeam(app.testApp, { companyName: 'Zusteller Radwerk' });
  admin = clientOf(app.testApp, company.admin.token);
  // The customer order is brought to Ready to ship through the API (its one position from stock).
  const material = expectOk<{ id: string }>(
    await admin.post('/api/materials', { type: 'product', name: 'City bike', materialNumber: 'P-1', vat: 19, stock: { quantity: 99, unit: 'pcs' } }),
    201,
  );
  const created = expectOk<{ id: string; orderNumber: string; version: number }>(
    await admin.post('/api/orders', {
      kind: 'customer',
      name: 'Fahrradhaus Berg',
      street: 'Hauptstraße',
      houseNumber: '12a',
      zip: '80331',
      place: 'München',
      workInProgress: 'Regal 3',
      deliveryDate: '2026-12-01',
      positions: [{ materialId: material.id, quantity: 1, netPrice: 100, useInventory: true }],
    }),
    201,
  );
  expectOk(await admin.post(`/api/orders/${created.id}/start-production`, { version: created.version }));
  order = created;
});

afterAll(async () => {
  await app?.close();
});

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const notification = (page: Page, text: string | RegExp) => page.locator('.notification').filter({ hasText: text });

const openAsAdmin = (path: string): Promise<Page> => openHeldPageAs(app, company.admin, 'ADMIN', company.companyId, path);

describe('carriers', () => {
  it('adds a carrier with a template; a shipment choosing it gets its link from the template; in use, it cannot be deleted', async () => {
    const page = await openAsAdmin('/order?kind=shipping');
    await page.getByRole('link', { name: 'Manage carriers' }).click();
    await heading(page, 'Carriers').waitFor();
    await page.getByText('No carriers yet.').waitFor();

    await page.getByRole('textbox', { name: 'Name' }).fill('DHL Paket');
    await page.getByRole('textbox', { name: 'Tracking-link template' }).fill('https://dhl.example/track');
    await page.getByRole('button', { name: 'Add carrier' }).click();
    await page.getByText('Put {trackingId} where the tracking ID goes').waitFor();
    await page.getByRole('textbox', { name: 'Tracking-link template' }).fill('https://dhl.example/track?id={trackingId}');
    await page.getByRole('button', { name: 'Add carrier' }).click();
    await notification(page, 'Carrier DHL Paket added.').waitFor();
    await page.getByRole('rowheader', { name: 'DHL Paket' }).waitFor();
    await expectNoAxeViolations(page, '/order/carriers');

    await page.goto(`${app.baseUrl}/order/add-shipment-order`);
    await heading(page, 'Add shipping order').waitFor();
    await page.getByRole('button', { name: /Delivered by/ }).click();
    await page.getByRole('option', { name: 'DHL Paket' }).click();
    expect(await page.getByRole('textbox', { name: 'Carrier name' }).count()).toBe(0);
    await page.getByRole('textbox', { name: 'Tracking ID' }).fill('JJD 42');
    await expect.poll(() => page.getByRole('textbox', { name: 'Tracking link' }).inputValue()).toBe('https://dhl.example/track?id=JJD%2042');
    await page.getByRole('textbox', { name: 'Shipping date' }).fill('2026-11-24');
    await page.getByRole('checkbox', { name: new RegExp(order.orderNumber) }).check({ force: true });
    await page.getByRole('button', { name: 'Create shipping order' }).click();
    await notification(page, /Shipping order S\d{6} was created\./).waitFor();
    await heading(page, /^Shipment S\d{6}$/).waitFor();
    await page.getByText('DHL Paket').first().waitFor();
    await page.locator('a[href="https://dhl.example/track?id=JJD%2042"]').first().waitFor();

    await page.goto(`${app.baseUrl}/order/carriers`);
    await heading(page, 'Carriers').waitFor();
    await page.getByRole('button', { name: 'Delete DHL Paket' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await notification(page, 'This carrier is named by 1 shipment and cannot be deleted. Retire it instead.').waitFor();
    await page.getByRole('button', { name: 'Retire' }).click();
    await notification(page, 'Carrier DHL Paket retired').waitFor();
    await page.getByRole('cell', { name: 'Retired' }).waitFor();
  });
});
