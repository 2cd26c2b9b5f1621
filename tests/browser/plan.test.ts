import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openStation, startBrowserApp, type BrowserApp } from '../support/browser.js';
import { act, createOrder, orderBody, orderLine, type OrderLine } from '../integration/orders/support.js';
import { stationBody } from '../integration/stations/stations-support.js';
import { newHeldPage, openHeldPageAs } from './hold-notifications.js';

// The capacity plan's Gantt (issue 29, docs/capacity-plan.md), in German, in two browsers: a
// completion at the station tablet re-plans the Gantt in both, a drag (and Alt+Arrow) reorders a
// station's queue for both, and the plan is replayed to yesterday; on a tablet, a touch drag reorders.
let app: BrowserApp;
let line: OrderLine;
type Order = { id: string; version: number; orderNumber: string };
let orders: { late: Order; sooner: Order; later: Order };

beforeAll(async () => {
  // Working time around the clock: the plan's dates do not jump to a next morning while the test runs.
  app = await startBrowserApp({ WORKING_TIME: '0-6 00:00-24:00' });
  line = await orderLine(app.testApp);
  const { saw, drill } = line.stations;
  const frame = await line.admin.post('/api/materials', {
    type: 'product',
    name: 'Rahmen',
    materialNumber: 'P-29',
    vat: 19,
    stock: { quantity: 0, unit: 'pcs' },
    manufacturingSteps: [
      { process: 'Sägen', time: 30, setupTime: 60, stationId: saw.id },
      { process: 'Bohren', time: 30, setupTime: 0, stationId: drill.id },
    ],
  });
  expect(frame.statusCode, frame.body).toBe(201);
  const started = async (deliveryDate: string) =>
    act(
      line.admin,
      await createOrder(line.admin, orderBody([{ materialId: frame.json().id as string, quantity: 10 }], { kind: 'production', deliveryDate })),
      'start-production',
    );
  // SAW: 60 min setup + 10 × 30 min = 6 h each; the first one's delivery date has passed.
  orders = { late: await started('2026-11-01'), sooner: await started('2027-01-10'), later: await started('2027-01-20') };
}, 120_000);

afterAll(async () => {
  await app?.close();
});

const chart = (page: Page) => page.getByRole('region', { name: 'Kapazitätsplan je Station' });
const bar = (page: Page, order: Order, station: string) => chart(page).getByRole('button', { name: new RegExp(`^${order.orderNumber} an ${station},`) });
const leftOf = async (page: Page, order: Order, station: string) => (await bar(page, order, station).boundingBox())?.x ?? Number.NaN;

async function planPage(): Promise<Page> {
  const page = await openHeldPageAs(app, { id: line.userIds.admin, token: line.adminToken }, 'ADMIN', line.companyId, '/plan', { locale: 'de-DE' });
  await page.getByRole('heading', { level: 1, name: 'Kapazitätsplan' }).waitFor();
  await bar(page, orders.later, 'SAW').waitFor();
  return page;
}

/** Waits until `first` is planned left of `second` at the station on the page. */
async function plannedBefore(page: Page, first: Order, second: Order, station: string) {
  await expect.poll(async () => (await leftOf(page, first, station)) < (await leftOf(page, second, station)), { timeout: 20_000 }).toBe(true);
}

