import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadedBytes, expectNoAxeViolations, expectOk, startBrowserApp, type BrowserApp } from '../support/browser.js';
import { clientOf, companyWithTeam, type Client, type TestCompany } from '../support/identity.js';
import { openHeldPageAs } from './hold-notifications.js';

// Documents in the browser: an administrator prints the delivery bill of a shipment, a label of a
// material (A4 sheet) and an order's traveler from their screens, sees each being generated and
// becoming ready live, and downloads the PDF. The shipment, the material and the order are set up
// through the API: their screens have their own browser tests.
let app: BrowserApp;
let company: TestCompany;
let admin: Client;
let materialId = '';
let order = { id: '', orderNumber: '' };
let shipment = { id: '', shipmentNumber: '' };

beforeAll(async () => {
  app = await startBrowserApp();
  company = await companyWithTeam(app.testApp, { companyName: 'Druckerei Radwerk' });
  admin = clientOf(app.testApp, company.admin.token);
  materialId = expectOk<{ id: string }>(
    await admin.post('/api/materials', { type: 'product', name: 'City bike', materialNumber: 'P-100', vat: 19, stock: { quantity: 99, unit: 'pcs' } }),
    201,
  ).id;
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
      positions: [{ materialId, quantity: 1, netPrice: 100, useInventory: true }],
    }),
    201,
  );
  order = created;
  expectOk(await admin.post(`/api/orders/${created.id}/start-production`, { version: created.version }));
  shipment = expectOk<{ id: string; shipmentNumber: string }>(
    await admin.post('/api/shipments', {
      deliveredBy: { source: 'typed', name: 'Spedition Huber' },
      trackingId: 'HU-4711',
      shippingDate: '2026-11-24',
      orderIds: [created.id],
    }),
    201,
  );
});

afterAll(async () => {
  await app?.close();
});

const openAsAdmin = (path: string): Promise<Page> => openHeldPageAs(app, company.admin, 'ADMIN', company.companyId, path);
const documentsPanel = (page: Page) => page.getByRole('region', { name: 'Documents' });

/** Clicks the document's Download button and answers the saved file's name and bytes. */
async function downloadFrom(page: Page, name: RegExp) {
  const [download] = await Promise.all([page.waitForEvent('download'), documentsPanel(page).getByRole('button', { name }).click()]);
  return { fileName: download.suggestedFilename(), bytes: await downloadedBytes(download) };
}

