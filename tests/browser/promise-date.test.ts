import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, expectOk, startBrowserApp, type BrowserApp } from '../support/browser.js';
import { clientOf, companyWithTeam, type Client, type TestCompany } from '../support/identity.js';
import { openHeldPageAs } from './hold-notifications.js';

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

async function materialId(): Promise<string> {
  const list = expectOk<{ data: { id: string; name: string }[] }>(await office.get('/api/materials?q=Rahmen'));
  return list.data[0].id;
}

/** `YYYY-MM-DD` as the German console shows a day (the company's default format). */
function germanDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
}
