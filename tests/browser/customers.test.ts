import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, expectNoAxeViolations, sessionStorageKey, signIn, startBrowserApp, type BrowserApp, type BrowserSession } from '../support/browser.js';
import { newHeldPage } from './hold-notifications.js';

// The product operator: the company selector of the sidebar and the customer accounts.
let app: BrowserApp;
const companies: Record<string, string> = {};

beforeAll(async () => {
  app = await startBrowserApp();
  for (const name of ['Alpen Metall GmbH', 'Berg Holz KG', 'Creativ Kunststoff AG']) companies[name] = (await createCompany(app, name)).companyId;
});

afterAll(async () => {
  await app?.close();
});

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const sidebarLabels = async (page: Page) => (await sidebar(page).getByRole('link').allTextContents()).map((text) => text.trim());
const companySelector = (page: Page) => page.getByRole('combobox', { name: 'Company' });
const storedSession = async (page: Page) =>
  JSON.parse((await page.evaluate((key) => localStorage.getItem(key), sessionStorageKey)) ?? 'null') as BrowserSession | null;
const table = (page: Page) => page.getByRole('grid', { name: 'Customer accounts' });
const rowNames = async (page: Page) => (await table(page).getByRole('rowheader').allTextContents()).map((text) => text.trim());
const asMaster = (token: string, method: 'GET' | 'DELETE', url: string) =>
  app.testApp.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });

async function chooseCompany(page: Page, name: string) {
  await companySelector(page).fill(name.slice(0, 4));
  await page.getByRole('option', { name }).click();
}

describe('the master user: company selector', () => {
  it('switches to a company: new token, success message, every item in the sidebar, selection kept after reload', async () => {
    const page = await newHeldPage(app);
    const before = await signIn(page, app, { role: 'MASTER', actingFor: null });
    const profileReads: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/me')) profileReads.push(request.url());
    });
    await page.goto(`${app.baseUrl}/customers`);
    await heading(page, 'Customers').waitFor();
    expect(await sidebarLabels(page)).toEqual(['Customers']);
    expect(await companySelector(page).inputValue()).toBe('');
    await expectNoAxeViolations(page, '/customers (master, no company)');

    await chooseCompany(page, 'Alpen Metall GmbH');
    await page.getByRole('status').filter({ hasText: 'The company was changed.' }).waitFor();
    await sidebar(page).getByRole('link', { name: 'Home' }).waitFor();
    expect(await sidebarLabels(page)).toEqual(['Home', 'Orders', 'Materials', 'Stations', 'Plan', 'Team', 'Company', 'Customers']);
    const after = await storedSession(page);
    expect(after).toMatchObject({ userId: before.userId, role: 'MASTER', company: companies['Alpen Metall GmbH'] });
    expect(after?.access_token).not.toBe(before.access_token);
    // The server ended the old token; the new one acts for the company.
    expect((await asMaster(before.access_token, 'GET', '/api/company-account/basic-settings')).statusCode).toBe(401);
    expect((await asMaster(after?.access_token ?? '', 'GET', '/api/company-account/basic-settings')).json()).toMatchObject({
      companyName: 'Alpen Metall GmbH',
    });
    await expectNoAxeViolations(page, '/customers (master, company chosen)');

    await page.reload();
    await heading(page, 'Customers').waitFor();
    await sidebar(page).getByRole('link', { name: 'Home' }).waitFor();
    await expect.poll(() => companySelector(page).inputValue()).toBe('Alpen Metall GmbH');
    // Spec section 4: no current-user profile for the master.
    await page.goto(`${app.baseUrl}/change-password`);
    await heading(page, 'Change password').waitFor();
    expect(profileReads).toEqual([]);
  });

  it('says so when the switch fails, and keeps the current selection', async () => {
    const { companyId } = await createCompany(app, 'Delta Guss GmbH');
    const page = await newHeldPage(app);
    const session = await signIn(page, app, { role: 'MASTER', actingFor: null });
    await page.goto(`${app.baseUrl}/customers`);
    await heading(page, 'Customers').waitFor();
    await table(page).getByRole('rowheader', { name: 'Delta Guss GmbH' }).waitFor();
    // Deleted meanwhile by another tab: the selector still lists it.
    expect((await asMaster(session.access_token, 'DELETE', `/api/company-account/byId/${companyId}`)).statusCode).toBe(200);

    await chooseCompany(page, 'Delta Guss GmbH');
    await page.getByRole('alert').filter({ hasText: 'The company could not be changed.' }).waitFor();
    expect((await storedSession(page))?.company).toBeNull();
    expect(await sidebarLabels(page)).toEqual(['Customers']);
    await expect.poll(() => companySelector(page).inputValue()).toBe('');
    expect(await page.getByRole('listbox').count()).toBe(0);
  });
});

