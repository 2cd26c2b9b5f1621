import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadedBytes, expectNoAxeViolations, startBrowserApp, writeSession, type BrowserApp } from '../support/browser.js';
import { clientOf, companyWithTeam, grantChangeRights, adminChangeRightsInTests, type Client, type TestCompany } from '../support/identity.js';
import { createStation } from '../integration/stations/stations-support.js';
import { act, createOrder, orderBody, orderLine, orderOf } from '../integration/orders/support.js';
import { newHeldPage } from './hold-notifications.js';

// The team's employee profile, the user-rights matrix, the master data and the records, as an
// administration user holding the team change right uses them.
let app: BrowserApp;
let company: TestCompany;
let admin: Client;

beforeAll(async () => {
  app = await startBrowserApp();
  company = await companyWithTeam(app.testApp);
  admin = clientOf(app.testApp, company.admin.token);
});

afterAll(async () => {
  await app?.close();
});

async function signedInAdmin(companyId = company.companyId, token = company.admin.token, userId = company.admin.id): Promise<Page> {
  const page = await newHeldPage(app);
  await writeSession(page, app, { access_token: token, userId, role: 'ADMIN', company: companyId, expiresAt: Date.now() + 3_600_000 });
  return page;
}

const notice = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).last();
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

async function addEntry(list: string, name: string): Promise<string> {
  const res = await admin.post(`/api/team/master-data/${list}`, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().entryId;
}

describe('employee profile', () => {
  it('edits the profile, refuses organization dates out of order, then saves them and shows them after a reload', async () => {
    await addEntry('jobTitles', 'Welder');
    const page = await signedInAdmin();
    await page.goto(`${app.baseUrl}/team/employee-profile/${company.operator.id}`);
    await heading(page, 'Employee profile: Olga Berg').waitFor();
    await expectNoAxeViolations(page, 'profile tab');

    await page.getByLabel('Date of birth').fill('2999-01-01');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('The date of birth must lie in the past.').waitFor();
    await page.getByLabel('Date of birth').fill('1990-05-04');
    await page.getByRole('textbox', { name: 'Emergency contact name' }).fill('Karl Berg');
    await page.getByRole('textbox', { name: 'Emergency contact phone' }).fill('+49 30 1234');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await notice(page, 'The profile is saved.').waitFor();

    // Another tab with unsaved entries asks first; staying keeps them.
    await page.getByRole('textbox', { name: 'Emergency contact name' }).fill('Karla Berg');
    await tab(page, 'Organization').click();
    const unsaved = page.getByRole('alertdialog', { name: 'Unsaved changes' }).or(page.getByRole('dialog', { name: 'Unsaved changes' }));
    await unsaved.getByRole('button', { name: 'Stay' }).click();
    expect(await page.getByRole('textbox', { name: 'Emergency contact name' }).inputValue()).toBe('Karla Berg');
    await tab(page, 'Organization').click();
    await unsaved.getByRole('button', { name: 'Leave without saving' }).click();
    await page.getByRole('button', { name: /Job title/ }).click();
    await page.getByRole('option', { name: 'Welder' }).click();
    await page.getByLabel('In operation since').fill('2026-03-01');
    await page.getByLabel('End of probation').fill('2026-02-01');
    await page.getByRole('button', { name: 'Save organization' }).click();
    await page.getByText('Probation cannot end before the employee started.').waitFor();
    await expectNoAxeViolations(page, 'organization tab with a problem');
    const stored = await admin.get(`/api/users/account/${company.operator.id}`);
    expect(stored.json().employee.organization.endOfProbation).toBeNull();

    await page.getByLabel('End of probation').fill('2026-08-31');
    await page.getByRole('button', { name: 'Save organization' }).click();
    await notice(page, 'The organization is saved.').waitFor();

    await page.reload();
    await heading(page, 'Employee profile: Olga Berg').waitFor();
    expect(await page.getByLabel('End of probation').inputValue()).toBe('2026-08-31');
    // The job titles load beside the profile: the picked one shows once they are there.
    await expect.poll(() => page.getByRole('button', { name: /Job title/ }).textContent()).toContain('Welder');
    await tab(page, 'Profile').click();
    expect(await page.getByLabel('Date of birth').inputValue()).toBe('1990-05-04');
    expect(await page.getByRole('textbox', { name: 'Emergency contact name' }).inputValue()).toBe('Karl Berg');
  });

  it('says so when the profile was saved elsewhere meanwhile, and saves after reloading with the entries kept', async () => {
    const page = await signedInAdmin();
    await page.goto(`${app.baseUrl}/team/employee-profile/${company.superUser.id}`);
    await heading(page, 'Employee profile: Sabine Schmidt').waitFor();
    const loaded = (await admin.get(`/api/team/employees/${company.superUser.id}`)).json();
    const elsewhere = await admin.put(`/api/team/employees/${company.superUser.id}/profile`, {
      firstName: 'Sabine',
      lastName: 'Schmidt',
      emergencyContact: { name: 'Jan Schmidt', phone: '' },
      version: loaded.version,
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);

    await page.getByRole('textbox', { name: 'Emergency contact name' }).fill('Eva Schmidt');
    await page.getByRole('button', { name: 'Save profile' }).click();
    const conflict = page.getByRole('alert').filter({ hasText: 'These records were changed by someone else meanwhile.' });
    await conflict.waitFor();
    await expectNoAxeViolations(page, 'profile tab with a conflict');
    await conflict.getByRole('button', { name: 'Reload and keep my entries' }).click();
    await notice(page, 'The latest records are loaded and your entries are kept.').waitFor();
    expect(await page.getByRole('textbox', { name: 'Emergency contact name' }).inputValue()).toBe('Eva Schmidt');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await notice(page, 'The profile is saved.').waitFor();
    expect((await admin.get(`/api/team/employees/${company.superUser.id}`)).json().profile.emergencyContact.name).toBe('Eva Schmidt');
  });

  it('deactivates the employee from the profile (asked first) and reactivates them', async () => {
    const page = await signedInAdmin();
    await page.goto(`${app.baseUrl}/team/employee-profile/${company.operator.id}`);
    await heading(page, 'Employee profile: Olga Berg').waitFor();
    await page.getByRole('button', { name: 'Deactivate', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Deactivate Olga Berg' });
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await notice(page, 'Olga Berg is deactivated and signed out.').waitFor();
    await page.getByText('Deactivated', { exact: true }).waitFor();
    expect((await admin.get(`/api/users/account/${company.operator.id}`)).json().status).toBe('DEACTIVATED');
    await page.getByRole('button', { name: 'Reactivate' }).click();
    await notice(page, 'Olga Berg can sign in again.').waitFor();
    expect((await admin.get(`/api/users/account/${company.operator.id}`)).json().status).toBe('ACTIVE');
    // Their own profile offers no such action.
    await page.goto(`${app.baseUrl}/team/employee-profile/${company.admin.id}`);
    await heading(page, 'Employee profile: Ali Demir').waitFor();
    expect(await page.getByRole('button', { name: 'Deactivate', exact: true }).count()).toBe(0);
  });

  it('books a vacation and refuses an overlapping one with its message; a booking is cancelled', async () => {
    await addEntry('absenceReasons', 'Vacation');
    const page = await signedInAdmin();
    await page.goto(`${app.baseUrl}/team/employee-profile/${company.admin.id}?tab=vacations`);
    await page.getByRole('button', { name: 'Save entitlement' }).waitFor();
    await page.getByRole('textbox', { name: 'Annual leave (days)' }).fill('30');
    await page.getByRole('button', { name: 'Save entitlement' }).click();
    await notice(page, 'is saved.').waitFor();

    const book = async (from: string, to: string) => {
      await page.getByLabel('From', { exact: true }).fill(from);
      await page.getByLabel('To', { exact: true }).fill(to);
      await page.getByRole('button', { name: /Reason/ }).click();
      await page.getByRole('option', { name: 'Vacation' }).click();
      await page.getByRole('button', { name: 'Book absence' }).click();
    };
    const year = new Date().getFullYear() + 1;
    await book(`${year}-06-01`, `${year}-06-05`);
    await notice(page, 'The absence is booked.').waitFor();
    await page.getByRole('table', { name: 'Booked absences' }).getByRole('row').nth(1).waitFor();
    await expectNoAxeViolations(page, 'vacations tab');

    await book(`${year}-06-04`, `${year}-06-08`);
    await page.getByText('This absence overlaps one already booked.').first().waitFor();
    expect((await admin.get(`/api/users/account/${company.admin.id}`)).json().employee.vacations.absences).toHaveLength(1);

    await page.getByRole('button', { name: /^Cancel booking from/ }).click();
    await notice(page, 'The booking is cancelled.').waitFor();
    await page.getByText('No absences are booked.').waitFor();
  });
});

describe('user rights', () => {
  it('grants a station in the Authorizations tab, shows it in the matrix, saves the matrix by keyboard, and says so when it is stale', async () => {
    const saw = await createStation(admin, 'SAW');
    await createStation(admin, 'DRILL');
    const page = await signedInAdmin();
    await page.goto(`${app.baseUrl}/team/employee-profile/${company.operator.id}?tab=authorizations`);
    await page.getByRole('checkbox', { name: 'SAW' }).check({ force: true });
    await expectNoAxeViolations(page, 'authorizations tab');
    await page.getByRole('button', { name: 'Save authorizations' }).click();
    await notice(page, 'The user rights are saved.').waitFor();
    const granted = await admin.get(`/api/users/${company.operator.id}/station-authorizations`);
    expect(granted.json().stationIds).toEqual([saw.id]);

    await page.goto(`${app.baseUrl}/team/user-rights`);
    await heading(page, 'User rights').waitFor();
    const sawCell = page.getByRole('checkbox', { name: 'Olga Berg may sign in at SAW' });
    expect(await sawCell.isChecked()).toBe(true);
    await expectNoAxeViolations(page, '/team/user-rights');

    // Keyboard only: focus the DRILL box, tick it with Space, tab to the save button and press Enter.
    const drillCell = page.getByRole('checkbox', { name: 'Olga Berg may sign in at DRILL' });
    await drillCell.focus();
    await page.keyboard.press('Space');
    expect(await drillCell.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Save user rights' }).focus();
    await page.keyboard.press('Enter');
    await notice(page, 'The user rights are saved.').waitFor();
    expect((await admin.get(`/api/users/${company.operator.id}/station-authorizations`)).json().stationIds).toHaveLength(2);

    // Someone else saves meanwhile: this screen's save is stale and says so, and reloads on request.
    const matrix = (await admin.get('/api/team/user-rights')).json();
    const res = await admin.put('/api/team/user-rights', {
      version: matrix.version,
      users: matrix.users.map((user: { userId: string; stationIds: string[]; changeRights: string[]; role: string }) => ({
        userId: user.userId,
        stationIds: user.role === 'OPERATOR' ? [saw.id] : [],
        changeRights: user.role === 'ADMIN' ? user.changeRights : [],
      })),
    });
    expect(res.statusCode, res.body).toBe(200);
    await page.getByRole('checkbox', { name: 'Ali Demir may change Materials' }).uncheck({ force: true });
    await page.getByRole('button', { name: 'Save user rights' }).click();
    await page.getByRole('alert').filter({ hasText: 'The user rights were changed by someone else meanwhile.' }).waitFor();
    await page.getByRole('button', { name: 'Reload the saved rights' }).click();
    await expect.poll(() => drillCell.isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: 'Ali Demir may change Materials' }).isChecked()).toBe(true);
  });
});

describe('master data', () => {
  it('adds, renames and retires entries, and refuses to delete one in use', async () => {
    const page = await signedInAdmin();
    await page.goto(`${app.baseUrl}/team/master-data`);
    await heading(page, 'Master data').waitFor();
    await tab(page, 'Departments').click();
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('textbox', { name: 'New entry' }).fill('Assembly');
    await panel.getByRole('button', { name: 'Add', exact: true }).click();
    await notice(page, '"Assembly" is added.').waitFor();
    await expectNoAxeViolations(page, '/team/master-data');

    await panel.getByRole('button', { name: 'Rename Assembly' }).click();
    const rename = page.getByRole('dialog');
    await rename.getByRole('textbox', { name: 'Name' }).fill('Final assembly');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await notice(page, 'The entry is renamed to "Final assembly".').waitFor();
    await panel.getByRole('button', { name: 'Retire Final assembly' }).click();
    await notice(page, '"Final assembly" is retired.').waitFor();
    await panel.getByRole('button', { name: 'Reinstate Final assembly' }).waitFor();

    // An entry an employee's organization names is in use: deleting it is refused with the reason.
    const departmentId = (await admin.get('/api/team/master-data/departments')).json().data[0].id;
    await panel.getByRole('button', { name: 'Reinstate Final assembly' }).click();
    await notice(page, '"Final assembly" is reinstated.').waitFor();
    const { version } = (await admin.get(`/api/team/employees/${company.operator.id}`)).json();
    const saved = await admin.put(`/api/team/employees/${company.operator.id}/organization`, { departmentId, version });
    expect(saved.statusCode, saved.body).toBe(200);
    await panel.getByRole('button', { name: 'Delete Final assembly' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByText('This entry is in use and cannot be deleted. Retire it instead.').waitFor();
    await expectNoAxeViolations(page, 'delete refused');
  });
});

describe('records', () => {
  it('shows what an operator did at a station, downloads them as CSV, and charts the weekly development', async () => {
    const line = await orderLine(app.testApp);
    const { saw } = line.stations;
    const atSaw = await line.signInAt(0, saw.id);
    const order = await createOrder(line.admin, orderBody([{ materialId: line.materials.bike, quantity: 1 }]));
    const started = await act(line.admin, await act(line.admin, order, 'place'), 'start-production');
    let production = await orderOf(line.admin, started.productionOrders[0].id);
    production = await act(atSaw, production, 'start-work', { stationId: saw.id });
    await act(atSaw, production, 'complete-work', { stationId: saw.id });
    await grantChangeRights(app.testApp, line.companyId, line.userIds.superUser, line.userIds.admin, adminChangeRightsInTests);

    const page = await signedInAdmin(line.companyId, line.adminToken, line.userIds.admin);
    await page.goto(`${app.baseUrl}/team/employee-profile/${line.operators[0].id}?tab=records`);
    const records = page.getByRole('table', { name: 'What the employee did at stations' });
    await records.getByRole('cell', { name: 'Completed work' }).waitFor();
    expect(await records.getByRole('cell', { name: 'Started work' }).count()).toBe(1);
    await expectNoAxeViolations(page, 'records tab');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('records.csv');
    const csv = (await downloadedBytes(file)).toString('utf8');
    expect(csv).toContain(production.orderNumber);
    expect(csv).toContain('SAW');

    await tab(page, 'Development').click();
    const trend = page.getByRole('table', { name: /^Weekly trend of the employee/ });
    await expect.poll(async () => (await trend.getByRole('row').last().getByRole('cell').allTextContents())[0]).toBe('1');
    await expectNoAxeViolations(page, 'development tab');
    await page.getByRole('checkbox', { name: 'Show the whole team' }).check({ force: true });
    await page.getByRole('table', { name: /^Weekly trend of the whole team/ }).waitFor();
  });
});
