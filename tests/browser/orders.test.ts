import { randomUUID } from 'node:crypto';
import type { Page, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionCompany } from '../../src/server/modules/identity/index.js';
import { expectNoAxeViolations, expectOk, openStation, startBrowserApp, stationSession, writeSession, type BrowserApp } from '../support/browser.js';
import {
  adminChangeRightsInTests,
  clientOf,
  grantChangeRights,
  identityOf,
  signIn as signInThroughApi,
  testPassword,
  type Client,
} from '../support/identity.js';
import { newHeldPage } from './hold-notifications.js';

// Orders and the live production flow in the browser: an administrator creates an order and
// starts production; an operator completes it through two stations while the home board in a
// second page follows without reload; the history replays it; the shop-floor display shows it
// live, also across a lost connection; two operators acting at once; Move to offers an operator
// only the stations they are authorised for.
let app: BrowserApp;
let companyId: string;
let admin: { userId: string; token: string; client: Client };
let operators: { userId: string; login: string; client: Client }[];
let saw: { id: string; name: string };
let drill: { id: string; name: string };
let paint: { id: string; name: string };
let bike: string;

interface OrderAnswer {
  id: string;
  orderNumber: string;
  version: number;
  status: string;
  productionOrders: { id: string; orderNumber: string }[];
  location: { stage: string; stationId?: string } | null;
}

beforeAll(async () => {
  app = await startBrowserApp();
  const tag = randomUUID().slice(0, 8);
  const logins = { superUser: `owner-${tag}@example.com`, admin: `admin-${tag}@example.com`, op1: `olga${tag}`, op2: `jonas${tag}`, op3: `pia${tag}` };
  const provisioned = await provisionCompany(identityOf(app.testApp), {
    companyName: `Radwerk ${tag}`,
    plan: 'standard',
    trialEndsAt: null,
    users: [
      { role: 'SUPER_USER', firstName: 'Sabine', lastName: 'Schmidt', email: logins.superUser, password: testPassword },
      { role: 'ADMIN', firstName: 'Ali', lastName: 'Demir', email: logins.admin, password: testPassword },
      { role: 'OPERATOR', firstName: 'Olga', lastName: 'Berg', username: logins.op1, password: testPassword },
      { role: 'OPERATOR', firstName: 'Jonas', lastName: 'Weber', username: logins.op2, password: testPassword },
      { role: 'OPERATOR', firstName: 'Pia', lastName: 'Krause', username: logins.op3, password: testPassword },
    ],
  });
  companyId = provisioned.companyId;
  // The admin sets the operators' station authorisations below: the team change right as well.
  await grantChangeRights(app.testApp, companyId, provisioned.userIds[0], provisioned.userIds[1], adminChangeRightsInTests);
  const adminSession = await signInThroughApi(app.testApp, logins.admin, testPassword, '10.7.0.1');
  admin = { userId: adminSession.userId, token: adminSession.access_token, client: clientOf(app.testApp, adminSession.access_token) };
  operators = [
    { userId: provisioned.userIds[2], login: logins.op1, client: clientOf(app.testApp) },
    { userId: provisioned.userIds[3], login: logins.op2, client: clientOf(app.testApp) },
    { userId: provisioned.userIds[4], login: logins.op3, client: clientOf(app.testApp) },
  ];

  const station = async (name: string, parameters: object[] = []) =>
    expectOk<{ id: string; name: string }>(await admin.client.post('/api/stations', { name, parameters }), 201);
  saw = await station('SAW', [{ name: 'Blade speed', value: 3200, unit: 'rpm', from: null, to: null }]);
  drill = await station('DRILL');
  // Off the line, and no operator is authorised for it.
  paint = await station('PAINT');
  const sequence = expectOk<{ version: number }>(await admin.client.get('/api/stations/sequence'));
  expectOk(await admin.client.put('/api/stations/sequence', { stationIds: [saw.id, drill.id], startStationId: saw.id, version: sequence.version }));
  // Olga and Jonas work at both stations of the line, Pia only at the saw.
  const authorised = [[saw.id, drill.id], [saw.id, drill.id], [saw.id]];
  for (const [index, operator] of operators.entries()) {
    expectOk(await admin.client.put(`/api/users/${operator.userId}/station-authorizations`, { stationIds: authorised[index] }));
  }
  const material = async (body: object) => expectOk<{ id: string }>(await admin.client.post('/api/materials', body), 201).id;
  bike = await material({
    type: 'product',
    name: 'City bike',
    materialNumber: 'P-100',
    netPrice: 249.5,
    vat: 19,
    stock: { quantity: 0, unit: 'pcs' },
    manufacturingSteps: [{ process: 'Cut the frame tubes', tool: 'Band saw', time: 12, stationId: saw.id }],
  });
  await material({ type: 'manufacturing_part', name: 'Wheel', materialNumber: 'F-200', netPrice: 35, vat: 19, stock: { quantity: 50, unit: 'pcs' } });
});

