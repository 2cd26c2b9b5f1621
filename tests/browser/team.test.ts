import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, startBrowserApp, writeSession, type BrowserApp } from '../support/browser.js';
import {
  clientOf,
  codeIn,
  companyWithTeam,
  mailTo,
  signIn as signInThroughApi,
  startMailbox,
  type Mailbox,
  type TeamMember,
  type TestCompany,
} from '../support/identity.js';
import { createStation } from '../integration/stations/stations-support.js';
import { newHeldPage } from './hold-notifications.js';

// The team area for people: the overview and the employee table; and the whole journey of a
// company that signs up in the browser and runs its first order at a station, without an API call.
let app: BrowserApp;
let mailbox: Mailbox;
let company: TestCompany;

beforeAll(async () => {
  mailbox = await startMailbox();
  app = await startBrowserApp({ SMTP_URL: mailbox.url });
  company = await companyWithTeam(app.testApp, { companyName: 'Berg Presswerk' });
});

afterAll(async () => {
  await app?.close();
  await mailbox?.close();
});

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const notification = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });
/** The browser's calendar day `days` from today, as YYYY-MM-DD. */
const dayFromToday = (days = 0) => {
  const day = new Date();
  day.setDate(day.getDate() + days);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
};

async function openAs(page: Page, member: TeamMember, role: 'SUPER_USER' | 'ADMIN' | 'OPERATOR', path: string) {
  const session = await signInThroughApi(app.testApp, member.login, member.password);
  await writeSession(page, app, { ...session, role, expiresAt: Date.now() + 3_600_000 });
  await page.goto(`${app.baseUrl}${path}`);
}

describe('team overview', () => {
  it('opens from the sidebar: people by role, who is away today (live), and a link to every team screen', async () => {
    const page = await newHeldPage(app);
    await openAs(page, company.superUser, 'SUPER_USER', '/home');
    await page.getByRole('link', { name: 'Team', exact: true }).first().click();
    await page.waitForURL('**/team');
    await heading(page, 'Team').waitFor();
    const counts = page.locator('.team-counts');
    await counts.waitFor();
    expect((await counts.locator('.team-count').allTextContents()).map((text) => text.trim())).toEqual([
      'Super user1',
      'Administration user1',
      'Operation user1',
      'All users3',
      'Deactivated0',
    ]);
    await page.getByText('Nobody is away.').first().waitFor();
    const screens = page.getByRole('navigation', { name: 'Team screens' });
    expect(await screens.getByRole('link').allTextContents()).toEqual(['Employees', 'Administration users', 'Operation users', 'User rights', 'Master data']);
    await expectNoAxeViolations(page, '/team');

    // Someone books a vacation from today elsewhere: the overview shows them without a reload. It runs four
    // days, so it holds a working day whatever today is (a weekend alone is no leave to book).
    const owner = clientOf(app.testApp, company.superUser.token);
    const reason = (await owner.post('/api/team/master-data/absenceReasons', { name: 'Vacation' })).json().entryId as string;
    const booked = await owner.post(`/api/team/employees/${company.operator.id}/absences`, { from: dayFromToday(), to: dayFromToday(3), reasonId: reason });
    expect(booked.statusCode, booked.body).toBe(201);
    const away = page.getByRole('listitem').filter({ hasText: 'Olga Berg' });
    await expect.poll(() => away.count(), { timeout: 15_000 }).toBe(2);
    expect(await away.first().textContent()).toContain('(Vacation)');

    // The operator signs in at a station: the overview lists them there without a reload, and a revoked right takes them off.
    const atStations = page.getByRole('region', { name: 'Signed in at stations now' });
    await atStations.getByText('Nobody is signed in at a station.').waitFor();
    const station = await createStation(owner, 'PRESSE');
    expect((await owner.put(`/api/users/${company.operator.id}/station-authorizations`, { stationIds: [station.id] })).statusCode).toBe(200);
    const login = await app.testApp.app.inject({
      method: 'POST',
      url: `/api/stations/${station.id}/login`,
      payload: { username: company.operator.login, password: company.operator.password },
      remoteAddress: '10.71.0.1',
    });
    expect(login.statusCode, login.body).toBe(200);
    const signedInRow = atStations.getByRole('row', { name: /Olga Berg/ });
    await signedInRow.waitFor({ timeout: 15_000 });
    expect(await signedInRow.getByRole('cell').first().textContent()).toBe('PRESSE');
    await atStations.getByText('Live').waitFor();
    await expectNoAxeViolations(page, '/team with a station session');
    expect((await owner.put(`/api/users/${company.operator.id}/station-authorizations`, { stationIds: [] })).statusCode).toBe(200);
    await atStations.getByText('Nobody is signed in at a station.').waitFor({ timeout: 15_000 });

    await screens.getByRole('link', { name: 'Employees' }).click();
    await page.waitForURL('**/team/view-employees');
    await heading(page, 'Employees').waitFor();
  });
});

