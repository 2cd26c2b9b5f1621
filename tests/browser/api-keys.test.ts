import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, startBrowserApp, type BrowserApp } from '../support/browser.js';
import { clientOf, companyWithTeam } from '../support/identity.js';
import { openHeldPageAs } from './hold-notifications.js';

// The API keys tab of the company screen (issue 31, docs/integration.md), in German: create a key,
// see its secret once, revoke it.
let app: BrowserApp;

beforeAll(async () => {
  app = await startBrowserApp();
});

afterAll(async () => {
  await app?.close();
});

const notice = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

describe('the API keys tab', () => {
  it('creates a key, shows its secret once, and revokes it (de)', async () => {
    const company = await companyWithTeam(app.testApp, { companyName: 'Schlüssel Werk GmbH' });
    const page = await openHeldPageAs(app, company.superUser, 'SUPER_USER', company.companyId, '/company', { locale: 'de-DE' });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
    await page.getByRole('tab', { name: 'API-Schlüssel' }).click();
    await page.getByRole('heading', { name: 'Noch keine API-Schlüssel' }).waitFor();
    await expectNoAxeViolations(page, 'API keys tab, no keys (de)');

    // The tab sits in the company screen beside the settings form: its dialog's form must not save the settings.
    const owner = clientOf(app.testApp, company.superUser.token);
    const settingsVersion = async (): Promise<number> => (await owner.get('/api/company-account/basic-settings')).json().version;
    const versionBefore = await settingsVersion();

    await page.getByRole('button', { name: 'API-Schlüssel anlegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'API-Schlüssel anlegen' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('ERP-Sync');
    await dialog.getByRole('button', { name: 'Schlüssel anlegen' }).click();
    await dialog.getByText('Wählen Sie mindestens einen Bereich, jeden Bereich einmal.').waitFor();
    await expectNoAxeViolations(page, 'create dialog without a scope (de)');

    await dialog.getByRole('button', { name: /Materialien/ }).click();
    await page.getByRole('option', { name: 'Lesen und schreiben' }).click();
    // By keyboard: the orders' access opens with Enter, the arrow moves to "Lesen", Enter takes it.
    await dialog.getByRole('button', { name: /Aufträge/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'Kein Zugriff' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await dialog
      .getByRole('button', { name: /Aufträge/ })
      .filter({ hasText: 'Lesen' })
      .waitFor();
    await dialog.getByRole('button', { name: 'Schlüssel anlegen' }).click();

    const shown = page.getByRole('dialog', { name: 'API-Schlüssel ERP-Sync angelegt' });
    await shown.getByText('Kopieren Sie den Schlüssel jetzt: Er wird nur dieses eine Mal angezeigt.', { exact: false }).waitFor();
    const secret = ((await shown.locator('code').textContent()) ?? '').trim();
    expect(secret).toMatch(/^sfk_[\w-]{43}$/);
    await expectNoAxeViolations(page, 'the new key shown once (de)');
    await shown.getByRole('button', { name: 'Schlüssel kopieren' }).click();
    await notice(page, 'Der Schlüssel ist kopiert.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shown.getByRole('button', { name: 'Fertig' }).click();
    await shown.waitFor({ state: 'hidden' });

    // The list names the key and its access, never the secret again.
    const row = page.getByRole('row', { name: /ERP-Sync/ });
    await row.getByText('Materialien: Lesen und schreiben, Aufträge: Lesen').waitFor();
    await row.getByText('Noch nicht benutzt').waitFor();
    expect(await page.content()).not.toContain(secret);
    expect((await clientOf(app.testApp, secret).get('/api/materials')).statusCode).toBe(200);
    expect(await settingsVersion()).toBe(versionBefore);
    await expect.poll(() => page.getByRole('tab', { name: 'API-Schlüssel' }).getAttribute('aria-selected')).toBe('true');
    await expectNoAxeViolations(page, 'API keys list (de)');

    await row.getByRole('button', { name: 'API-Schlüssel ERP-Sync widerrufen' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'API-Schlüssel widerrufen?' });
    await confirm.getByText(/Den Schlüssel ERP-Sync widerrufen\?/).waitFor();
    await expectNoAxeViolations(page, 'revoke dialog (de)');
    await confirm.getByRole('button', { name: 'Schlüssel widerrufen' }).click();
    await notice(page, 'Der Schlüssel ERP-Sync ist widerrufen.').waitFor();
    await row.getByText(/^Widerrufen /).waitFor();
    expect(await row.getByRole('button', { name: /widerrufen/ }).count()).toBe(0);
    expect((await clientOf(app.testApp, secret).get('/api/materials')).statusCode).toBe(401);
    await expectNoAxeViolations(page, 'API keys list with a revoked key (de)');
  }, 240_000);
});