afterAll(async () => {
  await app?.close();
});

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const notification = (page: Page, text: string | RegExp) => page.locator('.notification').filter({ hasText: text });

async function openAsAdmin(path: string): Promise<Page> {
  const page = await newHeldPage(app);
  await writeSession(page, app, { access_token: admin.token, userId: admin.userId, role: 'ADMIN', company: companyId, expiresAt: Date.now() + 3_600_000 });
  await page.goto(`${app.baseUrl}${path}`);
  return page;
}

/** Signs the operator in at the station through the API (its client then acts as them), opening the station screen on `page`. */
async function signInAtStation(operator: number, station: { id: string; name: string }, page?: Page) {
  const signIn = { station, operator: operators[operator], companyId };
  const session = page ? await openStation(page, app, signIn) : await stationSession(app, signIn);
  operators[operator].client = clientOf(app.testApp, session.access_token);
}

/** A customer order of one bike, placed and started through the API: answers its production order. */
async function productionOrderInLine(): Promise<OrderAnswer> {
  let order = expectOk<OrderAnswer>(
    await admin.client.post('/api/orders', {
      kind: 'customer',
      name: 'Velo Nord',
      street: 'Hafenstraße',
      houseNumber: '3',
      zip: '20457',
      place: 'Hamburg',
      workInProgress: 'Rack 1',
      deliveryDate: '2099-06-01',
      positions: [{ materialId: bike, quantity: 1, netPrice: 249.5 }],
    }),
    201,
  );
  order = expectOk<OrderAnswer>(await admin.client.post(`/api/orders/${order.id}/start-production`, { version: order.version }));
  return expectOk<OrderAnswer>(await admin.client.get(`/api/orders/${order.productionOrders[0].id}`));
}

/**
 * Types into a position's material picker key by key, as a user does (a popover closes on the
 * scroll that bringing the field into view causes, so one pasted value can leave it shut), and,
 * once the server's search has answered with the one material, takes it by keyboard.
 */
async function pickMaterial(page: Page, position: ReturnType<Page['getByRole']>, search: string, option: string) {
  const input = position.getByRole('combobox', { name: 'Material' });
  await input.click();
  await input.pressSequentially(search);
  await expect.poll(() => page.getByRole('option').allTextContents(), { timeout: 10_000 }).toEqual([option]);
  await input.press('ArrowDown');
  await input.press('Enter');
  await expect.poll(() => input.inputValue(), { timeout: 10_000 }).toBe(option);
}

const boardRow = (page: Page, orderNumber: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: orderNumber }) });

