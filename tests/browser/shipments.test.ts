import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, expectOk, startBrowserApp, type BrowserApp } from '../support/browser.js';
import { clientOf, companyWithTeam, uploadCompanyLogo, type Client, type TestCompany } from '../support/identity.js';
import { openHeldPageAs } from './hold-notifications.js';

// Shipments in the browser: an administrator creates a shipping order from two customer orders
// Ready to ship, marks it ready, dispatches and delivers it; a second browser's order list and
// home board follow the orders' statuses live; a Sent shipment offers no edit; the end customer's
// tracking page (no sign-in) shows the shipment.
let app: BrowserApp;
let company: TestCompany;
let admin: Client;
const orders: { id: string; orderNumber: string }[] = [];

beforeAll(async () => {
  app = await startBrowserApp();
  company = await companyWithTeam(app.testApp, { companyName: 'Versand Radwerk' });
  admin = clientOf(app.testApp, company.admin.token);
  // The two customer orders are brought to Ready to ship through the API: the order flow has its
  // own browser tests (orders.test.ts). Their one position is taken from stock, so starting
  // production makes them Ready to ship at once.
  const material = expectOk<{ id: string }>(
    await admin.post('/api/materials', { type: 'product', name: 'City bike', materialNumber: 'P-1', vat: 19, stock: { quantity: 99, unit: 'pcs' } }),
    201,
  );
  for (let index = 0; index < 2; index++) {
    const order = expectOk<{ id: string; orderNumber: string; version: number }>(
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
    const ready = expectOk<{ status: string }>(await admin.post(`/api/orders/${order.id}/start-production`, { version: order.version }));
    expect(ready.status).toBe('ready-to-ship');
    orders.push(order);
  }
});

afterAll(async () => {
  await app?.close();
});

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const notification = (page: Page, text: string | RegExp) => page.locator('.notification').filter({ hasText: text });
const orderRow = (page: Page, orderNumber: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: orderNumber }) });

const openAsAdmin = (path: string): Promise<Page> => openHeldPageAs(app, company.admin, 'ADMIN', company.companyId, path);

/** A customer order of one piece from stock, started: Ready to ship at once. */
async function readyOrder(customer: string): Promise<{ id: string }> {
  const materialId = (await admin.get('/api/materials?limit=1').then((res) => res.json())).data[0].id as string;
  const order = expectOk<{ id: string; version: number }>(
    await admin.post('/api/orders', {
      kind: 'customer',
      name: customer,
      street: 'Ring',
      houseNumber: '1',
      zip: '20095',
      place: 'Hamburg',
      workInProgress: 'Regal 1',
      deliveryDate: '2026-12-01',
      positions: [{ materialId, quantity: 1, netPrice: 50, useInventory: true }],
    }),
    201,
  );
  expectOk(await admin.post(`/api/orders/${order.id}/start-production`, { version: order.version }));
  return order;
}

