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
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
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
    ]);
    await page.getByText('Nobody is away.').first().waitFor();
    const screens = page.getByRole('navigation', { name: 'Team screens' });
    expect(await screens.getByRole('link').allTextContents()).toEqual(['Employees', 'Administration users', 'Operation users', 'User rights', 'Master data']);
    await expectNoAxeViolations(page, '/team');

    // Someone books a vacation for today elsewhere: the overview shows them without a reload.
    const owner = clientOf(app.testApp, company.superUser.token);
    const reason = (await owner.post('/api/team/master-data/absenceReasons', { name: 'Vacation' })).json().entryId as string;
    const booked = await owner.post(`/api/team/employees/${company.operator.id}/absences`, { from: today(), to: today(), reasonId: reason });
    expect(booked.statusCode, booked.body).toBe(201);
    const away = page.getByRole('listitem').filter({ hasText: 'Olga Berg' });
    await expect.poll(() => away.count(), { timeout: 15_000 }).toBe(2);
    expect(await away.first().textContent()).toContain('(Vacation)');

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
