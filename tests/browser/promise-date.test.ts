import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, expectOk, openStation, startBrowserApp, type BrowserApp } from '../support/browser.js';
import { clientOf, companyWithTeam, type Client, type TestCompany } from '../support/identity.js';
import { newHeldPage, openHeldPageAs } from './hold-notifications.js';

// Promise a date (docs/capacity-plan.md) in German: the owner enters a customer order, the form
// shows the earliest delivery date in today's plan as the material and quantity are entered, and
// the owner takes it as the promised date; production starts. A prioritised order then goes first
// in the plan: the form said it would make the promised one late, and the station board flags that
// card "Zusage gefährdet" in words. Working time around the clock, and a setup of 50 hours at SAW,
// so every date lies days ahead whatever the hour the suite runs.
let app: BrowserApp;
let company: TestCompany;
let office: Client;
let saw: { id: string };

beforeAll(async () => {
  app = await startBrowserApp({ WORKING_TIME: '0-6 00:00-24:00' });
  company = await companyWithTeam(app.testApp, { companyName: 'Krüger Rahmenbau' });
  office = clientOf(app.testApp, company.superUser.token);
  saw = expectOk(await office.post('/api/stations', { name: 'SAW' }), 201);
  expectOk(await office.put('/api/stations/sequence', { stationIds: [saw.id], startStationId: saw.id, version: 0 }));
  expectOk(
    await office.post('/api/materials', {
      type: 'product',
      name: 'Rahmen',
      materialNumber: 'R-1',
      vat: 19,
      stock: { quantity: 0, unit: 'Stk' },
      manufacturingSteps: [{ process: 'Sägen', time: 60, setupTime: 3000, stationId: saw.id }],
    }),
    201,
  );
});

afterAll(async () => {
  await app?.close();
});

/** Types into a position's material picker key by key, as a user does, and takes the one match by keyboard. */
async function pickMaterial(page: Page, position: ReturnType<Page['getByRole']>, search: string, option: string) {
  const input = position.getByRole('combobox', { name: 'Material' });
  await input.click();
  await input.pressSequentially(search);
  await expect.poll(() => page.getByRole('option').allTextContents(), { timeout: 10_000 }).toEqual([option]);
  await input.press('ArrowDown');
  await input.press('Enter');
  await expect.poll(() => input.inputValue(), { timeout: 10_000 }).toBe(option);
}

async function fillCustomer(page: Page, name: string) {
  await page.getByRole('textbox', { name: 'Kundenname' }).fill(name);
  await page.getByRole('textbox', { name: 'Straße' }).fill('Hafenweg');
  await page.getByRole('textbox', { name: 'Hausnummer' }).fill('7');
  await page.getByRole('textbox', { name: 'PLZ' }).fill('20457');
  await page.getByRole('textbox', { name: 'Ort' }).fill('Hamburg');
  await page.getByRole('textbox', { name: 'Zwischenlager (WIP)' }).fill('Regal 2');
}