describe('shipping orders', () => {
  let shipmentUrl = '';
  let trackingUrl = '';

  it('creates a shipment from two ready orders, dispatches and delivers it while a second browser follows the orders live', async () => {
    const page = await openAsAdmin('/order');
    await heading(page, 'Orders').waitFor();
    await page.getByRole('tab', { name: 'Shipping Orders' }).click();
    await page.waitForURL('**/order?kind=shipping');
    await page.getByText('No results found.').waitFor();
    await expectNoAxeViolations(page, '/order?kind=shipping');

    await page.getByRole('link', { name: 'Add shipping order' }).click();
    await heading(page, 'Add shipping order').waitFor();
    // Saving the empty form names what is missing, in words.
    await page.getByRole('button', { name: 'Create shipping order' }).click();
    await page.getByText('Choose at least one order.').waitFor();
    await page.getByRole('textbox', { name: 'Carrier name' }).fill('Spedition Huber');
    await page.getByRole('textbox', { name: 'Tracking ID' }).fill('HU-4711');
    await page.getByRole('textbox', { name: 'Tracking link' }).fill('not a link');
    await page.getByRole('textbox', { name: 'Shipping date' }).fill('2026-11-24');
    for (const order of orders) await page.getByRole('checkbox', { name: new RegExp(order.orderNumber) }).check({ force: true });
    await page.getByText('2 orders chosen').waitFor();
    await page.getByText('Enter a web address starting with http:// or https://.').waitFor();
    await expectNoAxeViolations(page, '/order/add-shipment-order');
    await page.getByRole('textbox', { name: 'Tracking link' }).fill('https://carrier.example/track?id=HU-4711');
    await page.getByRole('button', { name: 'Create shipping order' }).click();

    await notification(page, /Shipping order S\d{6} was created\./).waitFor();
    await heading(page, /^Shipment S\d{6}$/).waitFor();
    shipmentUrl = page.url();
    const shipmentNumber = ((await heading(page, /^Shipment S\d{6}$/).textContent()) ?? '').replace('Shipment ', '');
    for (const order of orders) await page.getByRole('link', { name: `Order ${order.orderNumber}` }).waitFor();
    await page.getByText('To Fahrradhaus Berg, Hauptstraße 12a, 80331 München').first().waitFor();
    expect(await page.getByRole('list', { name: 'Shipment progress', exact: true }).locator('[aria-current="step"]').textContent()).toContain('Open');
    await expectNoAxeViolations(page, '/order/shipment/:id (Open)');

    // A second browser: the customer orders' list, kept current by the live feed.
    const watcher = await openAsAdmin('/order?kind=customer');
    await heading(watcher, 'Orders').waitFor();
    await orderRow(watcher, orders[0].orderNumber).getByText('Ready to ship').waitFor();
    await watcher.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    await page.getByRole('button', { name: 'Ready for dispatch' }).click();
    await notification(page, `Shipment ${shipmentNumber} is ready for dispatch.`).waitFor();
    await orderRow(watcher, orders[0].orderNumber).getByText('Ready for dispatch').waitFor();

    await page.getByRole('button', { name: 'Dispatch' }).click();
    await notification(page, `Shipment ${shipmentNumber} was dispatched.`).waitFor();
    await page.getByText('A shipment with status Sent cannot be edited.').waitFor();
    expect(await page.getByRole('link', { name: 'Edit shipment' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Cancel shipment' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add attachment' }).count()).toBe(0);
    for (const order of orders) await orderRow(watcher, order.orderNumber).getByText('Dispatched').waitFor();

    // The end customer's link, shown once.
    await page.getByRole('button', { name: 'Create tracking link' }).click();
    await notification(page, 'The tracking link was created.').waitFor();
    trackingUrl = (await page.locator('a.shipment-token').getAttribute('href')) ?? '';
    expect(trackingUrl).toMatch(/\/tracking\/[A-Za-z0-9_-]{43}$/);
    await expectNoAxeViolations(page, '/order/shipment/:id (Sent)');

    await page.getByRole('button', { name: 'Deliver', exact: true }).click();
    await notification(page, `Shipment ${shipmentNumber} is delivered.`).waitFor();
    for (const order of orders) await orderRow(watcher, order.orderNumber).getByText('Delivered').waitFor();
    expect(await watcher.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    // The home board of the second browser shows the delivered orders' status.
    await watcher.goto(`${app.baseUrl}/home`);
    await heading(watcher, 'Home').waitFor();
    await orderRow(watcher, orders[1].orderNumber).getByText('Delivered').waitFor();

    // The history replays the shipment to its first event.
    const history = page.getByRole('slider', { name: /Replay point/ });
    await history.focus();
    await history.press('Home');
    await page.getByText(/Event 1 of \d+: Created/).waitFor();
  });

  it('shows the order its shipment, and the tab lists it', async () => {
    const page = await openAsAdmin(`/order/details/${orders[0].id}`);
    await heading(page, `Order ${orders[0].orderNumber}`).waitFor();
    const shipmentLink = page.getByRole('link', { name: /^Shipment S\d{6}$/ });
    await shipmentLink.waitFor();
    await page.getByText(/All in all: delivered/).waitFor();
    await shipmentLink.click();
    await page.waitForURL(shipmentUrl);

    await page.goto(`${app.baseUrl}/order?kind=shipping&status=delivered`);
    await page.getByRole('rowheader', { name: /^S\d{6}$/ }).waitFor();
    await page.getByText('1 - 1 of 1 results').waitFor();
  });

  it('shows the end customer the shipment on the tracking page without sign-in', async () => {
    const page = await app.newPage();
    await page.goto(trackingUrl);
    await heading(page, /^Shipment S\d{6}$/).waitFor();
    await page.getByRole('region', { name: 'Delivery status' }).getByText('Delivered').first().waitFor();
    await page.getByText('Spedition Huber').waitFor();
    await page.getByText('HU-4711').waitFor();
    await page.getByText(`Order ${orders[0].orderNumber}`).waitFor();
    await page.getByText('1 × City bike').first().waitFor();
    expect(await page.getByRole('link', { name: "Open the carrier's tracking page" }).getAttribute('href')).toBe('https://carrier.example/track?id=HU-4711');
    await expectNoAxeViolations(page, '/tracking/:token');

    await page.goto(`${app.baseUrl}/tracking/no-such-token`);
    await heading(page, 'Tracking not available').waitFor();
    await page.getByText('This tracking link is unknown, has expired or was withdrawn.').waitFor();
  });
  it('uploads, downloads and removes attachments, refuses a file of another type in words, and offers the shared conflict flow on a stale edit', async () => {
    const order = await readyOrder('Radladen Nord');
    const shipment = expectOk<{ id: string; version: number }>(
      await admin.post('/api/shipments', {
        deliveredBy: { source: 'typed', name: 'Kurier Nord' },
        trackingId: 'KN-1',
        shippingDate: '2026-11-25',
        orderIds: [order.id],
      }),
      201,
    );
    const page = await openAsAdmin(`/order/shipment/${shipment.id}`);
    await heading(page, /^Shipment S\d{6}$/).waitFor();
    await page.getByText('No attachments yet.').waitFor();

    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200_000, 0x20)]);
    await page.locator('input[type="file"]').setInputFiles({ name: 'delivery-bill.pdf', mimeType: 'application/pdf', buffer: pdf });
    await notification(page, 'delivery-bill.pdf was uploaded.').waitFor();
    await page.getByRole('button', { name: 'Download delivery-bill.pdf' }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download delivery-bill.pdf' }).click();
    expect((await download).suggestedFilename()).toBe('delivery-bill.pdf');

    await page.locator('input[type="file"]').setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just some text') });
    await page.locator('p[role="alert"]').filter({ hasText: 'notes.pdf could not be uploaded: This file type is not supported.' }).waitFor();
    await expectNoAxeViolations(page, '/order/shipment/:id (attachments)');

    await page.getByRole('button', { name: 'Remove delivery-bill.pdf' }).click();
    await notification(page, 'delivery-bill.pdf was removed.').waitFor();
    await page.getByText('No attachments yet.').waitFor();

    // Editing: someone else changes the shipment meanwhile; the save is refused and the shared flow offers the latest version.
    await page.getByRole('link', { name: 'Edit shipment' }).click();
    await heading(page, /^Edit shipping order S\d{6}$/).waitFor();
    const current = expectOk<{ version: number }>(await admin.get(`/api/shipments/${shipment.id}`));
    expectOk(
      await admin.put(`/api/shipments/${shipment.id}`, {
        deliveredBy: { source: 'typed', name: 'Kurier Nord' },
        trackingId: 'KN-2',
        shippingDate: '2026-11-25',
        orderIds: [order.id],
        version: current.version,
      }),
    );
    await page.getByRole('textbox', { name: 'Tracking ID' }).fill('KN-3');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Load the latest, keep my entries' }).click();
    await notification(page, 'The latest version is loaded; your entries are kept. Save again.').waitFor();
    expect(await page.getByRole('textbox', { name: 'Tracking ID' }).inputValue()).toBe('KN-3');
    await expectNoAxeViolations(page, '/order/add-shipment-order/:id (conflict)');
    await page.getByRole('button', { name: 'Save' }).click();
    await notification(page, /Shipping order S\d{6} was saved\./).waitFor();
    // The history below replays the same data, so the saved value is read in the details' own section.
    await page.getByRole('region', { name: 'Shipping data' }).getByText('KN-3').waitFor();
  });
});