describe('the capacity plan in two browsers', () => {
  it('re-plans on a completion at the station, reorders by drag and keyboard for both, and replays to yesterday', { timeout: 240_000 }, async () => {
    const office = await planPage();
    const other = await planPage();
    await other.getByText('Live: aktualisiert bei jedem Start, Abschluss, Stillstand und jeder Änderung.').waitFor();
    // Late in words, not by colour only; the explanation on focus.
    await expect.poll(async () => bar(office, orders.late, 'SAW').getAttribute('aria-label')).toMatch(/verspätet$/);
    await bar(office, orders.later, 'SAW').focus();
    const details = office.getByRole('region', { name: 'Details' });
    await details
      .getByText(new RegExp(`^wartet 12 h an SAW hinter ${orders.late.orderNumber} und ${orders.sooner.orderNumber}; Plan: 60 min Rüsten`))
      .waitFor();
    await office.getByText('Jetzt', { exact: true }).waitFor();
    await expectNoAxeViolations(office, '/plan with an order focused (de)');

    // The operator completes the late order at SAW on the tablet: both Gantts plan it at DRILL only.
    const tablet = await newHeldPage(app, { locale: 'de-DE', hasTouch: true });
    await openStation(tablet, app, {
      station: { id: line.stations.saw.id, name: 'SAW' },
      operator: { login: line.operators[0].login },
      companyId: line.companyId,
    });
    await tablet.getByRole('button', { name: new RegExp(`^Auftrag ${orders.late.orderNumber}`) }).tap();
    await tablet.getByRole('button', { name: 'Starten', exact: true }).tap();
    await tablet.getByText(`Die Arbeit an Auftrag ${orders.late.orderNumber} wurde begonnen.`).waitFor();
    await tablet.getByRole('button', { name: 'Abschließen', exact: true }).tap();
    await tablet.getByText(`Auftrag ${orders.late.orderNumber} ist hier abgeschlossen und weiter an DRILL.`).waitFor();
    for (const page of [office, other]) {
      await bar(page, orders.late, 'SAW').waitFor({ state: 'detached', timeout: 20_000 });
      await bar(page, orders.late, 'DRILL').waitFor();
    }
    await plannedBefore(other, orders.sooner, orders.later, 'SAW');

    // The supervisor drags the later order in front of the sooner one: both browsers plan it first.
    const dragged = await bar(office, orders.later, 'SAW').boundingBox();
    const target = await bar(office, orders.sooner, 'SAW').boundingBox();
    if (!dragged || !target) throw new Error('the bars are not on screen');
    await office.mouse.move(dragged.x + dragged.width / 2, dragged.y + dragged.height / 2);
    await office.mouse.down();
    await office.mouse.move(target.x - 4, dragged.y + dragged.height / 2, { steps: 8 });
    await office.mouse.up();
    await office.getByText(`${orders.later.orderNumber} an SAW verschoben.`).waitFor();
    await plannedBefore(other, orders.later, orders.sooner, 'SAW');
    await plannedBefore(office, orders.later, orders.sooner, 'SAW');

    // With the keyboard in the other browser: Alt+Arrow up puts the sooner order first again.
    await bar(other, orders.sooner, 'SAW').focus();
    await other.keyboard.press('Alt+ArrowUp');
    await plannedBefore(office, orders.sooner, orders.later, 'SAW');
    // And with the Earlier/Later buttons of the details.
    await bar(other, orders.sooner, 'SAW').focus();
    await other.getByRole('region', { name: 'Details' }).getByRole('button', { name: 'Später' }).click();
    await plannedBefore(office, orders.later, orders.sooner, 'SAW');

    // Replayed to yesterday: the company had no orders yet.
    const yesterday = new Date(Date.now() - 86_400_000);
    const local = new Date(yesterday.getTime() - yesterday.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await office.getByLabel('Plan wie am').fill(local);
    await office.getByRole('button', { name: 'Anzeigen' }).click();
    await office.getByText(/^Plan wie am .+, aus dem Protokoll berechnet\.$/).waitFor();
    await office.getByRole('heading', { name: 'Keine offenen Produktionsaufträge' }).waitFor();
    await expectNoAxeViolations(office, '/plan replayed to yesterday (de)');
    await office.getByRole('button', { name: 'Zurück zu jetzt' }).click();
    await bar(office, orders.sooner, 'SAW').waitFor();
  });

  it('reorders a station queue by a touch drag on a tablet', { timeout: 120_000 }, async () => {
    const tablet = await openHeldPageAs(app, { id: line.userIds.admin, token: line.adminToken }, 'ADMIN', line.companyId, '/plan', {
      locale: 'de-DE',
      hasTouch: true,
    });
    await tablet.getByRole('heading', { level: 1, name: 'Kapazitätsplan' }).waitFor();
    // The first test left the later order first at SAW; the finger puts the sooner one in front of it.
    await plannedBefore(tablet, orders.later, orders.sooner, 'SAW');
    await bar(tablet, orders.sooner, 'SAW').scrollIntoViewIfNeeded();
    const dragged = await bar(tablet, orders.sooner, 'SAW').boundingBox();
    const target = await bar(tablet, orders.later, 'SAW').boundingBox();
    if (!dragged || !target) throw new Error('the bars are not on screen');
    const touch = await tablet.context().newCDPSession(tablet);
    const y = dragged.y + dragged.height / 2;
    const fromX = dragged.x + dragged.width / 2;
    const toX = target.x - 4;
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fromX, y }] });
    for (let step = 1; step <= 8; step++) {
      await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: fromX + ((toX - fromX) * step) / 8, y }] });
    }
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await tablet.getByText(`${orders.sooner.orderNumber} an SAW verschoben.`).waitFor();
    await plannedBefore(tablet, orders.sooner, orders.later, 'SAW');
    await expectNoAxeViolations(tablet, '/plan on a tablet after a touch drag (de)');
  });

  it('reads ten station rows at first and the others when the end of the chart is scrolled to', { timeout: 120_000 }, async () => {
    // Nine more stations: twelve rows, more than one page of ten.
    for (let index = 1; index <= 9; index++) {
      const res = await line.admin.post('/api/stations', stationBody(`OFEN${index}`));
      expect(res.statusCode, res.body).toBe(201);
    }
    // Signed in on the start page; the plan's reads are watched from the moment /plan opens.
    const page = await openHeldPageAs(app, { id: line.userIds.admin, token: line.adminToken }, 'ADMIN', line.companyId, '/', { locale: 'de-DE' });
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/plan') asked.push(url.search);
    });
    await page.goto(`${app.baseUrl}/plan`);
    await page.getByRole('heading', { level: 1, name: 'Kapazitätsplan' }).waitFor();
    // The header counts the whole plan, whatever rows are read.
    await page.getByText(/^3 Produktionsaufträge im Plan, davon \d+ verspätet$/).waitFor();
    expect(asked[0]).toBe('?offset=0&limit=10');
    // Scrolled to the end of the chart: the two rows after the first ten are read.
    await page.locator('.plan-more').scrollIntoViewIfNeeded();
    const more = page.getByRole('button', { name: 'Weitere Stationen laden' });
    await chart(page).getByRole('status').filter({ hasText: '12 von 12 Stationen angezeigt' }).waitFor();
    expect(asked).toContain('?offset=10&limit=10');
    // Every row read: the orders' bars at their stations, wherever those rows are.
    await bar(page, orders.later, 'SAW').waitFor();
    await expect
      .poll(async () =>
        chart(page)
          .getByRole('list', { name: /^OFEN\d$/ })
          .count(),
      )
      .toBe(9);
    await expect.poll(async () => more.count()).toBe(0);
    await expectNoAxeViolations(page, '/plan with every station row read (de)');
  });
});
