import type { Page } from 'playwright-core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, startBrowserApp, type BrowserApp } from '../support/browser.js';
import { clientOf, companyWithTeam, type TestCompany } from '../support/identity.js';
import { newHeldPage, openHeldPageAs } from './hold-notifications.js';

// Improvement suggestions: submitted from the console and from a station screen, emailed to the
// recipient chosen on the company screen, and marked by an admin.
let app: BrowserApp;
let company: TestCompany;
let station: { id: string; name: string };

beforeAll(async () => {
  app = await startBrowserApp();
  company = await companyWithTeam(app.testApp, { companyName: 'Lindner Blechtechnik' });
  const office = clientOf(app.testApp, company.superUser.token);
  const created = await office.post('/api/stations', { name: 'BIEGEN' });
  expect(created.statusCode, created.body).toBe(201);
  station = created.json();
  const authorised = await office.put(`/api/users/${company.operator.id}/station-authorizations`, { stationIds: [station.id] });
  expect(authorised.statusCode, authorised.body).toBe(200);
});

afterAll(async () => {
  await app?.close();
});

const notice = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const suggestionsOf = async () =>
  (await clientOf(app.testApp, company.superUser.token).get('/api/suggestions?limit=100')).json().data as {
    text: string;
    status: string;
    station: { stationId: string } | null;
  }[];
const mailsTo = async (address: string) =>
  Number(
    (await sql<{ n: string }>`select count(*)::text as n from dev_mailbox where lower(to_address) = ${address.toLowerCase()}`.execute(app.testApp.app.db))
      .rows[0].n,
  );

async function suggest(page: Page, text: string) {
  await page.getByRole('button', { name: 'Suggest an improvement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Suggest an improvement' });
  await dialog.waitFor();
  await dialog.getByRole('textbox', { name: /^Your suggestion/ }).fill(text);
  await dialog.getByRole('button', { name: 'Send suggestion' }).click();
  await notice(page, 'Thank you! Your suggestion was sent.').waitFor();
  await dialog.waitFor({ state: 'hidden' });
}

describe('improvement suggestions', () => {
  it('the owner names the recipient on the company screen; a suggestion from the console is listed and emailed', async () => {
    const owner = await openHeldPageAs(app, company.superUser, 'SUPER_USER', company.companyId, '/company');
    await owner.getByRole('tab', { name: 'Advanced settings' }).click();
    await owner.getByRole('button', { name: /Suggestion recipient$/ }).click();
    await owner.getByRole('option', { name: /^Ali Demir/ }).click();
    await owner.getByRole('button', { name: 'Save' }).click();
    await notice(owner, 'The company settings were saved.').waitFor();

    const page = await openHeldPageAs(app, company.admin, 'ADMIN', company.companyId, '/home');
    await page.getByRole('button', { name: 'Suggest an improvement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suggest an improvement' });
    await dialog.waitFor();
    await expectNoAxeViolations(page, 'suggest an improvement dialog');
    await dialog.getByRole('button', { name: 'Send suggestion' }).click();
    await dialog.getByText('This field is required.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await suggestionsOf()).toEqual([]);

    await suggest(page, 'Label the sheet metal racks by thickness');
    expect(await suggestionsOf()).toEqual([expect.objectContaining({ text: 'Label the sheet metal racks by thickness', status: 'SUBMITTED', station: null })]);
    await expect.poll(() => mailsTo(company.admin.login), { timeout: 15_000 }).toBe(1);
  });

  it('an operator suggests one from the station screen, with the station', async () => {
    const tablet = await newHeldPage(app);
    await tablet.goto(`${app.baseUrl}/station/${station.id}/login`);
    await tablet.getByRole('textbox', { name: 'Username' }).fill(company.operator.login);
    await tablet.getByRole('textbox', { name: 'Password' }).fill(company.operator.password);
    await tablet.getByRole('button', { name: 'Sign in at the station' }).click();
    await tablet.waitForURL(`**/station/${station.id}/work`);
    await tablet.getByRole('heading', { level: 1, name: 'BIEGEN' }).waitFor();
    await expectNoAxeViolations(tablet, '/station/:id/work with the suggestion button');

    await suggest(tablet, 'A second bending tool for short parts');
    const atStation = (await suggestionsOf()).find((row) => row.text === 'A second bending tool for short parts');
    expect(atStation).toMatchObject({ status: 'SUBMITTED', station: { stationId: station.id } });
  });

  it('an admin lists them, filters by status and marks one implemented', async () => {
    const page = await openHeldPageAs(app, company.admin, 'ADMIN', company.companyId, '/home');
    await page.getByRole('link', { name: 'Suggestions' }).click();
    await page.getByRole('heading', { level: 1, name: 'Improvement suggestions' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'A second bending tool for short parts' });
    await row.getByText('BIEGEN').waitFor();
    await row.getByText('Olga Berg').waitFor();
    await expectNoAxeViolations(page, '/suggestions');

    // Submitted meanwhile: the list follows through the live feed, without a reload.
    const meanwhile = await clientOf(app.testApp, company.operator.token).post('/api/suggestions', { text: 'Sweep the hall on Fridays' });
    expect(meanwhile.statusCode).toBe(201);
    await page.getByRole('row').filter({ hasText: 'Sweep the hall on Fridays' }).waitFor();

    await row.getByRole('button', { name: /^Accept/ }).click();
    await notice(page, 'The suggestion is marked Accepted.').waitFor();
    await row.getByText('Accepted').waitFor();
    await row.getByRole('button', { name: /^Mark implemented/ }).click();
    await notice(page, 'The suggestion is marked Implemented.').waitFor();
    await row.getByText('Implemented').waitFor();
    // Implemented is final: nothing left to mark.
    expect(await row.getByRole('button').count()).toBe(0);

    await page.getByRole('button', { name: /Status$/ }).click();
    await page.getByRole('option', { name: 'Implemented' }).click();
    await page.getByRole('row').filter({ hasText: 'Label the sheet metal racks' }).waitFor({ state: 'detached' });
    expect(await page.getByRole('row').filter({ hasText: 'A second bending tool for short parts' }).count()).toBe(1);
    expect((await suggestionsOf()).find((s) => s.text === 'A second bending tool for short parts')?.status).toBe('IMPLEMENTED');
  });
});
