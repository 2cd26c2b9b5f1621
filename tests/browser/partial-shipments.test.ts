import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderView } from '../../src/domain/orders/orders.views.js';
import { expectNoAxeViolations, startBrowserApp, type BrowserApp } from '../support/browser.js';
import { act, createOrder, orderBody, orderLine, orderOf, type Client, type OrderLine } from '../integration/orders/support.js';
import { openHeldPageAs } from './hold-notifications.js';

// Partial shipments (issue 27, docs/shipments.md "Partial shipments"), in German: a customer order of
// 50 pieces with 30 good finished (the split child at the last station) is shipped with its 30 while
// the 20 are still in production; the remaining 20 go in a later shipment, and the order is delivered.
let app: BrowserApp;
let line: OrderLine;
let atDrill: Client;
let customer: OrderView;
let production: { id: string; version: number };

beforeAll(async () => {
  app = await startBrowserApp();
  line = await orderLine(app.testApp);
  const { saw, drill } = line.stations;
  // Production goes through the API: the station flow has its own browser tests (quantities.test.ts).
  customer = await act(line.admin, await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 50 }])), 'start-production');
  const atSaw = await line.signInAt(0, saw.id);
  atDrill = await line.signInAt(1, drill.id);
  const started = await act(atSaw, await orderOf(line.admin, customer.productionOrders[0].id), 'start-work', {
    stationId: saw.id,
  });
  const atDrillNow = await act(atDrill, await act(atSaw, started, 'complete-work', { stationId: saw.id }), 'start-work', { stationId: drill.id });
  // 30 good at the last station: the split child is finished at once; 20 stay at DRILL.
  production = await act(atDrill, atDrillNow, 'complete-work', { stationId: drill.id, good: 30 });
});

afterAll(async () => {
  await app?.close();
});

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const notification = (page: Page, text: string | RegExp) => page.locator('.notification').filter({ hasText: text });
const openAsAdmin = (path: string) =>
  openHeldPageAs(app, { id: line.userIds.admin, token: line.adminToken }, 'ADMIN', line.companyId, path, { locale: 'de-DE' });

/** Fills the shipment form for the customer order with `pieces` (after checking the default) and creates it; answers the shipment's page. */
async function shipPieces(ready: number, pieces: number, options: { tryAbove?: boolean } = {}): Promise<Page> {
  const page = await openAsAdmin('/order/add-shipment-order');
  await heading(page, 'Versandauftrag anlegen').waitFor();
  await page.getByRole('textbox', { name: 'Name des Zustellers' }).fill('Spedition Huber');
  await page.getByRole('textbox', { name: 'Versanddatum' }).fill('2026-11-30');
  await page.getByText(`${ready} von 50 Stück versandbereit`).waitFor();
  await page.getByRole('checkbox', { name: new RegExp(customer.orderNumber) }).check({ force: true });
  const quantity = page.getByRole('textbox', { name: `Zu versendende Stück von ${customer.orderNumber}` });
  // All ready pieces by default.
  expect(await quantity.inputValue()).toBe(String(ready));
  if (options.tryAbove) {
    await quantity.fill(String(ready + 1));
    await page.getByRole('button', { name: 'Versandauftrag anlegen' }).click();
    await page.getByText(`Auftrag ${customer.orderNumber} hat ${ready} versandbereite Stück; geben Sie höchstens so viele ein.`).first().waitFor();
    await expectNoAxeViolations(page, '/order/add-shipment-order with a quantity above ready (German)');
  }
  await quantity.fill(String(pieces));
  await page.getByRole('button', { name: 'Versandauftrag anlegen' }).click();
  await notification(page, /Versandauftrag S\d{6} wurde angelegt\./).waitFor();
  await heading(page, /^Sendung S\d{6}$/).waitFor();
  await page.getByText(`${pieces} von 50 Stück in dieser Sendung`).waitFor();
  return page;
}

async function press(page: Page, button: string, done: RegExp) {
  await page.getByRole('button', { name: button, exact: true }).click();
  await notification(page, done).waitFor();
}

describe('a customer order shipped partly (German)', () => {
  it('ships the 30 good pieces ready while 20 are in production, then the remaining 20 later; the order is delivered with the last', async () => {
    const first = await shipPieces(30, 30, { tryAbove: true });
    await expectNoAxeViolations(first, '/order/shipment/:id with a part (German)');
    await press(first, 'Bereit zur Auslieferung', /ist bereit zur Auslieferung/);
    await press(first, 'Versenden', /wurde versendet/);
    expect((await orderOf(line.admin, customer.id)).status).toBe('in-progress');

    // The rest is completed at DRILL: 20 more good pieces, the order is Ready to ship with them.
    await act(atDrill, await orderOf(line.admin, production.id), 'complete-work', { stationId: line.stations.drill.id });
    expect((await orderOf(line.admin, customer.id)).status).toBe('ready-to-ship');

    const second = await shipPieces(20, 20);
    await press(second, 'Bereit zur Auslieferung', /ist bereit zur Auslieferung/);
    await press(second, 'Versenden', /wurde versendet/);
    await press(second, 'Zugestellt', /ist zugestellt/);
    expect((await orderOf(line.admin, customer.id)).status).toBe('delivered');

    // The order's history names the part and what went.
    const history = await openAsAdmin(`/order/history/${customer.id}`);
    await history.getByRole('heading', { name: `Verlauf von Auftrag ${customer.orderNumber}` }).waitFor();
    await history.getByText('30 Gutteile versandbereit').waitFor();
    await history.getByText('30 Stück in eine Sendung gelegt; der Rest bleibt zu versenden').waitFor();
    await history.getByText('30 Stück versendet').waitFor();
    await expectNoAxeViolations(history, 'order history with a partial shipment (German)');
  }, 240_000);
});
