import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, expectOk, startBrowserApp, type BrowserApp } from '../support/browser.js';
import { chromiumPath } from '../support/shared-chromium.js';
import { clientOf, companyWithTeam, mailTo, startMailbox, type Client, type Mailbox, type TestCompany } from '../support/identity.js';
import { openHeldPageAs } from './hold-notifications.js';

// A job that failed for good is told to the user, who can set it going again (issue 32, item 1;
// docs/jobs.md, "fails for good"), in German. The failures are real ones on the jobs' own paths:
// - a print while the server's Chromium is missing (CHROME_PATH names a link not made yet): the pdf
//   job fails for good, its `failed` records DocumentFailed; then the link is made (Chromium
//   installed) and "Erneut versuchen" prints it;
// - an invitation the SMTP server refuses (550, a permanent failure): the mail job fails for good,
//   its `failed` records InvitationNotSent; then the server accepts, and "Einladung erneut senden"
//   delivers it.
let app: BrowserApp;
let mailbox: Mailbox;
let company: TestCompany;
let admin: Client;
let superUser: Client;
let chromiumDir = '';
let refusing = true;

beforeAll(async () => {
  chromiumDir = mkdtempSync(path.join(os.tmpdir(), 'jobs-recovery-chromium-'));
  mailbox = await startMailbox({ refuses: () => refusing });
  app = await startBrowserApp({ SMTP_URL: mailbox.url, CHROME_PATH: path.join(chromiumDir, 'chromium') });
  company = await companyWithTeam(app.testApp, { companyName: 'Wiederholt GmbH' });
  admin = clientOf(app.testApp, company.admin.token);
  superUser = clientOf(app.testApp, company.superUser.token);
});

afterAll(async () => {
  await app?.close();
  await mailbox?.close();
  if (chromiumDir) rmSync(chromiumDir, { recursive: true, force: true });
});

const documentsPanel = (page: Page) => page.getByRole('region', { name: 'Dokumente' });

describe('a job that failed for good, set going again (German)', () => {
  it("a document that could not be printed offers 'Erneut versuchen', which prints it once Chromium is there", async () => {
    const material = expectOk<{ id: string }>(
      await admin.post('/api/materials', { type: 'purchasing_part', name: 'Schraube', materialNumber: 'K-7', vat: 19, stock: { quantity: 5, unit: 'pcs' } }),
      201,
    );
    const page = await openHeldPageAs(app, company.admin, 'ADMIN', company.companyId, `/material/edit-material/${material.id}`, { locale: 'de-DE' });
    await documentsPanel(page).getByRole('button', { name: 'Etikett drucken', exact: true }).click();
    const failed = documentsPanel(page).getByRole('listitem').filter({ hasText: 'Fehler beim Erstellen des PDF' });
    await failed.waitFor({ timeout: 30_000 });
    const failedTitle = (await failed.locator('.documents-item-title > span').first().textContent())?.trim() ?? '';
    expect(failedTitle).toMatch(/^Materialetikett DOC-\d{6}$/);
    const tryAgain = documentsPanel(page).getByRole('button', { name: `Erneut versuchen: ${failedTitle}` });
    await tryAgain.waitFor();
    await expectNoAxeViolations(page, '/material/edit-material/:id (document failed, German)');

    // Chromium is installed meanwhile: the next print finds it.
    symlinkSync(chromiumPath(), path.join(chromiumDir, 'chromium'));
    await tryAgain.click();
    const ready = documentsPanel(page).getByRole('listitem').filter({ hasText: 'Fertig' });
    await ready.waitFor({ timeout: 60_000 });
    await ready.getByRole('button', { name: /^Materialetikett DOC-\d{6} herunterladen$/ }).waitFor();
    // A new document: the failed one stays listed as failed.
    expect(await ready.textContent()).not.toContain(failedTitle);
    await failed.waitFor();
    await expectNoAxeViolations(page, '/material/edit-material/:id (document printed again, German)');
  });

  it("an invitation the mail server refused is shown as not sent with 'Einladung erneut senden', which delivers it", async () => {
    const email = `clara.${Date.now().toString(36)}@example.com`;
    expectOk(await superUser.post('/api/users/create-admin-user', { firstName: 'Clara', lastName: 'Vogt', email, locale: 'de' }), 201);
    const page = await openHeldPageAs(app, company.superUser, 'SUPER_USER', company.companyId, '/team/administration-user', { locale: 'de-DE' });
    const row = page.getByRole('grid', { name: 'Verwaltungsbenutzer' }).getByRole('row', { name: /Clara Vogt/ });
    // The refusal is permanent (550): the job fails for good at once and the list says so live.
    await row.getByText('Einladung nicht gesendet: bitte erneut senden').waitFor({ timeout: 30_000 });
    expect(mailbox.messages.filter(mailTo(email))).toHaveLength(0);
    await expectNoAxeViolations(page, '/team/administration-user (invitation not sent, German)');

    refusing = false;
    await row.getByRole('button', { name: 'Einladung erneut senden an Clara Vogt' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Eine neue Einladung wurde an ${email} gesendet.` })
      .waitFor();
    const mail = await mailbox.waitFor(mailTo(email));
    expect(mail.text).toMatch(/\/set-admin-password\?token=/);
    await row.getByRole('gridcell', { name: 'Eingeladen', exact: true }).waitFor();
    expect(await row.getByText('Einladung nicht gesendet: bitte erneut senden').count()).toBe(0);
    await expectNoAxeViolations(page, '/team/administration-user (invitation resent, German)');
  });
});