describe('the tracking link in German', () => {
  it('names the sender with its logo, words the carrier by status, and the console copies the link', async () => {
    const order = await readyOrder('Fahrradhaus Berg');
    let shipment = expectOk<{ id: string; version: number }>(
      await admin.post('/api/shipments', {
        deliveredBy: { source: 'typed', name: 'DHL' },
        trackingId: 'DHL-1',
        shippingDate: '2026-11-25',
        orderIds: [order.id],
      }),
      201,
    );
    shipment = expectOk(await admin.post(`/api/shipments/${shipment.id}/ready-to-dispatch`, { version: shipment.version }));
    shipment = expectOk(await admin.post(`/api/shipments/${shipment.id}/dispatch`, { version: shipment.version }));
    const uploaded = await uploadCompanyLogo(app.testApp, company.superUser.token);
    expect(uploaded.statusCode, uploaded.body).toBe(200);

    // The console: the link made is copied with a button.
    const page = await openHeldPageAs(app, company.admin, 'ADMIN', company.companyId, `/order/shipment/${shipment.id}`);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await heading(page, /^Shipment S\d{6}$/).waitFor();
    await page.getByRole('button', { name: 'Create tracking link' }).click();
    const made = (await page.locator('a.shipment-token').getAttribute('href')) ?? '';
    await page.getByRole('button', { name: 'Copy link' }).click();
    await notification(page, 'The link was copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(made);
    await expectNoAxeViolations(page, '/order/shipment/:id with the link to copy');

    // The end customer's page, in German: who sends it, with the logo; sent, not yet delivered.
    const visitor = await app.newPage({ locale: 'de-DE' });
    await visitor.goto(made);
    await heading(visitor, /^Sendung S\d{6}$/).waitFor();
    await visitor.getByText('Eine Sendung von Versand Radwerk').waitFor();
    const logo = visitor.getByRole('img', { name: 'Logo von Versand Radwerk' });
    await expect.poll(() => logo.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await visitor.getByRole('term').filter({ hasText: 'Versendet mit' }).waitFor();
    expect(await visitor.getByText('Zugestellt von').count()).toBe(0);
    await expectNoAxeViolations(visitor, '/tracking/:token in German (Versendet)');
  });
});
