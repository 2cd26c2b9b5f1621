import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, expectNoAxeViolations, signIn, startBrowserApp, type BrowserApp } from '../support/browser.js';
import { newHeldPage } from './hold-notifications.js';

// Its own server and database: the master's company list must start empty.
let app: BrowserApp;

beforeAll(async () => {
  app = await startBrowserApp();
});

afterAll(async () => {
  await app?.close();
});

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const sidebarLabels = async (page: Page) => (await sidebar(page).getByRole('link').allTextContents()).map((text) => text.trim());

describe('console shell: the master user', () => {
  it('without a selected company sees only customers, and the missing-data message while there are no company accounts', async () => {
    const page = await newHeldPage(app);
    await signIn(page, app, { role: 'MASTER', actingFor: null });
    await page.goto(`${app.baseUrl}/home`);
    await sidebar(page).getByRole('link', { name: 'Customers' }).waitFor();
    expect(await sidebarLabels(page)).toEqual(['Customers']);
    await page.getByText('No data available. There are no company accounts to show').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(0);
    await expectNoAxeViolations(page, '/home (master, no company accounts)');

    await sidebar(page).getByRole('link', { name: 'Customers' }).click();
    await page.waitForURL('**/customers');
    expect(await sidebar(page).getByRole('link', { name: 'Customers' }).getAttribute('aria-current')).toBe('page');
  });

  it('once a customer exists, reaches the customers screen, and acting for a company sees every item', async () => {
    const { companyId } = await createCompany(app, 'Alpen Metall GmbH');
    const page = await newHeldPage(app);
    await signIn(page, app, { role: 'MASTER', actingFor: null });
    await page.goto(`${app.baseUrl}/customers`);
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    expect(await page.getByText('No data available.').count()).toBe(0);
    await expectNoAxeViolations(page, '/customers (master)');

    await signIn(page, app, { role: 'MASTER', actingFor: companyId });
    await page.goto(`${app.baseUrl}/customer/edit-customer/${companyId}`);
    await page.getByRole('heading', { level: 1, name: 'Edit customer' }).waitFor();
    expect(await sidebarLabels(page)).toEqual(['Home', 'Orders', 'Materials', 'Stations', 'Plan', 'Team', 'Company', 'Customers']);
    expect(await sidebar(page).getByRole('link', { name: 'Customers' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('the dev mailbox (no SMTP configured)', () => {
  it('is linked from the customers screen and shows a kept email to the master, who reads it', async () => {
    await createCompany(app, 'Postfach Test GmbH');
    await app.testApp.jobs.services.mailer.send({
      to: 'nina.neu@example.com',
      subject: 'Your confirmation code',
      text: 'Hello Nina,\n\nyour code is\n\n428517\n',
      html: '<p>Hello Nina</p>',
      messageId: '<dev-mailbox-browser@shopfloor-console>',
    });
    const page = await newHeldPage(app);
    await signIn(page, app, { role: 'MASTER', actingFor: null });
    await page.goto(`${app.baseUrl}/customers`);
    await page.getByRole('link', { name: 'Dev mailbox' }).click();
    await page.waitForURL('**/dev-mailbox');
    await page.getByRole('heading', { level: 1, name: 'Dev mailbox' }).waitFor();
    await page.getByRole('row', { name: /Your confirmation code/ }).click();
    await page.getByRole('heading', { level: 2, name: 'Your confirmation code' }).waitFor();
    expect(await page.getByText('428517').isVisible()).toBe(true);
    await expectNoAxeViolations(page, '/dev-mailbox (master)');
  });
});