describe('the master user: customer accounts', () => {
  it('lists the customers with their columns, pages on the server and filters by company name', async () => {
    for (let workshop = 1; workshop <= 9; workshop += 1) await createCompany(app, `Werkstatt Nummer ${workshop}`);
    const page = await newHeldPage(app);
    await signIn(page, app, { role: 'MASTER', actingFor: null });
    await page.goto(`${app.baseUrl}/customers`);
    // Newest first.
    await table(page).getByRole('rowheader', { name: 'Werkstatt Nummer 9' }).waitFor();
    expect((await table(page).getByRole('columnheader').allTextContents()).map((text) => text.trim())).toEqual([
      'Company',
      'Super user',
      'Email',
      'Registration date',
      'Code',
      'Users',
      'Plan',
      'Storage (GB)',
      'Actions',
    ]);
    const total = (await asMaster((await storedSession(page))?.access_token ?? '', 'GET', '/api/company-account/all?page=1&limit=10')).json().total as number;
    await page.getByText(`1 - 10 of ${total} results`).waitFor();
    expect(await rowNames(page)).toHaveLength(10);
    await expectNoAxeViolations(page, '/customers');
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText(`11 - ${total} of ${total} results`).waitFor();
    expect(await rowNames(page)).toHaveLength(total - 10);

    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/company-account/all')) requests.push(new URL(request.url()).search);
    });
    await page.getByRole('searchbox', { name: 'Search' }).fill('alpen');
    await page.getByText('1 - 1 of 1 results').waitFor();
    expect(requests.at(-1)).toContain('companyName=alpen');
    expect(requests.at(-1)).toContain('page=1');
    const alpen = table(page).getByRole('row', { name: /Alpen Metall GmbH/ });
    expect(await alpen.getByRole('gridcell').allTextContents()).toEqual([
      'Sabine Keller',
      expect.stringMatching(/^owner-.+@example\.test$/),
      expect.stringMatching(/\d{4}/),
      expect.stringMatching(/\S/),
      '1',
      'Standard',
      // Storage used of the plan's quota (standard: 20 GB).
      '0.00 of 20.00',
      'EditDelete',
    ]);

    await page.getByRole('searchbox', { name: 'Search' }).fill('berg');
    await table(page).getByRole('rowheader', { name: 'Berg Holz KG' }).waitFor();
    expect(await rowNames(page)).toEqual(['Berg Holz KG']);
    await expectNoAxeViolations(page, '/customers filtered');

    await page.getByRole('searchbox', { name: 'Search' }).fill('no such company');
    await page.getByText('No results found.').waitFor();
    await page.getByText('0 - 0 of 0 results').waitFor();
  });

  it('deletes a customer after confirmation, and keeps it when the dialog is cancelled', async () => {
    const { companyId } = await createCompany(app, 'Eisen Franke OHG');
    const page = await newHeldPage(app);
    const session = await signIn(page, app, { role: 'MASTER', actingFor: null });
    await page.goto(`${app.baseUrl}/customers`);
    await page.getByRole('searchbox', { name: 'Search' }).fill('Eisen');
    await table(page).getByRole('rowheader', { name: 'Eisen Franke OHG' }).waitFor();

    await page.getByRole('button', { name: 'Delete Eisen Franke OHG' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete customer' });
    await dialog.waitFor();
    expect(await dialog.getByText('Delete Eisen Franke OHG with all of its data, files and users?').isVisible()).toBe(true);
    await expectNoAxeViolations(page, '/customers delete dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await asMaster(session.access_token, 'GET', `/api/company-account/byId/${companyId}`)).statusCode).toBe(200);

    await page.getByRole('button', { name: 'Delete Eisen Franke OHG' }).click();
    await dialog.getByRole('button', { name: 'Delete customer' }).click();
    await page.getByRole('status').filter({ hasText: 'Eisen Franke OHG was deleted.' }).waitFor();
    await page.getByText('No results found.').waitFor();
    expect((await asMaster(session.access_token, 'GET', `/api/company-account/byId/${companyId}`)).statusCode).toBe(404);
  });

  it('edits plan, trial end and company data of a customer, and refuses a trial without an end', async () => {
    const { companyId } = await createCompany(app, 'Fräse & Co KG');
    const page = await newHeldPage(app);
    const session = await signIn(page, app, { role: 'MASTER', actingFor: null });
    await page.goto(`${app.baseUrl}/customers`);
    await page.getByRole('searchbox', { name: 'Search' }).fill('Fräse');
    await page.getByRole('link', { name: 'Edit Fräse & Co KG' }).click();
    await page.waitForURL(`**/customer/edit-customer/${companyId}`);
    await heading(page, 'Edit customer').waitFor();
    await page.getByRole('textbox', { name: 'Company name' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Company name' }).inputValue()).toBe('Fräse & Co KG');
    await expectNoAxeViolations(page, '/customer/edit-customer');

    await page.getByRole('button', { name: /Plan/ }).click();
    await page.getByRole('option', { name: 'Trial' }).click();
    await page.getByLabel('Trial ends on').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('A trial needs an end date.').waitFor();

    await page.getByLabel('Trial ends on').fill('2031-03-15');
    await page.getByRole('textbox', { name: 'Company name' }).fill('Fräse & Söhne KG');
    await page.getByRole('group', { name: 'Billing address' }).getByRole('textbox', { name: 'Place' }).fill('Chemnitz');
    await page.getByRole('group', { name: 'Delivery address' }).getByRole('textbox', { name: 'Place' }).fill('Zwickau');
    await page.getByRole('textbox', { name: 'IBAN' }).fill('DE89 3704 0044 0532 0130 00');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/customers');
    await page.getByRole('status').filter({ hasText: 'Fräse & Söhne KG was saved.' }).waitFor();

    const saved = (await asMaster(session.access_token, 'GET', `/api/company-account/byId/${companyId}`)).json();
    expect(saved).toMatchObject({
      companyName: 'Fräse & Söhne KG',
      plan: 'trial',
      basicSettings: { billingAddress: { place: 'Chemnitz' }, deliveryAddress: { place: 'Zwickau' }, bankDetails: { iban: 'DE89 3704 0044 0532 0130 00' } },
    });
    expect(new Date(saved.trialEndsAt).getFullYear()).toBe(2031);
  });

  it('says so when the customer was changed meanwhile, and saves again on the latest version keeping the entries', async () => {
    const { companyId } = await createCompany(app, 'Konflikt Metall GmbH');
    const page = await newHeldPage(app);
    const session = await signIn(page, app, { role: 'MASTER', actingFor: null });
    await page.goto(`${app.baseUrl}/customer/edit-customer/${companyId}`);
    await page.getByRole('textbox', { name: 'Phone' }).waitFor();

    // Someone else (another tab of the operator) saves the company data while the form is open.
    const settings = (await asMaster(session.access_token, 'GET', `/api/company-account/byId/${companyId}`)).json();
    const changed = await app.testApp.app.inject({
      method: 'PUT',
      url: `/api/company-account/byId/${companyId}`,
      payload: { version: settings.version, basicSettings: { ...settings.basicSettings, localCourt: 'Amtsgericht Ulm' } },
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    await page.getByRole('textbox', { name: 'Phone' }).fill('+49 731 4711');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').filter({ hasText: 'Someone changed this customer after you opened it.' }).waitFor();
    await expectNoAxeViolations(page, '/customer/edit-customer with a conflict');
    await page.getByRole('button', { name: 'Load latest version, keep my entries' }).click();
    await page.getByRole('status').filter({ hasText: 'The latest version is loaded and your entries are kept.' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Phone' }).inputValue()).toBe('+49 731 4711');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/customers');
    await page.getByRole('status').filter({ hasText: 'Konflikt Metall GmbH was saved.' }).waitFor();
    // The entries kept were saved on the latest version; the form sends the whole company data it holds.
    expect((await asMaster(session.access_token, 'GET', `/api/company-account/byId/${companyId}`)).json().basicSettings).toMatchObject({
      phone: '+49 731 4711',
    });
  });

  it('deletes a customer from its edit page and returns to the list', async () => {
    const { companyId } = await createCompany(app, 'Gießerei Hahn');
    const page = await newHeldPage(app);
    await signIn(page, app, { role: 'MASTER', actingFor: companyId });
    await page.goto(`${app.baseUrl}/customer/edit-customer/${companyId}`);
    await page.getByRole('textbox', { name: 'Company name' }).waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('alertdialog', { name: 'Delete customer' }).getByRole('button', { name: 'Delete customer' }).click();
    await page.waitForURL('**/customers');
    await page.getByRole('status').filter({ hasText: 'Gießerei Hahn was deleted.' }).waitFor();
    // The master acted for the deleted company: no company is selected any more.
    expect((await storedSession(page))?.company).toBeNull();
    expect(await sidebarLabels(page)).toEqual(['Customers']);
  });

  it('tells the master when a customer to edit does not exist', async () => {
    const page = await newHeldPage(app);
    await signIn(page, app, { role: 'MASTER', actingFor: null });
    await page.goto(`${app.baseUrl}/customer/edit-customer/00000000-0000-4000-8000-000000000000`);
    await page.getByRole('heading', { name: 'The customer could not be loaded' }).waitFor();
    expect(await page.getByText('Company account not found.').isVisible()).toBe(true);
    // Loading it again would not help: only the way back is offered.
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Back to customers' }).click();
    await page.waitForURL('**/customers');
  });
});

describe('the master user: adding a customer', () => {
  it('adds a customer with its super user, who is invited, and opens it; a missing name and a taken email are refused on their fields', async () => {
    const page = await newHeldPage(app);
    const session = await signIn(page, app, { role: 'MASTER', actingFor: null });
    await page.goto(`${app.baseUrl}/customers`);
    await heading(page, 'Customers').waitFor();
    await page.getByRole('button', { name: 'Add customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add customer' });
    await dialog.waitFor();
    await expectNoAxeViolations(page, 'add customer dialog');

    await dialog.getByRole('button', { name: 'Add and invite' }).click();
    await dialog.getByText('This field is required.').first().waitFor();
    await expectNoAxeViolations(page, 'add customer dialog with problems');

    const owner = (await asMaster(session.access_token, 'GET', `/api/company-account/byId/${companies['Berg Holz KG']}`)).json();
    await dialog.getByRole('textbox', { name: /^Company name/ }).fill('Gießerei Hahn GmbH');
    await dialog.getByRole('textbox', { name: /^First name/ }).fill('Greta');
    await dialog.getByRole('textbox', { name: /^Last name/ }).fill('Hahn');
    await dialog.getByRole('textbox', { name: /^Email/ }).fill(owner.email);
    await dialog.getByRole('button', { name: 'Add and invite' }).click();
    await dialog.getByText('A user with this email already exists.').waitFor();

    await dialog.getByRole('textbox', { name: /^Email/ }).fill('greta@hahn.example');
    await dialog.getByRole('button', { name: 'Add and invite' }).click();
    await page.getByRole('status').filter({ hasText: 'Gießerei Hahn GmbH was added; greta@hahn.example was invited.' }).waitFor();
    await heading(page, 'Edit customer').waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: 'Company name' }).inputValue()).toBe('Gießerei Hahn GmbH');
    await page.getByText('Greta Hahn').waitFor();
  });
});
