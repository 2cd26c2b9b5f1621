import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, startBrowserApp, type BrowserApp } from '../support/browser.js';
import { clientOf, companyWithTeam, type Client, type TestCompany } from '../support/identity.js';
import { openHeldPageAs } from './hold-notifications.js';

// The station board (docs/board.md) on the home screen and the shop-floor display: a move on one
// browser page shows on the other through the live feed; a supervisor moves by keyboard (Move to)
// and by drag and drop; an order predicted past its delivery date is flagged "Will be late"; an
// operator's board is read-only. The working time is one weekday two days ahead, so every
// prediction lands then, whatever the day the suite runs (docs/prediction.md).
const today = new Date().toISOString().slice(0, 10);
const workDay = (new Date().getUTCDay() + 2) % 7;
let app: BrowserApp;
let company: TestCompany;
let office: Client;
let saw: { id: string };
let drill: { id: string };
let late: { id: string; orderNumber: string };
let onTime: { id: string; orderNumber: string };

const ok = <T>(res: { statusCode: number; body: string; json(): unknown }, status = 200): T => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
};

beforeAll(async () => {
  app = await startBrowserApp({ WORKING_TIME: `${workDay} 06:00-22:00` });
  company = await companyWithTeam(app.testApp, { companyName: 'Brandt Blechtechnik' });
  office = clientOf(app.testApp, company.superUser.token);
  const material = ok<{ id: string }>(
    await office.post('/api/materials', { type: 'product', name: 'Gehäuse', materialNumber: 'G-7', vat: 19, stock: { quantity: 0, unit: 'Stk' } }),
    201,
  );
  saw = ok(await office.post('/api/stations', { name: 'SAW' }), 201);
  drill = ok(await office.post('/api/stations', { name: 'DRILL' }), 201);
  ok(await office.put('/api/stations/sequence', { stationIds: [saw.id, drill.id], startStationId: saw.id, version: 0 }));
  ok(await office.put(`/api/users/${company.operator.id}/station-authorizations`, { stationIds: [saw.id, drill.id] }));
  const start = async (name: string, deliveryDate: string, quantity: number) => {
    const created = ok<{ id: string; version: number }>(
      await office.post('/api/orders', {
        kind: 'production',
        name,
        street: 'Am Hafen',
        houseNumber: '3',
        zip: '28195',
        place: 'Bremen',
        workInProgress: 'Halle 1',
        deliveryDate,
        positions: [{ materialId: material.id, quantity, netPrice: 10 }],
      }),
      201,
    );
    return ok<{ id: string; version: number; orderNumber: string }>(
      await office.post(`/api/orders/${created.id}/start-production`, { version: created.version }),
    );
  };
  const first = await start('Nordwerk', '2099-12-01', 5);
  late = await start('Weserbau', today, 3);
  // An operator completes the first order at SAW: the line has a cycle time to predict with.
  const login = await app.testApp.app.inject({
    method: 'POST',
    url: `/api/stations/${saw.id}/login`,
    payload: { username: company.operator.login, password: company.operator.password },
  });
  const atSaw = clientOf(app.testApp, ok<{ access_token: string }>(login).access_token);
  const started = ok<{ version: number }>(await atSaw.post(`/api/orders/${first.id}/start-work`, { version: first.version, stationId: saw.id }));
  ok(await atSaw.post(`/api/orders/${first.id}/complete-work`, { version: started.version, stationId: saw.id }));
  onTime = first;
});

afterAll(async () => {
  await app?.close();
});

const column = (page: Page, stationId: string) => page.locator(`.board-column[data-station-id="${stationId}"]`);
const card = (scope: Page | Locator, orderNumber: string) => scope.getByRole('article', { name: `Order ${orderNumber}` });

