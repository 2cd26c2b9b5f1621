import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STREAM_TYPE, orderStreamId } from '../../src/domain/orders/order.events.js';
import { recordEvents, runInTenant } from '../../src/server/platform/command.js';
import { expectNoAxeViolations, openStation, startBrowserApp, writeSession, type BrowserApp } from '../support/browser.js';
import { act, createOrder, orderBody, orderLine, orderOf, type Client, type OrderLine } from '../integration/orders/support.js';
import { newHeldPage } from './hold-notifications.js';

// OEE in the browser, in German (docs/oee.md): the key-figures page's OEE section with the plant's
// figures, a table per station and the loss Pareto whose bar lists its orders; the station board's
// columns show today's OEE.
let app: BrowserApp;
let line: OrderLine;
let atSaw: Client;
let orderNumber: string;

beforeAll(async () => {
  app = await startBrowserApp();
  line = await orderLine(app.testApp);
  // Working time all day, every day: the test's real clock always falls in it.
  const settings = (await line.superUser.get('/api/company-account/basic-settings')).json();
  const saved = await line.superUser.put('/api/company-account/updateBasicSettings', {
    ...settings,
    workingTime: { days: [0, 1, 2, 3, 4, 5, 6], from: '00:00', to: '24:00', timeZone: 'Europe/Berlin' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const bike = (await line.admin.get(`/api/materials/${line.materials.bike}`)).json();
  const { id: _id, image: _image, createdAt: _c, updatedAt: _u, ...body } = bike;
  const planned = await line.admin.put(`/api/materials/${line.materials.bike}`, {
    ...body,
    manufacturingSteps: [{ process: 'Sägen', time: 2, setupTime: 5, stationId: line.stations.saw.id }],
  });
  expect(planned.statusCode, planned.body).toBe(200);
  atSaw = await line.signInAt(0, line.stations.saw.id);

  // Ten bikes at SAW: 8 good, 2 scrap "Kratzer" (the quantity-reporting command's event), then completed.
  const created = await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 10 }], { kind: 'production', deliveryDate: null }));
  orderNumber = created.orderNumber;
  const started = await act(atSaw, await act(line.admin, created, 'start-production'), 'start-work', { stationId: line.stations.saw.id });
  await runInTenant(app.testApp.app, { companyId: line.companyId, actor: { userId: line.userIds.admin, role: 'ADMIN' }, metadata: {} }, async (ctx) =>
    recordEvents(ctx, { id: orderStreamId(started.id), type: ORDER_STREAM_TYPE }, [
      {
        type: 'QuantityReported',
        data: {
          orderId: started.id,
          stationId: line.stations.saw.id,
          good: 8,
          scrap: 2,
          rework: 0,
          scrapReasonId: 'scratch',
          scrapReason: 'Kratzer',
          reworkReasonId: null,
          reworkReason: null,
          reworkStationId: null,
          reportedBy: line.userIds.admin,
          at: ctx.at,
        },
      },
    ]),
  );
  await act(atSaw, await orderOf(line.admin, started.id), 'complete-work', { stationId: line.stations.saw.id });
});
afterAll(async () => {
  await app?.close();
});

async function openAsAdmin(path: string): Promise<Page> {
  const page = await newHeldPage({ newPage: () => app.newPage({ locale: 'de-DE' }) });
  await writeSession(page, app, {
    access_token: line.adminToken,
    userId: line.userIds.admin,
    role: 'ADMIN',
    company: line.companyId,
    expiresAt: Date.now() + 3_600_000,
  });
  await page.goto(`${app.baseUrl}${path}`);
  return page;
}

describe('OEE (German)', () => {
  it('the key-figures page shows OEE per plant and station and the loss Pareto; a bar lists its orders', async () => {
    const page = await openAsAdmin('/key-figures');
    await page.getByRole('heading', { level: 1, name: 'Kennzahlen' }).waitFor();
    const section = page.getByRole('region', { name: 'OEE (Gesamtanlageneffektivität)' });
    await section.waitFor();
    await section.getByText('Verfügbarkeit', { exact: true }).first().waitFor();
    // Planned times exist: OEE is a share, not "unbekannt".
    const plantOee = section.locator('.oee-plant [data-part="oee"] .key-figure-value');
    await expect.poll(() => plantOee.textContent(), { timeout: 30_000 }).toMatch(/%/);
    const sawRow = section.getByRole('row', { name: /SAW/ });
    await sawRow.waitFor();
    expect(await sawRow.textContent()).toContain('8 / 2 / 0');

    const scrapBar = section.getByRole('button', { name: /Ausschuss: Kratzer.*2 Stück/ });
    await scrapBar.click();
    const orders = section.getByRole('region', { name: 'Aufträge zu Ausschuss: Kratzer' });
    await orders.getByRole('link', { name: orderNumber }).waitFor();
    expect(await orders.textContent()).toContain('2 Stück');
    await expectNoAxeViolations(page, '/key-figures OEE section in German');
  });

  it("the station board's column and the wall display show today's OEE", async () => {
    const page = await openAsAdmin('/home');
    const column = page.locator(`.board-column[data-station-id="${line.stations.saw.id}"]`);
    await column
      .locator('.board-column-oee')
      .getByText(/^OEE heute: \d/)
      .waitFor({ timeout: 30_000 });
    await expectNoAxeViolations(page, '/home station board with OEE in German');
    // The wall display's board too.
    await page.goto(`${app.baseUrl}/order/advertisement`);
    await page
      .locator(`.station-board[data-variant="display"] .board-column[data-station-id="${line.stations.saw.id}"] .board-column-oee`)
      .getByText(/^OEE heute: \d/)
      .waitFor({ timeout: 30_000 });
  });

  it('the station screen shows planned (setup + per piece × quantity) vs elapsed for the order in work', async () => {
    // 10 bikes at SAW: 5 min setup + 2 min × 10 = 25 min planned.
    const created = await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 10 }], { kind: 'production', deliveryDate: null }));
    await act(atSaw, await act(line.admin, created, 'start-production'), 'start-work', { stationId: line.stations.saw.id });
    const tablet = await newHeldPage({ newPage: () => app.newPage({ locale: 'de-DE', hasTouch: true }) });
    await openStation(tablet, app, { station: line.stations.saw, operator: { login: line.operators[0].login }, companyId: line.companyId });
    await tablet.getByRole('heading', { name: `Auftrag ${created.orderNumber}` }).waitFor();
    await tablet.getByText(/^Geplant: 25 min · vergangen: \d+ min/).waitFor();
    await tablet.getByText('2 min pro Stück · Rüsten 5 min', { exact: false }).waitFor();
    await expectNoAxeViolations(tablet, '/station work with planned vs elapsed in German');
  });
});
