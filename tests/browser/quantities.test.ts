import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openStation, startBrowserApp, type BrowserApp } from '../support/browser.js';
import { clientOf, companyWithTeam, type TestCompany } from '../support/identity.js';
import { act, createOrder, orderBody, orderLine, orderOf } from '../integration/orders/support.js';
import { holdNotifications, openHeldPageAs } from './hold-notifications.js';

// Quantities at the station (issue 27, docs/orders.md "Quantities"), in German on a touch tablet: an
// operator completes 30 of 50 pieces good and 2 as scrap with a reason; the 30 appear as a split
// order at the next station on a supervisor's board in another browser; the rest is completed
// later; the supervisor's OEE for the station moves; the order's history replays the split.
let app: BrowserApp;
let company: TestCompany;
let saw: { id: string; name: string };
let drill: { id: string; name: string };
let order: { id: string; orderNumber: string };

const ok = <T>(res: { statusCode: number; body: string; json(): unknown }, status = 200): T => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
};

beforeAll(async () => {
  app = await startBrowserApp();
  company = await companyWithTeam(app.testApp, { companyName: 'Vogt Zerspanung' });
  const office = clientOf(app.testApp, company.superUser.token);
  const material = ok<{ id: string }>(
    await office.post('/api/materials', { type: 'product', name: 'Welle', materialNumber: 'W-50', vat: 19, stock: { quantity: 0, unit: 'Stk' } }),
    201,
  );
  saw = ok(await office.post('/api/stations', { name: 'SÄGE' }), 201);
  drill = ok(await office.post('/api/stations', { name: 'BOHREN' }), 201);
  ok(await office.put('/api/stations/sequence', { stationIds: [saw.id, drill.id], startStationId: saw.id, version: 0 }));
  ok(await office.put(`/api/users/${company.operator.id}/station-authorizations`, { stationIds: [saw.id, drill.id] }));
  ok(await office.post('/api/team/master-data/scrapReasons', { name: 'Kratzer' }), 201);
  const created = ok<{ id: string; version: number }>(
    await office.post('/api/orders', {
      kind: 'production',
      name: 'Nordwerk',
      street: 'Am Hafen',
      houseNumber: '3',
      zip: '28195',
      place: 'Bremen',
      workInProgress: 'Halle 1',
      deliveryDate: '2099-12-01',
      positions: [{ materialId: material.id, quantity: 50, netPrice: 10 }],
    }),
    201,
  );
  order = ok(await office.post(`/api/orders/${created.id}/start-production`, { version: created.version }));
});

afterAll(async () => {
  await app?.close();
});

const notice = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });
const column = (page: Page, stationId: string) => page.locator(`.board-column[data-station-id="${stationId}"]`);
const card = (scope: Page | Locator, orderNumber: string) => scope.getByRole('article', { name: `Auftrag ${orderNumber}`, exact: true });

/** A German touch tablet signed in at SÄGE, on the station screen. */
async function germanTablet(): Promise<Page> {
  const tablet = await app.newPage({ locale: 'de-DE', hasTouch: true });
  await holdNotifications(tablet);
  await openStation(tablet, app, { station: saw, operator: company.operator, companyId: company.companyId });
  return tablet;
}