describe('employee table', () => {
  it('lists every user, filters by role and status, searches and sorts in the address, and opens a profile', async () => {
    const page = await newHeldPage(app);
    await openAs(page, company.admin, 'ADMIN', '/team/view-employees');
    await heading(page, 'Employees').waitFor();
    const table = page.getByRole('grid', { name: 'Employees' });
    await page.getByText('1 - 3 of 3 results').waitFor();
    await expectNoAxeViolations(page, '/team/view-employees');

    await page.getByRole('button', { name: /Role$/ }).click();
    await page.getByRole('option', { name: 'Operation user' }).click();
    await page.waitForURL(/role=OPERATOR/);
    await page.getByText('1 - 1 of 1 results').waitFor();
    expect(await table.getByRole('rowheader').allTextContents()).toEqual(['Olga Berg']);

    await page.getByRole('button', { name: /Status$/ }).click();
    await page.getByRole('option', { name: 'Invited' }).click();
    await page.waitForURL(/status=INVITED/);
    await table.getByText('No results found.').waitFor();
    await page.getByRole('button', { name: /Status$/ }).click();
    await page.getByRole('option', { name: 'Deactivated' }).click();
    await page.waitForURL(/status=DEACTIVATED/);
    await table.getByText('No results found.').waitFor();
    await page.getByRole('button', { name: /Status$/ }).click();
    await page.getByRole('option', { name: 'All statuses' }).click();
    await page.getByRole('button', { name: /Role$/ }).click();
    await page.getByRole('option', { name: 'All roles' }).click();
    await page.getByText('1 - 3 of 3 results').waitFor();

    await table.getByRole('columnheader', { name: 'Role' }).click();
    await page.waitForURL(/sort=role/);
    await expect
      .poll(async () => (await table.getByRole('row').allTextContents()).slice(1).map((row) => /Administration user|Operation user|Super user/.exec(row)?.[0]))
      .toEqual(['Administration user', 'Operation user', 'Super user']);
    await page.getByRole('searchbox', { name: 'Search' }).fill('berg');
    await page.waitForURL(/q=berg/);
    await page.getByText('1 - 1 of 1 results').waitFor();

    // A reload keeps what the address says.
    await page.reload();
    await page.getByText('1 - 1 of 1 results').waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('berg');

    await table.getByRole('link', { name: 'Open the profile of Olga Berg' }).click();
    await page.waitForURL(`**/team/employee-profile/${company.operator.id}`);
  });
});

async function pickMaterial(page: Page, position: ReturnType<Page['getByRole']>, search: string, option: string) {
  const input = position.getByRole('combobox', { name: 'Material' });
  await input.click();
  await input.pressSequentially(search);
  await expect.poll(() => page.getByRole('option').allTextContents(), { timeout: 10_000 }).toEqual([option]);
  await input.press('ArrowDown');
  await input.press('Enter');
  await expect.poll(() => input.inputValue(), { timeout: 10_000 }).toBe(option);
}