describe('promise a date (German)', () => {
  it('shows the earliest delivery date while the order is entered, keeps the promised date, and the board flags the promise the plan breaks', async () => {
    const page = await openHeldPageAs(app, company.superUser, 'SUPER_USER', company.companyId, '/order/add-order', { locale: 'de-DE' });
    await page.getByRole('heading', { name: 'Auftrag anlegen' }).waitFor();
    const promise = page.getByRole('group', { name: 'Frühester Liefertermin' });
    await promise.getByText('Wählen Sie Material und Menge').waitFor();
    await fillCustomer(page, 'Werft Nord');

    const position = page.getByRole('group', { name: 'Position 1' });
    await pickMaterial(page, position, 'Rahm', 'Rahmen (R-1) · Produkt');
    await position.getByRole('textbox', { name: 'Menge' }).fill('2');
    await position.getByRole('textbox', { name: 'Nettopreis' }).fill('120');
    await position.getByRole('textbox', { name: 'Nettopreis' }).press('Tab');
    // 3000 + 60 × 2 minutes at SAW on an empty line: the plan's day, with nobody made late.
    const expected = expectOk<{ promiseDay: string }>(await office.post('/api/plan/promise', { materialId: await materialId(), quantity: 2 }));
    const shown = germanDay(expected.promiseDay);
    await promise.getByText(`Rahmen (R-1) · Produkt, 2 Stück: frühestens lieferbar am ${shown}`).waitFor({ timeout: 15_000 });
    await promise.getByText('Kein anderer Auftrag gerät dadurch in Verzug.').waitFor();
    await expectNoAxeViolations(page, '/order/add-order with the earliest delivery date');

    // Taken as the promised date (and the delivery date, still empty).
    await promise.getByRole('button', { name: `${shown} zusagen` }).click();
    expect(await page.getByLabel('Zugesagter Liefertermin').inputValue()).toBe(expected.promiseDay);
    expect(await page.getByLabel('Liefertermin', { exact: true }).inputValue()).toBe(expected.promiseDay);
    await page.getByRole('button', { name: 'Auftrag anlegen' }).click();
    await page.waitForURL(/\/order\/details\//);
    const customerId = page.url().split('/').at(-1) as string;
    const stored = expectOk<{ promisedDate: string; orderNumber: string }>(await office.get(`/api/orders/${customerId}`));
    expect(stored.promisedDate).toBe(expected.promiseDay);
    await page.getByRole('group', { name: 'Aktionen' }).getByRole('button', { name: 'Produktion starten' }).click();
    await page.getByText(`Die Produktion von Auftrag ${stored.orderNumber} wurde gestartet.`).waitFor();
    const production = expectOk<{ productionOrders: { id: string; orderNumber: string }[] }>(await office.get(`/api/orders/${customerId}`)).productionOrders[0];

    // The board: the promise holds, no flag.
    const board = await openHeldPageAs(app, company.superUser, 'SUPER_USER', company.companyId, '/home', { locale: 'de-DE' });
    await board.getByRole('heading', { name: 'Stationstafel' }).waitFor();
    await board.getByText('Die Stationstafel ist live.').waitFor();
    const card = board.getByRole('article', { name: `Auftrag ${production.orderNumber}`, exact: true });
    await card.getByText(shown).first().waitFor();
    expect(await card.getByText('Zusage gefährdet').count()).toBe(0);

    // A prioritised order for tomorrow is entered: the form says it would make the promised one late.
    await page.goto(`${app.baseUrl}/order/add-order`);
    await fillCustomer(page, 'Eilkunde');
    await page.getByRole('checkbox', { name: 'Priorisiert' }).check({ force: true });
    const urgent = page.getByRole('group', { name: 'Position 1' });
    await pickMaterial(page, urgent, 'Rahm', 'Rahmen (R-1) · Produkt');
    await urgent.getByRole('textbox', { name: 'Menge' }).fill('1');
    await urgent.getByRole('textbox', { name: 'Nettopreis' }).fill('150');
    await urgent.getByRole('textbox', { name: 'Nettopreis' }).press('Tab');
    await page
      .getByRole('group', { name: 'Frühester Liefertermin' })
      .getByText(new RegExp(`Bringt 1 Auftrag in Verzug: ${production.orderNumber} \\(fällig`))
      .waitFor({ timeout: 15_000 });
    await expectNoAxeViolations(page, '/order/add-order with an order it would make late');
    await page.getByRole('button', { name: 'Auftrag anlegen' }).click();
    await page.waitForURL(/\/order\/details\//);
    await page.getByRole('group', { name: 'Aktionen' }).getByRole('button', { name: 'Produktion starten' }).click();
    await page.getByText(/Die Produktion von Auftrag \d+ wurde gestartet\./).waitFor();

    // The open board follows live: the promised order's card says the promise is at risk, in words.
    await card.getByText('Zusage gefährdet').waitFor({ timeout: 15_000 });
    await card.getByText(new RegExp(`Zugesagt für ${shown.replace(/\./g, '\\.')}; der Plan stellt ihn .* fertig\\.`)).waitFor();
    expect(await card.getAttribute('data-promise-at-risk')).toBe('true');
    await expectNoAxeViolations(board, '/home with a promise at risk');
  });
});

describe('what can I start now (German, on a tablet)', () => {
  it('shows the worklist in plan order with what can start now, and an expected end reported at the station stops it until then', async () => {
    // Runs after the promise above: SAW holds the prioritised order and the promised one behind it.
    expectOk(await office.put(`/api/users/${company.operator.id}/station-authorizations`, { stationIds: [saw.id] }));
    const reason = expectOk<{ entryId: string }>(await office.post('/api/team/master-data/interruptionReasons', { name: 'Sägeblatt stumpf' }), 201);
    expect(reason.entryId).toEqual(expect.any(String));
    const queue = expectOk<{ orders: { number: string; startable: boolean }[] }>(await office.get(`/api/plan/stations/${saw.id}`));
    expect(queue.orders.map((order) => order.startable)).toEqual([true, false]);
    const [first, second] = queue.orders.map((order) => order.number);

    const tablet = await newHeldPage(app, { locale: 'de-DE', hasTouch: true });
    await openStation(tablet, app, { station: { id: saw.id, name: 'SAW' }, operator: company.operator, companyId: company.companyId });
    const list = tablet.getByRole('list', { name: 'Aufträge an SAW' });
    const entries = list.getByRole('button');
    await expect.poll(() => entries.count(), { timeout: 15_000 }).toBe(2);
    // The plan's order: the prioritised one first, startable now; the other with its planned start.
    await entries.nth(0).getByText('Jetzt startbar').waitFor({ timeout: 15_000 });
    expect(await entries.nth(0).textContent()).toContain(first);
    expect(await entries.nth(1).textContent()).toContain(second);
    await entries
      .nth(1)
      .getByText(/Geplanter Start/)
      .waitFor();
    await expectNoAxeViolations(tablet, '/station/:id/work in plan order');

    // The saw blade is blunt, back in two hours: reported with its expected end.
    await tablet.getByRole('button', { name: 'Unterbrechung melden' }).tap();
    const dialog = tablet.getByRole('dialog', { name: 'Unterbrechung melden' });
    await dialog.getByRole('button', { name: /Grund$/ }).tap();
    await tablet.getByRole('option', { name: 'Sägeblatt stumpf' }).tap();
    const inTwoHours = await tablet.evaluate(() => {
      const at = new Date(Date.now() + 2 * 3_600_000);
      const pad = (value: number) => String(value).padStart(2, '0');
      return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
    });
    await dialog.getByLabel('Voraussichtliches Ende').fill(inTwoHours);
    await expectNoAxeViolations(tablet, 'report dialog with the expected end');
    await dialog.getByRole('button', { name: 'Melden' }).tap();
    await dialog.waitFor({ state: 'hidden' });
    await tablet.getByRole('heading', { name: 'Diese Station steht' }).waitFor();
    await tablet.getByText(/^Voraussichtlich behoben: /).waitFor();
    // Stopped until then: nothing can start now.
    await expect.poll(() => list.getByText('Jetzt startbar').count(), { timeout: 15_000 }).toBe(0);
    const open = expectOk<{ data: { expectedEndAt: string | null }[] }>(await office.get(`/api/interruptions?open=true&stationId=${saw.id}`));
    expect(open.data[0].expectedEndAt).not.toBeNull();
    await expectNoAxeViolations(tablet, '/station/:id/work, stopped until its expected end');
  });
});

async function materialId(): Promise<string> {
  const list = expectOk<{ data: { id: string; name: string }[] }>(await office.get('/api/materials?q=Rahmen'));
  return list.data[0].id;
}

/** `YYYY-MM-DD` as the German console shows a day (the company's default format). */
function germanDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
}