describe('orders in the console', () => {
  let customerOrder: { id: string; orderNumber: string };
  let productionOrder: { id: string; orderNumber: string };

  it('creates an order with the schema rules shown in the form, then places it and starts production', async () => {
    const page = await openAsAdmin('/order');
    await heading(page, 'Orders').waitFor();
    await page.getByRole('tab', { name: 'Production Orders' }).click();
    await page.waitForURL(/kind=production/);
    await page.getByRole('tab', { name: 'Orders', exact: true }).click();
    await page.waitForURL(/kind=customer/);
    await expectNoAxeViolations(page, '/order');

    await page.getByRole('link', { name: 'Add order' }).click();
    await heading(page, 'Add order').waitFor();
    await page.getByRole('button', { name: 'Create order' }).click();
    await page.getByText('Please correct the marked fields.').waitFor();
    expect(await page.getByText('This field is required.').count()).toBeGreaterThanOrEqual(5);
    await page.getByText('Choose a material.').waitFor();
    await expectNoAxeViolations(page, '/order/add-order with problems');

    await page.getByRole('textbox', { name: 'Customer name' }).fill('Fahrradhaus Berg');
    await page.getByRole('textbox', { name: 'Street' }).fill('Hauptstraße');
    await page.getByRole('textbox', { name: 'House number' }).fill('12a');
    await page.getByRole('textbox', { name: 'ZIP code' }).fill('80331');
    await page.getByRole('textbox', { name: 'Place' }).fill('München');
    await page.getByRole('textbox', { name: 'Work in progress' }).fill('Rack 3');
    await page.getByLabel('Delivery date').fill('2099-12-01');
    await page.getByRole('checkbox', { name: 'Prioritized' }).check({ force: true });

    const first = page.getByRole('group', { name: 'Position 1' });
    await pickMaterial(page, first, 'City', 'City bike (P-100) · Product');
    // The material's net price is taken over; quantity 1000 is beyond the rule.
    expect(await first.getByRole('textbox', { name: 'Net price' }).inputValue()).toBe('249.50');
    await first.getByRole('textbox', { name: 'Quantity' }).fill('1000');
    await first.getByRole('textbox', { name: 'Quantity' }).press('Tab');
    await first.getByText('At most 999.').waitFor();
    await first.getByRole('textbox', { name: 'Quantity' }).fill('2');
    await first.getByRole('textbox', { name: 'Quantity' }).press('Tab');
    await page.getByText('Net sum:').locator('..').getByText('499.00').waitFor();

    await page.getByRole('button', { name: 'Add position' }).click();
    const second = page.getByRole('group', { name: 'Position 2' });
    await pickMaterial(page, second, 'Wheel', 'Wheel (F-200) · Manufacturing part');
    await second.getByRole('textbox', { name: 'Quantity' }).fill('4');
    await second.getByRole('textbox', { name: 'Net price' }).fill('35.25');
    await second.getByRole('textbox', { name: 'Net price' }).press('Tab');
    await page.getByText('Net sum:').locator('..').getByText('640.00').waitFor();

    // A stock order cannot take a position from inventory: the domain's message, at once.
    await second.getByRole('checkbox', { name: 'Take from inventory' }).check({ force: true });
    await page.getByRole('checkbox', { name: 'Stock order' }).check({ force: true });
    await second.getByText('A stock order cannot take positions from inventory.').waitFor();
    await page.getByRole('checkbox', { name: 'Stock order' }).uncheck({ force: true });
    expect(await second.getByText('A stock order cannot take positions from inventory.').count()).toBe(0);
    await expectNoAxeViolations(page, '/order/add-order filled');

    await page.getByRole('button', { name: 'Create order' }).click();
    await page.waitForURL(/\/order\/details\//);
    const orderNumber = ((await heading(page, /^Order \d+$/).textContent()) ?? '').replace('Order ', '');
    customerOrder = { id: page.url().split('/').at(-1) as string, orderNumber };
    await notification(page, `Order ${orderNumber} created.`).waitFor();
    const progress = page.getByRole('list', { name: 'Order progress' });
    expect(await progress.getByRole('listitem').allTextContents()).toEqual(['1Open', '2Ordered', '3In Progress', '4Ready to Ship', '5Dispatched', '6Finished']);
    expect(await progress.locator('[aria-current="step"]').textContent()).toContain('Open');
    await page.getByText('Fahrradhaus Berg').waitFor();
    await expectNoAxeViolations(page, '/order/details (open)');

    // Only the actions the machine allows in Open: place, start production, cancel.
    const actions = page.getByRole('group', { name: 'Actions' });
    expect(await actions.getByRole('button').allTextContents()).toEqual(['Place order', 'Start production', 'Cancel order']);
    await actions.getByRole('button', { name: 'Place order' }).click();
    await notification(page, `Order ${orderNumber} is ordered.`).waitFor();
    await progress.locator('[aria-current="step"]').filter({ hasText: 'Ordered' }).waitFor();

    await actions.getByRole('button', { name: 'Start production' }).click();
    await notification(page, `Production of order ${orderNumber} started.`).waitFor();
    await progress.locator('[aria-current="step"]').filter({ hasText: 'In Progress' }).waitFor();
    const children = page.getByRole('region', { name: 'Production orders' });
    // The wheels come from inventory; only the bike is made.
    await children.getByRole('link').first().waitFor();
    expect(await children.getByRole('link').count()).toBe(1);
    expect(await actions.count()).toBe(0);
    await expectNoAxeViolations(page, '/order/details (in progress)');

    const customer = expectOk<OrderAnswer>(await admin.client.get(`/api/orders/${customerOrder.id}`));
    productionOrder = { id: customer.productionOrders[0].id, orderNumber: customer.productionOrders[0].orderNumber };

    // The list filters by status in the address; the order shows there with its status.
    await page.goto(`${app.baseUrl}/order?kind=customer&status=in-progress`);
    await boardRow(page, orderNumber).getByText('In progress').waitFor();
    // The live note names the list in words that read right ("Orders updates by itself" did not).
    await page.getByText('Live: this list updates by itself.').waitFor();
    await page.getByRole('button', { name: /Status$/ }).click();
    await page.getByRole('option', { name: 'Canceled' }).click();
    await page.waitForURL(/status=canceled/);
    await page.getByText('No results found.').waitFor();
  });

  it('an operator completes the production order through two stations while the home board in a second page follows without reload', async () => {
    const board = await openAsAdmin('/home');
    await heading(board, 'Home').waitFor();
    await board.getByText('Live: the board updates by itself.').waitFor();
    await boardRow(board, productionOrder.orderNumber).getByRole('cell', { name: 'SAW' }).waitFor();
    await board.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await expectNoAxeViolations(board, '/home');

    // The first station through the station login, as on the tablet.
    const tablet = await newHeldPage(app);
    await tablet.goto(`${app.baseUrl}/station/${saw.id}/login`);
    await tablet.getByRole('textbox', { name: 'Username' }).fill(operators[0].login);
    await tablet.getByRole('textbox', { name: 'Password' }).fill(testPassword);
    await tablet.getByRole('button', { name: 'Sign in at the station' }).click();
    await tablet.waitForURL(`**/station/${saw.id}/work`);
    await heading(tablet, 'SAW').waitFor();
    const entry = tablet.getByRole('button', { name: new RegExp(`^Order ${productionOrder.orderNumber}`) });
    await entry.waitFor();
    await tablet.getByRole('heading', { level: 3, name: `Order ${productionOrder.orderNumber}` }).waitFor();
    await tablet.getByText('Cut the frame tubes').waitFor();
    await tablet.getByText('Blade speed: 3,200 rpm').waitFor();
    await expectNoAxeViolations(tablet, '/station/:id/work with an order');
    for (const name of ['Start', 'Complete', 'Move to…']) {
      const box = await tablet.getByRole('button', { name, exact: true }).boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
      expect(box?.width).toBeGreaterThanOrEqual(44);
    }
    expect((await entry.boundingBox())?.height).toBeGreaterThanOrEqual(44);

    await tablet.getByRole('button', { name: 'Start', exact: true }).click();
    await notification(tablet, `Work on order ${productionOrder.orderNumber} started.`).waitFor();
    await tablet.getByText(/^In work here since/).waitFor();
    await tablet.getByRole('button', { name: 'Complete', exact: true }).click();
    await notification(tablet, `Order ${productionOrder.orderNumber} completed here and moved on to DRILL.`).waitFor();
    await boardRow(board, productionOrder.orderNumber).getByRole('cell', { name: 'DRILL' }).waitFor();
    expect(await tablet.getByRole('button', { name: new RegExp(`^Order ${productionOrder.orderNumber}`) }).count()).toBe(0);

    // The second station: the operator signs in there; a scanner types the number and Enter.
    // A number that is not in the worklist is looked up by number on the server.
    await signInAtStation(0, drill, tablet);
    const scan = tablet.getByRole('textbox', { name: 'Order number' });
    const unknown = tablet.waitForResponse((res) => res.url().endsWith('/api/orders/by-number/999999'));
    await scan.fill('999999');
    await scan.press('Enter');
    expect((await unknown).status()).toBe(404);
    await tablet.getByText('There is no order or material with the number 999999.').waitFor();
    await expectNoAxeViolations(tablet, '/station/:id/work with an unknown order number');
    await scan.fill('42');
    await scan.press('Enter');
    await tablet.getByText('There is no order or material with the number 42.').waitFor();
    const lookedUp = tablet.waitForResponse((res) => res.url().endsWith(`/api/orders/by-number/${customerOrder.orderNumber}`));
    await scan.fill(customerOrder.orderNumber);
    await scan.press('Enter');
    expect((await lookedUp).status()).toBe(200);
    await tablet.getByRole('heading', { level: 3, name: `Order ${customerOrder.orderNumber}` }).waitFor();
    await tablet.getByText('This order is not on the production line.').waitFor();
    expect(await tablet.getByText(/^There is no order or material with the number/).count()).toBe(0);
    await tablet.getByRole('textbox', { name: 'Order number' }).fill(productionOrder.orderNumber);
    await tablet.getByRole('textbox', { name: 'Order number' }).press('Enter');
    await tablet.getByRole('heading', { level: 3, name: `Order ${productionOrder.orderNumber}` }).waitFor();
    await tablet.getByRole('button', { name: 'Start', exact: true }).click();
    await tablet.getByText(/^In work here since/).waitFor();
    await tablet.getByRole('button', { name: 'Complete', exact: true }).click();
    await notification(tablet, `Order ${productionOrder.orderNumber} completed at the last station: production is finished.`).waitFor();

    await boardRow(board, productionOrder.orderNumber).getByText('Finished').waitFor();
    await boardRow(board, productionOrder.orderNumber).getByRole('cell', { name: 'WIP' }).waitFor();
    expect(await board.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await expectNoAxeViolations(board, '/home after the moves');
  });

  it("replays the production order's history with a keyboard-operable slider", async () => {
    const page = await openAsAdmin(`/order/history/${productionOrder.id}`);
    await heading(page, `History of order ${productionOrder.orderNumber}`).waitFor();
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await timeline.getByText('Work completed').first().waitFor();
    expect(
      await timeline
        .getByRole('listitem')
        .filter({ has: page.locator('.order-timeline-event') })
        .count(),
    ).toBe(9);
    await timeline.getByText('Olga Berg', { exact: false }).first().waitFor();
    await timeline.getByText('Where: in work at SAW → waiting at DRILL').first().waitFor();
    // The first entry names the status the order was created in.
    await timeline
      .getByText(/^Status: \S/)
      .first()
      .waitFor();
    await page.getByText('Event 9 of 9: Production finished', { exact: false }).waitFor();
    await expectNoAxeViolations(page, '/order/history');

    const slider = page.getByRole('slider', { name: /Replay the order to event/ });
    await slider.focus();
    await page.keyboard.press('Home');
    await page.getByText('Event 1 of 9: Order created', { exact: false }).waitFor();
    const replay = page.getByRole('region', { name: 'Replay' });
    await replay.locator('.badge').filter({ hasText: 'Open' }).waitFor();
    await replay.getByText('Not on the production line').waitFor();

    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.getByText('Event 3 of 9: Work started', { exact: false }).waitFor();
    await replay.locator('.badge').filter({ hasText: 'In progress' }).waitFor();
    await replay.getByText('in work at SAW').waitFor();
    expect(await timeline.locator('[aria-current="step"] .order-timeline-event').textContent()).toBe('Work started');

    await timeline.getByRole('button', { name: /^Show the order at this point\W+event 5, Work completed$/ }).click();
    await replay.getByText('waiting at DRILL').waitFor();
    await slider.focus();
    await page.keyboard.press('End');
    await replay.locator('.badge').filter({ hasText: 'Finished' }).waitFor();
    await replay.getByText('WIP', { exact: true }).waitFor();
    await expectNoAxeViolations(page, '/order/history replayed');
  });

  it('the customer order is ready to ship once its production order is done; a dispatch on a stale copy fails and says why', async () => {
    const page = await openAsAdmin(`/order/details/${customerOrder.id}`);
    const progress = page.getByRole('list', { name: 'Order progress' });
    await progress.locator('[aria-current="step"]').filter({ hasText: 'Ready to Ship' }).waitFor();
    const actions = page.getByRole('group', { name: 'Actions' });
    expect(await actions.getByRole('button').allTextContents()).toEqual(['Ready to dispatch']);
    await actions.getByRole('button', { name: 'Ready to dispatch' }).click();
    await progress.getByText('Ready for dispatch').waitFor();

    // Someone else dispatches first: this page's copy is stale, the failure says so, and it shows the order as it is.
    await page.route('**/api/orders/*/dispatch', async (route) => {
      const current = expectOk<OrderAnswer>(await admin.client.get(`/api/orders/${customerOrder.id}`));
      expectOk(await admin.client.post(`/api/orders/${customerOrder.id}/dispatch`, { version: current.version }));
      await route.continue();
    });
    await actions.getByRole('button', { name: 'Dispatch' }).click();
    await notification(page, `Dispatch of order ${customerOrder.orderNumber} failed: someone else changed order ${customerOrder.orderNumber} first`).waitFor();
    await progress.locator('[aria-current="step"]').filter({ hasText: 'Dispatched' }).waitFor();
    await expectNoAxeViolations(page, '/order/details (dispatch failed)');

    await page.getByRole('button', { name: /Language$/ }).click();
    await page.getByRole('option', { name: 'Deutsch' }).click();
    await heading(page, `Auftrag ${customerOrder.orderNumber}`).waitFor();
    const fortschritt = page.getByRole('list', { name: 'Auftragsfortschritt' });
    expect(await fortschritt.locator('[aria-current="step"]').textContent()).toContain('Ausgeliefert');
    await page.getByRole('group', { name: 'Aktionen' }).getByRole('button', { name: 'Zugestellt' }).waitFor();
  });
});

describe('the order form in German', () => {
  it('labels the work-in-progress field in German and says what it is for', async () => {
    const page = await app.newPage({ locale: 'de-DE' });
    await writeSession(page, app, { access_token: admin.token, userId: admin.userId, role: 'ADMIN', company: companyId, expiresAt: Date.now() + 3_600_000 });
    await page.goto(`${app.baseUrl}/order/add-order`);
    await heading(page, 'Auftrag anlegen').waitFor();
    const field = page.getByRole('textbox', { name: 'Zwischenlager (WIP)' });
    await field.waitFor();
    expect(await page.getByText('Work in Progress').count()).toBe(0);
    const description = await field.evaluate((input) =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect(description).toContain('Wo die fertigen Teile dieses Auftrags bis zum Versand oder zur Verwendung lagern, z. B. Regal 3.');
    await expectNoAxeViolations(page, '/order/add-order in German');
  });
});

describe('the shop-floor display', () => {
  it('shows orders in production live with the announcement, and says when it is not current until it caught up', async () => {
    let blocked = false;
    const sockets: WebSocketRoute[] = [];
    const page = await newHeldPage(app);
    await page.routeWebSocket('**/api/live', (socket) => {
      if (blocked) {
        socket.close({ code: 4000, reason: 'unreachable' });
        return;
      }
      sockets.push(socket);
      socket.connectToServer();
    });
    await writeSession(page, app, { access_token: admin.token, userId: admin.userId, role: 'ADMIN', company: companyId, expiresAt: Date.now() + 3_600_000 });
    await page.goto(`${app.baseUrl}/order/advertisement`);
    await heading(page, 'Production board').waitFor();
    await page.getByText('Live: the board updates by itself.').waitFor();
    await page.getByText('No announcement.').waitFor();
    await expectNoAxeViolations(page, '/order/advertisement');

    await page.getByRole('button', { name: 'Edit announcement' }).click();
    await page.getByRole('textbox', { name: 'Announcement' }).fill('x'.repeat(101));
    await page.getByRole('button', { name: 'Save announcement' }).click();
    await page.getByText('At most 100 characters.').waitFor();
    await page.getByRole('textbox', { name: 'Announcement' }).fill('Safety briefing at 14:00 in hall 2');
    await page.getByRole('button', { name: 'Save announcement' }).click();
    await page.getByRole('region', { name: 'Announcement' }).getByText('Safety briefing at 14:00 in hall 2').waitFor();

    const first = await productionOrderInLine();
    await boardRow(page, first.orderNumber).getByRole('gridcell', { name: 'SAW' }).waitFor();
    await expectNoAxeViolations(page, '/order/advertisement with an order');

    // The connection drops and cannot come back for a while: the board says it is not current.
    blocked = true;
    for (const socket of sockets) await socket.close({ code: 4000, reason: 'gone' });
    await page
      .getByText(/the board is not current/)
      .first()
      .waitFor();
    expect(await page.locator('.display').getAttribute('data-current')).toBe('false');
    const second = await productionOrderInLine();
    expect(await boardRow(page, second.orderNumber).count()).toBe(0);

    // Back: it catches up from where it was and is current again, without a reload.
    blocked = false;
    await boardRow(page, second.orderNumber).getByRole('gridcell', { name: 'SAW' }).waitFor({ timeout: 20_000 });
    await page.getByText('Live: the board updates by itself.').waitFor();
    expect(await page.locator('.display').getAttribute('data-current')).toBe('true');
  });
});

describe('two operators acting on one order at once', () => {
  it('the one who comes second sees a clear conflict message and the fresh state, never a lost move', async () => {
    const order = await productionOrderInLine();
    const tablet = await newHeldPage(app);
    await signInAtStation(0, saw, tablet);
    await tablet.getByRole('button', { name: new RegExp(`^Order ${order.orderNumber}`) }).click();
    await tablet.getByRole('heading', { level: 3, name: `Order ${order.orderNumber}` }).waitFor();
    await tablet.getByText(/^Waiting here since/).waitFor();

    // The second operator, signed in at the same station, starts the work just before this tablet's request arrives.
    await signInAtStation(1, saw);
    await tablet.route('**/api/orders/*/start-work', async (route) => {
      expectOk(await operators[1].client.post(`/api/orders/${order.id}/start-work`, { version: order.version, stationId: saw.id }));
      await route.continue();
    });
    await tablet.getByRole('button', { name: 'Start', exact: true }).click();
    await tablet
      .getByRole('alert')
      .filter({ hasText: `Another operator acted on order ${order.orderNumber} first.` })
      .waitFor();
    await tablet.getByText(/^In work here since/).waitFor();
    expect(await tablet.getByRole('button', { name: 'Start', exact: true }).isDisabled()).toBe(true);
    await expectNoAxeViolations(tablet, 'station screen after a conflict');

    // The fresh state is the one to act on: completing it now works.
    await tablet.unroute('**/api/orders/*/start-work');
    await tablet.getByRole('button', { name: 'Complete', exact: true }).click();
    await notification(tablet, `Order ${order.orderNumber} completed here and moved on to DRILL.`).waitFor();
    const history = expectOk<{ data: { type: string; who: { name: string } }[] }>(await admin.client.get(`/api/orders/${order.id}/history`));
    expect(history.data.map((event) => event.type)).toEqual(['OrderCreated', 'ProductionOrderStarted', 'WorkStarted', 'QuantityReported', 'WorkCompleted']);
    expect(history.data[2].who.name).toBe('Jonas Weber');
    expect(history.data[3].who.name).toBe('Olga Berg');
  });
});

describe('Move to', () => {
  it('offers an operator only the other stations they are authorised for, and an administrator every other station', async () => {
    const order = await productionOrderInLine();
    const tablet = await newHeldPage(app);
    await signInAtStation(0, saw, tablet);
    await tablet.getByRole('button', { name: new RegExp(`^Order ${order.orderNumber}`) }).click();
    await tablet.getByRole('heading', { level: 3, name: `Order ${order.orderNumber}` }).waitFor();
    await tablet.getByRole('button', { name: 'Move to…', exact: true }).click();
    const dialog = tablet.getByRole('dialog', { name: `Move order ${order.orderNumber} to another station` });
    await dialog.getByRole('button', { name: /Station$/ }).click();
    // Not SAW, where the order is, nor PAINT, which Olga may not use.
    expect(await tablet.getByRole('option').allTextContents()).toEqual(['DRILL']);
    await expectNoAxeViolations(tablet, 'station screen: Move to');
    await tablet.getByRole('option', { name: 'DRILL' }).click();
    await dialog.getByRole('button', { name: 'Move to station' }).click();
    await notification(tablet, `Order ${order.orderNumber} moved to DRILL.`).waitFor();

    // Pia may use the saw only: there is nowhere she can move an order to.
    const other = await productionOrderInLine();
    const pias = await newHeldPage(app);
    await signInAtStation(2, saw, pias);
    await pias.getByRole('button', { name: new RegExp(`^Order ${other.orderNumber}`) }).click();
    await pias.getByRole('heading', { level: 3, name: `Order ${other.orderNumber}` }).waitFor();
    await pias.getByRole('button', { name: 'Move to…', exact: true }).click();
    const empty = pias.getByRole('dialog', { name: `Move order ${other.orderNumber} to another station` });
    await empty.getByText('There is no other station to move the order to.').waitFor();
    expect(await empty.getByRole('button', { name: 'Move to station' }).isDisabled()).toBe(true);

    // The administrator moves it from the console to any other station of the company.
    const page = await openAsAdmin(`/order/details/${order.id}`);
    await page.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Move to station' }).click();
    await page
      .getByRole('dialog', { name: `Move order ${order.orderNumber} to another station` })
      .getByRole('button', { name: /Station$/ })
      .click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['SAW', paint.name]);
  });
});

describe('editing and logistics orders', () => {
  it('edits an order on the version it was loaded with: a change meanwhile is a conflict that keeps what was typed', async () => {
    const order = expectOk<OrderAnswer & { name: string }>(
      await admin.client.post('/api/orders', {
        kind: 'customer',
        name: 'Fahrradhaus Berg',
        street: 'Hauptstraße',
        houseNumber: '12a',
        zip: '80331',
        place: 'München',
        workInProgress: 'Rack 3',
        positions: [{ materialId: bike, quantity: 1, netPrice: 249.5 }],
      }),
      201,
    );
    const page = await openAsAdmin(`/order/edit-order/${order.id}`);
    await heading(page, `Edit order ${order.orderNumber}`).waitFor();
    await page.getByRole('textbox', { name: 'Customer name' }).fill('Fahrradhaus Berg & Söhne');
    await page.getByRole('textbox', { name: 'Note for production' }).fill('Frame in matt black');

    // Someone else saves first.
    const current = expectOk<Record<string, unknown> & { version: number }>(await admin.client.get(`/api/orders/${order.id}`));
    expectOk(
      await admin.client.put(`/api/orders/${order.id}`, {
        ...Object.fromEntries(['name', 'street', 'houseNumber', 'zip', 'place', 'workInProgress'].map((field) => [field, current[field]])),
        place: 'Augsburg',
        positions: [{ materialId: bike, quantity: 3, netPrice: 249.5 }],
        version: current.version,
      }),
    );

    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: `Someone else changed order ${order.orderNumber} meanwhile.` })
      .waitFor();
    expect(await page.getByRole('textbox', { name: 'Customer name' }).inputValue()).toBe('Fahrradhaus Berg & Söhne');
    await expectNoAxeViolations(page, '/order/edit-order with a conflict');

    await page.getByRole('button', { name: 'Load current version, keep my entries' }).click();
    await notification(page, 'The current version is loaded; your entries are kept.').waitFor();
    expect(await page.getByRole('textbox', { name: 'Note for production' }).inputValue()).toBe('Frame in matt black');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`**/order/details/${order.id}`);
    await notification(page, `Order ${order.orderNumber} saved.`).waitFor();
    await page.getByText('Fahrradhaus Berg & Söhne').waitFor();
    await page.getByText('Frame in matt black').waitFor();

    // In production, the form can no longer be changed: the details offer no edit.
    const placed = expectOk<OrderAnswer>(await admin.client.get(`/api/orders/${order.id}`));
    expectOk(await admin.client.post(`/api/orders/${order.id}/start-production`, { version: placed.version }));
    await page.getByRole('list', { name: 'Order progress' }).locator('[aria-current="step"]').filter({ hasText: 'In Progress' }).waitFor();
    expect(await page.getByRole('link', { name: 'Edit order' }).count()).toBe(0);
  });

  it('orders purchasing parts from a supplier and checks the goods in at an incoming-goods station', async () => {
    const screw = expectOk<{ id: string }>(
      await admin.client.post('/api/materials', {
        type: 'purchasing_part',
        name: 'Screw M5',
        materialNumber: 'K-300',
        netPrice: 0.05,
        vat: 19,
        stock: { quantity: 500, unit: 'pcs' },
      }),
      201,
    ).id;
    expectOk(await admin.client.post('/api/stations', { name: 'GOODS', incomingGoodsCheckIn: true }), 201);

    const page = await openAsAdmin('/order?kind=logistics');
    await page.getByRole('tab', { name: 'Logistics Orders', selected: true }).waitFor();
    await page.getByRole('link', { name: 'Add logistics order' }).click();
    await heading(page, 'Add logistics order').waitFor();
    await page.getByRole('textbox', { name: 'Supplier name' }).fill('Schrauben Huber');
    await page.getByRole('textbox', { name: 'Street' }).fill('Industriestraße');
    await page.getByRole('textbox', { name: 'House number' }).fill('7');
    await page.getByRole('textbox', { name: 'ZIP code' }).fill('90402');
    await page.getByRole('textbox', { name: 'Place' }).fill('Nürnberg');
    await page.getByRole('textbox', { name: 'Work in progress' }).fill('Goods-in shelf');
    const position = page.getByRole('group', { name: 'Position 1' });
    // Only purchasing parts are offered: the city bike is not.
    await pickMaterial(page, position, 'Screw', 'Screw M5 (K-300) · Purchasing part');
    expect(await position.getByRole('checkbox', { name: 'Take from inventory' }).count()).toBe(0);
    await position.getByRole('textbox', { name: 'Quantity' }).fill('200');
    await position.getByRole('textbox', { name: 'Quantity' }).press('Tab');
    await page.getByText('Net sum:').locator('..').getByText('10.00').waitFor();
    await expectNoAxeViolations(page, '/order/logistic-order');
    await page.getByRole('button', { name: 'Create order' }).click();
    await page.waitForURL(/\/order\/details\//);
    const orderNumber = ((await heading(page, /^Order \d+$/).textContent()) ?? '').replace('Order ', '');

    const progress = page.getByRole('list', { name: 'Order progress' });
    expect(await progress.getByRole('listitem').allTextContents()).toEqual(['1Open', '2Ordered', '3Finished']);
    const actions = page.getByRole('group', { name: 'Actions' });
    await actions.getByRole('button', { name: 'Place order' }).click();
    await progress.locator('[aria-current="step"]').filter({ hasText: 'Ordered' }).waitFor();
    expect(await actions.getByRole('button').allTextContents()).toEqual(['Check in goods', 'Cancel order']);

    await actions.getByRole('button', { name: 'Check in goods' }).click();
    const dialog = page.getByRole('dialog', { name: `Check in the goods of order ${orderNumber}` });
    await dialog.getByRole('button', { name: /Station$/ }).click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['GOODS']);
    await page.getByRole('option', { name: 'GOODS' }).click();
    await expectNoAxeViolations(page, 'check-in dialog');
    await dialog.getByRole('button', { name: 'Check in goods' }).click();
    await notification(page, `The goods of order ${orderNumber} are checked in and in stock.`).waitFor();
    await progress.locator('[aria-current="step"]').filter({ hasText: 'Delivered' }).waitFor();
    expect(expectOk<{ stock: { quantity: number } }>(await admin.client.get(`/api/materials/${screw}`)).stock.quantity).toBe(700);
  });
});