describe('the station board', () => {
  it('flags a late prediction, moves by keyboard and by drag and drop, and shows each move on another open board', async () => {
    // The owner gives SAW a WIP limit on the station form; the boards mark it.
    const form = await openHeldPageAs(app, company.superUser, 'SUPER_USER', company.companyId, `/station/edit-production-station/${saw.id}`);
    const limit = form.getByRole('textbox', { name: 'WIP limit' });
    await limit.fill('0');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('At least 1.').waitFor();
    await limit.fill('1');
    await expectNoAxeViolations(form, 'station form with the WIP limit');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Station SAW was saved.').waitFor();

    const home = await openHeldPageAs(app, company.admin, 'ADMIN', company.companyId, '/home');
    await home.getByRole('heading', { name: 'Station board' }).waitFor();
    await home.getByText('The station board is live.').waitFor();
    const display = await openHeldPageAs(app, company.superUser, 'SUPER_USER', company.companyId, '/order/advertisement');
    await display.getByText('The station board is live.').waitFor();

    // SAW holds the late order, within its limit of 1; DRILL the other one.
    await card(column(home, saw.id), late.orderNumber).waitFor();
    await card(column(home, drill.id), onTime.orderNumber).waitFor();
    const lateCard = card(home, late.orderNumber);
    await lateCard.getByText('Will be late').waitFor();
    await lateCard.getByText('Weserbau').waitFor();
    await lateCard.getByText('Gehäuse (G-7) · 3 pieces').waitFor();
    expect(await card(home, onTime.orderNumber).getByText('Will be late').count()).toBe(0);
    await column(home, saw.id).getByText('1 of 1').waitFor();
    await expectNoAxeViolations(home, '/home with the station board');
    await expectNoAxeViolations(display, '/order/advertisement with the station board');

    // Keyboard: focus the card's Move to, open it with Enter, choose DRILL with the arrows.
    await lateCard.getByRole('button', { name: `Move to… (order ${late.orderNumber})` }).focus();
    await home.keyboard.press('Enter');
    const menu = home.getByRole('menu', { name: `Move to… (order ${late.orderNumber})` });
    await menu.waitFor();
    await expectNoAxeViolations(home, 'Move to menu');
    await home.keyboard.press('ArrowDown');
    await menu.getByRole('menuitem', { name: 'DRILL', exact: true }).focus();
    // The board's Move to is the order's command with its Idempotency-Key, like every command (issue 24).
    const moveRequest = home.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith(`/api/orders/${late.id}/move-to-station`));
    await home.keyboard.press('Enter');
    expect((await moveRequest).headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await home.getByText(`Order ${late.orderNumber} was moved to DRILL.`).waitFor();
    // The other board follows through the live feed, with no reload.
    await card(column(display, drill.id), late.orderNumber).waitFor();
    await column(display, saw.id).getByText('No orders').waitFor();

    // Mouse: drag the other order back to SAW.
    await card(column(home, drill.id), onTime.orderNumber).dragTo(column(home, saw.id));
    await home.getByText(`Order ${onTime.orderNumber} was moved to SAW.`).waitFor();
    await card(column(display, saw.id), onTime.orderNumber).waitFor();

    // The history records the board's moves as the order's Move to.
    const history = ok<{ data: { type: string }[] }>(await office.get(`/api/orders/${late.id}/history`));
    expect(history.data.map((entry) => entry.type)).toContain('OrderMovedToStation');

    // The production order list and the details show the prediction too.
    await home.goto(`${app.baseUrl}/order?kind=production`);
    await home.getByRole('columnheader', { name: 'Predicted completion' }).waitFor();
    await home
      .getByRole('row', { name: new RegExp(late.orderNumber) })
      .getByText('Will be late')
      .waitFor();
    await home.goto(`${app.baseUrl}/order/details/${late.id}`);
    await home.getByTestId('order-prediction').getByText('Will be late').waitFor();
  });

  it("is read-only on an operator's console", async () => {
    const page = await openHeldPageAs(app, company.operator, 'OPERATOR', company.companyId, '/home');
    await page.getByText('The station board is live.').waitFor();
    await page.getByText('Supervisors move orders here.').waitFor();
    await card(page, late.orderNumber).waitFor();
    expect(await page.getByRole('button', { name: /^Move to… \(order/ }).count()).toBe(0);
    expect(await page.locator('.board-card[draggable]').count()).toBe(0);
    await expectNoAxeViolations(page, "/home, an operator's board");
  });
});
