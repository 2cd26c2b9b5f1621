import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, sessionStorageKey, signIn, startBrowserApp, type BrowserApp } from '../support/browser.js';
import { clientOf, companyWithTeam, type TestCompany } from '../support/identity.js';
import { newHeldPage, openHeldPageAs } from './hold-notifications.js';

// The Account tab of the company screen: the account's facts, the export of all company data and
// deleting the account by its super user.
let app: BrowserApp;

beforeAll(async () => {
  app = await startBrowserApp();
});

afterAll(async () => {
  await app?.close();
});

const notice = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

async function openAccountTab(company: TestCompany): Promise<Page> {
  const page = await openHeldPageAs(app, company.superUser, 'SUPER_USER', company.companyId, '/company');
  await page.getByRole('tab', { name: 'Account' }).click();
  await page.getByRole('heading', { level: 2, name: 'Plan' }).waitFor();
  return page;
}

describe('the account tab', () => {
  it('shows the account and exports all company data as a zip the super user downloads', async () => {
    const company = await companyWithTeam(app.testApp, {
      companyName: 'Export Werk GmbH',
      plan: 'trial',
      trialEndsAt: new Date(Date.now() + 5 * 86_400_000 - 60_000),
    });
    const page = await openAccountTab(company);
    await page.getByText('5 days').waitFor();
    await page.getByText('Please contact the operator for billing information.').waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await expectNoAxeViolations(page, '/company account tab');

    await page.getByRole('button', { name: 'Export all company data' }).click();
    const download = page.getByRole('button', { name: 'Download zip' });
    await download.waitFor({ timeout: 30_000 });
    await expectNoAxeViolations(page, '/company account tab with a finished export');
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^company-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const bytes = await file.createReadStream().then(
      (stream) =>
        new Promise<Buffer>((resolve, reject) => {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => resolve(Buffer.concat(chunks)));
          stream.on('error', reject);
        }),
    );
    // A zip (local file header) of the size the server reports.
    expect(bytes.subarray(0, 4).toString('hex')).toBe('504b0304');
    const account = (await clientOf(app.testApp, company.superUser.token).get('/api/company-account/account')).json();
    expect(account.latestExport).toMatchObject({ status: 'READY', sizeBytes: bytes.length });
  });

  it("shows the storage used of the plan's quota as a bar", async () => {
    const company = await companyWithTeam(app.testApp, {
      companyName: 'Speicher Werk GmbH',
      plan: 'trial',
      trialEndsAt: new Date(Date.now() + 5 * 86_400_000),
    });
    const dir = path.join(app.testApp.config.dataDir, 'companies', company.companyId, 'materials', 'm1');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'image'), Buffer.alloc(250_000, 1));
    const page = await openAccountTab(company);
    const bar = page.getByRole('progressbar', { name: 'Storage' });
    await bar.waitFor();
    expect(await bar.getAttribute('aria-valuetext')).toBe('250 KB of 1 GB used');
    await page.getByText('250 KB of 1 GB used').waitFor();
    await expectNoAxeViolations(page, '/company account tab with its storage');
  });

  it('deletes the company after the exact company name is typed, and signs everyone out', async () => {
    const company = await companyWithTeam(app.testApp, { companyName: 'Schluss & Aus KG' });
    const other = await companyWithTeam(app.testApp, { companyName: 'Bleibt GmbH' });
    const page = await openAccountTab(company);
    await page.getByRole('button', { name: 'Delete company account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete company account' });
    await dialog.waitFor();
    await expectNoAxeViolations(page, 'delete company account dialog');

    await dialog.getByRole('textbox', { name: /^Type the company name/ }).fill('Schluss und Aus KG');
    await dialog.getByRole('button', { name: 'Delete for good' }).click();
    await dialog.getByText('Type the company name exactly as shown to confirm.').waitFor();
    expect((await clientOf(app.testApp, company.admin.token).get('/api/auth/me')).statusCode).toBe(200);

    await dialog.getByRole('textbox', { name: /^Type the company name/ }).fill('Schluss & Aus KG');
    await dialog.getByRole('button', { name: 'Delete for good' }).click();
    await page.waitForURL('**/login');
    await notice(page, 'Schluss & Aus KG was deleted. Everyone has been signed out.').waitFor();
    expect(await page.evaluate((key) => localStorage.getItem(key), sessionStorageKey)).toBeNull();

    for (const member of [company.superUser, company.admin, company.operator]) {
      expect((await clientOf(app.testApp, member.token).get('/api/auth/me')).statusCode).toBe(401);
    }
    const left = await sql<{ n: string }>`select count(*)::text as n from users where company_id = ${company.companyId}::uuid`.execute(app.testApp.app.db);
    expect(left.rows[0].n).toBe('0');
    expect((await clientOf(app.testApp, other.superUser.token).get('/api/company-account/account')).json()).toMatchObject({ companyName: 'Bleibt GmbH' });
  });

  it('offers the export but not the deletion to the master acting for a company', async () => {
    const company = await companyWithTeam(app.testApp, { companyName: 'Nur Lesen AG' });
    const page = await newHeldPage(app);
    await signIn(page, app, { role: 'MASTER', actingFor: company.companyId });
    await page.goto(`${app.baseUrl}/company`);
    await page.getByRole('tab', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Export all company data' }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete company account' }).count()).toBe(0);
  });

  it('speaks German to a German browser', async () => {
    const company = await companyWithTeam(app.testApp, { companyName: 'Deutsch Metall GmbH' });
    const page = await openHeldPageAs(app, company.superUser, 'SUPER_USER', company.companyId, '/company', { locale: 'de-DE' });
    await page.getByRole('tab', { name: 'Konto' }).click();
    await page.getByText('Bitte wenden Sie sich für Informationen zur Abrechnung an den Betreiber.').waitFor();
    await page.getByRole('button', { name: 'Alle Firmendaten exportieren' }).waitFor();
    await page.getByRole('button', { name: 'Firmenkonto löschen' }).waitFor();
    await expectNoAxeViolations(page, '/company account tab (de)');
  });

  it('never submits the settings form behind the dialog: an unsaved edit on another tab stays unsaved (de)', async () => {
    const company = await companyWithTeam(app.testApp, { companyName: 'Dialog Werk GmbH' });
    const page = await openHeldPageAs(app, company.superUser, 'SUPER_USER', company.companyId, '/company', { locale: 'de-DE' });
    const settingsWrites: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' && request.url().includes('/api/company-account/')) settingsWrites.push(`${request.method()} ${request.url()}`);
    });
    await page.getByRole('textbox', { name: /^Firmenname/ }).fill('Ungespeichert GmbH');
    await page.getByRole('tab', { name: 'Konto' }).click();
    await page.getByRole('button', { name: 'Firmenkonto löschen' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Firmenkonto löschen' });
    await dialog.getByRole('textbox', { name: /^Geben Sie zur Bestätigung/ }).fill('Falscher Name');
    await dialog.getByRole('button', { name: 'Endgültig löschen' }).click();
    await dialog.getByText('Geben Sie zur Bestätigung den Firmennamen genau wie angezeigt ein.').waitFor();
    await expectNoAxeViolations(page, 'delete dialog with a wrong name (de)');
    // The settings form behind the dialog was not sent: its unsaved name is not stored.
    expect(settingsWrites).toEqual([]);
    expect(await page.getByRole('status').filter({ hasText: 'Die Firmeneinstellungen wurden gespeichert.' }).count()).toBe(0);
    const stored = (await clientOf(app.testApp, company.superUser.token).get('/api/company-account/basic-settings')).json();
    expect(stored.companyName).toBe('Dialog Werk GmbH');
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });
});
