import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, expectOk, startBrowserApp, type BrowserApp } from '../support/browser.js';
import { clientOf, companyWithTeam, mailTo, startMailbox, type Client, type Mailbox, type TestCompany } from '../support/identity.js';
import { openHeldPageAs } from './hold-notifications.js';

// Issue 25, item 12: the shipment screen emails the tracking link just made to the end customer, the address
// filled in from the customer directory; the mail is German (the company's document language) and names the
// company. In German, as the customer met it.
const publicUrl = 'https://console.example.com';
let app: BrowserApp;
let mailbox: Mailbox;
let company: TestCompany;
let admin: Client;

beforeAll(async () => {
  mailbox = await startMailbox();
  app = await startBrowserApp({ SMTP_URL: mailbox.url, PUBLIC_URL: publicUrl });
  company = await companyWithTeam(app.testApp, { companyName: 'Keller Feinmechanik' });
  admin = clientOf(app.testApp, company.admin.token);
  const owner = clientOf(app.testApp, company.superUser.token);
  const settings = expectOk<object>(await owner.get('/api/company-account/basic-settings'));
  expectOk(await owner.put('/api/company-account/updateBasicSettings', { ...settings, documentLanguage: 'de' }));
  expectOk(await admin.post('/api/clients', { name: 'Fahrradhaus Berg', email: 'einkauf@fahrradhaus-berg.example' }), 201);
});

afterAll(async () => {
  await app?.close();
  await mailbox?.close();
});

const notification = (page: Page, text: string | RegExp) => page.locator('.notification').filter({ hasText: text });

/** A shipment of one customer order taken from stock (Ready to ship at once), made through the API. */
async function shipmentFor(customer: string): Promise<string> {
  const material = expectOk<{ id: string }>(
    await admin.post('/api/materials', { type: 'product', name: 'Stadtrad', materialNumber: `P-${Date.now()}`, vat: 19, stock: { quantity: 9, unit: 'pcs' } }),
    201,
  );
  const order = expectOk<{ id: string; version: number }>(
    await admin.post('/api/orders', {
      kind: 'customer',
      name: customer,
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
  expectOk(await admin.post(`/api/orders/${order.id}/start-production`, { version: order.version }));
  const shipment = expectOk<{ id: string }>(
    await admin.post('/api/shipments', {
      deliveredBy: { source: 'typed', name: 'DHL' },
      trackingId: 'DHL-7',
      shippingDate: '2026-11-25',
      orderIds: [order.id],
    }),
    201,
  );
  return shipment.id;
}

describe('emailing the tracking link (de)', () => {
  it('fills in the customer directory address, refuses a wrong one in words, and sends the German mail with the link', async () => {
    const shipmentId = await shipmentFor('Fahrradhaus Berg');
    const page = await openHeldPageAs(app, company.admin, 'ADMIN', company.companyId, `/order/shipment/${shipmentId}`, { locale: 'de-DE' });
    await page.getByRole('heading', { level: 1, name: /^Sendung S\d{6}$/ }).waitFor();
    await page.getByRole('button', { name: 'Tracking-Link erstellen' }).click();
    await notification(page, 'Der Tracking-Link wurde erstellt.').waitFor();
    const made = (await page.locator('a.shipment-token').getAttribute('href')) ?? '';
    expect(made).toMatch(/\/tracking\/[A-Za-z0-9_-]{43}$/);

    const address = page.getByRole('textbox', { name: /^E-Mail-Adresse des Kunden/ });
    await expect.poll(() => address.inputValue()).toBe('einkauf@fahrradhaus-berg.example');
    await expectNoAxeViolations(page, '/order/shipment/:id with the link to email (de)');

    await address.fill('kein-postfach');
    await page.getByRole('button', { name: 'Link per E-Mail senden' }).click();
    await page.getByText('Geben Sie eine gültige E-Mail-Adresse ein.').waitFor();
    await expectNoAxeViolations(page, '/order/shipment/:id with a wrong address (de)');

    await address.fill('lager@fahrradhaus-berg.example');
    await page.getByRole('button', { name: 'Link per E-Mail senden' }).click();
    await notification(page, 'Der Link wurde per E-Mail an lager@fahrradhaus-berg.example gesendet.').waitFor();

    const mail = await mailbox.waitFor(mailTo('lager@fahrradhaus-berg.example'));
    expect(mail.subject).toBe('Ihre Sendung von Keller Feinmechanik');
    expect(mail.text).toContain(`${publicUrl}${new URL(made).pathname}`);
    await page.close();
  });
});