describe('printing documents', () => {
  it("prints the shipment's delivery bill: progress, then the download", async () => {
    const page = await openAsAdmin(`/order/shipment/${shipment.id}`);
    await page.getByRole('heading', { level: 1, name: `Shipment ${shipment.shipmentNumber}` }).waitFor();
    await documentsPanel(page).getByText('No documents yet.').waitFor();
    await expectNoAxeViolations(page, '/order/shipment/:id (documents, none yet)');

    await documentsPanel(page).getByRole('button', { name: 'Delivery bill', exact: true }).click();
    await page.locator('.notification').filter({ hasText: 'Delivery bill requested' }).waitFor();
    // It is listed at once (generating, or already ready), then ready: the live feed tells the page.
    await documentsPanel(page)
      .getByText(/Delivery bill DOC-\d{6}/)
      .waitFor();
    await documentsPanel(page).getByText('Ready').waitFor({ timeout: 30_000 });
    await documentsPanel(page)
      .getByText(/Requested by Ali Demir on/)
      .waitFor();
    await expectNoAxeViolations(page, '/order/shipment/:id (documents, ready)');

    const saved = await downloadFrom(page, /^Download Delivery bill DOC-\d{6}$/);
    expect(saved.fileName).toMatch(/^delivery-bill-DOC-\d{6}\.pdf$/);
    expect(saved.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('prints an A4 sheet of labels of a material', async () => {
    const page = await openAsAdmin(`/material/edit-material/${materialId}`);
    await documentsPanel(page).getByRole('button', { name: 'Print label', exact: true }).waitFor();
    await documentsPanel(page)
      .getByRole('button', { name: /Label size/ })
      .click();
    await page.getByRole('option', { name: 'A4 sheet of labels' }).click();
    await documentsPanel(page).getByRole('button', { name: 'Print label', exact: true }).click();
    await documentsPanel(page).getByText('Ready').waitFor({ timeout: 30_000 });
    await expectNoAxeViolations(page, '/material/edit-material/:id (documents)');
    const saved = await downloadFrom(page, /^Download Material label DOC-\d{6}$/);
    expect(saved.fileName).toMatch(/^material-label-DOC-\d{6}\.pdf$/);
    expect(saved.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it("opens the material when a label's number is scanned into the materials search", async () => {
    // More than a page of materials whose numbers contain the scanned one and whose names sort before it:
    // the exact number opens its material wherever it would be listed.
    for (let index = 0; index < 25; index += 1) {
      const suffix = String(index).padStart(2, '0');
      expectOk(
        await admin.post('/api/materials', {
          type: 'product',
          name: `Axle ${suffix}`,
          materialNumber: `P-100${suffix}`,
          vat: 19,
          stock: { quantity: 1, unit: 'pcs' },
        }),
        201,
      );
    }
    const page = await openAsAdmin('/material?type=manufacturing_part');
    await page.getByRole('heading', { level: 1, name: 'Materials' }).waitFor();
    // A scanner types the code's text and ends it with Enter; the bike is a product, not on this tab.
    const search = page.getByRole('searchbox').first();
    await search.fill('P-100');
    await search.press('Enter');
    await page.waitForURL(`**/material/edit-material/${materialId}`);
    await documentsPanel(page).getByRole('button', { name: 'Print label', exact: true }).waitFor();
  });

  it("prints an order's traveler; an operator sees the list without the print buttons", async () => {
    const page = await openAsAdmin(`/order/details/${order.id}`);
    await documentsPanel(page).getByRole('button', { name: 'Order traveler', exact: true }).click();
    await documentsPanel(page).getByText('Ready').waitFor({ timeout: 30_000 });
    expect(await documentsPanel(page).getByRole('button', { name: 'Test protocol', exact: true }).count()).toBe(0);
    await expectNoAxeViolations(page, '/order/details/:id (documents)');

    const operator = await openHeldPageAs(app, company.operator, 'OPERATOR', company.companyId, `/order/details/${order.id}`);
    await documentsPanel(operator)
      .getByText(/Order traveler DOC-\d{6}/)
      .waitFor();
    expect(await documentsPanel(operator).getByRole('button', { name: 'Order traveler', exact: true }).count()).toBe(0);
    await documentsPanel(operator)
      .getByRole('button', { name: /^Download Order traveler/ })
      .waitFor();
  });
});

describe('a document that cannot be printed', () => {
  // A server whose Chromium is missing: every print fails for good.
  let broken: BrowserApp;
  let brokenCompany: TestCompany;

  beforeAll(async () => {
    broken = await startBrowserApp({ CHROME_PATH: '/nonexistent/chromium' });
    brokenCompany = await companyWithTeam(broken.testApp, { companyName: 'Ohne Drucker' });
  });
  afterAll(async () => {
    await broken?.close();
  });

  it("says 'Error generating pdf' and offers no download", async () => {
    const client = clientOf(broken.testApp, brokenCompany.admin.token);
    const material = expectOk<{ id: string }>(
      await client.post('/api/materials', { type: 'purchasing_part', name: 'Schraube', materialNumber: 'K-1', vat: 19, stock: { quantity: 5, unit: 'pcs' } }),
      201,
    );
    const page = await openHeldPageAs(broken, brokenCompany.admin, 'ADMIN', brokenCompany.companyId, `/material/edit-material/${material.id}`);
    await documentsPanel(page).getByRole('button', { name: 'Print label', exact: true }).click();
    await documentsPanel(page).getByText('Error generating pdf').waitFor({ timeout: 30_000 });
    await documentsPanel(page).getByText('No pdf generated').waitFor();
    expect(
      await documentsPanel(page)
        .getByRole('button', { name: /^Download/ })
        .count(),
    ).toBe(0);
    await expectNoAxeViolations(page, '/material/edit-material/:id (document failed)');
  });
});