describe('a new company, from sign-up to work done at a station', () => {
  it('signs up in the browser, adds a station, a product and an operator, grants the station, and the operator completes an order there', async () => {
    const page = await newHeldPage(app);
    const email = `owner.${Math.random().toString(36).slice(2, 10)}@example.com`;
    const password = 'Welder#2026';

    // Sign-up: registration, the emailed code, the survey.
    await page.goto(`${app.baseUrl}/login`);
    await page.getByRole('link', { name: 'Start your free trial' }).click();
    await heading(page, 'Start your free trial').waitFor();
    await field(page, 'Company name').fill('Neumann Stahlbau');
    await field(page, 'First name').fill('Nora');
    await field(page, 'Last name').fill('Neumann');
    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill(password);
    await field(page, 'Confirm password').fill(password);
    await page.getByRole('button', { name: 'Start free trial' }).click();
    await heading(page, 'Confirm your email').waitFor();
    const code = codeIn(await mailbox.waitFor(mailTo(email)));
    await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
    await page.keyboard.type(code);
    await page.getByRole('button', { name: 'Confirm email' }).click();
    await heading(page, 'How did you hear about us?').waitFor();
    await page.getByRole('button', { name: /How did you hear about us/ }).click();
    await page.getByRole('option', { name: 'Trade fair' }).click();
    await page.getByRole('button', { name: 'Send answer' }).click();
    await page.waitForURL('**/home');

    // A station, and the sequence that makes it the start station.
    await page.getByRole('link', { name: 'Stations', exact: true }).first().click();
    await heading(page, 'Stations').waitFor();
    await page.getByRole('link', { name: 'Add station' }).click();
    await heading(page, 'Add production station').waitFor();
    await field(page, 'Name').fill('PRESSE');
    await page.getByRole('button', { name: 'Create station' }).click();
    await notification(page, 'Station PRESSE was created.').waitFor();
    await page.waitForURL('**/station');
    await page.getByRole('button', { name: /Station to add$/ }).click();
    await page.getByRole('option', { name: 'PRESSE' }).click();
    await page.getByRole('button', { name: 'Add to sequence' }).click();
    await page.getByRole('button', { name: 'Save sequence' }).click();
    await notification(page, 'The sequence was saved.').waitFor();

    // A product to order.
    await page.goto(`${app.baseUrl}/material`);
    await page.getByRole('link', { name: 'Add New Product' }).click();
    await heading(page, 'Add New Product').waitFor();
    const general = page.getByRole('group', { name: 'General', exact: true });
    await general.getByRole('textbox', { name: 'Name' }).fill('Stahlträger');
    await general.getByRole('textbox', { name: 'Material number' }).fill('ST-1');
    const prices = page.getByRole('group', { name: 'Price, weight and stock', exact: true });
    await prices.getByRole('textbox', { name: 'Net price' }).fill('120');
    await prices.getByRole('textbox', { name: 'VAT (%)' }).fill('19');
    await prices.getByRole('textbox', { name: 'Stock' }).fill('0');
    await prices.getByRole('textbox', { name: 'Unit' }).fill('pcs');
    await page.getByRole('button', { name: 'Save' }).click();
    await notification(page, 'Material Stahlträger was created.').waitFor();

    // The operator, through the team overview.
    await page.getByRole('link', { name: 'Team', exact: true }).first().click();
    await heading(page, 'Team').waitFor();
    await page.getByRole('navigation', { name: 'Team screens' }).getByRole('link', { name: 'Operation users' }).click();
    await heading(page, 'Operation users').waitFor();
    await page.getByRole('button', { name: 'Add operation user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add operation user' });
    await field(page, 'First name').fill('Paul');
    await field(page, 'Last name').fill('Presser');
    const username = `paul${Math.random().toString(36).slice(2, 8)}`;
    await field(page, 'Username').fill(username);
    await field(page, 'Password').fill('Station#2026');
    await field(page, 'Confirm password').fill('Station#2026');
    await dialog.getByRole('button', { name: 'Add operation user' }).click();
    await notification(page, `Operation user ${username} was created.`).waitFor();

    // The station right, on the user-rights screen.
    await page.getByRole('link', { name: 'Team', exact: true }).first().click();
    await page.getByRole('navigation', { name: 'Team screens' }).getByRole('link', { name: 'User rights' }).click();
    await heading(page, 'User rights').waitFor();
    await page.getByRole('checkbox', { name: 'Paul Presser may sign in at PRESSE' }).check({ force: true });
    await page.getByRole('button', { name: 'Save user rights' }).click();
    await notification(page, 'The user rights are saved.').waitFor();

    // An order, put into production.
    await page.goto(`${app.baseUrl}/order`);
    await page.getByRole('link', { name: 'Add order' }).click();
    await heading(page, 'Add order').waitFor();
    await field(page, 'Customer name').fill('Bauhof Kiel');
    await field(page, 'Street').fill('Hafenstraße');
    await field(page, 'House number').fill('3');
    await field(page, 'ZIP code').fill('24103');
    await field(page, 'Place').fill('Kiel');
    await page.getByLabel('Delivery date').fill('2099-12-01');
    await field(page, 'Work in progress: storage location').fill('Hall 1');
    const position = page.getByRole('group', { name: 'Position 1' });
    await pickMaterial(page, position, 'Stahl', 'Stahlträger (ST-1) · Product');
    await position.getByRole('textbox', { name: 'Quantity' }).fill('2');
    await page.getByRole('button', { name: 'Create order' }).click();
    await page.waitForURL(/\/order\/details\//);
    const orderNumber = ((await heading(page, /^Order \d+$/).textContent()) ?? '').replace('Order ', '');
    await page.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Start production' }).click();
    await notification(page, `Production of order ${orderNumber} started.`).waitFor();
    const productionOrder = page.getByRole('region', { name: 'Production orders' }).getByRole('link').first();
    await productionOrder.waitFor();
    const productionNumber = ((await productionOrder.textContent()) ?? '').replace(/\D/g, '');

    // The operator signs in at the station on a tablet (its own browser) and completes the work.
    await page.goto(`${app.baseUrl}/station`);
    const loginHref = await page.getByRole('link', { name: 'Station login at PRESSE' }).getAttribute('href');
    const tablet = await newHeldPage(app);
    await tablet.goto(`${app.baseUrl}${loginHref}`);
    await tablet.getByRole('textbox', { name: 'Username' }).fill(username);
    await tablet.getByRole('textbox', { name: 'Password' }).fill('Station#2026');
    await tablet.getByRole('button', { name: 'Sign in at the station' }).click();
    await heading(tablet, 'PRESSE').waitFor();
    await tablet.getByText('Signed in: Paul Presser').waitFor();
    await tablet.getByRole('button', { name: new RegExp(`^Order ${productionNumber}`) }).waitFor();
    await tablet.getByRole('button', { name: 'Start', exact: true }).click();
    await notification(tablet, `Work on order ${productionNumber} started.`).waitFor();
    await tablet.getByRole('button', { name: 'Complete', exact: true }).click();
    await notification(tablet, `Order ${productionNumber} completed at the last station: production is finished.`).waitFor();
    await expect.poll(() => tablet.getByRole('button', { name: new RegExp(`^Order ${productionNumber}`) }).count()).toBe(0);
    await expectNoAxeViolations(tablet, '/station/:id/work after the journey');
  });
});