describe('quantities at the station', () => {
  it('30 of 50 good and 2 scrap go on as a split order seen on another board; the rest is completed later; the OEE of the station moves; the history replays the split', async () => {
    const childNumber = `${order.orderNumber}-1`;
    const board = await openHeldPageAs(app, company.admin, 'ADMIN', company.companyId, '/home', { locale: 'de-DE' });
    await card(column(board, saw.id), order.orderNumber).waitFor();
    await card(column(board, saw.id), order.orderNumber).getByText('Welle (W-50) · 50 Stück').waitFor();
    // The supervisor's OEE for SÄGE today (docs/oee.md): a column shows it once pieces were made there.
    const sawOee = column(board, saw.id).locator('.board-column-oee-parts');
    expect(await sawOee.count()).toBe(0);

    const tablet = await germanTablet();
    await tablet.getByRole('button', { name: new RegExp(order.orderNumber) }).tap();
    await tablet.getByRole('button', { name: 'Starten', exact: true }).tap();
    await notice(tablet, `Die Arbeit an Auftrag ${order.orderNumber} wurde begonnen.`).waitFor();
    await tablet.getByText('50 von 50 Stück an dieser Station').waitFor();

    await tablet.getByRole('button', { name: 'Menge melden' }).tap();
    const dialog = tablet.getByRole('dialog', { name: `Mengen für Auftrag ${order.orderNumber}` });
    await dialog.waitFor();
    const good = dialog.getByRole('textbox', { name: 'Gutteile' });
    expect(await good.inputValue()).toBe('50');
    await good.fill('30');
    await dialog.getByRole('textbox', { name: 'Ausschuss' }).fill('2');
    // Scrap without its reason is refused on the field, before anything is sent.
    await dialog.getByRole('button', { name: 'Melden', exact: true }).tap();
    await dialog.getByText('Wählen Sie einen Ausschussgrund.').waitFor();
    await dialog.getByRole('button', { name: /Ausschussgrund/ }).tap();
    await tablet.getByRole('option', { name: 'Kratzer' }).tap();
    await expectNoAxeViolations(tablet, 'quantity dialog (German)');
    await dialog.getByRole('button', { name: 'Melden', exact: true }).tap();
    await notice(tablet, `Auftrag ${order.orderNumber}: 30 gut, 2 Ausschuss, 0 Nacharbeit gemeldet.`).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await tablet.getByText('18 von 50 Stück an dieser Station').waitFor();

    // The supervisor's board (another browser) shows the split order at BOHREN, live, and the rest at SÄGE.
    await card(column(board, drill.id), childNumber).getByText('30 Stück').waitFor();
    await card(column(board, saw.id), order.orderNumber).getByText('18 von 50 Stück').waitFor();
    // ...and SÄGE's OEE moves, live: quality 30 good of 32 made.
    await sawOee.getByText(/Q 94\s%$/).waitFor();
    await expectNoAxeViolations(board, '/home with a split order (German)');

    // Later: the rest is completed, the order leaves SÄGE with its 18 pieces.
    await tablet.getByRole('button', { name: 'Menge melden' }).tap();
    await dialog.waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Gutteile' }).inputValue()).toBe('18');
    await dialog.getByRole('button', { name: 'Rest abschließen' }).tap();
    await notice(tablet, `Auftrag ${order.orderNumber} ist hier abgeschlossen und weiter an BOHREN.`).waitFor();
    await card(column(board, drill.id), order.orderNumber).getByText('18 von 50 Stück').waitFor();
    expect(await card(column(board, saw.id), order.orderNumber).count()).toBe(0);
    // Quality at SÄGE: 48 good of 50 made.
    await sawOee.getByText(/Q 96\s%$/).waitFor();

    // The history: the report and the split, replayed to the point of the split.
    const history = await openHeldPageAs(app, company.admin, 'ADMIN', company.companyId, `/order/history/${order.id}`, { locale: 'de-DE' });
    await history.getByRole('heading', { name: `Verlauf von Auftrag ${order.orderNumber}` }).waitFor();
    await history.getByText('An SÄGE: 30 gut, 2 Ausschuss, 0 Nacharbeit').waitFor();
    await history.getByText('Ausschuss: Kratzer').waitFor();
    await history.getByText(`30 Gutteile gingen als Auftrag ${childNumber} weiter an BOHREN`).waitFor();
    await history.getByText('An SÄGE: 18 gut, 0 Ausschuss, 0 Nacharbeit').waitFor();
    await expectNoAxeViolations(history, 'order history with a split (German)');

    const details = await openHeldPageAs(app, company.admin, 'ADMIN', company.companyId, `/order/details/${order.id}`, { locale: 'de-DE' });
    await details.getByRole('heading', { name: 'Mengen' }).waitFor();
    await details.getByText('SÄGE: 48 gut, 2 Ausschuss, 0 Nacharbeit').waitFor();
    await details.getByRole('link', { name: `${childNumber}: 30 Stück (gut)` }).waitFor();
    await expectNoAxeViolations(details, 'order details with quantities (German)');
    // Five pages and four axe checks: more than the browser project's default minute on a loaded machine.
  }, 180_000);

  it('a customer order whose production ended with scrap shows its under-production (German)', async () => {
    const line = await orderLine(app.testApp);
    const { saw, drill } = line.stations;
    const reason = await line.superUser.post('/api/team/master-data/scrapReasons', { name: 'Kratzer' });
    expect(reason.statusCode, reason.body).toBe(201);
    const customer = await act(line.admin, await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 4 }])), 'start-production');
    const atSaw = await line.signInAt(0, saw.id);
    const atDrill = await line.signInAt(1, drill.id);
    let production = await act(atSaw, await orderOf(line.admin, customer.productionOrders[0].id), 'start-work', { stationId: saw.id });
    production = await act(atSaw, production, 'complete-work', { stationId: saw.id, good: 2, scrap: 2, scrapReasonId: reason.json().entryId });
    production = await act(atDrill, await act(atDrill, production, 'start-work', { stationId: drill.id }), 'complete-work', { stationId: drill.id });
    expect(production.status).toBe('finished');

    const details = await openHeldPageAs(app, { id: line.userIds.admin, token: line.adminToken }, 'ADMIN', line.companyId, `/order/details/${customer.id}`, {
      locale: 'de-DE',
    });
    const quantities = details.getByRole('region', { name: 'Mengen' });
    await quantities.getByText('Produziert: 2 von 4 gut, 2 Ausschuss').waitFor();
    await quantities.getByText('Unterproduktion', { exact: true }).waitFor();
    await quantities.getByText('2 Gutteile weniger als bestellt, und die Produktion ist beendet').waitFor();
    await expectNoAxeViolations(details, 'customer order details with under-production (German)');
  });
});
